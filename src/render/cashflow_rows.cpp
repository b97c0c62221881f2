// `cashflow` for spreadsheets: the rows (CSV, TSV, and the JSON's "rows") of each layout, made as they are
// written, one period of one comparison at a time (cash_flow_periods.hpp). The column order of each layout is a
// public contract (docs/output.md): new columns at the end only.
#include <algorithm>
#include <string>

#include "cashflow_parts.hpp"
#include "gpucost/render/cashflow_json.hpp"

namespace gpucost {
namespace {

// Long: one row per category, side and period, the engine's discounted amount first (the contract before nominal
// money was added), then the nominal amount, then the calendar month or year.
RowSet long_rows(const CashFlowReport& cash_flow) {
    RowSet set;
    for (const char* column : {"build_id", "cloud_id", to_string(cash_flow.view.by), "side", "category", "amount_usd",
                               "cumulative_usd", "nominal_usd", "nominal_cumulative_usd", "calendar"})
        set.columns.push_back({column, false});
    set.more = [&cash_flow](const RowEmit& emit) {
        std::vector<Field> row(10);
        for (const Comparison& c : cash_flow.report.comparisons) {
            row[0] = Field::of_text(c.build.id);
            row[1] = Field::of_text(c.offer.id);
            for_each_period(c, cash_flow.view, [&](const CashFlowPeriodRow& p) {
                row[2] = Field::of_count(p.index);
                row[9] = Field::of_nonempty_text(calendar_label(p, cash_flow.view.by));
                for (const CategoryInfo& info : k_categories) {
                    const auto i = static_cast<std::size_t>(info.category);
                    if (!p.present[i]) continue;
                    row[3] = Field::of_text(to_string(info.side));
                    row[4] = Field::of_text(info.key);
                    row[5] = Field::of_money(p.amount[i].discounted_usd);
                    row[6] = Field::of_money(p.cumulative[i].discounted_usd);
                    row[7] = Field::of_money(p.amount[i].nominal_usd);
                    row[8] = Field::of_money(p.cumulative[i].nominal_usd);
                    emit(row);
                }
            });
        }
    };
    return set;
}

// Wide: one row per period, every category of both sides (nominal, then discounted), each side's total, what
// owning saves (cloud - build) and its running total. Every category is a column, zero where it has no flow.
RowSet wide_rows(const CashFlowReport& cash_flow) {
    RowSet set;
    for (const char* column : {"build_id", "cloud_id", to_string(cash_flow.view.by), "calendar"})
        set.columns.push_back({column, false});
    // A monthly rental's setup fee (issue 20 item 6a) has its columns only in a run where some offer charges one.
    const bool fee = std::any_of(cash_flow.report.comparisons.begin(), cash_flow.report.comparisons.end(),
                                 [](const Comparison& c) { return c.result.cloud.setup_usd != 0.0; });
    for (const CategoryInfo& info : k_categories) {
        if (info.category == Category::cloud_setup && !fee) continue;
        const std::string name = std::string(to_string(info.side)) + "_" + info.key;
        set.columns.push_back({name + "_usd", false});
        set.columns.push_back({name + "_discounted_usd", false});
    }
    for (const char* column :
         {"build_usd", "build_discounted_usd", "cloud_usd", "cloud_discounted_usd", "owning_saves_usd",
          "owning_saves_discounted_usd", "owning_saves_cumulative_usd", "owning_saves_cumulative_discounted_usd"})
        set.columns.push_back({column, false});
    set.more = [&cash_flow, fee](const RowEmit& emit) {
        std::vector<Field> row;
        for (const Comparison& c : cash_flow.report.comparisons)
            for_each_period(c, cash_flow.view, [&](const CashFlowPeriodRow& p) {
                row.clear();
                row.push_back(Field::of_text(c.build.id));
                row.push_back(Field::of_text(c.offer.id));
                row.push_back(Field::of_count(p.index));
                row.push_back(Field::of_nonempty_text(calendar_label(p, cash_flow.view.by)));
                for (const CategoryInfo& info : k_categories) {
                    if (info.category == Category::cloud_setup && !fee) continue;
                    const CashFlowAmount& a = p.amount[static_cast<std::size_t>(info.category)];
                    row.push_back(Field::of_money(a.nominal_usd));
                    row.push_back(Field::of_money(a.discounted_usd));
                }
                for (const CashFlowAmount* a : {&p.build, &p.cloud, &p.owning_saves, &p.owning_saves_cumulative}) {
                    row.push_back(Field::of_money(a->nominal_usd));
                    row.push_back(Field::of_money(a->discounted_usd));
                }
                emit(row);
            });
    };
    return set;
}

}  // namespace

RowSet rows_of(const CashFlowReport& cash_flow) {
    switch (cash_flow.view.layout) {
        case CashFlowLayout::long_rows: break;
        case CashFlowLayout::wide: return wide_rows(cash_flow);
        case CashFlowLayout::focus: return focus_rows(cash_flow);
    }
    return long_rows(cash_flow);
}

void check_cash_flow_view(const CashFlowView& view, Format format) {
    const bool default_view =
        view.layout == CashFlowLayout::long_rows && view.by == CashFlowPeriod::month && !view.start;
    if ((format == Format::xlsx || format == Format::svg) && !default_view)
        throw UsageError(std::string("--format ") + to_string(format) +
                         (format == Format::xlsx ? " writes every month in the long layout" : " draws one chart") +
                         ": --layout, --by and --start apply to table, markdown, html, csv, tsv and json");
    if (view.layout != CashFlowLayout::focus) return;
    if (format != Format::csv && format != Format::tsv)
        throw UsageError(std::string("--layout focus is a CSV of FOCUS columns: use --format csv or tsv, got ") +
                         to_string(format));
    if (view.by != CashFlowPeriod::month)
        throw UsageError("--layout focus is monthly (one FOCUS charge period a month): leave out --by year");
    if (!view.start)
        throw UsageError("--layout focus needs --start YYYY-MM: FOCUS rows are dated (e.g. --start 2027-01)");
}

}  // namespace gpucost
