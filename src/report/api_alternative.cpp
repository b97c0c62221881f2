#include "gpucost/report/api_alternative.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "gpucost/engine/cost_model.hpp"

namespace gpucost {
namespace {

constexpr double k_seconds_per_hour = 3600.0;
constexpr double k_tokens_per_million = 1e6;

bool attests(const ApiOffer& offer, const Requirements& required, const ComplianceSet& also) {
    for (std::size_t c = 0; c < k_compliance_count; ++c)
        if ((required.compliance[c] || also[c]) && (!offer.compliance || !offer.compliance->attributes[c]))
            return false;
    return true;
}

// USD per million generated tokens: the output price and the prompt tokens billed for each at the input price.
double usd_per_million_generated(const ApiOffer& o, double input_tokens_per_output_token) {
    return o.usd_per_million_output_tokens + input_tokens_per_output_token * o.usd_per_million_input_tokens;
}

// What is left of a cost spent evenly over the horizon's months once its tax deduction is counted (issue 24: the API
// is a running cost, deducted as paid, like the cloud's): 1 - t x sum_k d(T(k)) / sum_k d(k), where d is the
// discount factor and T(k) the month the deduction of month k lands in (k itself, or the last month of its 12-month
// tax year, at most M, under --tax-timing year-end). 1 without tax; 1 - t when the deduction is not delayed or r = 0.
double after_tax_share(const Assumptions& a) {
    if (a.tax_rate <= 0.0) return 1.0;
    double spent = 0.0;
    double deducted = 0.0;
    for (int k = 1; k <= a.months; ++k) {
        const int lands = a.tax_timing == TaxTiming::year_end ? std::min(((k + 11) / 12) * 12, a.months) : k;
        spent += discount_factor(k, a.discount_rate, a.discounting);
        deducted += discount_factor(lands, a.discount_rate, a.discounting);
    }
    return 1.0 - a.tax_rate * deducted / spent;
}

}  // namespace

std::optional<ApiAlternative> api_alternative(const Catalog& catalog, const Build& build, const Workload* workload,
                                              const Requirements& required, const Assumptions& a) {
    if (workload == nullptr || workload->model.empty()) return std::nullopt;
    const auto t_b = workload->throughput(build.gpu);
    if (!t_b) return std::nullopt;
    // Generated tokens in one hour of use: g GPUs x T_b tokens/s x 3,600 s.
    const double output_per_used_hour = static_cast<double>(build.gpu_count) * *t_b * k_seconds_per_hour;
    const double ratio = workload->input_tokens_per_output_token;
    const double after_tax = after_tax_share(a);
    std::optional<ApiAlternative> best;
    std::int64_t candidates = 0;
    for (const ApiOffer& o : catalog.api_offers) {
        if (o.model != workload->model || !attests(o, required, build.require)) continue;
        ++candidates;
        const double usd_per_used_hour =
            output_per_used_hour / k_tokens_per_million * usd_per_million_generated(o, ratio);
        const double total = discounted_units(usd_per_used_hour, a) * after_tax;
        if (best && total >= best->total_usd) continue;  // the first of equal totals, in catalogue order
        best = ApiAlternative{o.id,
                              o.provider,
                              o.model,
                              o.api_model,
                              o.usd_per_million_input_tokens,
                              o.usd_per_million_output_tokens,
                              ratio,
                              *t_b,
                              output_per_used_hour * used_hours_per_month(a.hours_per_week),
                              usd_per_used_hour * used_hours_per_month(a.hours_per_week),
                              total,
                              0,
                              o.provenance.source,
                              o.provenance.as_of};
    }
    if (best) best->candidates = candidates;
    return best;
}

std::vector<RankRow> api_rank_rows(const Catalog& catalog, const Workload& workload, const Requirements& required,
                                   const std::shared_ptr<const ResolvedAssumptions>& assumptions) {
    std::vector<RankRow> rows;
    if (workload.model.empty()) return rows;
    const double after_tax = after_tax_share(assumptions->values);
    for (const ApiOffer& o : catalog.api_offers) {
        if (o.model != workload.model || !attests(o, required, ComplianceSet{})) continue;
        RankRow row;
        row.kind = "api";
        row.id = o.id;
        row.name = fmt::format("{} {}", o.provider, o.api_model.empty() ? o.model : o.api_model);
        row.gpu_count = 0;  // bought by the token: no machine
        row.provider = o.provider;
        row.assumptions = assumptions;
        row.used_hours = used_hours_per_month(assumptions->values.hours_per_week) *
                         static_cast<double>(assumptions->values.months);  // the same hours of use as every row
        // One million generated tokens, bought at today's price: its cost is the figure (levelized or not, the
        // same, since price and work are discounted alike).
        row.work_units = k_tokens_per_million;
        row.discounted_work_units = k_tokens_per_million;
        const double price = usd_per_million_generated(o, workload.input_tokens_per_output_token);
        // With tax the rows rank after it (issue 24): the price less its deduction, the price itself beside it.
        row.total_usd = price * after_tax;
        row.usd_per_million_units = row.total_usd;
        if (assumptions->values.tax_rate > 0.0) {
            row.pre_tax_total_usd = price;
            row.pre_tax_usd_per_million_units = price;
        }
        row.figures = {{"API offer", o.id, o.provenance.as_of, o.provenance.confidence, o.provenance.note}};
        rows.push_back(std::move(row));
    }
    return rows;
}

}  // namespace gpucost
