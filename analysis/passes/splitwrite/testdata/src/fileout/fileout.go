// Package fileout writes messages to files opened through a pluggable
// file system, as stream processors do.
package fileout

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"sync"
)

// FS is a pluggable file system: on a disk its files are *os.File.
type FS interface {
	OpenFile(name string, flag int, perm fs.FileMode) (fs.File, error)
}

type fileWriter struct {
	fs     FS
	mu     sync.Mutex
	path   string
	handle io.WriteCloser
}

func (w *fileWriter) writeTo(wtr io.Writer, msg, suffix []byte) error {
	if _, err := wtr.Write(msg); err != nil { // want `up to two Write calls on wtr for one message: join the parts and write once`
		return err
	}
	if len(suffix) > 0 {
		if _, err := wtr.Write(suffix); err != nil {
			return err
		}
	}
	return nil
}

// Write writes one message, opening the file on first use.
func (w *fileWriter) Write(msg, suffix []byte) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.handle != nil {
		return w.writeTo(w.handle, msg, suffix)
	}
	file, err := w.fs.OpenFile(w.path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o666)
	if err != nil {
		return err
	}
	handle, ok := file.(io.WriteCloser)
	if !ok {
		_ = file.Close()
		return errors.New("file is not writable")
	}
	if err := w.writeTo(handle, msg, suffix); err != nil {
		_ = handle.Close()
		return err
	}
	w.handle = handle
	return nil
}

// Close closes the file.
func (w *fileWriter) Close() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.handle == nil {
		return nil
	}
	err := w.handle.Close()
	w.handle = nil
	return err
}

// Store is an object store: what its Create returns is an upload stream,
// not a File, and may buffer.
type Store interface {
	Create(key string) (io.WriteCloser, error)
}

func writeObject(w io.Writer, msg []byte) error {
	if _, err := w.Write(msg); err != nil { // fine: an upload stream of unknown buffering
		return err
	}
	_, err := w.Write([]byte("\n"))
	return err
}

// Put writes one object.
func Put(s Store, key string, msg []byte) error {
	wc, err := s.Create(key)
	if err != nil {
		return err
	}
	if err := writeObject(wc, msg); err != nil {
		return err
	}
	return wc.Close()
}

func writeAny(w io.Writer, msg []byte) error {
	if _, err := w.Write(msg); err != nil { // fine: asserted from a value of unknown kind
		return err
	}
	_, err := w.Write([]byte("\n"))
	return err
}

// WriteAny writes to whatever v is.
func WriteAny(v any, msg []byte) error {
	w, ok := v.(io.Writer)
	if !ok {
		return errors.New("not a writer")
	}
	return writeAny(w, msg)
}
