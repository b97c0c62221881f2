// `rank` as rows (CSV, TSV): one row per build or offer, in rank order. The columns are the CSV contract
// (docs/output.md) in its order; a new column is appended to k_columns.
#include <iterator>
#include <vector>

#include "gpucost/render/rank.hpp"

namespace gpucost {
namespace {

// One row of the ranking with what its columns read besides the row.
struct RankLine {
    const RankReport* report;
    const RankRow* row;
    long long rank;  // 1-based
};

const Assumptions& assumed(const RankLine& l) { return l.row->assumptions->values; }

// Money columns are named in US dollars; the writer renames them for another currency.
constexpr Column<RankLine> k_columns[] = {
    {"rank", [](const RankLine& l) { return Field::of_count(l.rank); }},
    {"kind", [](const RankLine& l) { return Field::of_text(l.row->kind); }},
    {"id", [](const RankLine& l) { return Field::of_text(l.row->id); }},
    {"name", [](const RankLine& l) { return Field::of_text(l.row->name); }},
    {"gpu", [](const RankLine& l) { return Field::of_text(l.row->gpu_id); }},
    {"gpu_count", [](const RankLine& l) { return Field::of_count(l.row->gpu_count); }},
    {"tier", [](const RankLine& l) { return Field::of_text(l.row->tier); }},
    {"provider", [](const RankLine& l) { return Field::of_text(l.row->provider); }},
    {"region", [](const RankLine& l) { return Field::of_text(l.row->region); }},
    {"pricing",
     [](const RankLine& l) {
         if (l.row->kind != "cloud") return Field::missing();
         // A monthly rental is billed by the month whatever --pricing says (issue 20 item 6a).
         return Field::of_text(l.row->usd_per_month ? "monthly" : to_string(assumed(l).pricing));
     }},
    {"usd_per_hour", [](const RankLine& l) { return Field::of_money(l.row->usd_per_hour); }},
    {"workload", [](const RankLine& l) { return Field::of_text(l.report->workload.id); }},
    {"unit", [](const RankLine& l) { return Field::of_text(l.report->workload.rate_unit); }},
    {"throughput_per_gpu", [](const RankLine& l) { return Field::of_number(l.row->throughput_per_gpu); }},
    {"hours_per_week", [](const RankLine& l) { return Field::of_number(assumed(l).hours_per_week); }},
    {"months", [](const RankLine& l) { return Field::of_count(assumed(l).months); }},
    {"discount_rate", [](const RankLine& l) { return Field::of_number(assumed(l).discount_rate); }},
    {"used_hours", [](const RankLine& l) { return Field::of_number(l.row->used_hours); }},
    {"work_units", [](const RankLine& l) { return Field::of_number(l.row->work_units); }},
    {"discounted_work_units", [](const RankLine& l) { return Field::of_number(l.row->discounted_work_units); }},
    {"total_usd", [](const RankLine& l) { return Field::of_money(l.row->total_usd); }},
    {"usd_per_million_units", [](const RankLine& l) { return Field::of_money(l.row->usd_per_million_units); }},
    {"estimate", [](const RankLine& l) { return Field::of_boolean(!l.row->estimates.empty()); }},
};

// With a tax rate above 0 (issue 24), the figures before tax after the contract's columns, as compare adds its own.
constexpr Column<RankLine> k_pre_tax_columns[] = {
    {"pre_tax_total_usd", [](const RankLine& l) { return Field::of_money(l.row->pre_tax_total_usd); }},
    {"pre_tax_usd_per_million_units",
     [](const RankLine& l) { return Field::of_money(l.row->pre_tax_usd_per_million_units); }},
};

}  // namespace

RowSet rows_of(const RankReport& report) {
    // Made as they are written: 30,000 rows held as fields took 30 MB (issue 21).
    std::vector<Column<RankLine>> columns(std::begin(k_columns), std::end(k_columns));
    if (report.header.assumptions.values.tax_rate > 0.0)
        columns.insert(columns.end(), std::begin(k_pre_tax_columns), std::end(k_pre_tax_columns));
    RowSet set;
    for (const Column<RankLine>& c : columns) set.columns.push_back({c.name, false});
    set.more = [&report, columns](const RowEmit& emit) {
        std::vector<Field> row;
        for (std::size_t i = 0; i < report.rows.size(); ++i) {
            const RankLine line{&report, &report.rows[i], static_cast<long long>(i + 1)};
            row.clear();
            for (const Column<RankLine>& c : columns) row.push_back(c.value(line));
            emit(row);
        }
    };
    return set;
}

}  // namespace gpucost
