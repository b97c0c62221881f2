// Markdown for pull-request comments and wikis: the table view's figures, rounded the same way.
#include <algorithm>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "gpucost/render/markdown_table.hpp"
#include "gpucost/render/money.hpp"
#include "gpucost/render/phrases.hpp"
#include "gpucost/render/render.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {
namespace {

std::string assumptions_table(const ResolvedAssumptions& r) {
    std::vector<std::vector<std::string>> rows;
    for (const AssumptionInfo& i : assumption_infos())
        rows.push_back({std::string(i.name), display_value(r.values, i.key), std::string(i.unit),
                        r.origins[static_cast<std::size_t>(i.key)]});
    return markdown_table({"assumption", "value", "unit", "from"}, {false, true, false, false}, rows);
}

std::string gate_value(const GateCheck& check, const GateCheck::Value& v) {
    if (const auto* text = std::get_if<std::string>(&v)) return *text;
    if (const auto* number = std::get_if<double>(&v)) {
        if (check.unit == GateUnit::probability) return fmt::format("{:.3f}", *number);
        return check.unit == GateUnit::usd ? format_usd(*number) : format_grouped(*number, 0);
    }
    return check.unit == GateUnit::months ? "never" : "-";
}

std::string checks_block(const std::vector<GateCheck>& checks) {
    std::vector<std::vector<std::string>> rows;
    for (const GateCheck& c : checks)
        rows.push_back({c.passed ? "ok" : "**FAIL**", c.name, c.build_id, c.cloud_id, gate_value(c, c.value),
                        gate_value(c, c.limit)});
    const auto failed = std::count_if(checks.begin(), checks.end(), [](const GateCheck& c) { return !c.passed; });
    const std::string verdict =
        checks.empty() ? "No gate given: check passes."
        : failed == 0
            ? fmt::format("{} passed, none failed.", count_text(static_cast<long long>(checks.size()), "gate check"))
            : fmt::format("{} of {} FAILED.", failed, count_text(static_cast<long long>(checks.size()), "gate check"));
    return "### Checks\n\n**" + verdict + "**\n\n" +
           markdown_table({"result", "gate", "build", "cloud offer", "value", "limit"},
                          {false, false, false, false, true, true}, rows) +
           "\n";
}

// What currency the figures are in, when it is not the US dollar.
std::string currency_paragraph(const Currency& currency) {
    const std::string note = currency_note(currency);
    return note.empty() ? "" : note + "\n\n";
}

// The best offer of each tier beside the chosen one.
std::string tier_table(const Comparison& c, const Currency& currency) {
    if (c.tier_offers.empty()) return "";
    std::vector<std::vector<std::string>> rows;
    for (const TierOffer& t : c.tier_offers)
        rows.push_back({t.tier, t.offer_id, rented_shape(t.instances, t.gpus_per_instance),
                        format_money(t.cloud_total_usd, currency), t.chosen ? "**chosen**" : ""});
    return "\n" + markdown_table({"best of each tier", "offer", "rented", "cloud total", ""},
                                 {false, false, false, true, false}, rows);
}

std::string summary(const Report& report, const Currency& money) {
    const Assumptions& a = report.header.assumptions.values;
    std::string out = fmt::format("### Build or rent: every build against its cheapest {} cloud offer, over {} "
                                  "at {} h/week\n\n",
                                  ranked_offer_words(report.match_level, a.pricing), count_text(a.months, "month"),
                                  format_grouped(a.hours_per_week, 1));
    out += currency_paragraph(money);
    std::vector<std::vector<std::string>> rows;
    for (std::size_t i = 0; i < report.comparisons.size(); ++i)
        rows.push_back(ranked_row(i + 1, report.comparisons[i], money));
    out +=
        markdown_table(ranked_columns(), {true, false, true, false, false, true, true, false, true, true, true}, rows);
    out += "\n<details><summary>Assumptions</summary>\n\n" + assumptions_table(report.header.assumptions) +
           "\n</details>\n";
    return out;
}

std::string detail(const Report& report, const Currency& currency) {
    const Comparison& c = report.comparisons.front();
    const Evaluation& e = c.result;
    std::string out =
        fmt::format("### {} vs {}\n\n{}{}\n\n{}\n\n", c.build.id, c.offer.id, currency_paragraph(currency),
                    verdict_text(c, currency), resale_verdict_text(c, currency));
    if (const std::string deciding = deciding_text(c); !deciding.empty()) out += deciding + "\n\n";
    out += match_sentence(c) + "\n\n";
    if (const std::string same_work = equivalence_sentence(c); !same_work.empty()) out += same_work + "\n\n";
    const auto money = [&currency](double usd) { return format_money(usd, currency); };
    const auto amount_cell = [&](const std::optional<Category>& category) {
        return category ? money(c.cost_usd(*category)) : std::string();
    };
    std::vector<std::vector<std::string>> rows;
    for (const CategoryRow& row : k_category_rows)
        rows.push_back({row.key, amount_cell(row.build), amount_cell(row.cloud)});
    rows.push_back({"**total**", "**" + money(e.build.total_usd) + "**", "**" + money(e.cloud.total_usd) + "**"});
    rows.push_back({"per GPU-hour used", format_optional_money_rate(e.build_per_gpu_hour_usd, currency),
                    format_optional_money_rate(e.cloud_per_gpu_hour_usd, currency)});
    out += markdown_table({"cost over the horizon", "build", "cloud"}, {false, true, true}, rows);
    out += fmt::format("\nBreak-even: {} h/week. {}\n", break_even_text(e), payback_sentence(c));
    out += tier_table(c, currency);
    out += "\n<details><summary>Assumptions</summary>\n\n" + assumptions_table(c.assumptions) + "\n</details>\n";
    return out;
}

std::string footer(const Report& report) {
    return fmt::format("\n<sub>Catalogue: {}, as of {}; oldest figure used: {}.</sub>\n",
                       markdown_cell(report.header.catalog_source), report.header.catalog_as_of,
                       report.header.oldest_as_of);
}

std::string body(const Report& report, const Currency& currency) {
    return report.detailed ? detail(report, currency) : summary(report, currency);
}

}  // namespace

std::string render_markdown(const Report& report, const RenderOptions& options) {
    return body(report, options.currency) + footer(report);
}

std::string render_markdown(const CheckReport& check, const RenderOptions& options) {
    // The gates first (issue 25): a pull-request comment's reader wants the result before the figures behind it.
    return checks_block(check.checks) + body(check.report, options.currency) + footer(check.report);
}

}  // namespace gpucost
