// Load driver for github.com/versity/versitygw (v1.8.0): the S3 gateway with its POSIX backend on
// a temporary directory, started in-process as cmd/versitygw starts it for
//
//	versitygw --access KEY --secret SECRET --port 127.0.0.1:PORT --quiet --keep-alive posix DIR
//
// that is, posix.New(DIR, meta.XattrMeta{}, PosixOpts with the posix command's defaults: 5000
// concurrent actions, 1 MiB I/O buffers, 0755/0644 permissions, a 5 GiB copy threshold) after the
// same xattr check, then embedgw.RunVersityGW with the command's flag defaults (region us-east-1,
// 250000 connections, 100000 requests, 10000 multipart parts, log level silent) and no IAM backend,
// so the gateway runs in single-account mode with the root access key and secret as its only
// account (auth.New builds that IAM service from the root account). --quiet because fiber's
// per-request log line to stdout would otherwise be a large part of the profile and of driver.log;
// --keep-alive because S3 clients keep their connections (without it each request opens a TCP
// connection). PORT is a free loopback port chosen just before the start (the gateway takes
// listen addresses, not a listener); readiness is the server's OnListen hook (s3api.WithOnListen).
// Every request is signed with AWS signature v4 by the AWS SDK for Go v2's signer
// (aws/signer/v4, a module versitygw requires), with the payload's SHA-256 as x-amz-content-sha256
// (what SigV4 clients send over plain HTTP), so the gateway's authentication and payload
// verification run as in production.
//
// The driver loads it with concurrent S3 clients over loopback HTTP for -duration, with a CPU
// profile of the load phase and an allocation profile of the same phase (allocation sampling is
// off while the bucket is filled, so neither profile counts the setup). Run by drive.sh; see its
// header.
//
// The data set, made before profiling starts: one bucket holding 1000 objects of 1–8 KiB
// ("seed/p00/…" … "seed/p19/…", 50 per prefix, the sort of key layout an application writes)
// and 4 larger ones of 512 KiB, 1, 4 and 8 MiB ("large/…").
//
// The mix, per client operation (weights out of 10000), read-heavy as an object store's traffic
// is: reads (GET and HEAD) 82 % of the operations, writes 15 %, listings 3 %, deletes following
// the writes. Listings are few because each returns a full page of 1000 keys and costs the server
// as much as dozens of GETs; multipart uploads are rarer still (one operation in 2000) because
// each moves 11 MiB: at one in 500 they took a third of gofakes3's CPU profile, hashing and
// copying parts, and hid the per-request paths that the other 99.9 % of requests take. On this
// POSIX backend a listing reads the extended attributes of every key it returns (a getxattr per
// key in FileToObj), so the 3 % of listings take 45–50 % of the CPU profile: that is what the
// gateway costs, not a skew of the mix.
//
//	GET whole object         5705  key drawn by a Zipf law (s=1.1) over the seed objects, so a
//	                               few keys are hot and most are cold; 1 in 100 is a large object
//	GET with Range           1000  7 in 10 on a large object (a 64 KiB–1 MiB slice at a random
//	                               offset, as a reader of columnar files or a video seek does), the
//	                               rest the first 1 KiB of a small one (a type or header sniff)
//	HEAD                     1500  Zipf-drawn seed key; 1 in 10 on a key that does not exist (the
//	                               "is it there before I write" probe), answered 404
//	PUT of a new object      1500  1–8 KiB under "new/cNN/", Content-Type and one x-amz-meta header,
//	                               x-amz-checksum-crc32 as current AWS SDKs send by default
//	ListObjectsV2             290  a full page (max-keys 1000, no prefix: 1000 keys, truncated);
//	                               half the time the next page too, with its continuation token
//	multipart upload            5  create, 3 parts (5 MiB, 5 MiB, 1 MiB: S3's 5 MiB minimum for
//	                               all but the last), complete
//
// DeleteObjects is not drawn but follows the writes: a client that holds 32 keys it has put (PUTs
// and completed multipart uploads) deletes them in one DeleteObjects request, so the bucket stays
// near its starting size and deletes run at the write rate (one DeleteObjects in about 210
// operations).
//
// Each request's status (and, for GETs, the byte count) is checked; the driver exits 1 when more
// than 1 % of operations failed or none ran, so drive.sh reports it. Its last line of output is
// the summary that drive.sh prints.
package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"log"
	"net"
	"net/http"
	"os"
	"sync"
	"syscall"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	v4 "github.com/aws/aws-sdk-go-v2/aws/signer/v4"
	"github.com/versity/versitygw/backend/meta"
	"github.com/versity/versitygw/backend/posix"
	"github.com/versity/versitygw/debuglogger"
	"github.com/versity/versitygw/embedgw"
	"github.com/versity/versitygw/s3api"
)

