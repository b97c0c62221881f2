// Helpers shared by the libFuzzer harnesses.
#pragma once

#include <string>
#include <string_view>

#include "gpucost/report/report.hpp"

namespace gpucost::fuzz {

// tests/data/mini_catalog.json, read once (its path is fixed at build time).
const std::string& mini_catalog_json();

// Aborts (a crash libFuzzer reports, with the input saved) when `value` is not finite.
void require_finite(double value, std::string_view what);

// Aborts unless every figure of every comparison in the report is finite.
void check_report(const Report& report);

// Aborts with `message` on stderr: an invariant of gpucost was broken by this input.
[[noreturn]] void fail(std::string_view message);

}  // namespace gpucost::fuzz
