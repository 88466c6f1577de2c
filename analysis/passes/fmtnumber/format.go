package fmtnumber

import "slices"

// A piece is one part of a parsed format string: literal text, or a verb
// with its precision.
type piece struct {
	lit  string // literal text, when verb is 0
	verb byte   // 'd', 'x', 'v', 't', 's', 'f', 'e' or 'g'; 0 for literal text
	prec int    // precision of f, e and g; -1 if none was written
	// width is the width of a zero-padded integer verb (%03d, %08x), 0
	// if none; upper is set for %X. Only parsePadded sets them.
	width int
	upper bool
}

// parseFormat splits a Printf format into literal text and verbs. It accepts
// only the plain verbs d, x, v, t, s, f, e and g, and a precision of at most
// two digits on f, e and g (an empty one is 0, as in fmt). Flags, widths,
// argument indexes and other verbs make it fail: strconv has no direct
// counterpart for them — except a zero flag without a width, which pads
// nothing ("%0.f", written for "%.0f").
func parseFormat(format string) (pieces []piece, ok bool) {
	return parse(format, false)
}

// parsePadded is parseFormat that also accepts zero-padded integer verbs —
// a zero flag and a width of one or two digits on d, x or X (%02d, %03d,
// %08x) — and %X. ok is false unless the format has at least one such
// verb: the others are parseFormat's.
func parsePadded(format string) (pieces []piece, ok bool) {
	pieces, ok = parse(format, true)
	return pieces, ok && slices.ContainsFunc(pieces, func(p piece) bool { return p.width > 0 || p.upper })
}

// parse is parseFormat, with padded verbs accepted if padding is set.
func parse(format string, padding bool) (pieces []piece, ok bool) {
	var lit []byte
	flush := func() {
		if len(lit) > 0 {
			pieces = append(pieces, piece{lit: string(lit), prec: -1})
			lit = lit[:0]
		}
	}
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '%' {
			lit = append(lit, c)
			continue
		}
		i++
		if i == len(format) {
			return nil, false
		}
		if format[i] == '%' {
			lit = append(lit, '%')
			continue
		}
		width := 0
		if format[i] == '0' && i+1 < len(format) && (format[i+1] < '0' || format[i+1] > '9') {
			// A zero flag without a width pads nothing: "%0.f" is "%.f".
			i++
		} else if padding && format[i] == '0' {
			start := i + 1
			for i++; i < len(format) && '0' <= format[i] && format[i] <= '9'; i++ {
				width = width*10 + int(format[i]-'0')
			}
			if i-start > 2 || i == len(format) || width == 0 {
				return nil, false
			}
		}
		prec := -1
		if format[i] == '.' {
			i++
			start := i
			for i < len(format) && '0' <= format[i] && format[i] <= '9' {
				i++
			}
			if i-start > 2 || i == len(format) {
				return nil, false
			}
			prec = 0
			for _, d := range format[start:i] {
				prec = prec*10 + int(d-'0')
			}
		}
		switch v := format[i]; {
		case width > 0 && v != 'd' && v != 'x' && v != 'X':
			return nil, false
		case v == 'X' && padding:
			if prec >= 0 {
				return nil, false
			}
		case v == 'f' || v == 'e' || v == 'g':
		case v == 'd' || v == 'x' || v == 'v' || v == 't' || v == 's':
			if prec >= 0 {
				return nil, false
			}
		default:
			// Flags, widths, argument indexes and other verbs.
			return nil, false
		}
		flush()
		pieces = append(pieces, piece{verb: format[i], prec: prec, width: width, upper: format[i] == 'X'})
	}
	flush()
	return pieces, true
}
