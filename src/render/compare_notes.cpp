// The ranked compare table's "API total" column and the notes under the table (compare_notes.hpp).
#include "compare_notes.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace gpucost {
namespace {

// Whether some comparison of the run has a per-token API beside it (--workload naming a model an API sells).
bool any_api(const Report& report) {
    return std::any_of(report.comparisons.begin(), report.comparisons.end(),
                       [](const Comparison& c) { return c.api.has_value(); });
}

}  // namespace

std::size_t marked_count(const Report& report) {
    return static_cast<std::size_t>(std::count_if(report.comparisons.begin(), report.comparisons.end(),
                                                  [](const Comparison& c) { return !c.estimates.empty(); }));
}

// With --workload naming a model an API sells (issue 20), the ranked table's "API total" after "cloud total": the
// same work through the cheapest per-token API over the horizon, "-" for a build whose GPU has no throughput for
// it. A narrow terminal leaves it out after cloud offer, tier, payback month and GPUs, before the totals owning and
// renting are weighed by (the line under the table explains it).
void add_api_column(Table& table, const Report& report) {
    if (!any_api(report)) return;
    constexpr std::size_t k_at = 8;  // after "cloud total"
    table.header.insert(table.header.begin() + k_at, words("API total"));
    table.numeric.insert(table.numeric.begin() + k_at, true);
    for (std::size_t i = 0; i < table.rows.size(); ++i) {
        const auto& api = report.comparisons[i].api;
        table.rows[i].cells.insert(table.rows[i].cells.begin() + k_at, api ? cell::money(api->total_usd) : Cell("-"));
    }
    for (std::size_t& column : table.drop_order)
        if (column >= k_at) ++column;
    table.drop_order.insert(table.drop_order.begin() + 4, k_at);
}

std::string api_note(const Report& report) {
    if (!any_api(report)) return "";
    return "API total: the same work (the build's GPUs x the workload's tokens/s a GPU x the hours used) bought from "
           "the cheapest per-token API of the workload's model, over the horizon, discounted as the other totals; "
           "`--build ID` names the API and its prices.";
}

std::string size_and_spot_note(const Report& report) {
    std::vector<std::string> larger;
    std::vector<std::string> spot;
    for (const Comparison& c : report.comparisons) {
        if (c.per_gpu_scaled) larger.push_back(c.build.id);
        if (c.reading.spot && c.reading.spot->round_the_clock_multi_gpu) spot.push_back(c.build.id);
    }
    std::string note;
    if (!larger.empty())
        note = fmt::format("Not like for like in size (the rental holds more GPUs than the build): {}; `--build ID` "
                           "gives the same comparison at the offer's price per GPU-hour.",
                           fmt::join(larger, ", "));
    if (!spot.empty())
        note += fmt::format("{}Spot carries round-the-clock work on several GPUs for {}: its capacity is not "
                            "guaranteed; `--build ID` says how often the job stops.",
                            note.empty() ? "" : " ", fmt::join(spot, ", "));
    return note;
}

const char* estimate_note(const Report& report) {
    const std::size_t marked = marked_count(report);
    if (marked == 0) return "";
    return marked == report.comparisons.size()
               ? "Every result rests on a figure marked as an estimate or unverified; `--build ID` shows which."
               : "* rests on a figure marked as an estimate or unverified; `--build ID` shows which.";
}

std::string break_even_note(const Report& report) {
    const auto any_kind = [&report](BreakEvenKind kind) {
        return std::any_of(report.comparisons.begin(), report.comparisons.end(),
                           [kind](const Comparison& c) { return c.reading.break_even_kind == kind; });
    };
    const bool commitment = any_kind(BreakEvenKind::owning_vs_commitment);
    const bool monthly = any_kind(BreakEvenKind::owning_vs_monthly_rental);
    std::string note = "Break-even: the hours per week at which both sides cost the same; ";
    if (!commitment && !monthly) return note + "\"above\" means owning wins above it.";
    if (commitment) note += "\"vs commit\": a commitment bills every hour of its term, ";
    if (commitment && monthly) note += "and ";
    if (monthly) note += "\"vs month\": a monthly rental bills every month whatever the use, ";
    return note + "so the figure is where owning's running costs reach it, not a use to stay below.";
}

}  // namespace gpucost
