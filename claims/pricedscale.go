package claims

// pricedAmountOfScale (fiftieth round): checkPriced multiplies a unit
// price by the last figure of its quantity before it in the sentence,
// and a sentence that states a latency or a run time before a price, or
// before an amount of money over a calendar period that priceRE reads
// as a price per day ("p99 … fell from 31.5 ms to 11.8 ms … At $0.038
// per core-hour that is $57.00 a day"; "the CLI runs … (4.812 s to 1.973
// s) … saving $10.80 a day and $3,942 a year"), had the latency priced
// and the money called an arithmetic error ($57.00 against 11.8 ms ×
// $0.038 an hour). A time per operation is not what a price per hour or
// per day is paid for: an amount of time more than two unit steps
// smaller than the price's unit (milliseconds or seconds against a price
// per day, milliseconds against one per hour; a factor over 3,600) is
// not read as the amount priced, and the money is left to the other
// checks. Cost: one comparison per priced amount.
const pricedAmountOfScale = true

// pricedScaleRatio is how many times smaller than the price's unit the
// unit of the amount priced may be.
const pricedScaleRatio = 3600

// pricedAmountTooSmall reports whether amount, a time, is written in a
// unit too small to be what a price per unit of scale (ns) is paid for
// (see pricedAmountOfScale).
func pricedAmountTooSmall(amount Number, q Quantity, scale float64) bool {
	if !pricedAmountOfScale || q != Time || amount.Quantity != Time {
		return false
	}
	s := amount.scale
	if s == 0 {
		s = 1
	}
	return s*pricedScaleRatio < scale
}
