// Load driver for github.com/johannesboyne/gofakes3 (v1.2.0): an in-memory S3 server, the way
// cmd/gofakes3 serves it with `-backend mem -quiet` (s3mem backend, integrity checks on, the
// default time-skew limit, a discarding logger), behind net/http on 127.0.0.1:0, driven by
// concurrent S3 clients over loopback HTTP for -duration, with a CPU profile of the load phase
// and an allocation profile of the same phase (allocation sampling is off while the bucket is
// filled, so neither profile counts the setup). Run by drive.sh; see its header.
//
// The data set, made before profiling starts: one bucket holding 1000 objects of 1–8 KiB
// ("seed/p00/…" … "seed/p19/…", 50 per prefix, the sort of key layout an application writes)
// and 4 larger ones of 512 KiB, 1, 4 and 8 MiB ("large/…").
//
// The mix, per client operation (weights out of 10000), read-heavy as an object store's traffic
// is: reads (GET and HEAD) 82 % of the operations, writes 15 %, listings 3 %, deletes following
// the writes. Listings are few because each returns a full page of 1000 keys and costs the server
// as much as dozens of GETs; multipart uploads are rarer still (one operation in 2000) because
// each moves 11 MiB: at one in 500 they took a third of the CPU profile, hashing and copying
// parts, and hid the per-request paths that the other 99.9 % of requests take.
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
// operations). Clients send x-amz-date (which gofakes3's time-skew middleware checks) and an
// Authorization header of the SigV4 form; gofakes3 does not verify signatures, so the requests are
// not really signed.
//
// Each request's status (and, for GETs, the byte count) is checked; the driver exits 1 when more
// than 1 % of operations failed or none ran, so drive.sh reports it. Its last line of output is
// the summary that drive.sh prints.
package main

import (
	"context"
	"errors"
	"log"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
)

func main() {
	os.Exit(runS3(s3Server{start: startServer, sign: sign}))
}

// startServer starts the server, as cmd/gofakes3 builds it for -backend mem -quiet.
func startServer() (string, func()) {
	backend := s3mem.New()
	faker := gofakes3.New(backend,
		gofakes3.WithIntegrityCheck(true),
		gofakes3.WithTimeSkewLimit(gofakes3.DefaultSkewLimit),
		gofakes3.WithLogger(gofakes3.DiscardLog()),
	)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	srv := &http.Server{Handler: faker.Server()}
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Fatalf("serve: %v", err)
		}
	}()
	base := "http://" + ln.Addr().String()
	log.Printf("gofakes3 (s3mem) serving on %s", base)
	return base, func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = srv.Shutdown(ctx)
	}
}

// sign gives a request x-amz-date (which the time-skew middleware checks) and an Authorization
// header of the SigV4 form, with an unsigned payload; gofakes3 does not verify signatures, so the
// request is not really signed.
func sign(_ context.Context, req *http.Request, _ []byte) error {
	now := time.Now().UTC()
	req.Header.Set("X-Amz-Date", now.Format("20060102T150405Z"))
	req.Header.Set("X-Amz-Content-Sha256", "UNSIGNED-PAYLOAD")
	req.Header.Set("Authorization", "AWS4-HMAC-SHA256 Credential=PERFPROOF/"+now.Format("20060102")+
		"/us-east-1/s3/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=0000000000000000000000000000000000000000000000000000000000000000")
	return nil
}
