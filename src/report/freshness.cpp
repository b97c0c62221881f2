#include "gpucost/report/freshness.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace gpucost {

std::vector<StaleFigure> stale_figures(const std::vector<Figure>& figures, int max_age_days, Date today) {
    std::vector<StaleFigure> out;
    for (const Figure& f : figures) {
        const auto as_of = parse_date(f.as_of);
        if (!as_of) continue;  // the loader accepts only valid dates; a hand-built catalogue may lack one
        const std::int64_t age = days_between(*as_of, today);
        if (age <= max_age_days) continue;
        const bool seen =
            std::any_of(out.begin(), out.end(), [&](const StaleFigure& s) { return s.kind == f.kind && s.id == f.id; });
        if (!seen) out.push_back({f.kind, f.id, f.as_of, age});
    }
    std::sort(out.begin(), out.end(), [](const StaleFigure& a, const StaleFigure& b) {
        if (a.age_days != b.age_days) return a.age_days > b.age_days;
        if (a.kind != b.kind) return a.kind < b.kind;
        return a.id < b.id;
    });
    return out;
}

std::vector<StaleFigure> stale_figures(const Report& report, int max_age_days, Date today) {
    std::vector<Figure> figures;
    for (const Comparison& c : report.comparisons) figures.insert(figures.end(), c.figures.begin(), c.figures.end());
    return stale_figures(figures, max_age_days, today);
}

void warn_stale_figures(RunHeader& header, const std::vector<Figure>& figures, std::optional<int> max_age_days,
                        Date today) {
    if (!max_age_days) return;
    for (const StaleFigure& f : stale_figures(figures, *max_age_days, today))
        header.warnings.push_back(stale_warning(f, *max_age_days));
}

std::string stale_warning(const StaleFigure& f, int max_age_days) {
    return fmt::format("stale figure: {} {} is as of {}, {} days old (more than --max-age-days {})", f.kind, f.id,
                       f.as_of, f.age_days, max_age_days);
}

std::optional<std::int64_t> oldest_age_days(const Comparison& comparison, Date today) {
    std::optional<std::int64_t> oldest;
    for (const Figure& f : comparison.figures) {
        const auto as_of = parse_date(f.as_of);
        if (!as_of) continue;  // a hand-built catalogue may lack a date; the loader requires one
        const std::int64_t age = days_between(*as_of, today);
        if (!oldest || age > *oldest) oldest = age;
    }
    return oldest;
}

std::string older_as_of(const std::string& a, const std::string& b) {
    if (a.empty()) return b;
    if (b.empty()) return a;
    return b < a ? b : a;
}

}  // namespace gpucost
