// `cashflow` for people and spreadsheets: each comparison's months (the document: table, markdown, HTML) and every
// flow (the rows: CSV, TSV), and the large formats written one comparison (or one row) at a time.
#include <fmt/format.h>

#include "gpucost/render/cashflow_json.hpp"
#include "gpucost/render/phrases.hpp"
#include "gpucost/render/report_charts.hpp"
#include "gpucost/util/text.hpp"
#include "run_sections.hpp"

namespace gpucost {
namespace {

constexpr const char* k_reading = "Month 0 holds the purchase and setup; the last month also the resale (a credit). "
                                  "Amounts are discounted to today, so each side sums to its total in 'gpucost "
                                  "compare'. CSV and JSON give every category.";

std::string title(const Comparison& c) {
    return fmt::format("{} vs {}: cash flow by month, discounted at {} a year ({})", c.build.id, c.offer.id,
                       exact_number(c.assumptions.values.discount_rate), months_text(c.assumptions.values.months));
}

// One comparison: its title, how its offer was matched, each month's totals per side (the page adds the cost lines).
void add_comparison(Document& d, const Comparison& c) {
    Table months{{words("month"), words("build"), words("cloud"), words("build cumulative"), words("cloud cumulative")},
                 {true, true, true, true, true},
                 {}};
    for (const CashFlowMonth& m : c.cash_flow.months)
        months.rows.push_back({{cell::count(m.month), cell::money(m.build_usd), cell::money(m.cloud_usd),
                                cell::money(m.build_cumulative_usd), cell::money(m.cloud_cumulative_usd)}});
    Section& s = d.section("", {}, k_everywhere, 3);  // on the page, under "Cost breakdown"
    s.indented = true;
    s.add(Heading{words(title(c)), 2}, k_not_html)
        .add(Heading{words(title(c)), 3}, k_html_only)
        .add(Paragraph{words(match_sentence(c))}, k_not_html)
        .add(costs_table(c), k_html_only)
        .add(std::move(months));
}

void add_closing(Document& d) {
    d.section("", {}, k_not_html).add(CurrencyNote{{}, Role::plain}).add(Paragraph{words(k_reading)});
}

// The page's head: the verdict of each comparison and its cumulative-spend chart.
void add_page_head(Document& d, const Report& report) {
    d.section("", {}, k_html_only)
        .add(Heading{words("Cash flow by month")})
        .add(Paragraph{words(k_reading), Role::meta});
    Section& verdicts = d.section("verdict", words("Verdict"), k_html_only);
    if (report.comparisons.empty())
        verdicts.add(Paragraph{words("No build has a cloud offer to compare with."), Role::verdict});
    for (const Comparison& c : report.comparisons) {
        verdicts.add(Paragraph{verdict_inline(c, c.build.id + ": "), Role::verdict})
            .add(Paragraph{words(match_sentence(c)), Role::note});
    }
    if (report.comparisons.empty()) return;
    Section& charts = d.section("charts", words("Charts"), k_html_only);
    for (std::size_t i = 0; i < report.comparisons.size(); ++i) {
        const Comparison& c = report.comparisons[i];
        charts.add(ChartRef{fmt::format("chart-spend-{}", i + 1),
                            [&c](const Currency& money, const std::string& id) {
                                return cumulative_spend_svg(c, money, {id, false});
                            },
                            words(title(c) + ". The dashed line marks the payback month.")});
    }
}

}  // namespace

Document document_of(const CashFlowReport& cash_flow) {
    const Report& report = cash_flow.report;
    Document d{"gpucost: cash flow by month", {}};
    add_page_head(d, report);
    d.section("breakdown", words("Cost breakdown"), k_html_only);
    for (const Comparison& c : report.comparisons) add_comparison(d, c);
    add_closing(d);
    add_report_sections(d, report,
                        report.detailed && !report.comparisons.empty() ? report.comparisons.front().assumptions
                                                                       : report.header.assumptions);
    return d;
}

// The long format for spreadsheet pivots: one row per category, side and month, made as it is written. The column
// order is a public contract (docs/output.md): new columns at the end only.
RowSet rows_of(const CashFlowReport& cash_flow) {
    RowSet set;
    for (const char* column : {"build_id", "cloud_id", "month", "side", "category", "amount_usd", "cumulative_usd"})
        set.columns.push_back({column, false});
    set.more = [&cash_flow](const RowEmit& emit) {
        std::vector<Field> row(7);
        for (const Comparison& c : cash_flow.report.comparisons) {
            row[0] = Field::of_text(c.build.id);
            row[1] = Field::of_text(c.offer.id);
            for (const CashFlow& f : c.cash_flow.flows) {
                row[2] = Field::of_count(f.month);
                row[3] = Field::of_text(to_string(f.side));
                row[4] = Field::of_text(category_info(f.category).key);
                row[5] = Field::of_money(f.amount_usd);
                row[6] = Field::of_money(f.cumulative_usd);
                emit(row);
            }
        }
    };
    return set;
}

std::string render_table(const CashFlowReport& cash_flow, const RenderOptions& options) {
    return with_terminal_chart(write_text(document_of(cash_flow), options), cash_flow.report, options);
}

std::string render_svg(const CashFlowReport& cash_flow, const RenderOptions& options) {
    return report_chart_svg(cash_flow, options.chart, options.currency);
}

void write_cash_flow(const CashFlowReport& cash_flow, Format format, const RenderOptions& options,
                     const CashFlowSink& sink) {
    if (format == Format::json) return write_cash_flow_json(cash_flow, options, sink);
    if (format == Format::csv || format == Format::tsv) return write_rows(rows_of(cash_flow), format, options, sink);
    if ((format != Format::table && format != Format::markdown) || !options.chart.empty())
        return sink(render(cash_flow, format, options));
    // One comparison's document at a time, a blank line between, as the writers join a whole document's sections.
    const auto write = [&](const Document& d) {
        return format == Format::table ? write_text(d, options) : write_markdown(d, options);
    };
    bool first = true;
    const auto piece = [&](Document d) {
        sink((first ? "" : "\n") + write(d));
        first = false;
    };
    for (const Comparison& c : cash_flow.report.comparisons) {
        Document d;
        add_comparison(d, c);
        piece(std::move(d));
    }
    Document closing;
    add_closing(closing);
    piece(std::move(closing));
}

}  // namespace gpucost
