// How old the figures behind a report are: the --max-age-days warnings and check's max-age-days gate.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "gpucost/report/report.hpp"
#include "gpucost/util/date.hpp"

namespace gpucost {

// A catalogue entry used by a report whose as_of is older than a freshness limit.
struct StaleFigure {
    std::string kind;  // "GPU", "build" or "offer"
    std::string id;
    std::string as_of;          // as written in the catalogue (YYYY-MM reads as its first day)
    std::int64_t age_days = 0;  // today - as_of
};

// The figures the report's comparisons rest on that are more than `max_age_days` days old on `today`,
// each once, oldest first (ties by kind, then id).
std::vector<StaleFigure> stale_figures(const Report& report, int max_age_days, Date today);

// The same over any list of figures (a ranking's rows, a listing's entries).
std::vector<StaleFigure> stale_figures(const std::vector<Figure>& figures, int max_age_days, Date today);

// With a limit, one stale_warning per stale figure appended to `header.warnings`, oldest first; else nothing.
void warn_stale_figures(RunHeader& header, const std::vector<Figure>& figures, std::optional<int> max_age_days,
                        Date today);

// "stale figure: offer x is as of 2025-01-01, 400 days old (more than --max-age-days 365)".
std::string stale_warning(const StaleFigure& figure, int max_age_days);

// Days from the oldest as_of among a comparison's figures to `today`; empty when none has a date.
std::optional<std::int64_t> oldest_age_days(const Comparison& comparison, Date today);

// The older of two as_of texts, an empty one losing. YYYY-MM sorts before any YYYY-MM-DD of its month, which is
// the cautious reading.
std::string older_as_of(const std::string& a, const std::string& b);

}  // namespace gpucost
