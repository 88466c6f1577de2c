package claims

import "testing"

// The forty-ninth round's rules (testdata/labels/README.md,
// "Forty-ninth round"). Each test has, written for the test, a text of
// the shape its rule reads and a near miss that must keep its verdict;
// with the rule's const off, its cases fail.

// TestFortyNinthRoundRatePerSecondAsPeriod checks that a count per
// minute whose number is the load test's rate per second is a unit slip,
// and that a count per minute the rate gives (60 times it) stays clear
// (const ratePerSecondAsPeriod).
func TestFortyNinthRoundRatePerSecondAsPeriod(t *testing.T) {
	src := func(claim string) string {
		return doc("# Ferry booking gateway", "", "## Load test", "",
			"```",
			"     http_req_duration..............: avg=41.2ms min=8.1ms med=37.0ms max=310.4ms p(90)=66.3ms p(95)=81.9ms",
			"     http_reqs......................: 1281600 2136.0/s",
			"     iterations.....................: 1281600 2136.0/s",
			"```",
			"",
			claim)
	}
	if c := claimAt(t, extract(t, src("So a single gateway node handles 2,136 bookings a minute at the knee.")), 11, "2,136"); c.Verdict != ArithmeticError {
		t.Errorf("2,136 a minute: %s (%s), want arithmetic-error", c.Verdict, c.Detail)
	}
	if c := claimAt(t, extract(t, src("So a single gateway node handles 128,160 bookings a minute at the knee.")), 11, "128,160"); c.Verdict.Failed() {
		t.Errorf("128,160 a minute: %s (%s), want no alarm", c.Verdict, c.Detail)
	}
}
