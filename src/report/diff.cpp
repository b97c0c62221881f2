#include "gpucost/report/diff.hpp"

#include <algorithm>

namespace gpucost {
namespace {

// Every figure a build's line shows, compared exactly: two runs of one program on one input agree to the bit, so
// any difference is a real one.
bool same_figures(const RunComparison& a, const RunComparison& b) {
    return a.offer_id == b.offer_id && a.build_total_usd == b.build_total_usd &&
           a.cloud_total_usd == b.cloud_total_usd && a.build_cheaper == b.build_cheaper &&
           a.savings_usd == b.savings_usd && a.break_even_hours == b.break_even_hours &&
           a.build_cheaper_above == b.build_cheaper_above && a.payback_month == b.payback_month;
}

const RunComparison* find_build(const CompareRun& run, const std::string& id) {
    const auto it = std::find_if(run.comparisons.begin(), run.comparisons.end(),
                                 [&id](const RunComparison& c) { return c.build_id == id; });
    return it == run.comparisons.end() ? nullptr : &*it;
}

DiffRun run_of(const CompareRun& run) {
    return {run.file, run.command, run.tool_version, run.catalog_as_of, run.catalog_source, run.assumptions};
}

std::vector<AssumptionChange> changed_assumptions(const ResolvedAssumptions& a, const ResolvedAssumptions& b) {
    std::vector<AssumptionChange> out;
    for (const AssumptionInfo& i : assumption_infos()) {
        const std::size_t k = static_cast<std::size_t>(i.key);
        const bool in_a = !a.origins[k].empty();
        const bool in_b = !b.origins[k].empty();
        if (in_a == in_b && (!in_a || get_value(a.values, i.key) == get_value(b.values, i.key))) continue;
        out.push_back({i.key, in_a, in_b});
    }
    return out;
}

}  // namespace

const char* to_string(DiffStatus status) noexcept {
    switch (status) {
        case DiffStatus::unchanged: return "unchanged";
        case DiffStatus::changed: return "changed";
        case DiffStatus::added: return "added";
        case DiffStatus::removed: return "removed";
    }
    return "unchanged";
}

double owning_saves_usd(const RunComparison& run) noexcept { return run.cloud_total_usd - run.build_total_usd; }

DiffReport diff_runs(const CompareRun& before, const CompareRun& after) {
    DiffReport d;
    d.header.command = "diff";
    d.header.catalog_as_of = after.catalog_as_of;
    d.header.catalog_source = after.catalog_source;
    d.header.oldest_as_of = after.oldest_as_of;
    d.header.assumptions = after.assumptions;
    d.before = run_of(before);
    d.after = run_of(after);
    d.assumptions = changed_assumptions(before.assumptions, after.assumptions);
    for (const RunComparison& now : after.comparisons) {
        BuildDiff b{now.build_id, now.build_name, DiffStatus::added, std::nullopt, now};
        if (const RunComparison* then = find_build(before, now.build_id)) {
            b.before = *then;
            b.status = same_figures(*then, now) ? DiffStatus::unchanged : DiffStatus::changed;
            b.verdict_flipped = then->build_cheaper != now.build_cheaper;
            b.offer_changed = then->offer_id != now.offer_id;
        }
        d.builds.push_back(std::move(b));
    }
    for (const RunComparison& then : before.comparisons)
        if (find_build(after, then.build_id) == nullptr)
            d.builds.push_back({then.build_id, then.build_name, DiffStatus::removed, then, std::nullopt});
    return d;
}

DiffCounts diff_counts(const DiffReport& report) noexcept {
    DiffCounts n;
    for (const BuildDiff& b : report.builds) {
        switch (b.status) {
            case DiffStatus::unchanged: ++n.unchanged; break;
            case DiffStatus::changed: ++n.changed; break;
            case DiffStatus::added: ++n.added; break;
            case DiffStatus::removed: ++n.removed; break;
        }
        if (b.verdict_flipped) ++n.flipped;
    }
    return n;
}

}  // namespace gpucost
