// Package depthbook streams exchange depth updates into order books and
// prints the top of each book after every update.
//
// A depth update is a JSON message in the shape of Binance's diff-depth
// stream, with prices and quantities as decimal strings:
//
//	{"e":"depthUpdate","E":1695000000123,"s":"BTCUSDT","U":101,"u":104,
//	 "b":[["27000.10","1.50000"],["26999.90","0.00000"]],"a":[["27000.20","0.30000"]]}
//
// U and u are the first and last update IDs the message covers; a book
// accepts a message whose U follows the last u it applied, and a quantity
// of zero removes the price level.
//
// The package carries, on its served path (Stream, Book.Apply), the
// hot-path problems of a real order-book streamer, each with a fixed form
// beside it that the benchmarks compare; and a zero-copy parser variant
// (ParseUpdateZeroCopy) whose strings point into a pooled buffer after the
// buffer goes back to the pool. See README.md.
package depthbook

import (
	"encoding/json"
	"fmt"
)

// DepthUpdate is one depth-update message. Bids and Asks hold [price,
// quantity] pairs as sent, in the order sent.
type DepthUpdate struct {
	Event     string      `json:"e"`
	EventTime int64       `json:"E"` // milliseconds since the Unix epoch
	Symbol    string      `json:"s"`
	FirstID   int64       `json:"U"`
	LastID    int64       `json:"u"`
	Bids      [][2]string `json:"b"`
	Asks      [][2]string `json:"a"`
}

// ParseUpdate decodes a depth-update message with encoding/json. It is the
// parser of the served path: correct, and slow (reflection, and a string
// allocated per field).
func ParseUpdate(data []byte) (*DepthUpdate, error) {
	u := new(DepthUpdate)
	if err := json.Unmarshal(data, u); err != nil {
		return nil, fmt.Errorf("parsing depth update: %w", err)
	}
	return u, nil
}
