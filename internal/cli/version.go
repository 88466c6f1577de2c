package cli

import (
	"context"
	"flag"
	"io"

	"github.com/perfproof/perfproof/internal/buildinfo"
)

func init() {
	register(&command{
		name:    "version",
		summary: "print perfproof's version and how it was built",
		usage:   "version",
		flags: func(fs *flag.FlagSet) func(context.Context, []string, io.Writer, io.Writer) error {
			return func(_ context.Context, args []string, stdout, _ io.Writer) error {
				if len(args) > 0 {
					return usagef("version takes no arguments")
				}
				text, err := buildinfo.Text()
				if err != nil {
					return err
				}
				_, err = io.WriteString(stdout, text)
				return err
			}
		},
	})
}
