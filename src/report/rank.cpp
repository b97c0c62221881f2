#include "gpucost/report/rank.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include <fmt/format.h>

#include "gpucost/engine/finance_flow.hpp"
#include "gpucost/engine/matching.hpp"
#include "gpucost/model/assumption_rules.hpp"
#include "gpucost/report/api_alternative.hpp"
#include "gpucost/report/freshness.hpp"
#include "gpucost/report/match_words.hpp"
#include "gpucost/util/error.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {
namespace {

constexpr double k_seconds_per_hour = 3600.0;

Figure figure_of(const char* kind, const std::string& id, const Provenance& p) {
    return {kind, id, p.as_of, p.confidence, p.note};
}

// "GPU x is an estimate: why" for each figure marked so.
std::vector<std::string> estimates_of(const std::vector<Figure>& figures) {
    std::vector<std::string> out;
    for (const Figure& f : figures) {
        if (f.confidence.empty()) continue;
        const char* what = f.confidence == "estimate"  ? "an estimate"
                           : f.confidence == "derived" ? "derived"
                                                       : "unverified";
        out.push_back(fmt::format("{} {} is {}: {}", f.kind, f.id, what, f.note.view()));
    }
    return out;
}

const Workload& workload_for(const Catalog& catalog, const ComparisonRequest& request) {
    if (!request.match.workload)
        throw UsageError(fmt::format("rank needs --workload ID, the work to price; the catalogue's workloads: {}",
                                     workload_list(catalog)));
    return workload_named(catalog, *request.match.workload);
}

double used_hours_over_horizon(const Assumptions& a) {
    return used_hours_per_month(a.hours_per_week) * static_cast<double>(a.months);
}

// The work, its discounted twin and the figure of one row from its total.
void credit_work(RankRow& row) {
    const Assumptions& a = row.assumptions->values;
    row.used_hours = used_hours_over_horizon(a);
    row.work_units = static_cast<double>(row.gpu_count) * row.throughput_per_gpu * k_seconds_per_hour * row.used_hours;
    row.discounted_work_units = discounted_work_units(row.gpu_count, row.throughput_per_gpu, a);
    if (row.discounted_work_units > 0.0 && std::isfinite(row.total_usd / row.discounted_work_units))
        row.usd_per_million_units = row.total_usd / row.discounted_work_units * k_units_per_rank_figure;
    if (row.pre_tax_total_usd && row.discounted_work_units > 0.0 &&
        std::isfinite(*row.pre_tax_total_usd / row.discounted_work_units))
        row.pre_tax_usd_per_million_units =
            *row.pre_tax_total_usd / row.discounted_work_units * k_units_per_rank_figure;
}

MatchOptions options_for(const ComparisonRequest& request, const Workload& workload) {
    MatchOptions o;
    o.level = MatchLevel::any;  // a row stands alone: no like-for-like rule ties it to another
    o.tiers = request.match.tiers;
    o.requirements = request.match.requirements;
    if (request.region) o.filters.region = *request.region;
    if (request.provider) o.filters.provider = *request.provider;
    o.workload = &workload;
    return o;
}

// What the build side rents while the machine is on order: its like-for-like match, as compare chooses it; only
// needed with a lead time. Empty when there is none to rent.
std::optional<CloudSpec> interim_for(const Catalog& catalog, const Build& build, const BuildSpec& spec,
                                     const Assumptions& a, MatchOptions options) {
    if (lead_time_in_force(a) == 0) return CloudSpec{build.gpu_count, 0.0};
    options.level = MatchLevel::like_for_like;
    const Match m = match_offer(catalog, build, spec, a, options);
    if (m.offer == nullptr) return std::nullopt;
    return rental_spec(*m.offer, a.pricing, build.gpu_count, m.instances);
}

// Each rule's count of the builds or offers left out, in the rule's order (Exclusion::none: rank's lead time).
using RuleCounts = std::array<std::int64_t, k_exclusion_count>;

void add_counts(RankReport& report, const char* kind, const RuleCounts& counts) {
    for (std::size_t rule = 0; rule < counts.size(); ++rule)
        if (counts[rule] > 0) report.exclusion_counts.push_back({"", kind, static_cast<Exclusion>(rule), counts[rule]});
}

void rank_builds(const Catalog& catalog, const ComparisonRequest& request, const Workload& w, RankReport& report) {
    const MatchOptions options = options_for(request, w);
    RuleCounts counts{};
    for (const Build& build : catalog.builds) {
        const Exclusion e = build_exclusion(catalog, build, options);
        if (e != Exclusion::none) {
            ++counts[static_cast<std::size_t>(e)];
            report.excluded.push_back(
                {"build", build.id, "",
                 exclusion_reason(catalog, build, nullptr, e, options, report.header.assumptions.values.pricing), e});
            continue;
        }
        const Gpu& gpu = *catalog.find_gpu(build.gpu);
        RankRow row;
        row.assumptions = std::make_shared<const ResolvedAssumptions>(resolve_for_build(
            {&catalog.assumptions, &build.assumptions, &request.scenario, &request.flags}, build.gpu_count));
        check_assumption_rules(*row.assumptions, build.id);  // as compare checks them
        check_finance_terms(*row.assumptions, build.id);
        const Assumptions& a = row.assumptions->values;
        const BuildSpec spec = build_spec_for(build, gpu);
        const std::optional<CloudSpec> interim = interim_for(catalog, build, spec, a, options);
        if (!interim) {
            ++counts[static_cast<std::size_t>(Exclusion::none)];
            report.excluded.push_back(
                {"build", build.id, "",
                 fmt::format("a lead time of {} needs a cloud offer to rent meanwhile, and none matches it like for "
                             "like",
                             count_text(a.lead_time_months, "month")),
                 Exclusion::none});
            continue;
        }
        row.kind = "build";
        row.id = build.id;
        row.name = build.name;
        row.gpu_id = gpu.id;
        row.gpu_name = gpu.name;
        row.gpu_count = build.gpu_count;
        row.throughput_per_gpu = *w.throughput(gpu.id);
        CloudSpec rented = *interim;
        // The owned machine's downtime is covered as compare covers it (issue 20).
        if (const std::optional<BackupRental> b = backup_rental(catalog, build, spec, a, nullptr, nullptr)) {
            rented.interim_usd_per_hour = b->usd_per_hour;
            rented.interim_pricing = b->pricing;
            rented.backup_usd_per_hour = b->usd_per_hour;
        }
        const Evaluation evaluated = evaluate(spec, rented, a);
        row.total_usd = evaluated.build.total_usd;
        if (a.tax_rate > 0.0) row.pre_tax_total_usd = pre_tax_total_usd(evaluated, Side::build);
        row.figures = {figure_of("GPU", gpu.id, gpu.provenance), figure_of("build", build.id, build.provenance)};
        row.estimates = estimates_of(row.figures);
        credit_work(row);
        report.rows.push_back(std::move(row));
    }
    add_counts(report, "build", counts);
}

// long: each offer's row field by field, as rank_builds fills a build's
void rank_offers(const Catalog& catalog, const ComparisonRequest& request, const Workload& w, RankReport& report) {
    const MatchOptions options = options_for(request, w);
    const Pricing pricing = report.header.assumptions.values.pricing;
    // An offer stands alone: judged as for the smallest PCIe machine, so only the requirements, the filters, the
    // tiers, the workload figure and the price can leave it out.
    const auto assumptions = std::make_shared<const ResolvedAssumptions>(report.header.assumptions);
    Build alone;
    alone.gpu_count = 1;
    alone.interconnect = Interconnect::pcie;
    alone.gpus_per_node = 1;
    RuleCounts counts{};
    const ExclusionListing& listing = request.listing;
    std::int64_t named = 0;
    for (const CloudOffer& offer : catalog.cloud) {
        const Exclusion e = offer_exclusion(catalog, alone, offer, pricing, options);
        if (e != Exclusion::none) {
            ++counts[static_cast<std::size_t>(e)];
            // Worded only when listed: 70,000 reasons of a 100,000-offer overlay took 24 MB (issue 21).
            const bool name = !listing.every_offer && listing.names(offer.id);
            const bool listed = listing.every_offer || (name && named < listing.most_named_per_build);
            if (name) ++(listed ? named : report.unnamed_offers);
            if (listed)
                report.excluded.push_back(
                    {"offer", offer.id, "", exclusion_reason(catalog, alone, &offer, e, options, pricing), e});
            continue;
        }
        const Gpu& gpu = *catalog.find_gpu(offer.gpu);
        RankRow row;
        row.kind = "cloud";
        row.id = offer.id;
        row.name = fmt::format("{} {}, {}", offer.provider, offer.instance, offer.region);
        row.gpu_id = gpu.id;
        row.gpu_name = gpu.name;
        row.gpu_count = offer.gpu_count;
        row.tier = offer.tier ? std::string(to_string(*offer.tier)) : std::string();
        row.provider = offer.provider;
        row.region = offer.region;
        row.usd_per_hour = offer.price(pricing);
        if (offer.monthly) row.usd_per_month = offer.monthly->usd_per_month;
        row.assumptions = assumptions;
        row.throughput_per_gpu = *w.throughput(gpu.id);
        // One instance of c GPUs, rented for the same hours: the engine's cloud side for a c-GPU need.
        BuildSpec need;
        need.gpu_count = offer.gpu_count;
        const CloudSpec rented = cloud_spec_of(offer, pricing);
        const Assumptions& a = row.assumptions->values;
        if (a.tax_rate > 0.0) {
            // After tax, as the builds are: the engine's cloud side with its deduction (cloud_total_usd has none).
            const Evaluation evaluated = evaluate(need, rented, a);
            row.total_usd = evaluated.cloud.total_usd;
            row.pre_tax_total_usd = pre_tax_total_usd(evaluated, Side::cloud);
        } else {
            row.total_usd = cloud_total_usd(need, rented, a);
        }
        row.figures = {figure_of("GPU", gpu.id, gpu.provenance), figure_of("offer", offer.id, offer.provenance)};
        row.estimates = estimates_of(row.figures);
        credit_work(row);
        report.rows.push_back(std::move(row));
    }
    add_counts(report, "offer", counts);
}

bool ranks_before(const RankRow& x, const RankRow& y) {
    // Rows without a figure (no hours of use) go last; ties fall to the total, then builds first, then the id.
    if (x.usd_per_million_units.has_value() != y.usd_per_million_units.has_value())
        return x.usd_per_million_units.has_value();
    if (x.usd_per_million_units && *x.usd_per_million_units != *y.usd_per_million_units)
        return *x.usd_per_million_units < *y.usd_per_million_units;
    if (x.total_usd != y.total_usd) return x.total_usd < y.total_usd;
    if (x.kind != y.kind) return x.kind == "build";
    return x.id < y.id;
}

}  // namespace

