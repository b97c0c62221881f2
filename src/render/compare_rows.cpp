// `compare` (and `check`) for spreadsheets: one row per comparison. The column order is a public contract (README,
// docs/output.md): new columns at the end only. Money columns are named in US dollars; the writer renames them.
#include <algorithm>

#include <fmt/format.h>

#include "gpucost/engine/finance_flow.hpp"
#include "gpucost/render/render.hpp"

namespace gpucost {
namespace {

// One row as (column, field) pairs, so a column's name and its value are written side by side.
struct Row {
    std::vector<RowColumn> columns;
    std::vector<Field> fields;

    void add(std::string column, Field field) {
        columns.push_back({std::move(column), false});
        fields.push_back(std::move(field));
    }
    // Each category of one side as "<prefix><key>_usd", in the engine's table order; model v2's interim cloud and
    // the downtime cover (issue 20) are later columns (the contract's order).
    void categories(const Comparison& c, Side side, const std::string& prefix) {
        for (const CategoryInfo& info : categories_of(side))
            if (info.category != Category::interim_cloud && info.category != Category::downtime_cover &&
                info.category != Category::cloud_setup && !is_finance(info.category))
                add(prefix + info.key + "_usd", Field::of_money(c.cost_usd(info.category)));
    }
    // Financing and tax (issue 24), at the end of the contract and only in a run that uses them: each finance
    // category of each side, then the verdict before tax when there is a tax rate.
    void finance(const Comparison& c) {
        if (!uses_finance(c.assumptions.values)) return;
        for (const CategoryInfo& info : k_categories)
            if (is_finance(info.category))
                add(fmt::format("{}_{}_usd", to_string(info.side), info.key),
                    Field::of_money(c.cost_usd(info.category)));
        if (!c.reading.pre_tax) return;
        const PreTaxReading& p = *c.reading.pre_tax;
        add("build_pre_tax_total_usd", Field::of_money(p.build_total_usd));
        add("cloud_pre_tax_total_usd", Field::of_money(p.cloud_total_usd));
        add("cheaper_pre_tax", Field::of_text(to_string(p.cheaper)));
        add("savings_pre_tax_usd", Field::of_money(p.savings_usd));
    }
};

Field count(const std::optional<int>& value) { return value ? Field::of_count(*value) : Field::missing(); }
Field boolean(const std::optional<bool>& value) { return value ? Field::of_boolean(*value) : Field::missing(); }

// Like for like (issue 12), at the end of the contract: the level, the offer's tier, the best offer of each tier
// (empty cells for a tier without one), and the work equivalence under --workload.
void match_columns(Row& row, const Comparison& c) {
    row.add("match_level", Field::of_text(c.match_level));
    row.add("cloud_tier", Field::of_text(c.offer_tier));
    for (const std::string_view tier : k_offer_tier_names) {
        const auto best = std::find_if(c.tier_offers.begin(), c.tier_offers.end(),
                                       [&tier](const TierOffer& t) { return t.tier == tier; });
        const bool found = best != c.tier_offers.end();
        std::string prefix = "best_" + std::string(tier) + "_";  // best_gpu_cloud_: a column name has no '-'
        std::replace(prefix.begin(), prefix.end(), '-', '_');
        row.add(prefix + "cloud_id", Field::of_text(found ? best->offer_id : ""));
        row.add(prefix + "cloud_total_usd", found ? Field::of_money(best->cloud_total_usd) : Field::missing());
    }
    const auto& w = c.equivalence;
    row.add("workload", Field::of_text(w ? w->workload_id : ""));
    row.add("build_throughput", w ? Field::of_number(w->build_throughput) : Field::missing());
    row.add("cloud_throughput", w ? Field::of_number(w->offer_throughput) : Field::missing());
    row.add("throughput_ratio", w ? Field::of_number(w->ratio) : Field::missing());
    row.add("equivalent_gpus", w ? Field::of_count(w->equivalent_gpus) : Field::missing());
}

Row comparison_row(const Comparison& c) {
    const Evaluation& e = c.result;
    const Assumptions& a = c.assumptions.values;
    Row row;
    row.add("build_id", Field::of_text(c.build.id));
    row.add("build_name", Field::of_text(c.build.name));
    row.add("gpu", Field::of_text(c.build.gpu_id));
    row.add("gpu_count", Field::of_count(c.build.gpu_count));
    row.add("pricing", Field::of_text(to_string(a.pricing)));
    row.add("hours_per_week", Field::of_number(a.hours_per_week));
    row.add("months", Field::of_count(a.months));
    row.add("build_total_usd", Field::of_money(e.build.total_usd));
    row.add("build_per_gpu_hour_usd", Field::of_money(e.build_per_gpu_hour_usd));
    row.categories(c, Side::build, "build_");
    row.add("cloud_id", Field::of_text(c.offer.id));
    row.add("cloud_provider", Field::of_text(c.offer.provider));
    row.add("cloud_instance", Field::of_text(c.offer.instance));
    row.add("cloud_region", Field::of_text(c.offer.region));
    row.add("cloud_gpus_per_instance", Field::of_count(c.offer.gpus_per_instance));
    row.add("cloud_instances", Field::of_count(e.cloud.instances));
    row.add("cloud_unused_gpus", Field::of_count(e.cloud.unused_gpus));
    const bool monthly = c.cloud_spec.billed_monthly();
    row.add("cloud_usd_per_hour", monthly ? Field::missing() : Field::of_money(c.cloud_spec.usd_per_hour));
    row.add("cloud_total_usd", Field::of_money(e.cloud.total_usd));
    row.add("cloud_per_gpu_hour_usd", Field::of_money(e.cloud_per_gpu_hour_usd));
    row.categories(c, Side::cloud, "cloud_");
    row.add("break_even_hours_per_week", Field::of_number(e.break_even_hours_per_week));
    row.add("build_cheaper_above", boolean(e.build_cheaper_above));
    row.add("payback_month", count(e.payback_month));
    row.add("cheaper", Field::of_text(to_string(e.cheaper)));
    row.add("savings_usd", Field::of_money(e.savings_usd));
    row.add("estimates", Field::of_text(fmt::format("{}", fmt::join(c.estimate_ids, ";"))));
    // Model v2 (issue 11), at the end of the contract.
    row.add("build_interim_cloud_usd", Field::of_money(c.cost_usd(Category::interim_cloud)));
    row.add("payback_month_if_sold", count(e.payback_month_if_sold));
    row.add("cheaper_without_resale", Field::of_text(to_string(c.reading.cheaper_without_resale)));
    row.add("savings_without_resale_usd", Field::of_money(c.reading.savings_without_resale_usd));
    match_columns(row, c);
    // Availability (issue 20), at the end of the contract.
    row.add("build_downtime_cover_usd", Field::of_money(c.cost_usd(Category::downtime_cover)));
    row.add("lost_gpu_hours", c.availability.policy == DowntimePolicy::lost
                                  ? Field::of_number(c.availability.lost_gpu_hours)
                                  : Field::missing());
    row.finance(c);
    // The per-token API under --workload (issue 20), at the end of the contract.
    const auto& api = c.api;
    row.add("api_offer_id", Field::of_text(api ? api->api_offer_id : ""));
    row.add("api_usd_per_month", api ? Field::of_money(api->usd_per_month) : Field::missing());
    row.add("api_total_usd", api ? Field::of_money(api->total_usd) : Field::missing());
    // A monthly rental (issue 20 item 6a), at the end of the contract: empty cells for an offer billed by the hour.
    row.add("cloud_usd_per_month", monthly ? Field::of_money(c.cloud_spec.usd_per_month) : Field::missing());
    row.add("cloud_setup_fee_usd", monthly ? Field::of_money(c.cost_usd(Category::cloud_setup)) : Field::missing());
    return row;
}

}  // namespace

RowSet rows_of(const Report& report) {
    // The header comes from a row's columns; with no comparison (never from build_report), a blank one names them.
    Comparison blank;
    for (const CategoryInfo& info : k_categories) blank.costs.push_back({info.category, 0.0});
    RowSet set{comparison_row(report.comparisons.empty() ? blank : report.comparisons.front()).columns, {}, {}};
    for (const Comparison& c : report.comparisons) set.rows.push_back(comparison_row(c).fields);
    return set;
}

}  // namespace gpucost
