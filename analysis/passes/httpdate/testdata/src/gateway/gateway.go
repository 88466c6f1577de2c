package gateway

import (
	"log"
	"net/http"
	"strconv"

	"objstore"
)

func headObject(w http.ResponseWriter, o *objstore.Object) {
	h := w.Header()
	h.Set("Content-Length", strconv.FormatInt(o.Size, 10))
	h.Set("Last-Modified", objstore.FormatLastModified(o.ModTime.Unix())) // want `objstore\.FormatLastModified formats the Last-Modified header with time\.RFC1123, not GMT: use http\.TimeFormat in UTC`
	log.Printf("head %s at %s", o.Key, objstore.FormatStamp(o.ModTime))   // fine: a log line, not a header
	w.WriteHeader(http.StatusOK)
}
