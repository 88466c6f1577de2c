// This file does not compile on purpose: the target is not a benchmark,
// and perfproof must not build it.
#include "header_that_does_not_exist.h"

int main() { return 0; }
