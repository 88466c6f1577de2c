package svc

import (
	"context"
	"fmt"
	"net/http"
)

// TaskWorker is a generic interface, as a workflow engine's task workers
// are: its implementations are methods of concrete types.
type TaskWorker[T, R any] interface {
	Execute(ctx context.Context, task T) (R, error)
	Name() string
}

type taskPool[T, R any] struct{ tw TaskWorker[T, R] }

func (p *taskPool[T, R]) run(ctx context.Context, tasks []T) {
	for _, t := range tasks {
		p.tw.Execute(ctx, t)
	}
}

type Job struct{ ID int }

type jobWorker struct{}

func (jobWorker) Execute(ctx context.Context, j *Job) (string, error) {
	return fmt.Sprintf("%d", j.ID), nil // generic: through TaskWorker[*Job, string]
}

func (jobWorker) Name() string { return "jobs" }

// otherWorker has an Execute of another arity: no TaskWorker.
type otherWorker struct{}

func (otherWorker) Execute(ctx context.Context) (string, error) {
	return fmt.Sprintf("%d", 7), nil // generic: another arity
}

func (otherWorker) Name() string { return "other" }

var _ = otherWorker{}

// RunJobs runs the request's jobs through a task pool.
func RunJobs(w http.ResponseWriter, r *http.Request) {
	p := &taskPool[*Job, string]{tw: jobWorker{}}
	p.run(r.Context(), []*Job{{ID: 1}, {ID: 2}})
}
