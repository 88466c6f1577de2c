// Package app is under a cmd directory and implements a gRPC service (a
// type embedding a generated Unimplemented...Server): a server, not rare.
package app

import "context"

func note() {}

type UnimplementedCollectorServer struct{}

func (UnimplementedCollectorServer) mustEmbedUnimplementedCollectorServer() {}

type handler struct{ UnimplementedCollectorServer }

type PostSpansRequest struct{}
type PostSpansResponse struct{}

func (h *handler) PostSpans(ctx context.Context, r *PostSpansRequest) (*PostSpansResponse, error) {
	note() // want `^none$`
	return &PostSpansResponse{}, nil
}
