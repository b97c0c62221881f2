// The cash flow for people: each month's totals per side and the running totals, as an aligned table or markdown.
#include <string>
#include <vector>

#include <fmt/format.h>

#include "gpucost/render/markdown_table.hpp"
#include "gpucost/render/paint.hpp"
#include "gpucost/render/phrases.hpp"
#include "gpucost/render/render.hpp"
#include "gpucost/render/text_table.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {
namespace {

const std::vector<std::string> k_header = {"month", "build", "cloud", "build cumulative", "cloud cumulative"};

std::vector<std::vector<std::string>> month_rows(const Comparison& c, const Currency& money) {
    std::vector<std::vector<std::string>> rows;
    for (const CashFlowMonth& m : c.cash_flow.months)
        rows.push_back({std::to_string(m.month), format_money(m.build_usd, money), format_money(m.cloud_usd, money),
                        format_money(m.build_cumulative_usd, money), format_money(m.cloud_cumulative_usd, money)});
    return rows;
}

std::string title(const Comparison& c) {
    return fmt::format("{} vs {}: cash flow by month, discounted at {} a year ({})", c.build.id, c.offer.id,
                       exact_number(c.assumptions.values.discount_rate),
                       count_text(c.assumptions.values.months, "month"));
}

std::string closing(const Currency& money) {
    std::string out;
    if (!money.is_usd()) out += "\n" + currency_note(money) + "\n";
    return out + "\nMonth 0 holds the purchase and setup; the last month also the resale (a credit). Amounts are "
                 "discounted to today, so each side sums to its total in 'gpucost compare'. CSV and JSON give every "
                 "category.\n";
}

}  // namespace

std::string render_table(const CashFlowReport& cash_flow, const RenderOptions& options) {
    const Paint paint(options.colour);
    std::string out;
    for (const Comparison& c : cash_flow.report.comparisons) {
        if (!out.empty()) out += "\n";
        TextTable table(std::vector<Align>(k_header.size(), Align::right));
        table.add(k_header, Tone::strong);
        for (std::vector<std::string>& row : month_rows(c, options.currency)) table.add(std::move(row));
        out += paint(title(c), Tone::strong) + "\n  " + match_sentence(c) + "\n" + table.str("  ", paint);
    }
    return with_terminal_chart(out + closing(options.currency), cash_flow.report, options);
}

std::string render_markdown(const CashFlowReport& cash_flow, const RenderOptions& options) {
    std::string out;
    for (const Comparison& c : cash_flow.report.comparisons) {
        if (!out.empty()) out += "\n";
        out += fmt::format("### {}\n\n{}\n\n", title(c), match_sentence(c)) +
               markdown_table(k_header, std::vector<bool>(k_header.size(), true), month_rows(c, options.currency));
    }
    return out + closing(options.currency);
}

}  // namespace gpucost
