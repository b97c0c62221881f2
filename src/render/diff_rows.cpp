// `diff` as rows (CSV, TSV): one per build in either run, both runs' figures and the changes, at full precision.
#include "gpucost/render/diff.hpp"

namespace gpucost {
namespace {

using Run = std::optional<RunComparison>;

template <typename Get>
Field of_run(const Run& run, Get get) {
    return run ? get(*run) : Field::missing();
}

Field cheaper(const Run& run) {
    return of_run(run, [](const RunComparison& r) { return Field::of_text(r.build_cheaper ? "build" : "cloud"); });
}
Field offer(const Run& run) {
    return of_run(run, [](const RunComparison& r) { return Field::of_text(r.offer_id); });
}
Field build_total(const Run& run) {
    return of_run(run, [](const RunComparison& r) { return Field::of_money(r.build_total_usd); });
}
Field cloud_total(const Run& run) {
    return of_run(run, [](const RunComparison& r) { return Field::of_money(r.cloud_total_usd); });
}
Field saves(const Run& run) {
    return of_run(run, [](const RunComparison& r) { return Field::of_money(owning_saves_usd(r)); });
}
Field break_even(const Run& run) {
    return of_run(run, [](const RunComparison& r) { return Field::of_number(r.break_even_hours); });
}
Field payback(const Run& run) {
    return of_run(run, [](const RunComparison& r) { return Field::of_number(r.payback_month); });
}

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
    {"before_cheaper", [](const BuildDiff& b) { return cheaper(b.before); }},
    {"after_cheaper", [](const BuildDiff& b) { return cheaper(b.after); }},
    {"before_offer_id", [](const BuildDiff& b) { return offer(b.before); }},
    {"after_offer_id", [](const BuildDiff& b) { return offer(b.after); }},
    {"before_build_total_usd", [](const BuildDiff& b) { return build_total(b.before); }},
    {"after_build_total_usd", [](const BuildDiff& b) { return build_total(b.after); }},
    {"build_total_change_usd",
     [](const BuildDiff& b) { return change(b, [](const RunComparison& r) { return r.build_total_usd; }); }},
    {"before_cloud_total_usd", [](const BuildDiff& b) { return cloud_total(b.before); }},
    {"after_cloud_total_usd", [](const BuildDiff& b) { return cloud_total(b.after); }},
    {"cloud_total_change_usd",
     [](const BuildDiff& b) { return change(b, [](const RunComparison& r) { return r.cloud_total_usd; }); }},
    {"before_owning_saves_usd", [](const BuildDiff& b) { return saves(b.before); }},
    {"after_owning_saves_usd", [](const BuildDiff& b) { return saves(b.after); }},
    {"owning_saves_change_usd", [](const BuildDiff& b) { return change(b, owning_saves_usd); }},
    {"before_break_even_hours_per_week", [](const BuildDiff& b) { return break_even(b.before); }},
    {"after_break_even_hours_per_week", [](const BuildDiff& b) { return break_even(b.after); }},
    {"before_payback_month", [](const BuildDiff& b) { return payback(b.before); }},
    {"after_payback_month", [](const BuildDiff& b) { return payback(b.after); }},
};

}  // namespace

RowSet rows_of(const DiffReport& report) { return make_rows<BuildDiff>(k_columns, report.builds); }

}  // namespace gpucost
