package gateway

import (
	"time"

	"api"
)

// touch sets a header through a type of another package; this file does not
// import net/http, so the fix adds the import.
func touch(r *api.Response, now time.Time) {
	r.Header.Set("Date", now.Format(time.RFC1123)) // want `time\.RFC1123 puts the zone name, not GMT, in the Date header: use now\.UTC\(\)\.Format\(http\.TimeFormat\)`
}
