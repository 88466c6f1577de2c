package svc

import (
	"context"
	"fmt"
)

// LookupRequest and LookupReply stand for generated messages.
type (
	LookupRequest struct{ ID int64 }
	LookupReply   struct{ Key string }
)

// UnimplementedLookupServer stands for the type protoc-gen-go-grpc
// generates, which every server must embed.
type UnimplementedLookupServer struct{}

func (UnimplementedLookupServer) mustEmbedUnimplementedLookupServer() {}

// server implements the service: its methods are entry points.
type server struct {
	UnimplementedLookupServer
}

func (s *server) Lookup(ctx context.Context, req *LookupRequest) (*LookupReply, error) {
	return &LookupReply{Key: fmt.Sprintf("%d", req.ID)}, nil
}

// Client calls the service: a method of the same shape, but no entry.
type Client struct{}

func (c *Client) Lookup(ctx context.Context, req *LookupRequest) (*LookupReply, error) {
	return &LookupReply{Key: fmt.Sprintf("%d", req.ID)}, nil
}
