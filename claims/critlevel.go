package claims

// criterionTimeLevel reads criterion's "time: [lo mid hi]" line of a
// benchmark the report pastes no earlier run of as a level the line
// states: its point estimate (the middle figure, "18.530 ms") is
// extracted as an absolute figure of the benchmark, as
// criterionThrptLevel does for "thrpt:". The line had made no claim:
// a report that restates the estimate ("18.53 ms" in a table) labels
// it, and it was not found. The figure is unverifiable on its own;
// the interval's bounds stay no figures. A later run of the same
// benchmark pairs with it as before (the level is the pair's first
// estimate). Cost: one claim per criterion time line, read once.
// Forty-seventh round: criterion's output in blind3, blind7, blind23,
// blind25–blind29, blind33–blind35, blind38, blind44–blind46.
const criterionTimeLevel = true
