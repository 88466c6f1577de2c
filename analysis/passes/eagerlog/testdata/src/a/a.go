// Package a logs the work of a queue consumer at debug level, some of it
// with the message built before the level check.
package a

import (
	"context"
	"encoding/hex"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"strings"
)

// Queue is a queue with a name.
type Queue struct{ Name string }

func (q Queue) String() string { return "queue " + q.Name }

// Logger wraps slog as many services do.
type Logger struct{ sl *slog.Logger }

// Debugf formats before slog checks the level: every caller pays.
func (l *Logger) Debugf(format string, args ...any) {
	l.sl.Debug(fmt.Sprintf(format, args...)) // want `Debug's message is built with fmt.Sprintf before the level check: pass the values as arguments or check the level first`
}

// Infof formats at info level, which is on: not reported.
func (l *Logger) Infof(format string, args ...any) {
	l.sl.Info(fmt.Sprintf(format, args...))
}

// Event is a zerolog-style chained record.
type Event struct{}

func (e *Event) Str(k, v string) *Event { return e }
func (e *Event) Msg(m string)           {}

// Chain is a zerolog-style logger.
type Chain struct{}

func (Chain) Debug() *Event { return nil }
func (Chain) Info() *Event  { return nil }

// Pulled logs every message pulled.
func Pulled(log *slog.Logger, l *Logger, z Chain, q Queue, n int, ids []string, body []byte) {
	log.Debug(fmt.Sprintf("pulled %d from %s", n, q.Name))                // want `Debug's message is built with fmt.Sprintf before the level check: pass the values as arguments or check the level first`
	log.Debug("pulled", "queue", q.String())                              // want `Debug's message is built with String before the level check: pass the values as arguments or check the level first`
	log.DebugContext(context.Background(), "ids "+strings.Join(ids, ",")) // want `DebugContext's message is built with strings.Join before the level check: check the level first`
	l.Debugf("body %s", hex.EncodeToString(body))                         // want `Debugf's message is built with hex.EncodeToString before the level check: check the level first`
	log.Debug("from " + q.Name)                                           // want `Debug's message is built by a concatenation before the level check: check the level first`
	z.Debug().Str("queue", q.Name).Msg(fmt.Sprint(n))                     // want `Msg's message is built with fmt.Sprint before the level check: pass the values as arguments or check the level first`

	// Values passed as they are: formatted only when the record is kept.
	log.Debug("pulled", "count", n, "queue", q.Name)
	l.Debugf("pulled %d from %v", n, q)
	z.Debug().Str("queue", q.Name).Msg("pulled")
	log.Debug("pulled" + " messages")

	// Guarded by a level check.
	if log.Enabled(context.Background(), slog.LevelDebug) {
		log.Debug(fmt.Sprintf("pulled %d from %s", n, q.Name))
	}
	if debug {
		log.Debug(fmt.Sprintf("pulled %d", n))
	}

	// Info is on by default: its message is needed anyway.
	log.Info(fmt.Sprintf("pulled %d from %s", n, q.Name))
	z.Info().Msg(fmt.Sprint(n))
}

var debug bool

// Kind is an enumeration whose String returns a constant's text.
type Kind int

func (k Kind) String() string {
	if k == 0 {
		return "pull"
	}
	return "push"
}

// Served logs the end of a request in a deferred literal made only when
// debug logging is on, and a kind's name, which builds nothing.
func Served(log *slog.Logger, q Queue, k Kind) {
	if log.Enabled(context.Background(), slog.LevelDebug) {
		defer func() {
			log.Debug(fmt.Sprintf("served %s", q.Name))
		}()
	}
	log.Debug("served", "kind", k.String())
}

// UserID is an identifier whose String converts it: nothing is built.
type UserID string

func (u UserID) String() string { return string(u) }

// Joined logs an identifier by its String.
func Joined(log *slog.Logger, u UserID) {
	log.Debug("joined", "user", u.String())
}

// Errors is an error package whose Trace wraps an error: no log call.
type Errors struct{}

// Trace annotates err with its caller.
func (Errors) Trace(err error) error { return err }

// Wrapped returns an annotated error, built eagerly on purpose.
func Wrapped(e Errors, n int) error {
	return e.Trace(fmt.Errorf("pulled %d", n))
}

// Fields are a logrus-style record's fields.
type Fields map[string]any

// Entry is a logrus-style record under construction.
type Entry struct{}

func (Entry) Tracef(format string, args ...any) {}
func (Entry) Infof(format string, args ...any)  {}

// Logrus is a logrus-style logger.
type Logrus struct{}

func (Logrus) WithFields(f Fields) Entry { return Entry{} }

// ZEvent is a zerolog-style record with a Fields method.
type ZEvent struct{}

func (*ZEvent) Fields(f map[string]any) *ZEvent { return nil }
func (*ZEvent) Msg(m string)                    {}

// ZChain is a zerolog-style logger whose records take fields.
type ZChain struct{}

func (ZChain) Debug() *ZEvent { return nil }
func (ZChain) Info() *ZEvent  { return nil }

// Field is an adapter's field.
type Field struct {
	Key   string
	Value any
}

// Adapter logs through slog with its own fields.
type Adapter struct{ sl *slog.Logger }

// attrs converts the adapter's fields into a new slice per call.
func (a Adapter) attrs(fields []Field) []any {
	out := make([]any, 0, 2*len(fields))
	for _, f := range fields {
		out = append(out, f.Key, f.Value)
	}
	return out
}

// asMap converts the adapter's fields into a new map per call.
func asMap(fields []Field) map[string]any {
	m := make(map[string]any, len(fields))
	for _, f := range fields {
		m[f.Key] = f.Value
	}
	return m
}

// Debug converts every field before slog checks the level.
func (a Adapter) Debug(msg string, fields ...Field) {
	a.sl.Debug(msg, a.attrs(fields)...) // want `Debug's fields are built with attrs before the level check: check the level first`
}

// IDs returns the queue's identifiers as they are kept: nothing is built.
func (q Queue) IDs() []string { return nil }

// Sent logs fields built for records that are dropped, and values that
// cost nothing.
func Sent(l *Logger, lr Logrus, z ZChain, q Queue, byID map[string]int, fields []Field) {
	lr.WithFields(Fields{"queue": q.String()}).Tracef("sent") // want `Tracef's fields are built with a map literal before the level check: check the level first`
	z.Debug().Fields(asMap(fields)).Msg("sent")               // want `Msg's fields are built with asMap before the level check: check the level first`
	l.Debugf("sent to %v", slices.Sorted(maps.Keys(byID)))    // want `Debugf's fields are built with slices.Sorted before the level check: check the level first`
	l.Debugf("sent %v", q.IDs())                              // a getter: nothing built
	lr.WithFields(Fields{"queue": q.Name}).Infof("sent")      // info level: needed anyway
	z.Info().Fields(asMap(fields)).Msg("sent")                // info level
	lr.WithFields(Fields{}).Tracef("sent")                    // an empty literal
}
