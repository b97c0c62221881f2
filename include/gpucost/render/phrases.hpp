// The words every human-readable format shares: verdicts, break-even and payback, hours.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "gpucost/render/document.hpp"
#include "gpucost/render/money.hpp"
#include "gpucost/report/report.hpp"

namespace gpucost {

// The one-line verdict of a comparison, for every format: "Build: owning saves $1,234 over 36 months at 40 h/week,
// and has paid for itself by month 26." (the Inline for documents, after `lead`; the text in `currency` for JSON).
Inline verdict_inline(const Comparison& comparison, const std::string& lead = "");
std::string verdict_text(const Comparison& comparison, const Currency& currency = {});

// The verdict without the resale credit: "Without resale: owning still saves $1,234." or "Without resale:
// renting saves $567, so the resale credit decides the verdict."
Inline resale_verdict_inline(const Comparison& comparison);
// With a tax rate (issue 24), the verdict before tax beside the after-tax one: "Before tax: owning saves $1,234
// (build $5,000, cloud $6,234)." and "..., so tax decides the verdict." when it turns; empty without tax.
Inline pre_tax_verdict_inline(const Comparison& comparison);
// The break-even in every format: "Break-even: 39.1 h/week; owning is cheaper above it." or "Break-even: none in
// 0-168 h/week; renting is cheaper at every usage." Against a commitment or a monthly rental it says the cloud bill
// does not move with use, where owning's running costs reach it, and above which use a commitment beats the offer
// on demand.
std::string break_even_sentence(const Comparison& comparison);
// Both paybacks: "Payback: month 26 of 36 in cash; month 20 if the machine is sold then."
std::string payback_sentence(const Comparison& comparison);
// The estimated assumptions that turn the verdict, one sentence: "The verdict rests on estimates: at
// residual_value 0.15 (not 0.3) renting is cheaper." Empty when no assumption in force is an estimate.
std::string deciding_text(const Comparison& comparison);
// "117.8 above" (owning wins above it), "3.0 below", or "-" when one side wins at every usage.
std::string break_even_text(const Evaluation& evaluation, BreakEvenKind kind = BreakEvenKind::owning_vs_pay_per_use);

// How the offer was matched, for every human-readable format: "Match: like-for-like (the build's GPU model, its
// GPUs per machine in one instance, its interconnect); offer tier: gpu-cloud."
std::string match_sentence(const Comparison& comparison);
// The ranked views' words for the offers compared: "like-for-like on-demand", "same-GPU spot", "any-GPU same-work
// on-demand"; just the pricing when no level is given.
std::string ranked_offer_words(const std::string& level, Pricing pricing);
// How a rental of another GPU model does the build's work (--workload): T_b, T_c, their ratio, the instances and
// GPUs rented, and the figures' source; "" when the comparison has no workload.
std::string equivalence_sentence(const Comparison& comparison);
// A tier's best offer as rented: "1 x 8 GPUs".
std::string rented_shape(std::int64_t instances, std::int64_t gpus_per_instance);
// A GPU's short name for 80-column labels, from its id: its words upper-cased ("pcie" and "ada" as NVIDIA spells
// them), a leading "rtx" and the "sxm" form words left out: "a100-sxm-80gb" -> "A100 80GB", "rtx-4090" -> "4090".
std::string short_gpu_name(std::string_view gpu_id);
// A rental in a few words, from the offer's provider, shape and GPU (never a cut id): "Nebius 8x H200"; more than
// one instance: "RunPod 8 x 1x H100".
std::string offer_label(std::string_view provider, std::int64_t instances, std::int64_t gpus_per_instance,
                        std::string_view gpu_id);

// The owned machine's downtime (issue 20 item 4): "Downtime: 20.3 h a month expected (97.2% available: 1.38 failures a
// year x 168 h to repair, and 12 h of planned work a year); the 4.8 h of use it costs a month are rented from X
// (basis) at $36.00 an hour for 1 instance at its on-demand price: $4,990 over 36 months (downtime_cover; ...)."
// Under --downtime lost, the lost GPU-hours instead. Empty when the machine is never down.
Inline downtime_inline(const Comparison& comparison);
// Spot carrying round-the-clock work on several GPUs (issue 20 item 8): how often the job stops and what re-running
// adds; empty under other pricings and uses.
std::string spot_sentence(const Comparison& comparison);
// The discounting convention in force (issue 20 item 9): "discounted monthly at 8.0% a year" or "discounted at
// each year's end (--discounting annual) at 8.0% a year".
Inline discounting_inline(const Assumptions& assumptions);
// A rental larger than the build (issue 20 item 10): "Not like for like in size: the rental holds 8 GPUs for the
// build's 4. At its price per GPU-hour for 4 GPUs ($12.00 an hour), owning saves $1,234." Empty when like for like
// in size.
Inline per_gpu_scaled_inline(const Comparison& comparison);
// The per-token API beside the verdict (issue 20, --workload): the provider and model, its prices per million
// tokens, the tokens a month and the split, its cost a month and over the horizon; empty without one.
Inline api_inline(const Comparison& comparison);

// "26", or "-" when owning does not pay back within the horizon.
std::string payback_text(const Evaluation& evaluation);

// "40.0 h/week".
std::string hours_text(double hours_per_week);
// "1 month", "36 months".
std::string months_text(int months);

}  // namespace gpucost
