// Package claims checks the numbers in a performance report: it extracts
// every numeric performance claim from a Markdown or plain-text report,
// checks whether the claim follows from the figures the report states
// beside it, and, given a Measurer, re-measures the benchmarks it names.
//
// # Extraction
//
// Extract reads a report line by line (1-based lines) and returns its
// claims, each with a Kind: factors ("11x faster", "2.9-3.8x"),
// percentages ("57% faster", "43% less memory", "(-11%)"), before → after
// figures ("785ns → 71ns", "from 9569 to 2775 ns/op", "518ns (vs
// 716ns)"), absolute figures with units (ns/op, µs, B/op, allocs/op,
// allocations/second, a share "of total request time"; mA, mC, mAh, mV,
// W, Wh and fps, each a quantity of its own), zero-allocation
// statements ("0 allocs/op", "zero allocations"), go test -bench lines
// pasted into the report (read with golang.org/x/perf/benchfmt, with a
// fallback for hand-edited lines: thousands separators, no iteration
// count, units from a header line, a name and its values on two lines),
// and rows of Markdown tables with Before/After (Old/New,
// Baseline/Optimized) columns. Projections ("expected", "estimated", a
// "Future work" heading) are kept but never counted as measurements;
// claims in double quotes are another document's and are skipped.
//
// Paragraphs are read as written, hard-wrapped: a factor or percentage
// that ends a line takes its words from the next line of its paragraph
// ("is 30%" / "faster"), one whose words stop at the line's end takes the
// rest there ("90% fewer" / "allocations"), one that starts a line its
// verb from the line before ("drops by" / "77%"), and a sentence that
// runs on from the previous line keeps that line's words as its subject.
// A claim rests on a pair of its own sentence only; a figure led by
// "about", "roughly" or "nearly" is approximate (a step of its last digit
// either way); "X, down from Y" states the new figure first; "latency
// down 61%" and "throughput up 30%" state a direction before the figure;
// "2.4x higher" with no quantity named, resting on rates (MB/s), is a
// throughput gain. Benchmark
// lines of one block that are cases of one benchmark ("Encode/small",
// "Encode/medium", "Encode/large") are not a baseline and its change,
// while the same names pasted again under "After:" (or first under
// "Before:") in the section are paired by name.
//
// Each claim has a subject: the benchmark names the report gives (a
// result line, a name in a table, the two benchmark lines of the claim's
// section, a "go test -bench=X" command in scope), else the nearest
// heading.
//
// # Arithmetic
//
// A stated factor or percentage is checked against the before and after
// figures it rests on, found, in order, on its line (an arrow, "vs", two
// figures of one quantity), in its table row (Before/After columns, a
// row marked "baseline", two columns of figures), in its block
// ("Before:" and "After:" bullets, a pair on an earlier line), under
// headings "Before …" and "After …" (labelled figures), or in the two
// benchmark lines of its section. The tolerance comes from the digits
// written: every figure is taken as rounded half a step of its last digit
// either way (785 as 784.5-785.5, 71.42 as 71.415-71.425), and the stated
// value as rounded or truncated (80% covers 79.5% up to 81%); the claim
// is consistent when the ranges meet, and the detail notes a truncation.
// "X% faster" is read both as time saved, 1 − new/old, and as throughput
// gained, old/new − 1 ("X% slower" as time added, new/old − 1, or
// throughput lost, 1 − old/new); when only one reading fits the figures
// the detail says which, and when the figures do not decide, Verify tests
// both.
//
// # The report as a whole
//
// Extract also builds a fact table of the whole document (Report.Facts):
// every figure with a unit, from prose, lists, tables and pasted benchmark
// output, with its subject (benchmark name, row or list label, else the
// heading), metric, side (before, after or none: Before/After columns,
// a baseline row, "Before:" labels, variant words in benchmark names) and
// 1-based line; facts of one subject, metric and side are linked as
// restatements (Fact.Restated) or differing values (Fact.Differs).
//
// It then checks claims across the document, each outcome a typed Cross
// (a CrossReason and a Derivation with their lines, figures and what they
// give), rendered into Claim.Detail:
//
//   - a factor or percentage with no figures beside it is tested against
//     every pair of figures the report states for its quantity, the pairs
//     that share the most subject words first (words of the claim's line
//     and section path against the pair's row or benchmark names and
//     section path; words that name one setting several ways, such as
//     "contention", "concurrent" and "parallel", count as one). A pair
//     that gives it makes it consistent (SupportedElsewhere); one only
//     from another row of the best-matching rows' table (or of a
//     benchstat table pasted as output) makes it MixesRows; none makes it
//     Unsupported, naming the closest pair. Figures the report does not pair (a table without
//     before and after columns) in the claim's section may support it, and
//     then it is not unsupported;
//   - a ratio about a measure the report states no figure for anywhere (a
//     latency percentile, "end-to-end") is Unsupported (Unmeasured);
//   - a ratio restated for the same subject (row or list label) with
//     another value is Contradicted, on the statement without figures of
//     its own; a figure restated in another section for the same subject,
//     metric and side with another value contradicts the claims of the
//     later line, unless the same figure is stated elsewhere for it;
//     sections titled "previous", "for reference", "for comparison" keep
//     earlier results on purpose and are left out; a before → after pair
//     in a sentence that quotes one figure of a pair stated on another
//     line for its subject, as written, and changes the other, which the
//     report states nowhere else, is a misquote: the claims resting on it
//     are Contradicted;
//   - derived figures are recomputed: differences ("saves 6.8 µs",
//     "2.3 µs less") from old − new of the subject's pairs (times a count
//     on the line: "for 100 objects"), totals from a per-operation saving ×
//     the rate the block states ("At 10,000 requests/second:") × the period
//     the line names ("daily", "per second"), rates of a count per second
//     from the time per operation of its block, sums and products written
//     beside a figure ("(26 + 3.7)", "(375ns × 10,000)") and the same figure
//     in another unit ("296ns (~0.3µs)"). A result that matches only with a
//     unit misread is a UnitSlip: a metric prefix (1000×) or, for bytes, a
//     binary unit written as a decimal one (MiB as MB). A verdict is about
//     one figure: an absolute line whose figures get different outcomes
//     becomes one claim per figure, each checked with the words of its own
//     clause;
//   - a claim about variance, jitter or a standard deviation is checked
//     against the report's spread figures ("±3%", "stddev 12 µs"): a pair
//     of them that gives it as a cut of the spread or of its square makes
//     it consistent, none makes it Unsupported naming the closest, and no
//     spread figure at all makes it Unsupported (Unmeasured);
//   - a before → after pair in a summary section (a table row, a list
//     item) whose subject words all name one detailed result of the
//     report, with one figure as that result gives it and the other
//     changed and stated nowhere else, is Contradicted, as a misquote in
//     a sentence is; a quotation may drop "/op" and thousands separators,
//     and a summary may truncate rather than round;
//   - a count of calls or operations a sentence states beside a code block
//     that loops over a collection in groups of K ("i += 64"), for a
//     collection of M items the sentence names, is recomputed as ⌈M/K⌉;
//   - a factor or percentage restated as written (three digits or more)
//     from a claim that rests on its own figures is supported by them;
//   - the words that make a figure a saving or a total are read in its
//     own clause (not in a following "which …" clause), and a figure after
//     "per" ("per 64 KiB block") is the amount another is per, neither;
//     on a line with several ratio claims, each claim's subject words are
//     those of its clause; "32 goroutines" names the parallel setting
//     ("1 goroutine" the serial one);
//   - "X% faster" that holds only as a throughput gain is Ambiguous, not
//     an error;
//   - pairing is scoped to the claim's clause, item and subject: a list
//     item's label names its first clause only, a later clause after a
//     comma that names a subject of its own ("…, histogram lines in 50%
//     less time") is checked with its own words; a pair beside one claim
//     of a line is not reused by a claim of another clause; a pair stated
//     on one line of a list item is not the next item's; a factor whose
//     words name no quantity ("768 → 24, 32x fewer") rests on the pair of
//     its own sentence whatever its quantity; a word just before a figure
//     ("allocates 75% less"), a subject before a plain count of the clause
//     ("throughput at 64 clients is up 38%") and "per second" after a
//     noun name what is compared; a ratio that names no measured quantity
//     ("33% fewer cores") is checked against the table rows of plain
//     counts whose label its clause names; a difference is also supported
//     by a pair whose own subject words its clause names, though a
//     section names another ("each of which saves 8.46 µs" after "small
//     validations" under "The cost: compiling");
//   - columns headed by two version numbers ("2.6 | 2.7", "v0.9 (ns/op)")
//     are before and after, a column of versions pairs the rows of one
//     name by version (the rows of one name being one row of the table
//     for mixed rows), and runs pasted under labels naming two versions
//     ("v0.9:", "v1.0:") are paired by name, not read as one benchmark
//     stated twice;
//   - units compose: a time or size per named thing ("ns/line",
//     "B/series") is per operation; a byte rate is recomputed as a size
//     (of its line or of its pair's row label) over a time per operation
//     (Bandwidth); a time over one period is the time the block states
//     over another period rescaled ("102 ms of CPU per second" → "8.8 s
//     per day" is 1000× off); "965 µs faster" beside a factor is a
//     difference; each may be a UnitSlip;
//   - figures are equal when their rounding ranges overlap by more than a
//     point (1.1 and 1.2 ms touch at 1.15 and differ); a before → after
//     sentence that misquotes one figure becomes one claim per figure, the
//     quoted one consistent, the changed one Contradicted;
//   - a count of operations that pays back a cost ("paid back after 3
//     validations, each of which saves 8.46 µs", the cost "27.4 µs" in
//     the same sentence) is recomputed as ⌈cost/saving⌉;
//   - pairs are read as prose writes them across its lines and forms:
//     "from" ending a line opens a pair on the next ("goes from" / "212
//     allocations to 9"), "from X to" ending a line takes its new figure
//     from the next, "X before and Y after" (also across a line break),
//     and "17.9 ms (was 41.3 ms)", the new figure first, a pair for its
//     own sentence only; an arrow after a quotient ("40,000 / 2,350 → 18
//     pods") gives the quotient's result, checked as A/B (a count as its
//     floor or ceiling), not a pair; a figure named a saving in its
//     clause ("a saving of 940 ns", "improved by 62 ms") is a claim
//     beside a pair on its line;
//   - runs pasted in one block under comment lines ("# before (main)",
//     "# after (PR 2291)") are the two sides, paired by name, not one
//     benchmark restated; benchstat rows that print counts without a
//     unit ("14.0 ± 0%  2.0 ± 0%") take it from the header ("old
//     allocs/op"); a prefix written apart from its number ("2.41 M
//     op/s") scales it;
//   - a ratio's clause ends where a before → after pair of another clause
//     starts, on its line or running on to the next; a clause that names
//     a rate ("SET throughput rises by 40 %", "throughput per pod +48 %")
//     rests on pairs of rates when the report states any for it, not on
//     times per operation; "rises" is an increase, and the clause before
//     a signed figure names its quantity; the subject before "fall by" names what
//     falls ("bytes allocated per batch fall by 79.5 %");
//   - a time that is a percentile or a bound of a latency (p99, median,
//     SLO, timeout) is no time per operation: no rate is recomputed from
//     it; a parenthesis that names another thing ("(mean record size 180
//     B)") is no conversion; a percentage bounding a spread ("run-to-run
//     spread was below 2 %") is no change; a difference is never taken
//     from a pair of rates;
//   - a before → after pair whose figures are another pair's of its
//     subject, as written, in a unit a metric prefix away ("from 18.7 ms
//     to 9.4 ms" for a table's 18.7 µs → 9.4 µs) is Contradicted; a ratio
//     about "GC pause" that the report gives no figure for is Unsupported
//     (Unmeasured); a ratio about a latency percentile ("p99 latency down
//     81 %") is checked against the rows of times naming that percentile,
//     and the before figure of one table with the after figure of another
//     (two load levels) that gives it makes it MixesRows;
//   - a table of several before/after column groups ("old time | new
//     time | Δ time | old B/op | new B/op | Δ B/op | old allocs | new
//     allocs | Δ allocs") pairs each old column with the new column after
//     it, and the text cells of a group (its Δ) rest on that group's pair
//     only; a column whose cells name a side ("build": before, after)
//     pairs the rows of one label, as a column of versions does, and
//     columns of a latency statistic without a unit ("p50 | p99 | max")
//     take the one the text above the table names ("Latencies in
//     milliseconds"); a ratio rests on the column its clause names: of
//     the pairs of one table row, only the best-matching ones support it
//     ("max latency down 52 %" is not supported by the row's p95), and
//     "median" names the p50, "worst" and "slowest" the max;
//   - benchstat's current output is read as it prints it: the unit of a
//     table in its header row ("│ sec/op │ sec/op vs base │"), each row
//     a name, the base and the new figure written with a bare SI or
//     binary prefix ("1.842µ", "101.2Mi", "3.710m", "4.012k") and their
//     "± 1%", then the delta and "(p=0.000 n=10)"; the figures take the
//     header's unit (sec/op as seconds, B/op, B/s, allocs/op) and the row
//     is the delta's pair, the "geomean" row too; "MiB/s", "GiB/s" and
//     "KiB/s" are rates;
//   - criterion's output: the middle figure of "time: [lo mid hi]" (and
//     "thrpt:") is the estimate, the interval's bounds are no figures; an
//     estimate of a benchmark printed in an earlier block (a saved
//     baseline) and in a later one (the branch) are its before and after,
//     a pair the report states (a prefix written into a rate's unit,
//     "Kelem/s" and "Melem/s", scales it); a "change:" interval of
//     percentages is checked by its middle figure against the last such
//     pair of its kind (time, else thrpt);
//   - JMH's rows ("Class.method  avgt  25  4.812 ± 0.061  us/op") take the
//     unit at the row's end, not the error's; rows of one class and mode
//     in one block are variants of one benchmark, each after the first an
//     unordered pair with the first, which a factor in a summary may rest
//     on ("Row mapping is 3.5x faster (JMH)");
//   - "X against Y" is a pair as "X vs Y" is; "X instead of Y" (X with a
//     unit) states the new figure first, a pair for its own sentence only;
//     an arrow that rounds a count to a whole one ("8.75 → 9 pods") is no
//     pair, and the count is kept as a figure of the line; a rate that sets
//     the scenario of a measurement ("p99 at 1,000 req/s", "the 2,000 req/s
//     step") is not paired with another for a ratio beside it, nor
//     recomputed from a time per operation;
//   - a saving that no pair gives but that is stated, as written, on a
//     line of another section (a summary's "saving about 137 µs per
//     request" of the body's "roughly 137 µs of CPU per request", derived
//     there from a count) is a restatement, judged there, not
//     unsupported;
//   - headers name a table's sides wherever its columns stand ("After
//     (ms) | Before (ms)"), "(min)", "(h)" and "(s)" in a header or a row
//     label are units, and a column of differences ("Δ (ms)", "Saved
//     (min)", a "Change" in "pp") is checked cell by cell as |old − new|
//     of its row, in points for two rates in percent; the other cells
//     holding one figure of a row that states no claim (shares, counts)
//     are figures of their own;
//     a wrong ratio of a row is the ratio's error, not its row's figures';
//   - two tables with the same row labels that agree on none of their
//     shared figures (cold and warm start per device) measure two things:
//     none restates the other;
//   - a period or a word multiplier after the second figure of a pair
//     covers both ("from 90.2 M to 49.7 M a day", "12.87 billion against
//     12.90" / "billion"), as does a unit or multiplier that starts the
//     paragraph's next line; "(106.7 M to 518.9 M a day)" after a factor
//     is its pair; "grew 4.9×" of a count is new/old; "X, down from Y"
//     states the new figure first;
//   - a figure restated right after in another unit ("1.36 million
//     seconds, about 378 hours", "19.4 TB a day (17.6 TiB)", also across a
//     line break, "94.4 TB a day, a sustained 8.74 Gbit/s") is recomputed;
//     a slip of 60 (seconds to hours as to minutes), of 8 (bits for
//     bytes) or of one 1.024 is a UnitSlip;
//   - an amount of money a sentence computes from a unit price ("20,341
//     runner-hours. At $0.032 per runner-minute that is $39,054") is the
//     amount in the price's unit times the price; a net amount ("net
//     saving: $8,140 a month") is the difference of two amounts of its
//     period stated before it in its list;
//   - a sentence's pair that quotes one figure of a table row rounded or
//     in another unit ("0.88 s, down from 1.25 s" for 1,246 ms → 861 ms)
//     and changes the other is Contradicted, as is one wrapped onto the
//     next line ("from 41 s to" / "9.5 s"); a difference's subject may
//     follow it ("77 ms on the" / "Pixel 8"); a pair followed by a clause
//     with another subject ("and the critical path became 3.4 times
//     shorter") is not the claim's, and a pair that starts its line is
//     about what the sentence's line before names; a ratio stated as a
//     mean over rows ("geometric-mean", "on average") is never
//     unsupported by a closest pair; a ratio about CPU time that no figure
//     measures is Unsupported (Unmeasured); "4.8 min", "runner-hours",
//     "5.3 times shorter", "76.6 points" and counts with thousands
//     separators are figures;
//   - an alarm names figures of the measure the claim's clause names: a
//     claim that names space, a rate of things ("gets per second", a
//     capacity), a count ("executors", "as often"), bytes or money is not
//     Unsupported by a closest pair of another measure (times give rates of
//     things, one over the other); two cells of a table column the clause
//     names ("| Gets/s |", "| Device writes |") that give a ratio support
//     it, and a figure of the clause that quotes the supporting pair in
//     another unit ("now 0.86 s, 1.44× faster") is stated by it;
//   - a pair is scoped to its clause: two figures no word joins are a pair
//     only in one unit and with no other ratio between them, a signed
//     figure ("(+270 req/s, +14.6 %)") is a change and no side of one, a
//     pair is the nearer claim's ("58.1 % less, but 71 % more space (1.90
//     vs 1.11)"), and a clause after a pair that names a measure of its
//     own ("…, /checkout p99 −35 %") or that lists a claim after another
//     one does not take it; "from 73.2 TB (66.6 TiB) to 50.2 TB" pairs the
//     figures around the parenthesis, whose wrong restatement is its own
//     error; two labelled list items, the second with a change in
//     parentheses ("- G1: 1,850 req/s" / "- ZGC: 2,120 req/s (+14.6 %)"),
//     are a before and an after;
//   - "extends drive life …, a 63 % gain" is new/old − 1; "−7.8 %
//     throughput" and a signed change of a pair of rates are throughput
//     lost; "N× as fast", "N× as often", "N× that of" are factors; the
//     factors before a quotient are its dividend's ("86,000 × 1.1 / 1,850
//     = 51.1"); "p99.9" is its own percentile; "256 MiB target files" is
//     a setting, not a projection;
//   - an amount of bytes per period is recomputed from the byte rate of
//     the table row its sentence names, in the column its words name
//     (rate × period; an hour's amount written as a day's is a UnitSlip
//     of 24×); a rate restated per another period may follow "per pod,
//     that is"; a figure written in MB whose digits the report states only
//     in MiB is a UnitSlip; no rate is recomputed from a time of minutes
//     or more (a job's run, not an operation's); "259 executor-wall
//     minutes" is a time;
//   - figures of tool output and counts in words: the first JMH variant's
//     score, a statistics line of a snake_case name and one number
//     ("rows_in  2,100,000,000"), a counter "IOPS=182k" (not on a "$"
//     command line), and a count scaled in words with decimals ("5.4
//     billion events"; "up to 2 million" is a bound) are figures;
//   - restatements: a figure of a statistic ("p95", "the median",
//     "averages", "total") in a sentence that names one table row (a
//     word of its label, none of another row's; a label that is a
//     statistic is named by it, when the paragraph is in the table's
//     section or names a word of its headers or section title) is that
//     row's cell of the statistic, and
//     another value (within 1.5× of the cell; further apart it is another
//     measurement) is Contradicted, unless a cell or another line states
//     it; a figure of a change ("improved by 62 ms", "9 ms lower") is no
//     restatement; a before → after pair that quotes, as written, a
//     figure with a unit and three significant digits of another pair
//     ("73.2 TB") and changes the other is a misquote whatever words the
//     two sentences use;
//   - a factor or percentage with no figures beside it is checked against
//     the before and after cells of the table row its clause names (by
//     the statistic it names, "p90 is down 30 %", else by two words of
//     the row's label; two columns without before and after headers in
//     either order): a pair that gives it, as a ratio or as points of
//     two rates in percent, makes it consistent, none Unsupported, unless
//     its line states a pair of its own; a ratio about CPU (vCPUs,
//     cores), allocations (allocs/op, B/op) or pauses in a report where
//     no other line naming that measure states a figure is Unsupported
//     (Unmeasured);
//   - tables a tool prints as aligned columns in program output (a header
//     of names over rows named by their first field, "rung  x264_s_per_min
//     nvenc_s_per_min") are read as Markdown tables are, a time unit in a
//     snake_case name ("wall_s") being the column's; a table in long form
//     whose first column names one of two variants and whose second the
//     case ("redis-6.2 | get", "memcached-1.6 | get") pairs the rows of one
//     case; two columns of one quantity are a pair only in one unit kind
//     (a time and a rate are not);
//   - every figure of a table row is a figure of the line: the cells of its
//     value columns and, in a row whose claim rests on its own cells, its
//     other cells of one figure (not in a table of Before/After columns or
//     a baseline row, whose figures are its changes'); a line with a factor
//     or percentage lists its other figures with units and its levels in
//     percent ("the hit ratio is 99.2 %"), neither approximate nor ranges,
//     and these listed figures are not recomputed; counters a tool prints
//     by name ("hit=51204", "Rows Removed by Filter: 1236150"), a ratio
//     written as a proportion ("8.03:1"), packet rates ("3.90 Mpps"),
//     counted resources after one word that says which ("12 CPU nodes"),
//     and a factor of "the compression speed" or "gzip's decompression
//     speed" are figures;
//   - a ratio that compares two rows of a table of its section by name
//     ("zstd -19 archives are 20.1 % smaller than gzip's": the row named
//     first is the new figure, the one after "than", "against" or the
//     figure the baseline; a label "name setting" is named by its name
//     when no other row has it) is checked against the two rows' cells in
//     the column its clause names (a header's word stem: "decompression"
//     and "Decompress (MB/s)"), else the size column a comparative names
//     ("smaller"), else the columns of its quantity; a column that gives
//     it makes it consistent, and when one column is named and another
//     row gives it with one of the named rows, it is MixesRows;
//   - a figure followed by the noun of a change ("1.3 ms saved", "a 550
//     ms improvement") on a line with a before → after pair is that pair's
//     difference; "from 1,536 GiB (24 × 64 GiB) to 448 GiB" pairs the
//     figures around the product; of several pairs of its sentence a
//     claim rests on the nearest, and a clause naming money ("the cost per
//     hour … fell by 85 %") takes no pair of times;
//   - ratios restated with another value are about one measure and one
//     setting: a ratio naming no measure ("25 % better"), another flag or
//     level ("zstd -9" against "zstd -3") and a line that restates the
//     other claim's value with one of its ratios (its other ratio measures
//     another thing) are not restatements; a sentence's misquote is not
//     excused by a figure of another subject that rounds to the changed
//     one ("21.3 ms" of a GC pause for "21 ms" of a latency); a time, size
//     or byte rate of no statistic in a sentence that names one table row
//     by its own words ("we keep gzip at 35.8 MB/s") restates that row's
//     cell in its unit (not when the sentence writes another setting, a
//     thread count, an approximation or a second figure of the quantity);
//   - a factor or percentage stated as a mean over rows ("the speed-up
//     averages 4.6× per rung") is the arithmetic or geometric mean of the
//     one column of factors whose header its clause names (rows of a
//     statistic left out); neither giving it is an ArithmeticError (Mean),
//     and a bound ("up to") is no mean;
//   - a bound ("needed up to 19 % more") is not Unsupported by the
//     closest pair; a word inside a hyphenated compound ("Multi-get")
//     does not name the row of the word alone ("get") when a ratio's
//     rows are told apart by its clause's words;
//   - an alarm names figures of the claim's own measure: a latency
//     percentile pair is no evidence about a rate ("28 % more write IOPS"
//     against a p99), power, a price ("costs 5.1 % more"), an amount
//     written ("wrote 36 % less") and a change of a noun of no measure
//     ("the 6.2-fold increase in grid points") are measures of their own;
//     a size over a latency percentile is no bandwidth, a total off by
//     more than 100× with no unit slip rests on figures that are not its
//     operands, and a conversion whose second figure's words run on to
//     the next line ("about 1,296 s" / "per simulated day") is no
//     conversion;
//   - IOPS is a rate of operations; columns "A, reads | B, reads | A,
//     scans | B, scans" are pairs of two variants per case, and a table
//     of percentile rows takes the unit its lead-in ends with ("…, in
//     microseconds:"); a lone "B" in a header is a name, not bytes, unless
//     in brackets; a column whose header gives a unit holds no versions; a
//     long-form table whose first column holds figures ("1 KiB") and whose
//     second names two things takes the second as the variants;
//   - a comparison across a line break ("… 1.82" / "against 2.83 …") is
//     the pair of the ratio before it; "against A's 4,150 MB/s" is a
//     comparison; a clause after a semicolon that names a percentile
//     ("; p99.9 however rises by 21 %") is not the pair's clause, and
//     "p99.9" is one word, not "p99"; a figure is found where it is
//     written, not inside a longer one ("3 %" in "32 %");
//   - a reduction of a rate the pair shows falling ("cuts the publish
//     rate by 45 % (38,500 to 21,000 msg/s)") is 1 − new/old of the rates;
//     a multiple of a baseline named after it ("2.7 times RabbitMQ", "6.1×
//     what B managed") is the rate ratio; "-fold" before a change and
//     "times" before "as many", "what" or a name are factors;
//   - two values of a scaling table's key named by a sentence ("from 16 to
//     32 nodes") select those rows' cells of the column of its quantity
//     (or the one its clause names): the claim rests on them, not on the
//     two settings; a difference they give supports a saving; another row
//     that gives it with one of them is MixesRows; a clause naming another
//     column leaves the settings unpaired; the speed-up and efficiency
//     columns of a scaling table are recomputed from its times and key,
//     S(N) = T(base)/T(N), E(N) = S(N)/(N/base) (Derivation Scaling); a
//     total after a time per one thing and a count of those things ("at
//     1.9 ms per step and 8,640 steps it costs 16.4 min") is their
//     product, a match consistent and a unit misread a UnitSlip;
//   - a misquote may swap the sides of a comparison written without an
//     order, and two plain counts a sentence moves a setting between
//     ("from 8 to 16 nodes") are no measurement to misquote; a byte rate restated in another unit ("1,555 MiB/s …, or
//     1.48 GB/s in decimal units") is a conversion; the two figures of a
//     failing ratio's own pair that other lines state as written are
//     confirmed there, and the error is the ratio's alone;
//   - an alarm needs figures of the claim's own subject: the pairs of an
//     earlier list item (also one that runs over two lines of that item)
//     are not a later item's, nor is a closest pair from another item of
//     the list whose emphasised lead names another subject; a claim's
//     clause starts after the comma before its figure ("a 3.03× speed-up,
//     and step time falls by 67.1 %"); a verb right before the figure
//     names its measure ("costs about 51 % more … for a 111 ms better
//     p50" compares money); a closest pair of another section is no
//     evidence when two rows of one column of a table in the claim's
//     section give it; two levels in percent are no speed; a sentence
//     that writes the two figures it mixes (two tables, two settings)
//     as its own pair compares them on purpose;
//   - rows compared by name: the sentence runs on to the next line of its
//     paragraph up to its full stop, a latency percentile ("p50",
//     "p99_ms") names a column, a bare factor ("the snapshot p50 is 1.54×
//     … the node20 figures") is the multiple either way, "A100 bf16"
//     names the row "A100, bf16", an arrow between two rows names the
//     baseline first, and the same two rows of another table of the
//     column (the table of another setting) that give it make it
//     MixesRows; two rows of a scaling table named by their key compare
//     their rates when the table has no times (the whole column, not the
//     one per thing);
//   - new forms: "N× the baseline / its normal rate / the price of … /
//     the traffic", "N× headroom" is a multiple of a reference, checked against the two figures of one
//     unit its sentence writes around it; "N % below/above X" against the
//     figure before it and the reference after it (not a distance from an
//     SLO, a limit or a target); "lifts/trims … by N %"; "X" / "instead of
//     Y" across a line break is a pair; none of these is Unsupported by a
//     closest pair;
//   - derived figures: an amount from a rate and the duration its sentence
//     writes ("41,000 rows/s for 2 h 10 min, about 287 M rows"), or over a
//     period word (a match, or a slip of 24 for an hour's amount written
//     as a day's); how full a capacity is ("358.8 GB … the 400 GiB volume,
//     which was 89.7 % full", Derivation Share, GiB taken as GB a
//     UnitSlip); a conversion inside a projection ("would take 4,600 s
//     (46 min)"); a figure listed beside a ratio that restates the cell
//     of the row its sentence names; a share of one noun in a summary
//     ("3.1 % of invocations") that the detail states with another value
//     is Contradicted; a ratio about energy that no line measures is
//     Unsupported (Unmeasured);
//   - figures: counts written with a multiplier ("420 M", not a bound "up
//     to 2 million" nor a round "10K"), durations in hours and minutes
//     ("2 h 10 min"), ranges with their dash as written; "could not" and
//     "than it could" state a past fact, not a projection;
//   - an alarm rests on the figures the claim rests on: a difference no
//     pair gives names its operands (the one pair of its subject, or the
//     one its clause's words name, never a pair it is a side of); a line of
//     several figures becomes one claim per figure when a check fails one
//     ("905 MB (949 MiB)" beside "312 MB") or leaves one unchecked beside a
//     consistent one; a time compounded with what it counts ("7.58 node-
//     hours") is no plain time; a size a flag sets ("`-Xmx16g` (16,384
//     MB)") is the flag's; "fewer" counts things, which no pair of times
//     refutes; a table cell rests on its row; a range ("66–75 % smaller")
//     rests on the rows of one table that give both its ends, and one pair
//     inside it is neither support nor an alarm; the pair of another
//     percentile's clause, two columns of two statistics ("p50 | p99") and
//     figures followed by a comparative ("1.6 ms lower") are no pair of a
//     claim; a signed rise of a rate is the rate's; a bare factor beside
//     its pair ("(4x)") is the multiple either way; a ratio restated after
//     "i.e." rests on the pair before; two rates of one sentence across a
//     line break are its pair, as is "from 41.0 ms in A to" / "33.6 ms in
//     D"; a latency percentile beside its line's pair, both figures
//     measured elsewhere, rests on it; a failing ratio's own pair stated
//     nowhere else is not flagged with it; a contradicted figure is split
//     from a ratio that holds with either value; of a summary's sentence
//     and a detail's that misquote each other, the summary's is the
//     misquote; a table row the clause names comes before a closest count;
//     two columns of one row that a sentence names ("SA … than NSA on
//     median RTT") are its pair;
//   - figures: cells whose unit the row's label gives ("RTT median
//     (ms)"), "6.12 times LTE's"; a count of processors beside a memory
//     size or per machine measures no CPU use;
//   - what a figure restates: an amount restated per another period in
//     its sentence ("$57,300 … per day, or roughly $401,000 per month",
//     "7,488 QPS … is about 449,000 fewer queries per day", "July's 412
//     million requests … about 4,770 requests per second") is the earlier
//     figure over that period, a match only over another period a
//     UnitSlip naming both, as is one amount written per two periods in
//     a paragraph ("$1,875 a month" … "$1,875, every day"); a summary's
//     figure naming one row and one column of a table restates that
//     cell, and one that differs from it (by less than a fifth, and
//     written nowhere else) is Contradicted;
//     of two summaries' figures of one subject, the one the detail does
//     not write is Contradicted when the detail writes the other; "a
//     rise of 16 %" is a change of its sentence's pair;
//   - what two figures of a sentence derive (Derivation Product): a
//     size, byte rate or time that a product or quotient of two figures
//     before it gives, their units giving its own ("8 workers … 612 MiB
//     … 4.9 GiB", "3.1 TB … across 18,400 queries, about 168 KB each",
//     "4 KiB … 9.31 µs … 440 MiB/s", "2.1 KB … 1,150 inserts per minute
//     … GB per day"; one operand may be in the sentence before), a match
//     consistent and a match only with a unit misread (a prefix, MB for
//     MiB, bits for bytes, a minute's rate per second) a UnitSlip, even
//     in a projection; a figure beside an expression that holds is
//     checked alone; a figure written once that one slip of the pen (two
//     digits swapped, one changed, added or left out, not the last) makes
//     from a figure two other lines write is Contradicted; a ratio whose
//     clause's row does not give it while that row with a sibling does is
//     MixesRows before a pair of another table supports it; "N times
//     longer", "N times the previous …" and "the … median" are factors,
//     the multiple of a rate pair beside them the rates' own; "seconds"
//     compound a unit ("CPU-seconds"); a result "more than the 8.3 ms we
//     expected" is no projection; memory (RSS, heap) is a measure a ratio
//     needs figures of, as CPU is;
//   - a size restated in another unit after what it is per ("1,125 MB
//     per user per month, or 1.12 GiB") or after a few words and a
//     parenthesis ("133.5 GiB we get back (about 143.3 GB"), a GiB read
//     as a GB a UnitSlip; a restatement between the sides of a pair ("X
//     GB/s, or Y Gbit/s, up from Z GB/s") a conversion of its own, the
//     pair X → Z; a figure after "a saving of", "an extra" the difference
//     of the pair its sentence states before it (on the line before when
//     the sentence runs on); a side of a pair that one slip of the pen
//     makes from a figure a line writes beside the pair's other side (a
//     table row) is Contradicted; "X, up from Y" with Y bare is a pair;
//     a size "of RAM" that no machine is built with (not 2^k or 3·2^k
//     units) is a figure of the report, not the machine's.
//
// Rounding follows the digits written, as for the arithmetic beside a
// claim; a rate that sets a scenario ("at 2M decisions/second") is taken
// as exact. The scores of these checks on hand-labelled reports are in
// testdata/labels/README.md.
//
// # Re-measurement
//
// Verify matches claims to the benchmarks a Measurer lists: by name, or,
// for a claim without names, by a before/after pair ("X/before" and
// "X/after", "X_Old_Y" and "X_New_Y") whose name the claim's -bench
// pattern, text or heading mentions. It compares the claimed ratio new/old
// with the measured ratio's confidence interval, within a relative
// tolerance (DefaultTolerance, ±15 %): ratios and allocation counts
// transfer across machines, absolute times do not and are reported as
// context only; a measured interval wider than (1 + tolerance)^4 is too
// noisy to judge and leaves the claim Unverifiable, never Reproduced.
// Google Benchmark names in the report ("BM_Pool_after/real_time/
// threads:2") are benchmark names, and a pair whose old and new names the
// claim's text both writes whole is its pair. Verdicts are Consistent,
// Ambiguous, ArithmeticError,
// Unsupported, MixesRows and Contradicted from the report alone,
// Reproduced, NotReproduced and BetterThanClaimed from a measurement, and
// Unverifiable with what would make the claim verifiable. A measurement
// never replaces an error found in the report's own figures.
//
// Each measurement has a Setting, chosen as the report ran its benchmarks.
// Time is measured with the Measurer's own short interleaved runs. B/op
// and allocs/op figures depend on the run length for code that reuses
// memory, so they are measured with the iteration counts of the go test
// output the report pastes (-benchtime=Nx), else the -benchtime of a go
// test command it states (Report.Commands; the one nearest above the
// claim whose -bench runs the benchmarks), else go test's default 1 s,
// DefaultAllocCount runs unless the command states -count. The command's
// build flags (-tags, -race, -gcflags) and a single -cpu apply to both.
// Each measured verdict's Detail and Measured.Setting say which setting
// was used and where it comes from.
//
// Annotate writes a copy of the report with each checked figure marked
// and its verdict explained, and AnnotateHTML renders that copy as one
// self-contained HTML page.
package claims
