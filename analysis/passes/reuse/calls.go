package reuse

// Calls that take a value without keeping it, and calls that wrap it.
// Anything not listed here that receives a tracked value is assumed to keep
// it, and the value is not reported.

// consumers use their arguments during the call only. The value says which
// argument, if any, the function writes to (-1 for none), so that a
// bytes.Buffer passed there counts as written.
var consumers = map[string]int{
	"io.Copy":                  0,
	"io.CopyN":                 0,
	"io.CopyBuffer":            0,
	"io.WriteString":           0,
	"io.ReadAll":               -1,
	"io.ReadFull":              -1,
	"io.ReadAtLeast":           -1,
	"fmt.Fprint":               0,
	"fmt.Fprintf":              0,
	"fmt.Fprintln":             0,
	"fmt.Fscan":                -1,
	"fmt.Fscanf":               -1,
	"fmt.Fscanln":              -1,
	"encoding/binary.Write":    0,
	"encoding/binary.Read":     -1,
	"encoding/json.Unmarshal":  -1,
	"encoding/json.Valid":      -1,
	"encoding/json.Compact":    0,
	"encoding/json.Indent":     0,
	"encoding/json.HTMLEscape": 0,
	"encoding/pem.Encode":      0,
	"encoding/xml.Unmarshal":   -1,
	"image/png.Encode":         0,
	"image/jpeg.Encode":        0,
	"image/gif.Encode":         0,
	"os.WriteFile":             -1,
}

// pure lists packages whose functions keep none of their arguments; a
// result may still share memory with an argument (bytes.TrimSpace), so the
// result is followed when it can hold a reference.
var pure = map[string]bool{
	"bytes":         true,
	"strings":       true,
	"strconv":       true,
	"unicode/utf8":  true,
	"unicode/utf16": true,
	"encoding/hex":  true,
	"crypto/md5":    true,
	"crypto/sha1":   true,
	"crypto/sha256": true,
	"crypto/sha512": true,
	"hash/crc32":    true,
	"hash/crc64":    true,
	"slices":        true,
}

// consumerMethods are methods, of any type, that use their arguments during
// the call only (io.Writer implementations must not retain the slice they
// are given). The value is the argument they write to, or -1. The results
// of AppendEncode, AppendDecode and MarshalTo extend their first argument
// and are followed.
var consumerMethods = map[string]int{
	"Write":           -1,
	"WriteString":     -1,
	"ReadFrom":        -1,
	"WriteTo":         0,
	"Encode":          -1,
	"EncodeToString":  -1,
	"Execute":         0,
	"ExecuteTemplate": 0,
	"Unmarshal":       -1,
	"ParseBytes":      -1,
	"Parse":           -1,
	"DecodeString":    -1,
	"AppendEncode":    -1,
	"AppendDecode":    -1,
	"MarshalTo":       -1,
	// io.Reader and io.ReaderAt implementations must not retain p.
	"Read":   -1,
	"ReadAt": -1,
}

// keepsArgument are the consumerMethods that decode their argument into
// their receiver: outside the standard library nothing says the receiver
// does not keep slices of the input (a zero-copy parser's Unmarshal sets
// a payload field to a slice of it, as pion/rtp's Packet does), so the
// receiver is followed as sharing the value's memory: reusing the input
// buffer while the decoded value lives would overwrite it. Source: the
// twenty-second held-out set (bench/corpus/heldout22.txt), where reuse
// told pion/webrtc's TrackRemote.ReadRTP to reuse the buffer the packet
// it returns points into. (encoding/json's Unmarshaler must copy what it
// keeps; these names are not its.)
var keepsArgument = map[string]bool{
	"Unmarshal":  true,
	"Parse":      true,
	"ParseBytes": true,
}

// readers are the consumers that read into their second argument.
var readers = map[string]bool{
	"io.ReadFull":    true,
	"io.ReadAtLeast": true,
}

// wrappers return a value that holds their first argument; the result is
// followed in its place. The value says whether the wrapper writes to it.
var wrappers = map[string]bool{
	"bufio.NewReader":              false,
	"bufio.NewReaderSize":          false,
	"bufio.NewScanner":             false,
	"bufio.NewWriter":              true,
	"bufio.NewWriterSize":          true,
	"encoding/json.NewDecoder":     false,
	"encoding/json.NewEncoder":     true,
	"encoding/xml.NewDecoder":      false,
	"encoding/gob.NewEncoder":      true,
	"encoding/gob.NewDecoder":      false,
	"encoding/xml.NewEncoder":      true,
	"encoding/csv.NewReader":       false,
	"encoding/csv.NewWriter":       true,
	"encoding/base64.NewEncoder":   true,
	"encoding/base64.NewDecoder":   false,
	"encoding/hex.NewEncoder":      true,
	"encoding/hex.NewDecoder":      false,
	"encoding/hex.Dumper":          true,
	"archive/tar.NewReader":        false,
	"archive/tar.NewWriter":        true,
	"archive/zip.NewWriter":        true,
	"mime/multipart.NewWriter":     true,
	"io.TeeReader":                 false,
	"io.LimitReader":               false,
	"io.NopCloser":                 false,
	"io.MultiReader":               false,
	"io.MultiWriter":               true,
	"compress/gzip.NewWriter":      true,
	"compress/gzip.NewWriterLevel": true,
	"compress/gzip.NewReader":      false,
	"compress/flate.NewWriter":     true,
	"compress/flate.NewReader":     false,
	"compress/zlib.NewWriter":      true,
	"compress/zlib.NewWriterLevel": true,
	"compress/zlib.NewReader":      false,
	kgzip + ".NewWriter":           true,
	kgzip + ".NewWriterLevel":      true,
	kgzip + ".NewReader":           false,
	kflate + ".NewWriter":          true,
	kflate + ".NewReader":          false,
	kzlib + ".NewWriter":           true,
	kzlib + ".NewWriterLevel":      true,
	kzlib + ".NewReader":           false,
	kzstd + ".NewWriter":           true,
	kzstd + ".NewReader":           false,
}

// writeMethods are the methods of bytes.Buffer that grow it.
var writeMethods = map[string]bool{
	"Write":       true,
	"WriteString": true,
	"WriteByte":   true,
	"WriteRune":   true,
	"ReadFrom":    true,
	"Grow":        true,
}
