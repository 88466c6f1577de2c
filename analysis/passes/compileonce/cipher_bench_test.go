package compileonce_test

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/sha256"
	"hash"
	"testing"
)

// sealed keeps the benchmarks' output alive.
var sealed []byte

// BenchmarkCipherSetup measures the figures in the package doc for keys
// that do not change between calls: sealing a 256-byte message with
// AES-256-GCM, the cipher made from the key on every call ("percall/gcm")
// or once ("kept/gcm"), and an HMAC-SHA256 of it, the MAC made on every
// call ("percall/hmac") or kept and Reset ("kept/hmac"). Compare the
// variants with go run ./cmd/perfproof compare -variants percall,kept
// -bench CipherSetup ./analysis/passes/compileonce.
func BenchmarkCipherSetup(b *testing.B) {
	key := make([]byte, 32)
	for i := range key {
		key[i] = byte(i)
	}
	nonce := make([]byte, 12)
	msg := make([]byte, 256)
	dst := make([]byte, 0, len(msg)+16)
	b.Run("percall/gcm", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			block, err := aes.NewCipher(key)
			if err != nil {
				b.Fatal(err)
			}
			gcm, err := cipher.NewGCM(block)
			if err != nil {
				b.Fatal(err)
			}
			sealed = gcm.Seal(dst[:0], nonce, msg, nil)
		}
	})
	b.Run("kept/gcm", func(b *testing.B) {
		b.ReportAllocs()
		block, err := aes.NewCipher(key)
		if err != nil {
			b.Fatal(err)
		}
		gcm, err := cipher.NewGCM(block)
		if err != nil {
			b.Fatal(err)
		}
		for b.Loop() {
			sealed = gcm.Seal(dst[:0], nonce, msg, nil)
		}
	})
	b.Run("percall/hmac", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			mac := hmac.New(sha256.New, key)
			mac.Write(msg)
			sealed = mac.Sum(dst[:0])
		}
	})
	b.Run("kept/hmac", func(b *testing.B) {
		b.ReportAllocs()
		var mac hash.Hash = hmac.New(sha256.New, key)
		for b.Loop() {
			mac.Reset()
			mac.Write(msg)
			sealed = mac.Sum(dst[:0])
		}
	})
}