func main() {
	var dir string
	code := runS3(s3Server{
		start: func() (string, func()) {
			var err error
			dir, err = os.MkdirTemp("", "versitygw-posix-")
			if err != nil {
				log.Fatal(err)
			}
			base, stop, err := startGateway(dir)
			if err != nil {
				log.Fatalf("start versitygw: %v", err)
			}
			log.Printf("versitygw (posix on %s) serving on %s", dir, base)
			return base, func() {
				if err := stop(); err != nil {
					log.Printf("versitygw stopped with: %v", err)
				}
			}
		},
		sign: sign,
	})
	os.RemoveAll(dir)
	os.Exit(code)
}

const (
	rootAccess = "perfproofroot"
	rootSecret = "perfproof-root-secret-key-0123456789"
	region     = "us-east-1"
)

// startGateway starts versitygw on a POSIX backend rooted at dir, as `versitygw posix dir` does,
// and returns its base URL and a function that stops it.
func startGateway(dir string) (string, func() error, error) {
	// runPosix in cmd/internal/gwcli/posix.go, with the flags' defaults.
	opts := posix.PosixOpts{
		Concurrency:         5000,
		IOBufferSize:        1024 * 1024,
		CopyObjectThreshold: 5 * 1024 * 1024 * 1024,
	}
	opts.SetNewDirPerm(fs.FileMode(0755))
	opts.SetNewFilePerm(fs.FileMode(0644))
	if err := (meta.XattrMeta{}).Test(dir); err != nil {
		return "", nil, fmt.Errorf("xattr check failed: %w", err)
	}
	be, err := posix.New(dir, meta.XattrMeta{}, opts)
	if err != nil {
		return "", nil, fmt.Errorf("failed to init posix backend: %w", err)
	}

	// The gateway takes listen addresses: pick a free loopback port, and try again should another
	// process take it before the gateway binds it.
	for attempt := 0; ; attempt++ {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return "", nil, err
		}
		addr := ln.Addr().String()
		ln.Close()

		ctx, cancel := context.WithCancel(context.Background())
		ready := make(chan struct{})
		var once sync.Once
		done := make(chan error, 1)
		go func() {
			// runGateway in cmd/versitygw/main.go, with the flags' defaults.
			done <- embedgw.RunVersityGW(ctx, be, &embedgw.Config{
				RootUserAccess:      rootAccess,
				RootUserSecret:      rootSecret,
				Region:              region,
				Ports:               []string{addr},
				MaxConnections:      250000,
				MaxRequests:         100000,
				AdminMaxConnections: 250000,
				AdminMaxRequests:    100000,
				MultipartMaxParts:   10000,
				LogLevel:            debuglogger.LevelSilent,
				Quiet:               true,
				KeepAlive:           true,
				IAMCacheTTL:         120,
				IAMCachePrune:       3600,
				S3Options:           []s3api.Option{s3api.WithOnListen(func() { once.Do(func() { close(ready) }) })},
			})
		}()
		select {
		case <-ready:
			stop := func() error {
				cancel()
				select {
				case err := <-done:
					return err
				case <-time.After(30 * time.Second):
					return fmt.Errorf("did not stop within 30s")
				}
			}
			return "http://" + addr, stop, nil
		case err := <-done:
			cancel()
			if attempt < 3 && errors.Is(err, syscall.EADDRINUSE) {
				continue
			}
			return "", nil, fmt.Errorf("gateway exited at start: %v", err)
		case <-time.After(30 * time.Second):
			cancel()
			return "", nil, fmt.Errorf("gateway not listening after 30s")
		}
	}
}

var (
	signer = v4.NewSigner(func(o *v4.SignerOptions) {
		o.DisableURIPathEscaping = true // as the SDK's S3 client signs
	})
	rootCreds   = aws.Credentials{AccessKeyID: rootAccess, SecretAccessKey: rootSecret}
	emptySHA256 = hex.EncodeToString(func() []byte { s := sha256.Sum256(nil); return s[:] }())
)

// sign signs a request with AWS signature v4 as the root account, with the payload's SHA-256 as
// x-amz-content-sha256.
func sign(ctx context.Context, req *http.Request, body []byte) error {
	hash := emptySHA256
	if body != nil {
		sum := sha256.Sum256(body)
		hash = hex.EncodeToString(sum[:])
	}
	req.Header.Set("X-Amz-Content-Sha256", hash)
	return signer.SignHTTP(ctx, rootCreds, req, hash, "s3", region, time.Now())
}
