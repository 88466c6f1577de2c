package pipeline

import (
	"errors"
	"fmt"
)

// ErrFound is the outcome of a run that completed and found something: a
// finding, a regression a gate fails on, a claim not reproduced. It is
// not a failure of the run; the command line maps it to exit status 1
// and every other error to 2.
var ErrFound = errors.New("found")

// A UsageError says that the options of a run are invalid: a value out
// of range, two that exclude each other, a missing argument. Its message
// names the option by its command-line flag ("-count must be at least
// 1"), as perfproof's commands spell it, so that the command line can
// print it as it is, followed by the usage.
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

// usagef returns a *UsageError with the formatted message.
func usagef(format string, args ...any) error {
	return &UsageError{fmt.Sprintf(format, args...)}
}
