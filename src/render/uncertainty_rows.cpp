// `sensitivity`, `sweep` and `simulate` as rows (CSV, TSV): long format, one row per input, grid point or figure.
// Column orders are a contract (docs/uncertainty.md): a new column is appended.
#include "gpucost/render/uncertainty.hpp"

namespace gpucost {
namespace {

struct TornadoLine {
    const ComparisonLabel* label;
    const TornadoRow* row;
};

constexpr Column<TornadoLine> k_tornado_columns[] = {
    {"build_id", [](const TornadoLine& l) { return Field::of_text(l.label->build.id); }},
    {"cloud_id", [](const TornadoLine& l) { return Field::of_text(l.label->offer.id); }},
    {"address", [](const TornadoLine& l) { return Field::of_text(l.row->address); }},
    {"low", [](const TornadoLine& l) { return Field::of_number(l.row->low); }},
    {"high", [](const TornadoLine& l) { return Field::of_number(l.row->high); }},
    {"point", [](const TornadoLine& l) { return Field::of_number(l.row->point); }},
    {"owning_saves_at_low_usd", [](const TornadoLine& l) { return Field::of_money(l.row->owning_saves_at_low_usd); }},
    {"owning_saves_at_high_usd", [](const TornadoLine& l) { return Field::of_money(l.row->owning_saves_at_high_usd); }},
    {"swing_usd", [](const TornadoLine& l) { return Field::of_money(l.row->swing_usd); }},
    {"flips", [](const TornadoLine& l) { return Field::of_boolean(l.row->flips); }},
};

struct FigureLine {
    const SimulationReport* report;
    const SimulationComparison* comparison;
    const char* figure;  // a field name in US dollars where the figure is money
    const Summary* summary;
    bool money;
    double share;
};

Field quantile(const FigureLine& l, std::size_t q) {
    if (l.summary->count == 0) return Field::missing();
    const double v = q < k_quantiles.size() ? l.summary->quantiles[q] : l.summary->mean;
    return l.money ? Field::of_money(v) : Field::of_number(v);
}

constexpr Column<FigureLine> k_figure_columns[] = {
    {"build_id", [](const FigureLine& l) { return Field::of_text(l.comparison->label.build.id); }},
    {"cloud_id", [](const FigureLine& l) { return Field::of_text(l.comparison->label.offer.id); }},
    {"figure", [](const FigureLine& l) { return Field::of_name(l.figure); }},
    {"p5", [](const FigureLine& l) { return quantile(l, 0); }},
    {"p10", [](const FigureLine& l) { return quantile(l, 1); }},
    {"p50", [](const FigureLine& l) { return quantile(l, 2); }},
    {"p90", [](const FigureLine& l) { return quantile(l, 3); }},
    {"p95", [](const FigureLine& l) { return quantile(l, 4); }},
    {"mean", [](const FigureLine& l) { return quantile(l, k_quantiles.size()); }},
    {"share", [](const FigureLine& l) { return Field::of_number(l.share); }},
    {"p_build_cheaper", [](const FigureLine& l) { return Field::of_number(l.comparison->result.p_build_cheaper); }},
    {"p_cloud_cheaper", [](const FigureLine& l) { return Field::of_number(l.comparison->result.p_cloud_cheaper); }},
    {"draws", [](const FigureLine& l) { return Field::of_count(l.report->draws); }},
    {"seed", [](const FigureLine& l) { return Field::of_count(l.report->seed); }},
};

}  // namespace

RowSet rows_of(const SensitivityReport& r) {
    std::vector<TornadoLine> lines;
    for (const SensitivityComparison& c : r.comparisons)
        for (const TornadoRow& t : c.rows) lines.push_back({&c.label, &t});
    return make_rows(k_tornado_columns, lines);
}

// The addresses are columns of their own, between the ids and the figures: their names are the user's text.
RowSet rows_of(const SweepReport& r) {
    RowSet set;
    set.columns = {{"build_id", false}, {"cloud_id", false}};
    for (const std::string& a : r.addresses) set.columns.push_back({a, true});
    for (const char* c :
         {"build_total_usd", "cloud_total_usd", "owning_saves_usd", "cheaper", "break_even_hours_per_week"})
        set.columns.push_back({c, false});
    for (const SweepComparison& c : r.comparisons) {
        for (const SweepCell& p : c.cells) {
            std::vector<Field> row = {Field::of_text(c.label.build.id), Field::of_text(c.label.offer.id)};
            for (std::size_t i = 0; i < r.addresses.size(); ++i) row.push_back(Field::of_number(p.at[i]));
            row.insert(row.end(), {Field::of_money(p.build_total_usd), Field::of_money(p.cloud_total_usd),
                                   Field::of_money(p.owning_saves_usd), Field::of_text(to_string(p.cheaper)),
                                   Field::of_number(p.break_even_hours_per_week)});
            set.rows.push_back(std::move(row));
        }
    }
    return set;
}

RowSet rows_of(const SimulationReport& r) {
    std::vector<FigureLine> lines;
    for (const SimulationComparison& c : r.comparisons) {
        const SimulationResult& s = c.result;
        lines.insert(lines.end(),
                     {{&r, &c, "build_total_usd", &s.build_total_usd, true, 1.0},
                      {&r, &c, "cloud_total_usd", &s.cloud_total_usd, true, 1.0},
                      {&r, &c, "owning_saves_usd", &s.owning_saves_usd, true, 1.0},
                      {&r, &c, "break_even_hours_per_week", &s.break_even_hours, false, s.break_even_share},
                      {&r, &c, "payback_month", &s.payback_month, false, s.payback_share},
                      {&r, &c, "payback_month_if_sold", &s.payback_month_if_sold, false, s.payback_if_sold_share}});
    }
    return make_rows(k_figure_columns, lines);
}

}  // namespace gpucost
