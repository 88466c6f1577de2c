#include <string>
int f() { return undefined_name + 1; }
