// `cashflow` for people and spreadsheets: each comparison's months (the document: table, markdown, HTML) and every
// flow (the rows: CSV, TSV), and the large formats written one comparison (or one row) at a time.
#include <array>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "gpucost/render/cashflow_json.hpp"
#include "gpucost/render/phrases.hpp"
#include "gpucost/render/report_charts.hpp"
#include "gpucost/util/text.hpp"
#include "run_sections.hpp"

namespace gpucost {
namespace {

constexpr const char* k_reading =
    "Month 0 holds the purchase and setup; the last month also the resale (a credit). Nominal amounts are as paid; "
    "the disc. columns are discounted to today, so each side's discounted amounts sum to its total in 'gpucost "
    "compare'. Owning saves = cloud - build; 'to date' is its running sum. CSV and JSON give every category.";

std::string title(const Comparison& c, const CashFlowView& view) {
    return fmt::format("{} vs {}: cash flow by {}, nominal and discounted at {} a year ({})", c.build.id, c.offer.id,
                       to_string(view.by), exact_number(c.assumptions.values.discount_rate),
                       months_text(c.assumptions.values.months));
}

// The categories a wide table shows: those with money in some month of this comparison (CSV and JSON show all).
std::array<bool, k_category_count> categories_with_money(const Comparison& c) {
    std::array<bool, k_category_count> shown{};
    with_profile(c, [&shown](const CashFlowProfile& profile) {
        for (const CashFlow& f : profile.flows)
            if (f.amount_usd != 0.0) shown[static_cast<std::size_t>(f.category)] = true;
    });
    return shown;
}

// A category's column heading: its key, with its side when the other side has the same key ("build staff").
std::string category_heading(const CategoryInfo& info) {
    const Side other = info.side == Side::build ? Side::cloud : Side::build;
    return find_category(other, info.key) ? fmt::format("{} {}", to_string(info.side), info.key) : info.key;
}

// One comparison's periods: [the calendar,] (wide: each side's categories before its total,) each side's nominal
// total, what owning saves and its running sum, then the same discounted.
Table periods_table(const Comparison& c, const CashFlowView& view) {
    const bool wide = view.layout == CashFlowLayout::wide;
    const std::array<bool, k_category_count> shown =
        wide ? categories_with_money(c) : std::array<bool, k_category_count>{};
    Table t;
    const auto column = [&t](std::string heading) {
        t.header.push_back(words(std::move(heading)));
        t.numeric.push_back(true);
    };
    column(to_string(view.by));
    if (view.start) column("calendar");
    for (const Side side : {Side::build, Side::cloud}) {
        for (const CategoryInfo& info : categories_of(side))
            if (shown[static_cast<std::size_t>(info.category)]) {
                t.drop_order.push_back(t.header.size());  // the wide layout's categories: the first a terminal drops
                column(category_heading(info));
            }
        column(to_string(side));
    }
    for (const char* heading : {"owning saves", "saves to date", "build disc.", "cloud disc.", "to date disc."})
        column(heading);
    // A terminal narrower than the table drops the categories (wide), then the running sums, then the discounted
    // sides; the nominal sides and what owning saves always show (--wide shows every column).
    const std::size_t n = t.header.size();
    t.drop_order.insert(t.drop_order.end(), {n - 1, n - 4, n - 2, n - 3});
    for_each_period(c, view, [&](const CashFlowPeriodRow& p) {
        TableRow row;
        row.cells.push_back(cell::count(p.index));
        if (view.start) row.cells.emplace_back(calendar_label(p, view.by));
        for (const Side side : {Side::build, Side::cloud}) {
            for (const CategoryInfo& info : categories_of(side)) {
                const auto i = static_cast<std::size_t>(info.category);
                if (shown[i]) row.cells.push_back(cell::money(p.amount[i].nominal_usd));
            }
            row.cells.push_back(cell::money((side == Side::build ? p.build : p.cloud).nominal_usd));
        }
        for (const double usd :
             {p.owning_saves.nominal_usd, p.owning_saves_cumulative.nominal_usd, p.build.discounted_usd,
              p.cloud.discounted_usd, p.owning_saves_cumulative.discounted_usd})
            row.cells.push_back(cell::money(usd));
        t.rows.push_back(std::move(row));
    });
    return t;
}

// What compare's verdict says beside the totals, where it applies (issue 20 items 4, 8 and 10): a rental larger
// than the build, spot carrying round-the-clock work on several GPUs, the owned machine's downtime. The same
// sentence builders as compare's, so the two commands cannot disagree.
Section& add_verdict_notes(Section& s, const Comparison& c, Shown where) {
    return s.add(Paragraph{per_gpu_scaled_inline(c), Role::note}, where)
        .add(Paragraph{words(spot_sentence(c)), Role::note}, where)
        .add(Paragraph{downtime_inline(c)}, where);
}

// One comparison: its title, how its offer was matched, what the verdict says beside it, its periods (the page
// adds the cost lines and sets the verdict's notes under its verdict).
void add_comparison(Document& d, const Comparison& c, const CashFlowView& view) {
    Section& s = d.section("", {}, k_everywhere, 3);  // on the page, under "Cost breakdown"
    s.indented = true;
    s.add(Heading{words(title(c, view)), 2}, k_not_html)
        .add(Heading{words(title(c, view)), 3}, k_html_only)
        .add(Paragraph{words(match_sentence(c))}, k_not_html);
    add_verdict_notes(s, c, k_not_html)
        // "The disc. columns are discounted monthly at 8.0% a year." (issue 20 item 9: the convention in force).
        .add(Paragraph{joined({"The disc. columns are "}, discounting_inline(c.assumptions.values), Inline{"."})})
        .add(costs_table(c), k_html_only)
        .add(periods_table(c, view));
}

// How the periods are counted, when they are not plain months from 0.
std::string periods_reading(const CashFlowView& view) {
    if (view.by == CashFlowPeriod::year)
        return view.start ? fmt::format(" Years are calendar years from {}-{:02} (month 0 and month 1 fall in its "
                                        "first month); the first and last may be part years.",
                                        view.start->year, view.start->month)
                          : " Years are 12 months from month 1 (month 0, the purchase, is in year 1).";
    return view.start ? fmt::format(" Month 1 is {}-{:02}; month 0, the purchase, is dated at its start.",
                                    view.start->year, view.start->month)
                      : "";
}

// One comparison's verdict and how its offer was matched.
void add_verdict(Section& verdicts, const Comparison& c) {
    verdicts.add(Paragraph{verdict_inline(c, c.build.id + ": "), Role::verdict})
        .add(Paragraph{words(match_sentence(c)), Role::note});
    add_verdict_notes(verdicts, c, k_everywhere);
}

// Comparison `i`'s cumulative-spend chart, drawn from its profile (made again when the report kept none).
ChartRef spend_chart(const Comparison& c, std::size_t i, const CashFlowView& view) {
    return ChartRef{fmt::format("chart-spend-{}", i + 1),
                    [&c](const Currency& money, const std::string& id) {
                        if (!c.cash_flow.flows.empty()) return cumulative_spend_svg(c, money, {id, false});
                        std::string svg;
                        with_profile(c, [&](const CashFlowProfile& profile) {
                            Comparison drawn = c;
                            drawn.cash_flow = profile;
                            svg = cumulative_spend_svg(drawn, money, {id, false});
                        });
                        return svg;
                    },
                    words(title(c, view) + ". The dashed line marks the payback month.")};
}

// The whole document, part by part: part_done() is called after each comparison's part, where the streamed views
// write the sections made so far and drop them (2,000 builds over 600 months make a page of 2 GB). What a
// comparison adds to a section (its verdict, its chart) is a section of level 3 without a heading inside it.
// Only the blocks `views` shows are made: the terminal and markdown streams leave out the page's own sections.
void add_page(Document& d, const CashFlowReport& cash_flow, Shown views, const std::function<void()>& part_done) {
    const Report& report = cash_flow.report;
    const CashFlowView& view = cash_flow.view;
    const auto each = [&](const auto& add) {
        for (std::size_t i = 0; i < report.comparisons.size(); ++i) {
            add(report.comparisons[i], i);
            part_done();
        }
    };
    if (views.needs(k_html_only)) {
        d.section("", {}, k_html_only)  // the page's title and how to read it
            .add(Heading{words(std::string("Cash flow by ") + to_string(view.by))})
            .add(Paragraph{words(k_reading + periods_reading(view)), Role::meta});
        Section& verdicts = d.section("verdict", words("Verdict"), k_html_only);
        if (report.comparisons.empty())
            verdicts.add(Paragraph{words("No build has a cloud offer to compare with."), Role::verdict});
        each([&](const Comparison& c, std::size_t) { add_verdict(d.section("", {}, k_html_only, 3), c); });
        if (!report.comparisons.empty()) {
            d.section("charts", words("Charts"), k_html_only);
            each([&](const Comparison& c, std::size_t i) {
                d.section("", {}, k_html_only, 3).add(spend_chart(c, i, view));
            });
        }
        d.section("breakdown", words("Cost breakdown"), k_html_only);
    }
    each([&](const Comparison& c, std::size_t) { add_comparison(d, c, view); });
    // How to read the periods, then the run's assumptions (one comparison's own when the page shows one build),
    // warnings and catalogue.
    d.section("", {}, k_not_html)
        .add(CurrencyNote{{}, Role::plain})
        .add(Paragraph{words(k_reading + periods_reading(view))});
    if (views.needs(k_html_only))
        add_report_sections(d, report,
                            report.detailed && !report.comparisons.empty() ? report.comparisons.front().assumptions
                                                                           : report.header.assumptions,
                            part_done);
}

std::string page_title(const CashFlowView& view) { return std::string("gpucost: cash flow by ") + to_string(view.by); }

}  // namespace

Document document_of(const CashFlowReport& cash_flow) {
    Document d{page_title(cash_flow.view), {}};
    add_page(d, cash_flow, k_everywhere, [] {});
    return d;
}

std::string render_table(const CashFlowReport& cash_flow, const RenderOptions& options) {
    return with_terminal_chart(write_text(document_of(cash_flow), options), cash_flow.report, options);
}

std::string render_svg(const CashFlowReport& cash_flow, const RenderOptions& options) {
    return report_chart_svg(cash_flow, options.chart, options.currency);
}

bool cash_flow_streams(Format format, const RenderOptions& options) noexcept {
    if (format == Format::json || format == Format::csv || format == Format::tsv) return true;
    return (format == Format::table || format == Format::markdown || format == Format::html) && options.chart.empty();
}

void write_cash_flow(const CashFlowReport& cash_flow, Format format, const RenderOptions& options,
                     const TextSink& sink) {
    if (format == Format::json) return write_cash_flow_json(cash_flow, options, sink);
    if (format == Format::csv || format == Format::tsv) return write_rows(rows_of(cash_flow), format, options, sink);
    if (!cash_flow_streams(format, options)) return sink(render(cash_flow, format, options));
    // The document a part at a time: the sections made so far are written and dropped at each part's end, the
    // terminal's and markdown's a blank line apart, as the writers join a whole document's sections.
    Document d{page_title(cash_flow.view), {}};
    std::optional<HtmlPage> page;
    if (format == Format::html) page.emplace(d.title, options, sink);
    bool first = true;
    const auto part_done = [&] {
        if (page) {
            for (const Section& s : d.sections) page->add(s);
        } else if (std::string text = format == Format::table ? write_text(d, options) : write_markdown(d, options);
                   !text.empty()) {
            sink((first ? "" : "\n") + text);
            first = false;
        }
        d.sections.clear();
    };
    add_page(d, cash_flow, page ? k_html_only : k_not_html, part_done);
    part_done();
    if (page) page->finish();
}

}  // namespace gpucost
