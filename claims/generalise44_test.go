package claims

import "testing"

// The forty-fourth round's rules (testdata/labels/README.md, "Forty-fourth
// round"). Each test has, written for the test, an error of the shape its
// rule must catch and a text of the same shape that must stay unalarmed;
// with the rule's const off, its alarm cases fail.

// stated fails unless a claim of line states fig and has no error
// verdict: a near miss must be read, and read as fine.
func stated(t *testing.T, src string, line int, fig string) {
	t.Helper()
	claimAt(t, extract(t, src), line, fig)
	noAlarmAt(t, src, line, fig)
}

// TestFortyFourthRoundConversionWrongWay checks that a size restated in
// the other system of byte units with its digits multiplied by the
// prefix's factor where they should be divided ("19.6 TB a year, that
// is 21.6 TiB"), or divided where they should be multiplied ("48.0 GiB,
// which the vendor bills as 44.7 GB"), is an arithmetic error (const
// conversionWrongWay); that the right conversions stay consistent; and
// that two amounts of two things whose digits happen to stand in that
// ratio ("… and the replicas 21.6 TiB") raise nothing.
func TestFortyFourthRoundConversionWrongWay(t *testing.T) {
	yearly := func(tail string) string {
		return doc("# Map tile archive", "", "## Storage", "",
			"Rendering at zoom 17 adds 53.7 GB of tiles a night to the archive.",
			"Kept for a year, the tiles come to 19.6 TB, that is "+tail+" of disk in the rack.")
	}
	alarmAt(t, yearly("21.6 TiB"), 6, "21.6")
	stated(t, yearly("17.8 TiB"), 6, "17.8")

	heap := func(tail string) string {
		return doc("# Map tile archive", "", "## Memory", "",
			"After compaction the tile index takes 48.0 GiB, which the cloud bill lists as "+tail+" of memory.")
	}
	alarmAt(t, heap("44.7 GB"), 5, "44.7")
	stated(t, heap("51.5 GB"), 5, "51.5")

	two := doc("# Map tile archive", "", "## Storage", "",
		"Kept for a year, the primary copy holds 19.6 TB and the replicas 21.6 TiB of disk in the rack.")
	noAlarmAt(t, two, 5, "21.6")
}
