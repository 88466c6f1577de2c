// Package compileonce defines an Analyzer that reports regular expressions
// and templates compiled from constant text inside functions that run many
// times, and regexps, ciphers and MACs compiled again and again from a
// pattern or key that does not change: in a loop, or per call from
// configuration.
//
// # Analyzer compileonce
//
// compileonce: report regexps, templates and ciphers compiled from unchanging input on every call
//
// Compiling a regular expression parses the pattern, simplifies it and builds
// a program: a few kilobytes and tens of allocations for a short pattern, far
// more than most matches against it cost. Parsing a text/template or
// html/template is similar. When the pattern or template text is a constant,
// every call compiles the same thing again; compiling it once into a
// package-level variable removes that work, and a *regexp.Regexp or a parsed
// *template.Template is safe for concurrent use.
//
// The analyzer reports regexp.MustCompile, regexp.Compile,
// regexp.MustCompilePOSIX, regexp.CompilePOSIX, regexp.MatchString and
// regexp.Match with a constant pattern, and template.New(...).Parse with
// constant text (optionally through Funcs, Delims or Option with arguments
// that do not depend on the function's locals), in a loop, or in any
// function that is neither known to run once nor likely to run rarely.
//
// Code known to run once is left alone: init functions, package-level
// variable initialisers, sync.Once bodies, func main outside its loops, and
// unexported functions that are called only from such places. Code that
// probably runs a few times per process is reported only inside its loops:
// constructors and functional options (New..., With...), the body of a
// function that returns a function (a factory that builds a handler runs
// when the program is wired up; the handler it returns is analysed as
// usual), functions that start a process with os/exec, and the code of
// commands (package main, or a package with a cmd element in its import
// path, such as cmd/go/internal/...). Code behind an if with a constant false
// condition is skipped, and a compilation in a loop that is always followed
// by a return or break counts once per call. _test.go files are not
// analysed: tests run once, and a compilation inside a benchmark is what
// that benchmark measures.
//
// Patterns that are not constants are reported in two cases, without a
// fix:
//
//   - the compilation runs in a loop whose iterations all compile the same
//     pattern: every local variable the pattern reads is declared outside
//     the loop and not assigned in it, or declared in it once from such
//     values, and every call building it takes arguments and is not a
//     clock, random or I/O function (an iterator's Next() is not
//     invariant). The pattern may be built per request, as caddy's header
//     handler does when it expands placeholders in a configured pattern and
//     then compiles it once per header value; the message names the
//     outermost such loop, before which it can be compiled once.
//   - the pattern is configuration: it reads only constants, package-level
//     variables, fields of the method's receiver, variables that a function
//     literal captures from the top-level function that made it (a
//     middleware constructor returning a handler), and range variables and
//     single-valued locals derived from those, joined by string functions
//     of the standard library (strings, strconv, fmt.Sprint*,
//     regexp.QuoteMeta, path). Such a pattern is the same on every call,
//     and can be compiled when the configuration is set (a constructor, a
//     Provision or Init method). It is reported only where the compiled
//     regexp is used on the spot (called on, or held in a local variable
//     that is only called on or compared with nil): a regexp stored in a
//     field or a map, or returned, is already kept for later, which is the
//     fix. Functions that apply or check configuration (names starting
//     with Provision, Validate, Init, Setup, Configure, Load, Unmarshal,
//     Register, Compile or Build, in any case) are left alone.
//
// A parameter of an unexported function (not a method) counts as
// configuration when the function is only called, never used as a value,
// and every call in the package passes configuration in its place: a
// helper regexMatch(pattern, op) that a middleware calls per request for
// each of its configured patterns compiles them all on every request.
//
// A loop that calls a function which compiles a regexp from its
// arguments, passing the same arguments in every iteration, compiles the
// same regexp again per iteration, in the callee: a feed refresh that
// rewrites each entry's URL with RewriteEntryURL(feed, entry), which
// compiles the feed's rule, or a filter that calls
// filterFieldRegex(value, regex) for each value. Each function of the
// module being checked gets a fact naming the parameters (the receiver of
// a method first) that the pattern of a regexp it compiles is built from,
// alone with constants, package-level variables and stable calls (through
// locals every value of which is so built, and through the functions it
// calls that have such a fact); a compilation whose regexp is kept (in a
// field, a map, a cache) gives none. The call in the loop is reported,
// without a fix: compile the regexp before the loop and pass it in, or
// keep it with the value it comes from.
//
// A pattern read from request data (a query parameter) is not reported:
// it differs per call, and only a cache keyed by the pattern would help.
// Nor is a pattern passed in as a parameter of an exported function or a
// method, which the function cannot know to be configuration.
//
// Ciphers and MACs are compiled from their key the same way (category
// "cipher"): aes.NewCipher expands the key into round keys, cipher.NewGCM
// over the block builds its multiplication table, and hmac.New hashes the
// key into two hash states, all work that depends on the key alone.
// Measured by BenchmarkCipherSetup (AES-256-GCM sealing 256 bytes, and
// an HMAC-SHA256 of them; go run ./cmd/perfproof compare -variants
// percall,kept -bench CipherSetup -count 10 -benchtime 200ms
// ./analysis/passes/compileonce, 10 interleaved rounds on 2 shared cores
// under a load of 5, session 28): the cipher kept instead of made per
// call takes 90.0 % less time (95 % CI [−93.1 %, −84.5 %]; median 2.32 µs
// → 0.23 µs) and 2 → 0 allocations (1,280 → 0 B); the MAC kept and Reset
// 70.3 % less ([−82.2 %, −60.0 %]; 2.78 µs → 0.60 µs) and 5 → 0
// allocations (480 → 0 B). The analyzer reports aes.NewCipher, des.NewCipher and
// NewTripleDESCipher, hmac.New (its key argument) and the NewCipher or
// New of golang.org/x/crypto's chacha20poly1305, blowfish and twofish,
// without a fix, in the two cases a non-constant regexp pattern is
// reported: a key that a loop does not change, or a configured key (a
// field of the receiver, a package-level variable, a captured
// configuration, a range over one: a keyring whose every key is tried on
// each packet) whose cipher is used on the spot — called on, or handed to
// a mode of crypto/cipher (NewGCM, NewCTR, NewCBCDecrypter...) that is
// called on and dropped. A cipher or mode stored in a field or returned
// is kept already. A key derived per call (a session key from a counter)
// is new each time and not reported, nor one in a local that the function
// fills in place (rand.Read(k), io.ReadFull(r, k), copy(k, s), k[i] = b).
// A receiver field the code sets anew per connection (a handshake's
// shared secret) is still taken for configuration. On the corpus
// (bench/corpus, the scans at 45150cf of all nineteen labelled lists,
// every cipher finding labelled by a helper that had not read the check):
// 26 findings, 16 hot (an SNMPv3 packet's encryption, an OPC UA chunk's
// signature, a remoting command's, a session cookie's, a chunked upload's
// chunk signatures), 8 cold (admin registration, a rekey every 65,536
// records, a third-party login) and 2 wrong: a local key of fresh random
// bytes, no longer reported, and a field set per handshake. A cipher.Block or an AEAD made once
// can be kept with the key; a hash.Hash from hmac.New is not safe for
// concurrent use, so it is reused with Reset per goroutine or through a
// sync.Pool. A loop that calls a function which makes a cipher or MAC from
// its arguments, passing the same key in every iteration, is reported as
// for a regexp compiled across calls (a file transfer's Encrypt(chunk,
// t.key) per chunk, which makes the AES-GCM again each time: the
// nineteenth held-out set, schollz/croc); the function's fact names its
// key's parameters, and a cipher it keeps, or a key it fills in place,
// gives none.
//
// For MustCompile and MustCompilePOSIX the analyzer offers a fix that
// declares a package-level variable after the enclosing declaration and uses
// it in place of the call. The fix is offered only when the pattern compiles
// (so the program cannot start panicking at initialisation) and the function
// never calls Longest, which modifies a Regexp in place. A package-level
// variable is compiled at program start even if the function never runs; for
// rarely used code in a large binary, a lazily initialised
// sync.OnceValue(func() *regexp.Regexp { ... }) is the alternative.
//
// For example:
//
//	func parseLine(s string) []string {
//		re := regexp.MustCompile(`^(\w+)=(\d+)$`) // compiled on every call
//		return re.FindStringSubmatch(s)
//	}
//
// is better written as:
//
//	var parseLineRe = regexp.MustCompile(`^(\w+)=(\d+)$`)
//
//	func parseLine(s string) []string {
//		return parseLineRe.FindStringSubmatch(s)
//	}
package compileonce
