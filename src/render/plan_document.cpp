// `plan` as a document: what the plan buys and when, the strategies side by side, cash by year, and the run's parts.
#include <algorithm>

#include <fmt/format.h>

#include "gpucost/render/money.hpp"
#include "gpucost/render/phrases.hpp"
#include "gpucost/render/plan.hpp"
#include "gpucost/render/xlsx.hpp"  // render_xlsx(PlanReport), for the instantiation below
#include "gpucost/util/text.hpp"
#include "plan_months.hpp"
#include "run_sections.hpp"

namespace gpucost {
namespace {

// "2 machines in month 13": a lot's count of its kind (the words in plan::Kind's order) and its month.
std::string lot_text(const plan::Lot& lot) {
    constexpr const char* k_what[plan::k_kind_count] = {"machine", "1-year commitment", "3-year commitment"};
    return fmt::format("{} in month {}", count_text(lot.count, k_what[static_cast<std::size_t>(lot.kind)]), lot.month);
}

// "on demand", or "on spot" when the plan rents on spot (--pricing spot).
const char* rent_words(Pricing rent) { return rent == Pricing::spot ? "on spot" : "on demand"; }

std::string schedule_text(const plan::Schedule& schedule, Pricing rent) {
    if (schedule.lots.empty()) return fmt::format("nothing bought, every hour {}", rent_words(rent));
    std::string out;
    for (const plan::Lot& lot : schedule.lots) out += (out.empty() ? "" : ", ") + lot_text(lot);
    return fmt::format("{}, the rest {}", out, rent_words(rent));
}

// Under --pricing spot: what the rented part's price assumes.
std::string plan_spot_sentence(const Assumptions& a) {
    return fmt::format("Rented on spot: its capacity is not guaranteed, and each reclaimed instance stops the work "
                       "on every instance up with it. Spot hours are billed with spot_overhead {} more for work run "
                       "again, and each of {} interruptions per instance a month re-runs {} h of work on every "
                       "instance up (docs/plan.md); demand that cannot wait may want --pricing on-demand.",
                       exact_number(a.spot_overhead), exact_number(a.spot_interruptions_per_instance_month),
                       exact_number(a.spot_restart_hours));
}

Inline verdict(const PlanReport& r) {
    const plan::StrategyResult& best = r.strategies.back();
    const plan::StrategyResult& rent = r.strategies.front();
    const Pricing pricing = r.supply.rent_pricing;
    return {"the plan: " + schedule_text(best.schedule, pricing) + "; net present cost ",
            cell::money(best.costs.net_present_cost_usd), " against ", cell::money(rent.costs.net_present_cost_usd),
            fmt::format(" all {}", rent_words(pricing))};
}

std::string space_text(const PlanReport& r) {
    return fmt::format("Demand from {} over {}; the plan may buy machines and start commitments in months {}.",
                       r.demand_source, months_text(r.supply.assumptions.months),
                       fmt::join(r.space.decision_months, ", "));
}

Table strategies_table(const PlanReport& r) {
    Table t;
    t.header = {
        words("strategy"),        words("net present cost"),
        words("peak month"),      words("owned use"),
        words("committed use"),   words("owned GPU-h"),
        words("committed GPU-h"), words(r.supply.rent_pricing == Pricing::spot ? "spot GPU-h" : "on-demand GPU-h")};
    t.numeric = {false, true, true, true, true, true, true, true};
    t.drop_order = {6, 5, 7, 4, 3, 2};  // a narrow terminal keeps each strategy's net present cost
    for (const plan::StrategyResult& s : r.strategies)
        t.rows.push_back({{to_string(s.strategy, r.supply.rent_pricing), cell::money(s.costs.net_present_cost_usd),
                           cell::money(s.peak_monthly_spend_usd), cell::percent(s.owned_utilisation),
                           cell::percent(s.committed_utilisation), cell::number(s.owned_gpu_hours, 0),
                           cell::number(s.committed_gpu_hours, 0), cell::number(s.on_demand_gpu_hours, 0)},
                          s.strategy == plan::Strategy::plan ? Tone::good : Tone::plain});
    return t;
}

Table cash_table(const PlanReport& r) {
    Table t;
    t.header = {words("year")};
    t.numeric = {true};
    std::size_t years = 0;
    for (const plan::StrategyResult& s : r.strategies) {
        t.header.push_back(words(to_string(s.strategy, r.supply.rent_pricing)));
        t.numeric.push_back(true);
        years = std::max(years, s.cash_by_year_usd.size());
    }
    // A narrow terminal leaves out the pure strategies, the last first: the plan and all on demand stay longest.
    for (std::size_t i = r.strategies.size(); i-- > 0;)
        if (r.strategies[i].strategy != plan::Strategy::plan) t.drop_order.push_back(i + 1);
    for (std::size_t y = 0; y < years; ++y) {
        TableRow row{{cell::count(static_cast<long long>(y + 1))}};
        for (const plan::StrategyResult& s : r.strategies)
            row.cells.push_back(y < s.cash_by_year_usd.size() ? cell::money(s.cash_by_year_usd[y]) : cell::money({}));
        t.rows.push_back(std::move(row));
    }
    return t;
}

// The regret table: each schedule's net present cost and regret under each demand case, and its largest regret.
Table regret_table(const plan::RegretTable& t) {
    Table table;
    table.header = {words("schedule")};
    table.numeric = {false};
    for (const plan::DemandCase& c : t.cases) {
        table.header.push_back(words(
            c.changes.empty() ? fmt::format("{} growth ({}% a year)", c.name, exact_number(c.growth_per_year * 100.0))
                              : fmt::format("{} ({})", c.name, c.changes)));
        table.header.push_back(words(c.name + " regret"));
        table.numeric.insert(table.numeric.end(), {true, true});
    }
    // A narrow terminal leaves out each case's cost, then its regret, the last case first; the largest regret stays.
    for (std::size_t c = t.cases.size(); c-- > 0;) table.drop_order.push_back(1 + 2 * c);
    for (std::size_t c = t.cases.size(); c-- > 0;) table.drop_order.push_back(2 + 2 * c);
    table.header.push_back(words("largest regret"));
    table.numeric.push_back(true);
    for (std::size_t i = 0; i < t.rows.size(); ++i) {
        const plan::RegretRow& row = t.rows[i];
        TableRow out{{row.label}, i == t.least_regret ? Tone::good : Tone::plain};
        for (std::size_t c = 0; c < t.cases.size(); ++c) {
            out.cells.push_back(cell::money(row.net_present_cost_usd[c]));
            out.cells.push_back(cell::money(row.regret_usd[c]));
        }
        out.cells.push_back(cell::money(row.max_regret_usd));
        table.rows.push_back(std::move(out));
    }
    return table;
}

void add_regret_section(Document& d, const plan::RegretTable& t, Pricing rent) {
    const plan::RegretRow& least = t.rows[t.least_regret];
    d.section("regret", words("How sure: net present cost and regret under each demand case"))
        .add(Paragraph{{"Each schedule is chosen today and costed under each demand case; its regret is its "
                        "cost less the best plan's for that case. The one that loses least: " +
                            least.label + " (" + schedule_text(least.schedule, rent) + "), at most ",
                        cell::money(least.max_regret_usd)},
                       Role::verdict})
        .add(regret_table(t));
}

// A gate's value or limit as the check table shows it: dollars, a share to four places, "-" without a figure.
std::string gate_text(const GateCheck& c, const GateCheck::Value& v) {
    const auto* number = std::get_if<double>(&v);
    if (number == nullptr) return "-";
    return c.unit == GateUnit::share ? fmt::format("{:.4f}", *number) : format_usd(*number);  // gates are in USD
}

// The gates given, first (as check's document): a job summary's reader wants the result before the figures. Not in
// the terminal's table, where each gate is a line on stderr.
void add_checks_section(Document& d, const std::vector<GateCheck>& checks) {
    Table table{{words("result"), words("gate"), words("value"), words("limit")}, {false, false, true, true}, {}};
    for (const GateCheck& c : checks)
        table.rows.push_back(
            {{c.passed ? Cell("ok") : Cell("FAIL").bold(), c.name, gate_text(c, c.value), gate_text(c, c.limit)}});
    const auto failed = std::count_if(checks.begin(), checks.end(), [](const GateCheck& c) { return !c.passed; });
    const std::string total = count_text(static_cast<long long>(checks.size()), "gate check");
    const std::string verdict = failed == 0 ? fmt::format("{} on the plan passed, none failed.", total)
                                            : fmt::format("{} of {} on the plan FAILED (exit code 1).", failed, total);
    Section section{"checks", {}, 2, {}, k_not_text};
    section.add(Heading{words("Checks"), 2})
        .add(Paragraph{words(verdict), failed == 0 ? Role::verdict : Role::warning, true})
        .add(std::move(table));
    d.put_first(std::move(section));
}

}  // namespace

Document document_of(const PlanReport& r) {
    const std::string title =
        fmt::format("Fleet plan: {} ({} x {}) against {}", r.build.id, r.build.gpu_count, r.build.gpu_id, r.offer.id);
    Document d{"gpucost: " + title, {}};
    d.section()
        .add(Heading{words(title)})
        .add(CurrencyNote{}, k_not_html)
        .add(Paragraph{words(space_text(r)), Role::meta})
        .add(Paragraph{verdict(r), Role::verdict})
        .add(strategies_table(r));
    const plan::StrategyResult& best = r.strategies.back();
    if (best.unserved_gpu_hours > 0.0)
        d.sections.back().add(Paragraph{
            words(fmt::format("With --downtime lost, {} GPU-hours of the plan's work are lost to owned downtime and "
                              "not served (each strategy's are in the JSON and CSV).",
                              format_grouped(best.unserved_gpu_hours, 0))),
            Role::note});
    if (r.supply.rent_pricing == Pricing::spot)
        d.sections.back().add(Paragraph{words(plan_spot_sentence(r.supply.assumptions)), Role::note});
    if (r.regret) add_regret_section(d, *r.regret, r.supply.rent_pricing);
    d.section("charts", words("Charts"), k_html_only)
        .add(page_chart("chart-capacity",
                        words(fmt::format("The plan's GPUs by source each month (owned blue; committed and {0} "
                                          "vermilion, {0} hatched), under the demand's peak and mean.",
                                          r.supply.rent_pricing == Pricing::spot ? "spot" : "on demand")),
                        plan_capacity_svg, r))
        .add(page_chart("chart-spend",
                        words("Each strategy's cumulative discounted spend by month; each line ends at its net "
                              "present cost."),
                        plan_spend_svg, r));
    d.section("cash", words("Cash by year (undiscounted)")).add(cash_table(r));
    if (r.monthly)
        d.section("months", words("The plan month by month (undiscounted; month 0: the first purchases)"))
            .add(plan_month_table(r));
    const Inline catalogue = catalogue_sentence(r.header);
    add_assumptions_section(d, r.assumptions);
    add_warnings_section(d, r.header.warnings, {});
    add_catalogue_section(d, catalogue);
    d.section("", {}, k_not_html)
        .add(Notes{}
                 .add(words(fmt::format("Net present cost at the discount rate; hours served by owned machines "
                                        "first, then commitments, then {} (docs/plan.md).",
                                        rent_words(r.supply.rent_pricing))),
                      Role::explanation)
                 .add(catalogue, Role::explanation));
    if (!r.checks.empty()) add_checks_section(d, r.checks);
    return d;
}

template std::string render(const PlanReport&, Format, const RenderOptions&);

}  // namespace gpucost
