#include <algorithm>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "gpucost/render/render.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {
namespace {

std::string number(double value) { return exact_number(value); }
std::string number(std::int64_t value) { return std::to_string(value); }
std::string number(const std::optional<double>& value) { return value ? exact_number(*value) : ""; }
std::string number(const std::optional<int>& value) { return value ? std::to_string(*value) : ""; }
std::string boolean(const std::optional<bool>& value) { return value ? (*value ? "true" : "false") : ""; }

// One CSV row as (column, cell) pairs, so a column's name and its value are written side by side. The column order
// is a public contract (README, docs/output.md): add new columns at the end only. Money columns are named in US
// dollars here; the header renames them for another currency.
class Row {
public:
    explicit Row(const Currency& money)
        : m_money(money) {}
    void text(const char* column, const std::string& value) { add(column, csv_text_field(value)); }
    void plain(const std::string& column, std::string value) { add(column, std::move(value)); }
    void amount(const std::string& column, double usd) { add(column, number(m_money.from_usd(usd))); }
    void amount(const std::string& column, const std::optional<double>& usd) {
        add(column, usd ? number(m_money.from_usd(*usd)) : std::string());
    }
    // Each category of one side as "<prefix><key>_usd", in the engine's table order; model v2's interim cloud
    // is a new column, so it goes at the end of the row instead (the contract's order).
    void categories(const Comparison& c, Side side, const std::string& prefix) {
        for (const CategoryInfo& info : categories_of(side))
            if (info.category != Category::interim_cloud && info.category != Category::downtime_cover)
                amount(prefix + info.key + "_usd", c.cost_usd(info.category));
    }
    std::string header() const {
        std::vector<std::string> names;
        for (const std::string& column : m_columns) names.push_back(m_money.field(column));  // total_usd -> _eur
        return fmt::format("{}\n", fmt::join(names, ","));
    }
    std::string cells() const { return fmt::format("{}\n", fmt::join(m_cells, ",")); }

private:
    void add(const std::string& column, std::string cell) {
        m_columns.push_back(column);
        m_cells.push_back(std::move(cell));
    }
    const Currency& m_money;
    std::vector<std::string> m_columns;
    std::vector<std::string> m_cells;
};

// Like for like (issue 12), at the end of the contract: the level, the offer's tier, the best offer of each tier
// (empty cells for a tier without one), and the work equivalence under --workload.
void match_columns(Row& row, const Comparison& c) {
    row.plain("match_level", c.match_level);
    row.text("cloud_tier", c.offer_tier);
    for (const std::string_view tier : k_offer_tier_names) {
        const TierOffer* best = nullptr;
        for (const TierOffer& t : c.tier_offers)
            if (t.tier == tier) best = &t;
        std::string prefix = "best_" + std::string(tier) + "_";  // best_gpu_cloud_: a column name has no '-'
        std::replace(prefix.begin(), prefix.end(), '-', '_');
        row.text((prefix + "cloud_id").c_str(), best ? best->offer_id : "");
        row.amount(prefix + "cloud_total_usd", best ? std::optional<double>(best->cloud_total_usd) : std::nullopt);
    }
    const auto& w = c.equivalence;
    row.text("workload", w ? w->workload_id : "");
    row.plain("build_throughput", w ? number(w->build_throughput) : "");
    row.plain("cloud_throughput", w ? number(w->offer_throughput) : "");
    row.plain("throughput_ratio", w ? number(w->ratio) : "");
    row.plain("equivalent_gpus", w ? number(w->equivalent_gpus) : "");
}

Row comparison_row(const Comparison& c, const Currency& money) {
    const Evaluation& e = c.result;
    const Assumptions& a = c.assumptions.values;
    Row row(money);
    row.text("build_id", c.build.id);
    row.text("build_name", c.build.name);
    row.text("gpu", c.build.gpu_id);
    row.plain("gpu_count", number(c.build.gpu_count));
    row.plain("pricing", to_string(a.pricing));
    row.plain("hours_per_week", number(a.hours_per_week));
    row.plain("months", std::to_string(a.months));
    row.amount("build_total_usd", e.build.total_usd);
    row.amount("build_per_gpu_hour_usd", e.build_per_gpu_hour_usd);
    row.categories(c, Side::build, "build_");
    row.text("cloud_id", c.offer.id);
    row.text("cloud_provider", c.offer.provider);
    row.text("cloud_instance", c.offer.instance);
    row.text("cloud_region", c.offer.region);
    row.plain("cloud_gpus_per_instance", number(c.offer.gpus_per_instance));
    row.plain("cloud_instances", number(e.cloud.instances));
    row.plain("cloud_unused_gpus", number(e.cloud.unused_gpus));
    row.amount("cloud_usd_per_hour", c.cloud_spec.usd_per_hour);
    row.amount("cloud_total_usd", e.cloud.total_usd);
    row.amount("cloud_per_gpu_hour_usd", e.cloud_per_gpu_hour_usd);
    row.categories(c, Side::cloud, "cloud_");
    row.plain("break_even_hours_per_week", number(e.break_even_hours_per_week));
    row.plain("build_cheaper_above", boolean(e.build_cheaper_above));
    row.plain("payback_month", number(e.payback_month));
    row.plain("cheaper", to_string(e.cheaper));
    row.amount("savings_usd", e.savings_usd);
    row.text("estimates", fmt::format("{}", fmt::join(c.estimate_ids, ";")));
    // Model v2 (issue 11), at the end of the contract.
    row.amount("build_interim_cloud_usd", c.cost_usd(Category::interim_cloud));
    row.plain("payback_month_if_sold", number(e.payback_month_if_sold));
    row.plain("cheaper_without_resale", to_string(c.reading.cheaper_without_resale));
    row.amount("savings_without_resale_usd", c.reading.savings_without_resale_usd);
    match_columns(row, c);
    // Availability (issue 20), at the end of the contract.
    row.amount("build_downtime_cover_usd", c.cost_usd(Category::downtime_cover));
    row.plain("lost_gpu_hours",
              c.availability.policy == DowntimePolicy::lost ? number(c.availability.lost_gpu_hours) : std::string());
    return row;
}

}  // namespace

std::string render_csv(const Report& report, const RenderOptions& options) {
    // The header comes from a row's columns; with no comparison (never from build_report), a blank one names them.
    Comparison blank;
    for (const CategoryInfo& info : k_categories) blank.costs.push_back({info.category, 0.0});
    std::string out;
    for (std::size_t i = 0; i < report.comparisons.size(); ++i) {
        const Row row = comparison_row(report.comparisons[i], options.currency);
        if (i == 0) out += row.header();
        out += row.cells();
    }
    return out.empty() ? comparison_row(blank, options.currency).header() : out;
}

}  // namespace gpucost
