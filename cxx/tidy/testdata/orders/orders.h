// A C++ fixture for perfproof's C++ report (clang-tidy findings ranked by
// gperftools profiles): a hot function that copies strings it only reads,
// and a cold one that does the same but never runs under the benchmark.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

// total_length is the benchmark's hot path.
std::size_t total_length(const std::vector<std::string>& symbols, std::string sep);

// audit_line is never called by the benchmark.
std::string audit_line(const std::vector<std::string>& fields);
