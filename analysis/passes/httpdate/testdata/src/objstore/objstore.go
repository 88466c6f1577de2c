// Package objstore knows nothing about HTTP; its helper is used for headers
// by package gateway.
package objstore

import "time"

type Object struct {
	Key     string
	Size    int64
	ModTime time.Time
}

// FormatLastModified renders an object's modification time.
func FormatLastModified(mtime int64) string { // want FormatLastModified:"returns time.RFC1123"
	return time.Unix(mtime, 0).UTC().Format(time.RFC1123)
}

// FormatStamp is used only for logs below.
func FormatStamp(t time.Time) string { // want FormatStamp:"returns time.RFC1123Z"
	return t.Format(time.RFC1123Z)
}
