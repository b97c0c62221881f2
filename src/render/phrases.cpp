#include "gpucost/render/phrases.hpp"

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "gpucost/util/text.hpp"

namespace gpucost {

namespace {

bool monthly(const Comparison& c) { return c.reading.break_even_kind == BreakEvenKind::owning_vs_monthly_rental; }

// What a flat cloud bill charges whatever the use: a monthly rental every month, a commitment every hour of its term.
std::string flat_bill(const Comparison& c) {
    return monthly(c)
               ? "a monthly rental bills every month of the horizon"
               : fmt::format("a {} commitment bills every hour of its term", to_string(c.assumptions.values.pricing));
}

// Under a flat bill, where owning's running costs reach it (issue 20 item 2): no direction of use favours owning,
// because the bill is the same whatever the use. The break-even must be set.
std::string commitment_crossing(const Comparison& c) {
    return fmt::format("{} whatever the use, so only owning's running costs move with use; they reach the {} at {}",
                       flat_bill(c), monthly(c) ? "rental" : "commitment",
                       hours_text(*c.result.break_even_hours_per_week));
}

}  // namespace

Inline verdict_inline(const Comparison& c, const std::string& lead) {
    const Evaluation& e = c.result;
    const int months = c.assumptions.values.months;
    const double hours = c.assumptions.values.hours_per_week;
    const std::string over = fmt::format(" over {} at {} h/week", count_text(months, "month"),
                                         format_grouped(hours, hours == static_cast<int>(hours) ? 0 : 1));
    if (e.cheaper == Side::build)
        return {lead + "Build: owning saves ", cell::money(e.savings_usd),
                over + (e.payback_month ? fmt::format(", and has paid for itself by month {}.", *e.payback_month)
                                        : "; cumulative spend stays above the cloud's to the end, so the resale "
                                          "value decides it.")};
    std::string turn = "; owning does not win at any usage with these assumptions.";
    if (e.break_even_hours_per_week && c.reading.break_even_kind != BreakEvenKind::owning_vs_pay_per_use)
        turn = "; " + commitment_crossing(c) + ".";
    else if (e.break_even_hours_per_week)
        turn = fmt::format("; owning wins {} {} h/week.", e.build_cheaper_above.value_or(false) ? "above" : "below",
                           format_grouped(*e.break_even_hours_per_week, 1));
    return {lead + "Cloud: renting saves ", cell::money(e.savings_usd), over + turn};
}

std::string verdict_text(const Comparison& c, const Currency& currency) {
    return human_text(verdict_inline(c), currency);
}

Inline resale_verdict_inline(const Comparison& c) {
    const VerdictReading& r = c.reading;
    const bool same = r.cheaper_without_resale == c.result.cheaper;
    if (r.cheaper_without_resale == Side::build)
        return {same ? "Without resale: owning still saves " : "Without resale: owning saves ",
                cell::money(r.savings_without_resale_usd), "."};
    return {"Without resale: renting saves ", cell::money(r.savings_without_resale_usd),
            same ? "." : ", so the resale credit decides the verdict."};
}

Inline pre_tax_verdict_inline(const Comparison& c) {
    if (!c.reading.pre_tax) return {};
    const PreTaxReading& p = *c.reading.pre_tax;
    const bool same = p.cheaper == c.result.cheaper;
    return {"Before tax: ",
            p.cheaper == Side::build ? "owning saves " : "renting saves ",
            cell::money(p.savings_usd),
            " (build ",
            cell::money(p.build_total_usd),
            ", cloud ",
            cell::money(p.cloud_total_usd),
            same ? ")." : "), so tax decides the verdict."};
}

std::string break_even_sentence(const Comparison& c) {
    const Evaluation& e = c.result;
    const char* const cheaper = e.cheaper == Side::build ? "owning" : "renting";
    if (c.reading.break_even_kind == BreakEvenKind::owning_vs_pay_per_use)
        return e.break_even_hours_per_week
                   ? fmt::format("Break-even: {}; owning is cheaper {} it.", hours_text(*e.break_even_hours_per_week),
                                 e.build_cheaper_above.value_or(false) ? "above" : "below")
                   : fmt::format("Break-even: none in 0-168 h/week; {} is cheaper at every usage.", cheaper);
    // Under a flat bill the cloud side does not move with use: say so, and for a commitment give the figure that
    // matters, where it starts to beat the same offer on demand (issue 20 item 2; a monthly rental has no reading).
    std::string text = e.break_even_hours_per_week
                           ? "Break-even: " + commitment_crossing(c) + "."
                           : fmt::format("Break-even: none; {}{}, and {} is cheaper at every use from 0 to 168 h/week.",
                                         flat_bill(c), monthly(c) ? " whatever the use" : "", cheaper);
    if (const auto& m = c.reading.commitment) {
        if (m->beats_on_demand_above)
            text += fmt::format(" The commitment beats this offer on demand only above {}; below that, compare with "
                                "--pricing on-demand.",
                                hours_text(*m->beats_on_demand_above));
        else if (m->on_demand_cheaper_at_every_use)
            text += " This offer on demand costs less than the commitment at every use: compare with --pricing "
                    "on-demand.";
    }
    return text;
}

std::string payback_sentence(const Comparison& c) {
    const Evaluation& e = c.result;
    const int months = c.assumptions.values.months;
    std::string text = e.payback_month ? fmt::format("Payback: month {} of {} in cash", *e.payback_month, months)
                                       : fmt::format("Payback: not within {} in cash", months_text(months));
    text += e.payback_month_if_sold ? fmt::format("; month {} if the machine is sold then.", *e.payback_month_if_sold)
                                    : "; not even if the machine is sold.";
    return text;
}

std::string deciding_text(const Comparison& c) {
    const VerdictReading& r = c.reading;
    if (r.estimated.empty()) return "";
    if (r.deciding.empty())
        return fmt::format("The verdict holds at half and one and a half times each estimated assumption ({}).",
                           fmt::join(r.estimated, ", "));
    std::vector<std::string> turns;
    for (const DecidingAssumption& d : r.deciding)
        turns.push_back(fmt::format("at {} {} (not {}) {} is cheaper", info(d.key).name, exact_number(d.tried),
                                    exact_number(d.value), d.cheaper == Side::build ? "owning" : "renting"));
    return fmt::format("The verdict rests on estimates: {}.", fmt::join(turns, "; "));
}

std::string match_sentence(const Comparison& c) {
    const char* const how =
        c.match_level == "like-for-like"
            ? "like-for-like (the build's GPU model, its GPUs per machine in one instance, its interconnect)"
        : c.match_level == "gpu" ? "gpu (the build's GPU model, any instance)"
        : c.match_level == "any" ? "any (any GPU model the workload measures, enough instances for the same work)"
                                 : "the offer chosen with --cloud";
    return fmt::format("Match: {}; offer tier: {}.", how, c.offer_tier.empty() ? "not given" : c.offer_tier);
}

std::string ranked_offer_words(const std::string& level, Pricing pricing) {
    const std::string words = level == "gpu" ? "same-GPU" : level == "any" ? "any-GPU same-work" : level;
    return words.empty() ? std::string(to_string(pricing)) : fmt::format("{} {}", words, to_string(pricing));
}

std::string equivalence_sentence(const Comparison& c) {
    if (!c.equivalence) return "";
    const WorkEquivalence& w = *c.equivalence;
    return fmt::format("Same work, by workload {} ({}; {} per GPU; {}, as of {}): T_b {} on {}, T_c {} on {}, "
                       "T_c/T_b {:.3f}; {} = {} GPUs of {} for the build's {} (n = ceil(g x T_b / (c x T_c))).",
                       w.workload_id, w.workload_name, w.unit, w.source, w.as_of, exact_number(w.build_throughput),
                       c.build.gpu_id, exact_number(w.offer_throughput), c.offer.gpu_id, w.ratio,
                       rented_shape(c.result.cloud.instances, c.offer.gpus_per_instance), w.equivalent_gpus,
                       c.offer.gpu_id, c.build.gpu_count);
}

std::string rented_shape(std::int64_t instances, std::int64_t gpus_per_instance) {
    return fmt::format("{} x {}", instances, count_text(gpus_per_instance, "GPU"));
}

std::string short_gpu_name(std::string_view gpu_id) {
    std::string out;
    bool first = true;  // no word written yet
    for (std::size_t start = 0; start <= gpu_id.size();) {
        const std::size_t end = std::min(gpu_id.find('-', start), gpu_id.size());
        const std::string_view word = gpu_id.substr(start, end - start);
        start = end + 1;
        const bool form = word.starts_with("sxm");  // sxm, sxm2, sxm4, sxm5, sxm6
        if (word.empty() || form || (word == "rtx" && first && end < gpu_id.size())) continue;
        if (!first) out += ' ';
        first = false;
        if (word == "pcie" || word == "ada") {
            out += word == "pcie" ? "PCIe" : "Ada";
            continue;
        }
        for (const char c : word) out += c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
    }
    return out;
}

std::string offer_label(std::string_view provider, std::int64_t instances, std::int64_t gpus_per_instance,
                        std::string_view gpu_id) {
    std::string out(provider);  // "Vast.ai 2 x 4x 4090": built in one string, a ranked row each (issue 21)
    if (!out.empty()) out += ' ';
    if (instances > 1) out.append(std::to_string(instances)).append(" x ");
    return out.append(std::to_string(gpus_per_instance)).append("x ").append(short_gpu_name(gpu_id));
}

std::string break_even_text(const Evaluation& e, BreakEvenKind kind) {
    if (!e.break_even_hours_per_week) return "-";
    // Against a commitment the figure has no direction of use (the cloud bill is flat): "vs commit", not "below";
    // a monthly rental's bill is as flat: "vs month".
    const char* const side = kind == BreakEvenKind::owning_vs_commitment       ? " vs commit"
                             : kind == BreakEvenKind::owning_vs_monthly_rental ? " vs month"
                             : e.build_cheaper_above.value_or(false)           ? " above"
                                                                               : " below";
    return format_grouped(*e.break_even_hours_per_week, 1) + side;
}

Inline downtime_inline(const Comparison& c) {
    const AvailabilityReading& r = c.availability;
    if (r.downtime_hours_per_month <= 0.0) return {};
    const Assumptions& a = c.assumptions.values;
    Inline out{fmt::format("Downtime: {} h a month expected (", format_grouped(r.downtime_hours_per_month, 1)),
               cell::percent(r.availability),
               fmt::format(" available: {} failures a year x {} h to repair, and {} h of planned work a year); ",
                           exact_number(a.failures_per_machine_year), exact_number(a.repair_hours),
                           exact_number(a.planned_maintenance_hours_per_year))};
    const std::string lost_hours = format_grouped(r.lost_used_hours_per_month, 1);
    if (r.policy == DowntimePolicy::lost)
        return joined(std::move(out),
                      words(fmt::format("with --downtime lost, the {} h of use it costs a month are not made up: "
                                        "{} GPU-hours lost over {}, which the cloud side delivers.",
                                        lost_hours, format_grouped(r.lost_gpu_hours, 0), months_text(a.months))));
    if (!c.backup || c.backup->usd_per_hour <= 0.0)
        return joined(std::move(out), words(fmt::format("no offer has a price to rent the {} h of use it costs a "
                                                        "month, so they are not priced.",
                                                        lost_hours)));
    return joined(
        std::move(out),
        Inline{fmt::format("the {} h of use it costs a month are rented from {} ({}) at ", lost_hours,
                           c.backup->offer_id, c.backup->basis),
               cell::money_rate(c.backup->usd_per_hour),
               fmt::format(" an hour for {} at its {} price: ", count_text(c.backup->instances, "instance"),
                           to_string(c.backup->pricing)),
               cell::money(c.cost_usd(Category::downtime_cover)),
               fmt::format(" over {} (downtime_cover; --downtime lost counts them instead).", months_text(a.months))});
}

std::string spot_sentence(const Comparison& c) {
    const auto& s = c.reading.spot;
    if (!s || !s->round_the_clock_multi_gpu) return "";
    return fmt::format("Spot carries round-the-clock work on {}: its capacity is not guaranteed, and each reclaimed "
                       "instance stops the whole job. The job stops about {} times a month, and re-running lost work "
                       "adds {:.2f}% to the billed hours (beside spot_overhead {}); a steady 24/7 multi-GPU job "
                       "may want --pricing on-demand or a commitment.",
                       count_text(c.build.gpu_count, "GPU"), format_grouped(s->job_stops_per_month, 2),
                       s->interruption_overhead * 100.0, exact_number(s->spot_overhead));
}

Inline discounting_inline(const Assumptions& a) {
    return {a.discounting == DiscountConvention::annual ? "discounted at each year's end (--discounting annual) at "
                                                        : "discounted monthly at ",
            cell::percent(a.discount_rate), " a year"};
}

Inline per_gpu_scaled_inline(const Comparison& c) {
    if (!c.per_gpu_scaled) return {};
    const PerGpuScaled& p = *c.per_gpu_scaled;
    const bool owning = p.result.cheaper == Side::build;
    return {fmt::format("Not like for like in size: the rental holds {} for the build's {}. At its price per GPU-hour "
                        "for {} (",
                        count_text(p.rented_gpus, "GPU"), p.build_gpus, count_text(p.build_gpus, "GPU")),
            cell::money_rate(p.usd_per_hour), owning ? " an hour), owning saves " : " an hour), renting saves ",
            cell::money(p.result.savings_usd), "."};
}

std::string payback_text(const Evaluation& e) { return e.payback_month ? std::to_string(*e.payback_month) : "-"; }

std::string hours_text(double hours_per_week) { return format_grouped(hours_per_week, 1) + " h/week"; }

std::string months_text(int months) { return count_text(months, "month"); }

Inline api_inline(const Comparison& c) {
    if (!c.api) return {};
    const ApiAlternative& api = *c.api;
    const double used = c.result.used_hours_per_month;
    const double tokens_per_second = used > 0.0 ? api.output_tokens_per_month / (used * 3600.0) : 0.0;
    const double own = c.result.build.total_usd;
    const double rent = c.result.cloud.total_usd;
    const char* least = api.total_usd < std::min(own, rent) ? "the API" : own <= rent ? "owning" : "renting";
    return {fmt::format("Through an API: {} {} ({}) at ", api.provider, api.api_model, api.model),
            cell::money_rate(api.usd_per_million_input_tokens),
            " in and ",
            cell::money_rate(api.usd_per_million_output_tokens),
            fmt::format(" out per million tokens does the same work, {} million generated tokens a month ({} "
                        "tokens/s x {} used hours) with {} prompt tokens for each{}: ",
                        format_grouped(api.output_tokens_per_month / 1e6, 1), exact_number(tokens_per_second),
                        format_grouped(used, 1), exact_number(api.input_tokens_per_output_token),
                        api.input_tokens_per_output_token == 0.0
                            ? " (the workload counts generated tokens only, so this is a floor)"
                            : ""),
            cell::money(api.usd_per_month),
            " a month, ",
            cell::money(api.total_usd),
            fmt::format(" over {} discounted as the other totals, against ", months_text(c.assumptions.values.months)),
            cell::money(own),
            " to own and ",
            cell::money(rent),
            fmt::format(" to rent: {} costs least ({}; {}, as of {}).", least,
                        api.candidates > 1 ? fmt::format("the cheapest of {} API offers of the model", api.candidates)
                                           : "the only API offer of the model",
                        api.source, api.as_of)};
}

}  // namespace gpucost
