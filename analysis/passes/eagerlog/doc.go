// Package eagerlog defines an Analyzer that reports debug- and trace-level
// log calls whose message is built before the logger checks its level.
//
// # Analyzer eagerlog
//
// eagerlog: report debug-level log calls that format their message before the level check
//
// A logger drops a debug or trace record when its level is above that,
// as it is by default in log/slog, go.uber.org/zap's production config,
// logrus and most services' own loggers. It checks the level inside the
// call, after Go has evaluated the arguments: a message built with
// fmt.Sprintf, a String method, strings.Join, an encoding or a string
// concatenation is built on every call and then thrown away. On a
// request or message path that is a formatting and one or more
// allocations per call for a line nobody reads. Measured in this project
// by BenchmarkDisabledDebug (a log/slog text logger at its default level
// dropping a debug record of three values; go run ./cmd/perfproof
// compare -variants eager,attrs and eager,guarded -bench DisabledDebug
// -count 10 -benchtime 100ms ./analysis/passes/eagerlog, 10 interleaved
// rounds each on 2 shared cores under load, 2026-11-28): the message
// built with fmt.Sprintf costs 1.7 µs, 88 B and 3 allocations per call;
// passing the values as attributes takes 82 % less time (95 % CI 71–87
// %), 24 B and 2 allocations (the boxing of the values); the same call
// under if log.Enabled(ctx, slog.LevelDebug) takes 99 % less, 0 B and 0
// allocations.
//
// The check reports a call of a function or method named Debug, Debugf,
// Debugln, Debugw, DebugContext, Trace, Tracef, Traceln, Tracew or
// TraceContext that takes a string or a variadic list and returns no
// error (an error package's errors.Trace(err) logs nothing), and a call
// chained on a Debug() or Trace() call without arguments (zerolog's
// log.Debug().Msg(...)), when one of its arguments
// builds a string: a call of fmt.Sprint, Sprintf, Sprintln or Errorf, of
// a String method without arguments (but for an integer enumeration's,
// which returns a constant's text), of strings.Join, of
// hex.EncodeToString, of an encoding/base64 Encoding's EncodeToString or
// of encoding/json's Marshal or MarshalIndent, or a concatenation of
// strings that are not all constants; or one of its arguments builds the
// record's fields: a map literal with entries (logrus' Fields{...}), a
// call of slices.Collect, Sorted or SortedFunc or of strings.Split, SplitN
// or Fields, or a call of a function or method of the package that
// returns a slice or map and makes one (make, append or a literal) — a
// logger adapter that converts its fields for the logger underneath per
// call (l.zl.Debug(msg, l.zapFields(fields...)...)), a cache that lists
// the names of the resources it sends for a Debugf; a getter returning a
// field builds nothing. The arguments of the calls the log call is
// chained on count too, as Go evaluates them before the level check:
// logrus' log.WithFields(Fields{...}).Tracef(...), zerolog's
// Debug().Fields(m).Msg(...). Source: the corpus' recall rows of such
// fields built for dropped records (bench/corpus/labels: an xDS cache's
// resource names, a job queue's zap and zerolog adapters, a Matrix
// server's per-event trace fields), none of which the check found before.
// A printf-style Debugf(format,
// args...) whose arguments are values formats them only when the record
// is kept, so only what its arguments build is reported; a wrapper that
// formats before it calls the underlying logger's Debug (func (l *Logger)
// Debugf(format string, args ...any) { l.sl.Debug(fmt.Sprintf(format,
// args...)) }) is reported at that line, where every caller's formatting
// happens.
//
// It stays silent when the call is guarded by a condition that reads a
// level or a debug switch: an enclosing if whose condition mentions a
// name containing debug, trace, verbose, level or enabled (if
// logger.Enabled(ctx, slog.LevelDebug), if l.IsDebug(), if cfg.Verbose),
// also through a function literal made under it (a deferred log of the
// request's end), and in function literals passed as arguments (lazy
// messages). Whether
// the code runs often is not guessed here: perfproof scan weighs every
// report by evidence from the call graph and profiles. Most debug logs
// that a request or message path reaches sit on its rare branches
// (start-up, leader election, maintenance runs, anomalies): on the corpus
// of real modules 25 of 127 such reports were hot, so scan shows this
// check's reports only with -all, unless a profile measures the line hot.
//
// There is no suggested fix: the logger's API decides whether the values
// go as arguments (Debugf, slog attributes, zap fields) or the call moves
// under a level check.
//
// Bad:
//
//	log.Debug(fmt.Sprintf("pulled %d messages from %s", n, queue))
//
// Good:
//
//	log.Debug("pulled messages", "count", n, "queue", queue)
//
//	if log.Enabled(ctx, slog.LevelDebug) {
//		log.Debug(fmt.Sprintf("pulled %d messages from %s", n, queue))
//	}
package eagerlog
