package svc_test

import (
	"net/http/httptest"
	"testing"

	"example.com/literals/internal/fakeconn"
)

func TestFakeConn(t *testing.T) {
	w := httptest.NewRecorder()
	fakeconn.Serve(w, httptest.NewRequest("GET", "/", nil))
	if w.Body.Len() == 0 {
		t.Error("empty reply")
	}
}