std::string_view rank_rule_name(Exclusion rule) noexcept {
    return rule == Exclusion::none ? "lead-time" : exclusion_rule_name(rule);
}

double discounted_work_units(std::int64_t gpus, double throughput_per_gpu, const Assumptions& a) noexcept {
    return discounted_units(static_cast<double>(gpus) * throughput_per_gpu * k_seconds_per_hour, a);
}

RankReport build_rank_report(const Catalog& catalog, const ComparisonRequest& request) {
    const Workload& w = workload_for(catalog, request);
    RankReport report;
    report.header = run_header(catalog, "rank", {&request.scenario, &request.flags});
    report.workload = {w.id,
                       w.name,
                       w.unit,
                       std::string(workload_rate_unit(w.unit)),
                       w.provenance.source,
                       w.provenance.as_of,
                       w.provenance.confidence,
                       w.provenance.note};
    report.requirements = request.match.requirements;
    report.tiers = request.match.tiers;
    report.region = request.region;
    report.provider = request.provider;
    // At most one row a build and an offer: reserved whole, so the rows are never copied as they grow (the pages of
    // the rows left out are never touched, so they take no memory).
    report.rows.reserve(catalog.builds.size() + catalog.cloud.size() + catalog.api_offers.size());
    rank_builds(catalog, request, w, report);
    rank_offers(catalog, request, w, report);
    // Per-token APIs of the workload's model (issue 20), beside the builds and offers. An API has no tier, so any
    // --tier leaves it out, as it does an unclassified offer; --provider keeps only its own.
    for (RankRow& row : api_rank_rows(catalog, w, request.match.requirements,
                                      std::make_shared<const ResolvedAssumptions>(report.header.assumptions)))
        if (!request.match.tiers && (!request.provider || *request.provider == row.provider))
            report.rows.push_back(std::move(row));
    if (report.rows.empty()) {
        std::int64_t left_out = 0;
        for (const ExclusionCount& n : report.exclusion_counts) left_out += n.count;
        throw DataError(fmt::format("nothing to rank for workload {}: no build or offer meets the requirements and has "
                                    "a figure for it ({} left out; --verbose lists why)",
                                    w.id, left_out));
    }
    std::sort(report.rows.begin(), report.rows.end(), ranks_before);
    std::sort(report.excluded.begin(), report.excluded.end(),
              [](const Excluded& x, const Excluded& y) { return x.kind != y.kind ? x.kind == "build" : x.id < y.id; });
    std::vector<Figure> figures = {{"workload", w.id, w.provenance.as_of, w.provenance.confidence, w.provenance.note}};
    for (const RankRow& row : report.rows)
        for (const Figure& f : row.figures)
            report.header.oldest_as_of = older_as_of(report.header.oldest_as_of, f.as_of);
    report.header.oldest_as_of = older_as_of(report.header.oldest_as_of, w.provenance.as_of);
    // Every row's figures again only to age them: 60,000 copies took 15 MB at the peak (issue 21).
    if (request.max_age_days)
        for (const RankRow& row : report.rows) figures.insert(figures.end(), row.figures.begin(), row.figures.end());
    if (!w.provenance.confidence.empty())
        report.header.warnings.push_back(fmt::format(
            "workload {} is {}: {}", w.id,
            w.provenance.confidence == "estimate" ? "an estimate" : w.provenance.confidence, w.provenance.note));
    if (!report.rows.front().usd_per_million_units)
        report.header.warnings.push_back(
            "no hours of use: no work is done, so no cost per unit of work; ranked by total");
    warn_stale_figures(report.header, figures, request.max_age_days, request.today);
    return report;
}

}  // namespace gpucost
