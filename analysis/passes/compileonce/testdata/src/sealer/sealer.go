// Package sealer is shaped after a gossip protocol's packet encryption and
// an industrial protocol stack's security policies: the key is fixed per
// keyring or per security token, and every packet runs its key schedule
// again.
package sealer

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/sha256"
	"errors"
)

// AES is a security policy's symmetric cipher: Key is set once per token.
type AES struct {
	Key  []byte
	aead cipher.AEAD
}

// Encrypt runs once per chunk sent.
func (a *AES) Encrypt(dst, nonce, src []byte) ([]byte, error) { // want Encrypt:`makes an aes\.NewCipher from slots \[0\] \(sealer\.go:23\)`
	block, err := aes.NewCipher(a.Key) // want `aes\.NewCipher of configured key a\.Key runs its key schedule on every call: keep the cipher made once with the key`
	if err != nil {
		return nil, err
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	return gcm.Seal(dst, nonce, src, nil), nil
}

// Decrypt runs once per chunk received; the block goes straight into the
// mode.
func (a *AES) Decrypt(dst, iv, src []byte) ([]byte, error) { // want Decrypt:`makes an aes\.NewCipher from slots \[0\] \(sealer\.go:37\)`
	block, err := aes.NewCipher(a.Key) // want `aes\.NewCipher of configured key a\.Key runs its key schedule on every call: keep the cipher made once with the key`
	if err != nil {
		return nil, err
	}
	cipher.NewCBCDecrypter(block, iv).CryptBlocks(dst, src)
	return dst, nil
}

// Prepare makes the AEAD once and keeps it: the fix.
func (a *AES) Prepare() error {
	block, err := aes.NewCipher(a.Key) // fine: the mode over it is kept in a.aead
	if err != nil {
		return err
	}
	a.aead, err = cipher.NewGCM(block)
	return err
}

// Block returns a block for the caller to keep.
func (a *AES) Block() (cipher.Block, error) {
	return aes.NewCipher(a.Key) // fine: returned to the caller, who may keep it
}

// HMAC is a security policy's signature: Secret is fixed per token.
type HMAC struct{ Secret []byte }

// Signature runs once per chunk signed and per chunk verified.
func (h *HMAC) Signature(msg []byte) []byte { // want Signature:`makes an hmac\.New from slots \[0\] \(sealer\.go:65\)`
	mac := hmac.New(sha256.New, h.Secret) // want `hmac\.New of configured key h\.Secret runs its key schedule on every call: reuse one with Reset \(per goroutine or pooled\)`
	mac.Write(msg)
	return mac.Sum(nil)
}

type keyring struct{ keys [][]byte }

// open tries every installed key on a received packet: each key's cipher
// could be made once, when the keyring changes.
func (k *keyring) open(nonce, msg []byte) ([]byte, error) { // want open:`makes an aes\.NewCipher from slots \[0\] \(sealer\.go:76\)`
	for _, key := range k.keys {
		block, err := aes.NewCipher(key) // want `aes\.NewCipher of configured key key runs its key schedule in a loop: keep the cipher made once with the key`
		if err != nil {
			continue
		}
		gcm, err := cipher.NewGCM(block)
		if err != nil {
			continue
		}
		if out, err := gcm.Open(nil, nonce, msg, nil); err == nil {
			return out, nil
		}
	}
	return nil, errors.New("no installed key could decrypt the message")
}

// sealAll seals every message with one key.
func sealAll(key, nonce []byte, msgs [][]byte) ([][]byte, error) {
	var out [][]byte
	for _, m := range msgs {
		block, err := aes.NewCipher(key) // want `aes\.NewCipher of loop-invariant key key runs its key schedule on every iteration: make it before the loop at line \d+`
		if err != nil {
			return nil, err
		}
		gcm, err := cipher.NewGCM(block)
		if err != nil {
			return nil, err
		}
		out = append(out, gcm.Seal(nil, nonce, m, nil))
	}
	return out, nil
}

type session struct {
	secret  []byte
	counter uint64
}

// derive makes a fresh key per message.
func (s *session) derive() []byte { // want derive:`makes an hmac\.New from slots \[0\] \(sealer\.go:116\)`
	s.counter++
	mac := hmac.New(sha256.New, s.secret) // want `hmac\.New of configured key s\.secret runs its key schedule on every call: reuse one with Reset \(per goroutine or pooled\)`
	mac.Write([]byte{byte(s.counter)})
	return mac.Sum(nil)
}

// seal encrypts with a key derived per message: a new key every call.
func (s *session) seal(nonce, msg []byte) ([]byte, error) {
	block, err := aes.NewCipher(s.derive()) // fine: the key is new on every call
	if err != nil {
		return nil, err
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	return gcm.Seal(nil, nonce, msg, nil), nil
}

// NewAES makes a policy's cipher at set-up: a constructor runs rarely.
func NewAES(key []byte) (*AES, error) { // want NewAES:`makes an aes\.NewCipher from slots \[0\] \(sealer\.go:137\)`
	a := &AES{Key: key}
	block, err := aes.NewCipher(key) // fine: a constructor
	if err != nil {
		return nil, err
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	_ = gcm.NonceSize()
	return a, nil
}

type vault struct{ wrapped []byte }

// unwrap decrypts with a session key of fresh random bytes, sent to the
// server before: a local assigned once, but filled on every call.
func (v *vault) unwrap(read func([]byte) error, iv []byte) ([]byte, error) {
	sessionKey := make([]byte, 16)
	if err := read(sessionKey); err != nil {
		return nil, err
	}
	block, err := aes.NewCipher(sessionKey) // fine: the key is filled on every call
	if err != nil {
		return nil, err
	}
	out := make([]byte, len(v.wrapped))
	cipher.NewCBCDecrypter(block, iv).CryptBlocks(out, v.wrapped)
	return out, nil
}

var masterKey = []byte("0123456789abcdef")

// derive copies the master key into a local before making the cipher:
// still the same key on every call.
func derive(msg []byte) []byte {
	mac := hmac.New(sha256.New, masterKey) // want `hmac\.New of configured key masterKey runs its key schedule on every call: reuse one with Reset \(per goroutine or pooled\)`
	mac.Write(msg)
	return mac.Sum(nil)
}

// Encrypt seals one chunk with a key it is given: a package-level
// helper that makes the cipher on every call.
func Encrypt(plain, key []byte) ([]byte, error) { // want Encrypt:`makes an aes\.NewCipher from slots \[1\] \(sealer\.go:\d+\)`
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	nonce := make([]byte, gcm.NonceSize())
	return gcm.Seal(nonce, nonce, plain, nil), nil
}

type transfer struct{ key []byte }

// send encrypts every chunk of a file with the session's key, through
// the helper: the same key schedule per chunk.
func (t *transfer) send(chunks [][]byte, out func([]byte)) error {
	for _, c := range chunks {
		enc, err := Encrypt(c, t.key) // want `Encrypt makes an aes\.NewCipher from t\.key per call, the same in each iteration: make it before the loop at line \d+`
		if err != nil {
			return err
		}
		out(enc)
	}
	return nil
}

// sendEach encrypts each chunk with its own key: fine, the key differs
// per iteration.
func sendEach(chunks, keys [][]byte, out func([]byte)) {
	for i, c := range chunks {
		enc, _ := Encrypt(c, keys[i])
		out(enc)
	}
}

// chunkCipher holds a channel's symmetric key, fixed while the channel
// lives, and pads it per chunk.
type chunkCipher struct {
	keyBits int
	secret  []byte
}

// encrypt pads the fixed key into a new slice and makes the cipher of it
// per chunk: the copy fills the slice with the same bytes every call.
func (c *chunkCipher) encrypt(dst, src, iv []byte) error { // want encrypt:`makes an aes\.NewCipher from slots \[0\] \(sealer\.go:228\)`
	padded := make([]byte, c.keyBits/8)
	copy(padded, c.secret)
	block, err := aes.NewCipher(padded) // want `aes\.NewCipher of configured key padded runs its key schedule on every call: keep the cipher made once with the key`
	if err != nil {
		return err
	}
	cipher.NewCBCEncrypter(block, iv).CryptBlocks(dst, src)
	return nil
}

// decryptWith copies a key the caller reads per chunk: fresh bytes.
func (c *chunkCipher) decryptWith(next func() []byte, dst, src, iv []byte) error {
	key := make([]byte, c.keyBits/8)
	copy(key, next())
	block, err := aes.NewCipher(key) // fine: the copy's source is read per call
	if err != nil {
		return err
	}
	cipher.NewCBCDecrypter(block, iv).CryptBlocks(dst, src)
	return nil
}
