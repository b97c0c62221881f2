// `diff` as rows (CSV, TSV): one per build in either run, both runs' figures and the changes, at full precision.
#include "gpucost/render/diff.hpp"

namespace gpucost {
namespace {

// A figure of the run before or after, empty for a build that run lacks.
template <Field (*figure)(const RunComparison&)>
Field before(const BuildDiff& b) {
    return b.before ? figure(*b.before) : Field::missing();
}
template <Field (*figure)(const RunComparison&)>
Field after(const BuildDiff& b) {
    return b.after ? figure(*b.after) : Field::missing();
}

Field cheaper(const RunComparison& r) { return Field::of_text(r.build_cheaper ? "build" : "cloud"); }
Field offer(const RunComparison& r) { return Field::of_text(r.offer_id); }
Field build_total(const RunComparison& r) { return Field::of_money(r.build_total_usd); }
Field cloud_total(const RunComparison& r) { return Field::of_money(r.cloud_total_usd); }
Field saves(const RunComparison& r) { return Field::of_money(owning_saves_usd(r)); }
Field break_even(const RunComparison& r) { return Field::of_number(r.break_even_hours); }
Field payback(const RunComparison& r) { return Field::of_number(r.payback_month); }

// After less before, when the build is in both runs.
Field change(const BuildDiff& b, double (*figure)(const RunComparison&)) {
    if (!b.before || !b.after) return Field::missing();
    return Field::of_money(figure(*b.after) - figure(*b.before));
}

// The CSV contract of `diff` (docs/output.md): new columns go at the end.
const Column<BuildDiff> k_columns[] = {
    {"build_id", [](const BuildDiff& b) { return Field::of_text(b.build_id); }},
    {"build_name", [](const BuildDiff& b) { return Field::of_text(b.build_name); }},
    {"status", [](const BuildDiff& b) { return Field::of_text(to_string(b.status)); }},
    {"verdict_flipped", [](const BuildDiff& b) { return Field::of_boolean(b.verdict_flipped); }},
    {"before_cheaper", before<cheaper>},
    {"after_cheaper", after<cheaper>},
    {"before_offer_id", before<offer>},
    {"after_offer_id", after<offer>},
    {"before_build_total_usd", before<build_total>},
    {"after_build_total_usd", after<build_total>},
    {"build_total_change_usd",
     [](const BuildDiff& b) { return change(b, [](const RunComparison& r) { return r.build_total_usd; }); }},
    {"before_cloud_total_usd", before<cloud_total>},
    {"after_cloud_total_usd", after<cloud_total>},
    {"cloud_total_change_usd",
     [](const BuildDiff& b) { return change(b, [](const RunComparison& r) { return r.cloud_total_usd; }); }},
    {"before_owning_saves_usd", before<saves>},
    {"after_owning_saves_usd", after<saves>},
    {"owning_saves_change_usd", [](const BuildDiff& b) { return change(b, owning_saves_usd); }},
    {"before_break_even_hours_per_week", before<break_even>},
    {"after_break_even_hours_per_week", after<break_even>},
    {"before_payback_month", before<payback>},
    {"after_payback_month", after<payback>},
};

}  // namespace

RowSet rows_of(const DiffReport& report) { return make_rows<BuildDiff>(k_columns, report.builds); }

}  // namespace gpucost
