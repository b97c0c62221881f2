#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "gpucost/render/money.hpp"
#include "gpucost/render/paint.hpp"
#include "gpucost/render/phrases.hpp"
#include "gpucost/render/render.hpp"
#include "gpucost/render/text_table.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {
namespace {

std::string assumptions_block(const ResolvedAssumptions& r, bool with_sources, const Paint& paint) {
    TextTable table({Align::left, Align::right, Align::left, Align::left});
    table.add({"assumption", "value", "unit", "from"}, Tone::strong);
    for (const AssumptionInfo& i : assumption_infos()) {
        const std::size_t k = static_cast<std::size_t>(i.key);
        table.add({std::string(i.name), display_value(r.values, i.key), std::string(i.unit), r.origins[k]});
    }
    std::string out = paint("Assumptions", Tone::strong) + "\n" + table.str("  ", paint);
    if (!with_sources) return out;
    out += "\n" + paint("Where the catalogue defaults come from", Tone::strong) + "\n";
    for (const AssumptionInfo& i : assumption_infos()) {
        const std::size_t k = static_cast<std::size_t>(i.key);
        if (!r.sources[k].empty()) out += fmt::format("  {}: {}\n", i.name, r.sources[k]);
    }
    return out;
}

// What currency the figures are in, when it is not the US dollar.
std::string currency_line(const RenderOptions& options, const Paint& paint) {
    const std::string note = currency_note(options.currency);
    return note.empty() ? "" : paint(note, Tone::note) + "\n\n";
}

std::string footer(const Report& report, const Paint& paint) {
    return "\n" +
           paint(fmt::format("Catalogue: {}, as of {}; oldest figure used: {}.",
                             escape_visible(report.header.catalog_source), report.header.catalog_as_of,
                             report.header.oldest_as_of),
                 Tone::muted) +
           "\n";
}

// The best offer of each tier beside the chosen one, so marketplace, GPU-cloud and hyperscaler prices show at once.
std::string tier_block(const Comparison& c, const Currency& currency, const Paint& paint) {
    if (c.tier_offers.empty()) return "";
    TextTable table({Align::left, Align::left, Align::left, Align::right, Align::left});
    table.add({"best of each tier", "offer", "rented", "cloud total", ""}, Tone::strong);
    for (const TierOffer& t : c.tier_offers) {
        table.add({t.tier, t.offer_id, rented_shape(t.instances, t.gpus_per_instance),
                   format_money(t.cloud_total_usd, currency), t.chosen ? "chosen" : ""});
        if (t.chosen) table.tone_last(4, Tone::good);
    }
    return "\n" + table.str("  ", paint);
}

std::string summary(const Report& report, const RenderOptions& options) {
    const Paint paint(options.colour);
    const Currency& money = options.currency;
    const Assumptions& a = report.header.assumptions.values;
    std::string out =
        paint(fmt::format("Build or rent: every build against its cheapest {} cloud offer, over {} "
                          "months at {}",
                          ranked_offer_words(report.match_level, a.pricing), a.months, hours_text(a.hours_per_week)),
              Tone::strong) +
        "\n\n" + currency_line(options, paint);
    TextTable table({Align::right, Align::left, Align::right, Align::left, Align::left, Align::right, Align::right,
                     Align::left, Align::right, Align::right, Align::right});
    table.add(ranked_columns(), Tone::strong);
    bool any_estimate = false;
    for (std::size_t i = 0; i < report.comparisons.size(); ++i) {
        const Comparison& c = report.comparisons[i];
        any_estimate = any_estimate || !c.estimates.empty();
        table.add(ranked_row(i + 1, c, money));
        table.tone_last(7, Tone::good);
    }
    out += table.str("", paint);
    out += "\n" +
           paint("Break-even: the hours per week at which both sides cost the same; \"above\" means owning wins "
                 "above it.",
                 Tone::muted) +
           "\n";
    out += paint("Payback: the month in which cumulative cloud spend reaches the purchase plus running costs.",
                 Tone::muted) +
           "\n";
    if (any_estimate)
        out += paint("* rests on a figure marked as an estimate or unverified; `--build ID` shows which.", Tone::note) +
               "\n";
    out += "Details of one build: gpucost compare --build ID\n\n";
    out += assumptions_block(report.header.assumptions, false, paint);
    return out + footer(report, paint);
}

std::string detail(const Report& report, const RenderOptions& options) {
    const Paint paint(options.colour);
    const Currency& currency = options.currency;
    const Comparison& c = report.comparisons.front();
    const Evaluation& e = c.result;
    const Assumptions& a = c.assumptions.values;
    std::string out = paint(fmt::format("{}: {}", c.build.id, c.build.name), Tone::strong) + "\n";
    out += fmt::format("  Own: {} x {}.\n", c.build.gpu_count, c.build.gpu_name);
    out += fmt::format("  Rent: {} {} in {}, {} GPU(s) each, {} at {} per instance-hour; {} instance(s).\n",
                       c.offer.provider, c.offer.instance, c.offer.region, c.offer.gpus_per_instance,
                       to_string(a.pricing), format_money_rate(c.cloud_spec.usd_per_hour, currency), e.cloud.instances);
    out += fmt::format("  Over {} at {} ({} used hours a month).\n", months_text(a.months),
                       hours_text(a.hours_per_week), format_grouped(e.used_hours_per_month, 1));
    out += fmt::format("  Cloud offer: {} ({}).\n", c.offer.id, c.offer_choice);
    out += "  " + match_sentence(c) + "\n";
    if (const std::string same_work = equivalence_sentence(c); !same_work.empty()) out += "  " + same_work + "\n";
    out += "\n";
    out += currency_line(options, paint);
    out += paint(verdict_text(c, currency), Tone::strong) + "\n";
    out += "  " + resale_verdict_text(c, currency) + "\n";
    if (const std::string deciding = deciding_text(c); !deciding.empty())
        out += "  " + paint(deciding, Tone::note) + "\n";
    out += "\n";

    TextTable costs({Align::left, Align::right, Align::right});
    costs.add({"cost over the horizon", "build", "cloud"}, Tone::strong);
    const auto money = [&currency](double usd) { return format_money(usd, currency); };
    const auto amount_cell = [&](const std::optional<Category>& category) {
        return category ? money(c.cost_usd(*category)) : std::string();
    };
    for (const CategoryRow& row : k_category_rows) costs.add({row.key, amount_cell(row.build), amount_cell(row.cloud)});
    costs.add({"total", money(e.build.total_usd), money(e.cloud.total_usd)}, Tone::strong);
    costs.tone_last(e.cheaper == Side::build ? 1 : 2, Tone::good);
    costs.add({"per GPU-hour used", format_optional_money_rate(e.build_per_gpu_hour_usd, currency),
               format_optional_money_rate(e.cloud_per_gpu_hour_usd, currency)});
    out += costs.str("  ", paint);

    out += "\n";
    if (e.break_even_hours_per_week)
        out += fmt::format("  Break-even: {}; owning is cheaper {} it.\n", hours_text(*e.break_even_hours_per_week),
                           e.build_cheaper_above.value_or(false) ? "above" : "below");
    else
        out += fmt::format("  Break-even: none in 0-168 h/week; {} is cheaper at every usage.\n",
                           e.cheaper == Side::build ? "owning" : "renting");
    out += "  " + payback_sentence(c) + "\n";
    out += tier_block(c, currency, paint);
    if (e.cloud.unused_gpus > 0)
        out += fmt::format("  Note: {} instance(s) hold {} GPUs; {} are paid for but unused.\n", e.cloud.instances,
                           c.rented_gpus, e.cloud.unused_gpus);
    for (const std::string& estimate : c.estimates)
        out += "  " + paint(fmt::format("Note: {}", estimate), Tone::note) + "\n";
    out += "\n" + assumptions_block(c.assumptions, true, paint);
    return out + footer(report, paint);
}

}  // namespace

std::string render_table(const Report& report, const RenderOptions& options) {
    if (!options.chart.empty() && !report.detailed)
        throw UsageError("--chart: the terminal chart draws one comparison: name the build with --build ID");
    return with_terminal_chart(report.detailed ? detail(report, options) : summary(report, options), report, options);
}

}  // namespace gpucost
