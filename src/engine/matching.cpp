#include "gpucost/engine/matching.hpp"

#include <algorithm>
#include <cmath>

namespace gpucost {
namespace {

// ASCII case folding only, as the report has always compared regions and providers: locale-independent, and
// catalogue ids and regions are ASCII.
constexpr char fold(char c) noexcept { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

bool equal_ignoring_case(std::string_view x, std::string_view y) noexcept {
    if (x.size() != y.size()) return false;
    for (std::size_t i = 0; i < x.size(); ++i)
        if (fold(x[i]) != fold(y[i])) return false;
    return true;
}

bool passes(const std::optional<std::string_view>& filter, std::string_view value) noexcept {
    return !filter || equal_ignoring_case(value, *filter);
}

}  // namespace

OffersByGpu::OffersByGpu(std::span<const CloudOffer> offers) {
    // Grouped by first appearance (a catalogue has a few dozen GPU models), then laid out group after group.
    std::vector<std::size_t> group_of(offers.size());
    for (std::size_t i = 0; i < offers.size(); ++i) {
        const std::string_view gpu = offers[i].gpu;
        std::size_t g = 0;
        while (g < m_groups.size() && m_groups[g].gpu != gpu) ++g;
        if (g == m_groups.size()) m_groups.push_back({gpu, 0, 0});
        ++m_groups[g].count;
        group_of[i] = g;
    }
    std::size_t first = 0;
    for (Group& group : m_groups) {
        group.first = first;
        first += group.count;
    }
    m_offers.resize(offers.size());
    std::vector<std::size_t> filled(m_groups.size(), 0);
    for (std::size_t i = 0; i < offers.size(); ++i) {
        const std::size_t g = group_of[i];
        m_offers[m_groups[g].first + filled[g]++] = &offers[i];
    }
}

std::span<const CloudOffer* const> OffersByGpu::of(std::string_view gpu) const noexcept {
    for (const Group& group : m_groups)
        if (group.gpu == gpu) return {m_offers.data() + group.first, group.count};
    return {};
}

OfferFit offer_fit(const CloudOffer& offer, std::string_view gpu_id, Pricing pricing,
                   const OfferFilters& filters) noexcept {
    if (offer.gpu != gpu_id) return OfferFit::other_gpu;
    if (!passes(filters.region, offer.region) || !passes(filters.provider, offer.provider))
        return OfferFit::filtered_out;
    if (!offer.priced(pricing)) return OfferFit::no_price;
    return OfferFit::candidate;
}

CloudSpec cloud_spec_of(const CloudOffer& offer, Pricing pricing) noexcept {
    CloudSpec spec{offer.gpu_count, offer.price(pricing).value_or(0.0)};
    // The interim cloud of a lead time rents on demand, or at the chosen pricing when the offer has no such price.
    spec.interim_pricing = offer.price(Pricing::on_demand) ? Pricing::on_demand : pricing;
    spec.interim_usd_per_hour = offer.price(spec.interim_pricing).value_or(0.0);
    spec.storage_usd_per_tb_month = offer.storage_usd_per_tb_month;
    if (offer.monthly) {
        spec.usd_per_month = offer.monthly->usd_per_month;
        spec.setup_fee_usd = offer.monthly->setup_fee_usd;
    }
    return spec;
}

OfferMatch cheapest_offer(std::span<const CloudOffer> offers, std::string_view gpu_id, const BuildSpec& build,
                          const Assumptions& a, const OfferFilters& filters) noexcept {
    OfferMatch match;
    for (const CloudOffer& offer : offers) {
        const OfferFit fit = offer_fit(offer, gpu_id, a.pricing, filters);
        if (fit == OfferFit::other_gpu) continue;
        ++match.same_gpu;
        if (fit == OfferFit::filtered_out) {
            ++match.filtered_out;
            continue;
        }
        if (fit == OfferFit::no_price) {
            ++match.no_price;
            continue;
        }
        ++match.candidates;
        const double total = cloud_total_usd(build, cloud_spec_of(offer, a.pricing), a);
        // Equal totals fall to the smaller id; a strict < keeps the earlier of two equal ids.
        if (match.offer == nullptr || total < match.cloud_total_usd ||
            (total == match.cloud_total_usd && offer.id < match.offer->id)) {
            match.offer = &offer;
            match.cloud_total_usd = total;
        }
    }
    if (match.offer != nullptr) match.outcome = MatchOutcome::chosen;
    // The order of report.cpp's messages: a pricing problem inside the filters outranks offers filtered away.
    else if (match.no_price == 0 && match.filtered_out > 0)
        match.outcome = MatchOutcome::all_filtered_out;
    else if (match.no_price == 0)
        match.outcome = MatchOutcome::no_offer_for_gpu;
    else
        match.outcome = MatchOutcome::no_price;
    return match;
}

namespace {

// The requirements a GPU model must meet, whoever holds it.
Exclusion gpu_exclusion(const Gpu* gpu, const Requirements& r) noexcept {
    if (r.min_vram_gb && (gpu == nullptr || gpu->vram_gb < *r.min_vram_gb)) return Exclusion::min_vram;
    if (r.min_fp64_tflops && (gpu == nullptr || !gpu->fp64_tflops || *gpu->fp64_tflops < *r.min_fp64_tflops))
        return Exclusion::min_fp64;
    return Exclusion::none;
}

// The requirements of one machine: its interconnect and the GPUs it holds together.
Exclusion machine_exclusion(Interconnect link, std::int64_t gpus, const Requirements& r) noexcept {
    if (r.min_interconnect && link < *r.min_interconnect) return Exclusion::min_interconnect;
    if (r.min_gpus_per_instance && gpus < *r.min_gpus_per_instance) return Exclusion::min_gpus_per_instance;
    return Exclusion::none;
}

// Every attribute the request or the build asks for, attested by the offer.
bool complies(const CloudOffer& offer, const Build& build, const Requirements& r) noexcept {
    for (std::size_t c = 0; c < k_compliance_count; ++c)
        if ((r.compliance[c] || build.require[c]) && (!offer.compliance || !offer.compliance->attributes[c]))
            return false;
    return true;
}

bool tier_kept(const CloudOffer& offer, const std::optional<TierSet>& tiers) noexcept {
    return !tiers || (offer.tier && (*tiers)[static_cast<std::size_t>(*offer.tier)]);
}

bool has_figure(const Workload* workload, std::string_view gpu) noexcept {
    return workload != nullptr && workload->throughput(gpu).has_value();
}

// A search at one level, without looking for a looser one.
Match search(const Catalog& catalog, const Build& build, const BuildSpec& spec, const Assumptions& a,
             const MatchOptions& options) noexcept {
    Match m;
    m.build_excluded = build_exclusion(catalog, build, options);
    if (m.build_excluded != Exclusion::none) return m;
    const auto better = [](double total, const CloudOffer& offer, const CloudOffer* held, double held_total) {
        // Equal totals fall to the smaller id; a strict < keeps the earlier of two equal ids.
        return held == nullptr || total < held_total || (total == held_total && offer.id < held->id);
    };
    const std::size_t tested = for_each_offer_to_test(catalog, build, options, [&](const CloudOffer& offer) {
        Exclusion e = offer_exclusion(catalog, build, offer, a.pricing, options, true);
        if (e == Exclusion::none && !tier_kept(offer, options.tiers)) e = Exclusion::tier;
        const bool tier_candidate = e == Exclusion::none || e == Exclusion::tier;
        if (!tier_candidate) {
            ++m.excluded[static_cast<std::size_t>(e)];
            return;
        }
        const std::int64_t n = equivalent_instances(build, offer, options.workload);
        const double total = cloud_total_usd(spec, rental_spec(offer, a.pricing, build.gpu_count, n), a);
        if (offer.tier) {
            TierBest& best = m.best_of_tier[static_cast<std::size_t>(*offer.tier)];
            if (better(total, offer, best.offer, best.cloud_total_usd)) best = {&offer, total, n};
        }
        if (e == Exclusion::tier) {
            ++m.excluded[static_cast<std::size_t>(e)];
            return;
        }
        ++m.candidates;
        if (offer.monthly) ++m.monthly_candidates;
        if (better(total, offer, m.offer, m.cloud_total_usd)) {
            m.offer = &offer;
            m.cloud_total_usd = total;
            m.instances = n;
        }
    });
    m.excluded[static_cast<std::size_t>(Exclusion::other_gpu)] += catalog.cloud.size() - tested;
    return m;
}

}  // namespace

Exclusion build_exclusion(const Catalog& catalog, const Build& build, const MatchOptions& options) noexcept {
    const Requirements& r = options.requirements;
    if (const Exclusion e = gpu_exclusion(catalog.find_gpu(build.gpu), r); e != Exclusion::none) return e;
    if (const Exclusion e = machine_exclusion(interconnect_of(build), gpus_per_node_of(build), r); e != Exclusion::none)
        return e;
    if (options.level == MatchLevel::any && !has_figure(options.workload, build.gpu))
        return Exclusion::no_workload_figure;
    return workload_fit(options.workload, catalog.find_gpu(build.gpu), gpus_per_node_of(build));
}

std::int64_t gpus_to_hold(const Workload& w, double vram_gb) noexcept {
    if (!w.memory_gb_per_instance) return 1;
    if (!(vram_gb > 0.0)) return 0;
    // 80 GB over 40 GB GPUs is 2 in exact arithmetic even where the division lands a rounding step above it.
    const double n = std::ceil(*w.memory_gb_per_instance / vram_gb * (1.0 - 1e-12));
    return std::max<std::int64_t>(1, static_cast<std::int64_t>(n));
}

Exclusion workload_fit(const Workload* w, const Gpu* gpu, std::int64_t gpus) noexcept {
    if (w == nullptr || !w->memory_gb_per_instance) return Exclusion::none;
    const std::int64_t need = gpu == nullptr ? 0 : gpus_to_hold(*w, gpu->vram_gb);
    if (need == 0 || need > w->max_gpus_per_instance.value_or(1)) return Exclusion::workload_memory;
    if (need > gpus) return Exclusion::workload_gpus;
    return Exclusion::none;
}

namespace {

// offer_exclusion past its first test. Apart, so that the test most offers fail (another GPU: 93 % of the shipped
// catalogue's offers for each build, like for like) returns without this part's frame (issue 21).
[[gnu::noinline]] Exclusion offer_exclusion_rest(const Catalog& catalog, const Build& build, const CloudOffer& offer,
                                                 Pricing pricing, const MatchOptions& options,
                                                 bool ignore_tier) noexcept {
    const MatchLevel level = options.level;
    if (!passes(options.filters.region, offer.region) || !passes(options.filters.provider, offer.provider))
        return Exclusion::filtered_out;
    if (!ignore_tier && !tier_kept(offer, options.tiers)) return Exclusion::tier;
    const Requirements& r = options.requirements;
    const Gpu* gpu = offer.gpu == build.gpu && r.empty() ? nullptr : catalog.find_gpu(offer.gpu);
    if (!r.empty()) {
        if (const Exclusion e = gpu_exclusion(gpu, r); e != Exclusion::none) return e;
        if (const Exclusion e = machine_exclusion(interconnect_of(offer), offer.gpu_count, r); e != Exclusion::none)
            return e;
    }
    if (!complies(offer, build, r)) return Exclusion::compliance;
    if (level == MatchLevel::like_for_like && offer.gpu_count < std::min(gpus_per_node_of(build), build.gpu_count))
        return Exclusion::gpus_per_node;
    if (level != MatchLevel::gpu && interconnect_of(offer) < interconnect_of(build)) return Exclusion::interconnect;
    if (level == MatchLevel::any && !has_figure(options.workload, offer.gpu)) return Exclusion::no_workload_figure;
    if (options.workload != nullptr && options.workload->memory_gb_per_instance) {
        const Gpu* held = gpu != nullptr ? gpu : catalog.find_gpu(offer.gpu);
        if (const Exclusion e = workload_fit(options.workload, held, offer.gpu_count); e != Exclusion::none) return e;
    }
    if (options.hourly_only ? !offer.price(pricing) : !offer.priced(pricing)) return Exclusion::no_price;
    return Exclusion::none;
}

}  // namespace

Exclusion offer_exclusion(const Catalog& catalog, const Build& build, const CloudOffer& offer, Pricing pricing,
                          const MatchOptions& options, bool ignore_tier) noexcept {
    if (options.level != MatchLevel::any && offer.gpu != build.gpu) return Exclusion::other_gpu;
    return offer_exclusion_rest(catalog, build, offer, pricing, options, ignore_tier);
}

std::int64_t equivalent_instances(const Build& build, const CloudOffer& offer, const Workload* workload) noexcept {
    if (offer.gpu == build.gpu) return instances_needed(build.gpu_count, offer.gpu_count);
    if (workload == nullptr) return 0;
    const auto t_b = workload->throughput(build.gpu);
    const auto t_c = workload->throughput(offer.gpu);
    if (!t_b || !t_c) return 0;
    const double work = static_cast<double>(build.gpu_count) * *t_b / (static_cast<double>(offer.gpu_count) * *t_c);
    // A ratio that is a whole number in exact arithmetic can land a rounding step above it; that is no reason to
    // rent one more instance.
    const double n = std::ceil(work * (1.0 - 1e-12));
    return std::max<std::int64_t>(1, static_cast<std::int64_t>(n));
}

CloudSpec rental_spec(const CloudOffer& offer, Pricing pricing, std::int64_t build_gpus,
                      std::int64_t instances) noexcept {
    const CloudSpec plain = cloud_spec_of(offer, pricing);
    if (instances == instances_needed(build_gpus, offer.gpu_count)) return plain;
    CloudSpec scaled{build_gpus, static_cast<double>(instances) * plain.usd_per_hour};
    scaled.usd_per_month = static_cast<double>(instances) * plain.usd_per_month;
    scaled.setup_fee_usd = static_cast<double>(instances) * plain.setup_fee_usd;
    return scaled;
}

Match match_offer(const Catalog& catalog, const Build& build, const BuildSpec& spec, const Assumptions& a,
                  const MatchOptions& options) noexcept {
    Match m = search(catalog, build, spec, a, options);
    if (m.offer != nullptr || m.build_excluded != Exclusion::none) return m;
    MatchOptions looser = options;
    for (const MatchLevel level : {MatchLevel::gpu, MatchLevel::any}) {
        if (level <= options.level || (level == MatchLevel::any && options.workload == nullptr)) continue;
        looser.level = level;
        if (search(catalog, build, spec, a, looser).offer != nullptr) {
            m.looser = level;
            break;
        }
    }
    if (options.tiers) {
        MatchOptions untiered = options;
        untiered.tiers.reset();
        m.without_tier = search(catalog, build, spec, a, untiered).offer != nullptr;
    }
    return m;
}

}  // namespace gpucost
