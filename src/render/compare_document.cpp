// `compare` (and `check`'s report) for people: the one outline the terminal table, markdown and the HTML page are
// written from. The ranked view of every build, or one build in detail; the HTML page adds its charts and the
// run's assumptions, warnings and catalogue.
#include <algorithm>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "gpucost/render/phrases.hpp"
#include "gpucost/render/render.hpp"
#include "gpucost/render/report_charts.hpp"
#include "run_sections.hpp"

namespace gpucost {
namespace {

// The table and markdown's assumptions (the HTML page has its own section, with each value's source).
void add_assumptions(Document& d, const ResolvedAssumptions& r, bool with_sources) {
    // A narrow terminal leaves out where a value is from, then its unit.
    Table table = make_table({"assumption", numeric("value"), "unit", "from"}, {3, 2});
    table.rows.reserve(assumption_infos().size());
    for (const AssumptionInfo& i : assumption_infos())
        table.rows.push_back(table_row(std::string(i.name), display_value(r.values, i.key), std::string(i.unit),
                                       r.origins[static_cast<std::size_t>(i.key)]));
    Section& s = d.section("", words("Assumptions"), k_not_html).add(std::move(table));
    s.folded = true;
    if (!with_sources) return;
    Section& sources = d.section("", words("Where the catalogue defaults come from"), k_text_only);
    for (const AssumptionInfo& i : assumption_infos())
        if (const std::string& source = r.sources[static_cast<std::size_t>(i.key)]; !source.empty())
            sources.add(Paragraph{words(fmt::format("{}: {}", i.name, source))});
}

// The run's catalogue, assumptions and warnings: the page's last sections and the footer of the other views.
void add_run_parts(Document& d, const Report& report, const ResolvedAssumptions& assumptions, bool with_sources,
                   Shown views) {
    if (views.needs(k_not_html)) add_assumptions(d, assumptions, with_sources);
    Inline catalogue =
        views.needs(k_html_only) ? add_report_sections(d, report, assumptions) : catalogue_sentence(report.header);
    if (views.needs(k_not_html)) d.section("", {}, k_not_html).add(Paragraph{std::move(catalogue), Role::source});
}

// The best offer of each tier beside the chosen one, so marketplace, GPU-cloud and hyperscaler prices show at once.
// A narrow terminal leaves out what is rented, then the marker of the chosen offer (the lines above name it).
Table tier_table(const Comparison& c) {
    Table table = make_table({"best of each tier", "offer", "rented", numeric("cloud total"), ""}, {2, 4});
    for (const TierOffer& t : c.tier_offers)
        table.rows.push_back(table_row(t.tier, t.offer_id, rented_shape(t.instances, t.gpus_per_instance),
                                       cell::money(t.cloud_total_usd),
                                       t.chosen ? Cell("chosen").with(Tone::good).bold() : Cell()));
    return table;
}

// The page's three charts of one comparison.
void add_charts(Document& d, const Comparison& c) {
    d.section("charts", words("Charts"), k_html_only)
        .add(page_chart("chart-spend",
                        words("Cumulative discounted spend by month; the dashed line marks the payback month."),
                        cumulative_spend_svg, c))
        .add(page_chart("chart-hours",
                        words("Total cost of each side against hours of use per week; the break-even and your hours "
                              "are marked."),
                        cost_vs_hours_svg, c))
        .add(page_chart("chart-breakdown",
                        words("Each side's cost by category over the horizon (the resale credit below zero)."),
                        breakdown_svg, c));
}

// "Rent: ...": the offer and its price, per instance-hour at the pricing, or per instance-month for a monthly rental.
Inline rent_inline(const Comparison& c) {
    const CloudSpec& spec = c.cloud_spec;
    const std::string what = fmt::format("Rent: {} {} in {}, {} GPU(s) each, ", c.offer.provider, c.offer.instance,
                                         c.offer.region, c.offer.gpus_per_instance);
    const std::string instances = fmt::format("{} instance(s).", c.result.cloud.instances);
    if (!spec.billed_monthly())
        return {what + fmt::format("{} at ", to_string(c.assumptions.values.pricing)),
                cell::money_rate(spec.usd_per_hour), " per instance-hour; " + instances};
    const std::string term =
        c.min_term_months ? fmt::format(", minimum term {}", months_text(static_cast<int>(*c.min_term_months))) : "";
    return {what + "rented by the month at ", cell::money(spec.usd_per_month),
            " per instance-month whatever the use (setup fee ", cell::money(spec.setup_fee_usd),
            " per instance" + term + "); " + instances};
}

// `views`: the formats that will read the document. The terminal table builds its document for itself alone
// (render_table) and skips the page's sections and blocks, which are most of the summary's cost (issue 21's
// start-up); document_of builds for every format.
Document detail(const Report& report, Shown views) {
    const Comparison& c = report.comparisons.front();
    const Evaluation& e = c.result;
    const Assumptions& a = c.assumptions.values;
    Document d{fmt::format("gpucost: {} against {}", c.build.id, c.offer.id), {}};
    d.section("", {}, k_html_only)
        .add(Heading{words(fmt::format("{} against {}", c.build.id, c.offer.id))})
        .add(Paragraph{words(fmt::format("gpucost: owning {} or renting it in the cloud.", c.build.name)), Role::meta});
    Section& what = d.section("comparison", words(fmt::format("{}: {}", c.build.id, c.build.name)));
    what.add(Paragraph{words(fmt::format("Own: {} x {}.", c.build.gpu_count, c.build.gpu_name))})
        .add(Paragraph{rent_inline(c)})
        .add(Paragraph{joined({fmt::format("Over {} at {} ({} used hours a month), ", months_text(a.months),
                                           hours_text(a.hours_per_week), format_grouped(e.used_hours_per_month, 1))},
                              discounting_inline(a), Inline{"."})})
        .add(Paragraph{words(fmt::format("Cloud offer: {} ({}).", c.offer.id, c.offer_choice))})
        .add(Paragraph{words(match_sentence(c))})
        .add(Paragraph{words(equivalence_sentence(c))});
    d.section("", {}, k_not_html).add(CurrencyNote{});
    Notes notes;
    if (e.cloud.unused_gpus > 0)
        notes.add(words(fmt::format("Note: {} instance(s) hold {} GPUs; {} are paid for but unused.", e.cloud.instances,
                                    c.rented_gpus, e.cloud.unused_gpus)),
                  Role::plain);
    for (const std::string& estimate : c.estimates) notes.add(words("Note: " + estimate), Role::note, k_not_html);
    const Paragraph break_even{words(break_even_sentence(c))};
    const Paragraph payback{words(payback_sentence(c))};
    // The page keeps these under its verdict and the cost lines in their own section; the terminal and markdown
    // set them after the verdict, as the table reads.
    Section& verdict = d.section("verdict", verdict_inline(c));
    verdict.heading_role = Role::verdict;
    verdict.add(Paragraph{per_gpu_scaled_inline(c), Role::note}).add(Paragraph{resale_verdict_inline(c)});
    if (c.reading.pre_tax) verdict.add(Paragraph{pre_tax_verdict_inline(c)});
    verdict.add(Paragraph{words(deciding_text(c)), Role::note})
        .add(Paragraph{words(spot_sentence(c)), Role::note})
        .add(Paragraph{downtime_inline(c)})
        .add(Paragraph{api_inline(c)})
        .add(break_even, k_html_only)
        .add(payback, k_html_only)
        .add(notes, k_html_only);
    if (!c.tier_offers.empty()) verdict.add(tier_table(c), k_html_only);
    d.section("", {}, k_not_html).add(costs_table(c));
    Section& timing = d.section("", {}, k_not_html).add(break_even).add(payback);
    timing.indented = true;
    Section& tail = c.tier_offers.empty() ? timing : d.section("", {}, k_not_html).add(tier_table(c));
    tail.indented = true;
    tail.add(std::move(notes));
    if (views.needs(k_html_only)) {
        add_charts(d, c);
        d.section("breakdown", words("Cost breakdown"), k_html_only).add(costs_table(c));
    }
    add_run_parts(d, report, c.assumptions, true, views);
    return d;
}

// The ranked table's extra column and the notes under it: what the API total is, which verdicts need a second look,
// what the estimate marker and the break-even column mean.

// Whether some comparison of the run has a per-token API beside it (--workload naming a model an API sells).
bool any_api(const Report& report) {
    return std::any_of(report.comparisons.begin(), report.comparisons.end(),
                       [](const Comparison& c) { return c.api.has_value(); });
}

// How many of the report's comparisons rest on a figure marked as an estimate or unverified.
std::size_t marked_count(const Report& report) {
    return static_cast<std::size_t>(std::count_if(report.comparisons.begin(), report.comparisons.end(),
                                                  [](const Comparison& c) { return !c.estimates.empty(); }));
}

// With --workload naming a model an API sells (issue 20), the ranked table's "API total" after "cloud total": the
// same work through the cheapest per-token API over the horizon, "-" for a build whose GPU has no throughput for
// it. A narrow terminal leaves it out after cloud offer, tier, payback month and GPUs, before the totals owning and
// renting are weighed by (the line under the table explains it).
void add_api_column(Table& table, const Report& report) {
    if (!any_api(report)) return;
    constexpr std::size_t k_at = 8;  // after "cloud total"
    table.header.insert(table.header.begin() + k_at, words("API total"));
    table.numeric.insert(table.numeric.begin() + k_at, true);
    for (std::size_t i = 0; i < table.rows.size(); ++i) {
        const auto& api = report.comparisons[i].api;
        table.rows[i].cells.insert(table.rows[i].cells.begin() + k_at, api ? cell::money(api->total_usd) : Cell("-"));
    }
    for (std::size_t& column : table.drop_order)
        if (column >= k_at) ++column;
    table.drop_order.insert(table.drop_order.begin() + 4, k_at);
}

// The line under the ranked table that says what "API total" is; "" without the column.
std::string api_note(const Report& report) {
    if (!any_api(report)) return "";
    return "API total: the same work (the build's GPUs x the workload's tokens/s a GPU x the hours used) bought from "
           "the cheapest per-token API of the workload's model, over the horizon, discounted as the other totals; "
           "`--build ID` names the API and its prices.";
}

// The verdicts that need a second look (issue 20 items 8 and 10): rentals larger than the build, and spot carrying
// round-the-clock work on several GPUs; "" when none.
std::string size_and_spot_note(const Report& report) {
    std::vector<std::string> larger;
    std::vector<std::string> spot;
    for (const Comparison& c : report.comparisons) {
        if (c.per_gpu_scaled) larger.push_back(c.build.id);
        if (c.reading.spot && c.reading.spot->round_the_clock_multi_gpu) spot.push_back(c.build.id);
    }
    std::string note;
    if (!larger.empty())
        note = fmt::format("Not like for like in size (the rental holds more GPUs than the build): {}; `--build ID` "
                           "gives the same comparison at the offer's price per GPU-hour.",
                           fmt::join(larger, ", "));
    if (!spot.empty())
        note += fmt::format("{}Spot carries round-the-clock work on several GPUs for {}: its capacity is not "
                            "guaranteed; `--build ID` says how often the job stops.",
                            note.empty() ? "" : " ", fmt::join(spot, ", "));
    return note;
}

// What the estimate marker means: none, one line when every row rests on an estimate (no row is then marked),
// else the `*`'s meaning.
const char* estimate_note(const Report& report) {
    const std::size_t marked = marked_count(report);
    if (marked == 0) return "";
    return marked == report.comparisons.size()
               ? "Every result rests on a figure marked as an estimate or unverified; `--build ID` shows which."
               : "* rests on a figure marked as an estimate or unverified; `--build ID` shows which.";
}

// The break-even column's note; what "vs commit" and "vs month" mean when some row is against a flat cloud bill.
std::string break_even_note(const Report& report) {
    const auto any_kind = [&report](BreakEvenKind kind) {
        return std::any_of(report.comparisons.begin(), report.comparisons.end(),
                           [kind](const Comparison& c) { return c.reading.break_even_kind == kind; });
    };
    const bool commitment = any_kind(BreakEvenKind::owning_vs_commitment);
    const bool monthly = any_kind(BreakEvenKind::owning_vs_monthly_rental);
    std::string note = "Break-even: the hours per week at which both sides cost the same; ";
    if (!commitment && !monthly) return note + "\"above\" means owning wins above it.";
    if (commitment) note += "\"vs commit\": a commitment bills every hour of its term, ";
    if (commitment && monthly) note += "and ";
    if (monthly) note += "\"vs month\": a monthly rental bills every month whatever the use, ";
    return note + "so the figure is where owning's running costs reach it, not a use to stay below.";
}

// The ranked table. "rented" names the offer in a few words (provider and shape), so an 80-column terminal still
// says what each build was compared with; the full id is the "cloud offer" column. A narrow terminal leaves out
// cloud offer, tier, payback month, GPUs, cloud total, build total, break-even and rented, in that order
// (docs/usage.md); #, build, cheaper and saves always show. The `*` marks the rows that rest on an estimate only
// when some do and some do not: when all do, one line under the table says so.
Table ranking(const Report& report) {
    Table table = make_table({numeric("#"), "build", numeric("GPUs"), "rented", "cloud offer", "tier",
                              numeric("build total"), numeric("cloud total"), "cheaper", numeric("saves"),
                              numeric("break-even h/wk"), numeric("payback month")},
                             {4, 5, 11, 2, 7, 6, 10, 3}, false);
    const bool mark = marked_count(report) < report.comparisons.size();
    table.rows.reserve(report.comparisons.size());
    for (std::size_t i = 0; i < report.comparisons.size(); ++i) {
        const Comparison& c = report.comparisons[i];
        const Evaluation& e = c.result;
        table.rows.push_back(table_row(
            cell::count(static_cast<long long>(i + 1)), c.build.id + (c.estimates.empty() || !mark ? "" : " *"),
            cell::count(c.build.gpu_count),
            offer_label(c.offer.provider, e.cloud.instances, c.offer.gpus_per_instance, c.offer.gpu_id), c.offer.id,
            c.offer_tier.empty() ? std::string("-") : c.offer_tier, cell::money(e.build.total_usd),
            cell::money(e.cloud.total_usd), Cell(to_string(e.cheaper)).with(Tone::good), cell::money(e.savings_usd),
            break_even_text(e, c.reading.break_even_kind), payback_text(e)));
    }
    add_api_column(table, report);
    return table;
}

// Each build's cost by category, for the HTML page.
Table category_table(const Report& report) {
    Table table = make_table({"build"});
    // Financing and tax are the same choice for every comparison of a run (no build may set them).
    const Assumptions& a = report.header.assumptions.values;
    // The cloud's setup fee has a column when any comparison's offer charges one.
    const auto shown = [&](Category category) {
        return std::any_of(report.comparisons.begin(), report.comparisons.end(),
                           [&](const Comparison& c) { return shows_category(category, c.result, a); });
    };
    for (const CategoryInfo& info : k_categories) {
        if (!shown(info.category)) continue;
        table.header.push_back(words(fmt::format("{} {}", to_string(info.side), info.key)));
        table.numeric.push_back(true);
    }
    for (const Comparison& c : report.comparisons) {
        TableRow row{{c.build.id}};
        for (const CategoryInfo& info : k_categories)
            if (shown(info.category)) row.cells.push_back(cell::money(c.cost_usd(info.category)));
        table.rows.push_back(std::move(row));
    }
    return table;
}

Document summary(const Report& report, Shown views) {
    const bool html = views.needs(k_html_only);
    const bool others = views.needs(k_not_html);
    const Assumptions& a = report.header.assumptions.values;
    const std::string offers = ranked_offer_words(report.match_level, a.pricing);
    const Inline verdict = !html ? Inline{}
                           : report.comparisons.empty()
                               ? words("No build has a cloud offer to compare with.")
                               : verdict_inline(report.comparisons.front(), report.comparisons.front().build.id + ": ");
    const std::string over =
        fmt::format("{} cloud offer, over {} at {}, ", offers, months_text(a.months), hours_text(a.hours_per_week));
    Document d{"gpucost: build or rent, every build", {}};
    Section& top = d.section();
    if (html)
        top.add(Heading{words("Build or rent: every build")}, k_html_only)
            .add(
                Paragraph{joined(words("Every build against its cheapest " + over), discounting_inline(a), Inline{"."}),
                          Role::meta},
                k_html_only);
    top.add(Heading{joined(words("Build or rent: every build against its cheapest " + over), discounting_inline(a)), 2},
            k_not_html)
        .add(CurrencyNote{}, k_not_html);
    // The page sets the ranking in its Verdict section; the terminal and markdown without a heading.
    // Built once: the page and the other views show the same table.
    Table table = ranking(report);
    const auto add_ranking = [&](Section& s, bool last) {
        s.add(Paragraph{verdict, Role::verdict}, k_html_only)
            .add(last ? std::move(table) : table)
            .add(Notes{}
                     .add(words(break_even_note(report)), Role::explanation, k_not_markdown)
                     .explaining("break-even h/wk")
                     .add(words("Payback: the month in which cumulative cloud spend reaches the purchase plus running "
                                "costs."),
                          Role::explanation, k_not_markdown)
                     .explaining("payback month")
                     .add(words(api_note(report)), Role::explanation, k_not_markdown)
                     .explaining("API total")
                     .add(words(size_and_spot_note(report)), Role::note)
                     .add(words(estimate_note(report)), Role::note, k_not_markdown)
                     .add(words("Details of one build: gpucost compare --build ID"), Role::plain, k_text_only));
    };
    if (html) add_ranking(d.section("verdict", words("Verdict"), k_html_only), !others);
    if (others) add_ranking(d.section("", {}, k_not_html), true);
    if (html && !report.comparisons.empty())
        d.section("charts", words("Charts"), k_html_only)
            .add(page_chart("chart-savings",
                            words("What owning saves per build (right) or what renting saves (left), with each "
                                  "build's break-even hours."),
                            savings_svg, report));
    if (html) d.section("breakdown", words("Cost breakdown"), k_html_only).add(category_table(report));
    add_run_parts(d, report, report.header.assumptions, false, views);
    return d;
}

std::string gate_value(const GateCheck& check, const GateCheck::Value& v) {
    if (const auto* text = std::get_if<std::string>(&v)) return *text;
    if (const auto* number = std::get_if<double>(&v)) {
        if (check.unit == GateUnit::probability) return fmt::format("{:.3f}", *number);
        return check.unit == GateUnit::usd ? format_usd(*number) : format_grouped(*number, 0);  // gates are in USD
    }
    return check.unit == GateUnit::months ? "never" : "-";
}

}  // namespace

Document document_of(const CheckReport& check) {
    Document d = document_of(check.report);
    Table table = make_table({"result", "gate", "build", "cloud offer", numeric("value"), numeric("limit")});
    for (const GateCheck& c : check.checks)
        table.rows.push_back({{c.passed ? Cell("ok") : Cell("FAIL").bold(), c.name, c.build_id, c.cloud_id,
                               gate_value(c, c.value), gate_value(c, c.limit)}});
    const auto failed =
        std::count_if(check.checks.begin(), check.checks.end(), [](const GateCheck& c) { return !c.passed; });
    const std::string total = count_text(static_cast<long long>(check.checks.size()), "gate check");
    const std::string verdict = check.checks.empty() ? "No gate given: check passes."
                                : failed == 0        ? fmt::format("{} passed, none failed.", total)
                                                     : fmt::format("{} of {} FAILED.", failed, total);
    Section checks{"checks", {}, 2, {}, k_not_text};
    checks.add(Heading{words("Checks"), 2})
        .add(Paragraph{words(verdict), failed == 0 ? Role::verdict : Role::warning, true})
        .add(std::move(table));
    // The gates first (issue 25): a job summary's or pull-request comment's reader wants the result before the
    // figures behind it.
    d.put_first(std::move(checks));
    return d;
}

Document document_of(const Report& report) {
    return report.detailed ? detail(report, k_everywhere) : summary(report, k_everywhere);
}

std::string render_table(const Report& report, const RenderOptions& options) {
    if (!options.chart.empty() && !report.detailed)
        throw UsageError("--chart: the terminal chart draws one comparison: name the build with --build ID");
    // The document for the terminal alone: what write_text leaves out is not built.
    const Document d = report.detailed ? detail(report, k_text_only) : summary(report, k_text_only);
    return with_terminal_chart(write_text(d, options), report, options);
}

std::string render_svg(const Report& report, const RenderOptions& options) {
    return report_chart_svg(report, options.chart, options.currency);
}

}  // namespace gpucost
