// Command perfproof finds, measures, ranks and proves Go hot-path
// performance work. Run `perfproof help` for its subcommands.
package main

import (
	"context"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"

	"github.com/perfproof/perfproof/internal/cli"
)

// memoryLimit is the soft limit of the Go heap that perfproof sets
// unless the GOMEMLIMIT environment variable sets one: loading and
// analysing packages makes garbage fast, and without a limit the heap grows
// to twice what is live before the collector runs (1.9 GB peak RSS for a
// scan of std, 0.86 GB with this limit and batches of 16 packages, at
// about the same wall time). A process whose live heap exceeds the limit
// runs on; the runtime caps the collector's share of CPU.
const memoryLimit = 800 << 20

func main() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := cli.Main(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
