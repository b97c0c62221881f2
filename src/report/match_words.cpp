#include "gpucost/report/match_words.hpp"

#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "gpucost/util/error.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {
namespace {

std::string plural(std::size_t n, const char* word) { return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s"); }

// "a, b, c, d, e, ..." for the first five items.
std::string first_five(const std::vector<std::string>& items) {
    const auto end = items.begin() + static_cast<std::ptrdiff_t>(std::min<std::size_t>(items.size(), 5));
    return fmt::format("{}{}", fmt::join(items.begin(), end, ", "), items.size() > 5 ? ", ..." : "");
}

// The part of a reason that names the GPU figure a requirement reads.
std::string gpu_requirement(const Gpu* gpu, const std::string& id, Exclusion why, const Requirements& r) {
    if (why == Exclusion::min_vram)
        return fmt::format("GPU {} has {} GB of VRAM, under --min-vram-gb {}", quote_value(id),
                           gpu ? exact_number(gpu->vram_gb) : "no", exact_number(*r.min_vram_gb));
    if (gpu == nullptr || !gpu->fp64_tflops)
        return fmt::format("GPU {} has no FP64 figure in the catalogue, and --min-fp64-tflops {} asks for one",
                           quote_value(id), exact_number(*r.min_fp64_tflops));
    return fmt::format("GPU {} has {} FP64 TFLOPS, under --min-fp64-tflops {}", quote_value(id),
                       exact_number(*gpu->fp64_tflops), exact_number(*r.min_fp64_tflops));
}

// The like-for-like rule for a build: "8 x gpu-h in one machine over nvswitch".
std::string build_rule(const Build& b) {
    return fmt::format("{} GPU{} in one machine over {}", std::min(gpus_per_node_of(b), b.gpu_count),
                       std::min(gpus_per_node_of(b), b.gpu_count) == 1 ? "" : "s", to_string(interconnect_of(b)));
}

// Why a machine of `gpus` GPUs of `gpu_id` cannot hold one instance of the workload.
std::string workload_fit_reason(const Catalog& catalog, const Workload& w, const std::string& gpu_id, std::int64_t gpus,
                                const char* per) {
    const Gpu* gpu = catalog.find_gpu(gpu_id);
    const double vram = gpu ? gpu->vram_gb : 0.0;
    const std::int64_t most = w.max_gpus_per_instance.value_or(1);
    const std::int64_t need = gpus_to_hold(w, vram);
    const std::string needs =
        fmt::format("workload {} needs {} GB per instance, split over at most {}", quote_value(w.id),
                    exact_number(*w.memory_gb_per_instance), plural(static_cast<std::size_t>(most), "GPU"));
    if (need == 0 || need > most)
        return fmt::format("{}; GPU {} has {} GB", needs, quote_value(gpu_id), exact_number(vram));
    return fmt::format("{}: {} of GPU {} ({} GB each), and it has {} {}", needs,
                       plural(static_cast<std::size_t>(need), "GPU"), quote_value(gpu_id), exact_number(vram),
                       plural(static_cast<std::size_t>(gpus), "GPU"), per);
}

// The attributes asked of offers: the request's and the build's own "require".
ComplianceSet asked(const Build& build, const Requirements& r) {
    ComplianceSet set = r.compliance;
    for (std::size_t c = 0; c < k_compliance_count; ++c) set[c] = set[c] || build.require[c];
    return set;
}

// "attests soc2 only, not hipaa-baa (required by --require)" for an offer left out by compliance.
std::string compliance_reason(const Build& build, const CloudOffer& offer, const Requirements& r) {
    const ComplianceSet need = asked(build, r);
    ComplianceSet missing{};
    for (std::size_t c = 0; c < k_compliance_count; ++c)
        missing[c] = need[c] && (!offer.compliance || !offer.compliance->attributes[c]);
    const std::string has = offer.compliance ? compliance_list_text(offer.compliance->attributes) : std::string();
    bool by_build = false;
    for (std::size_t c = 0; c < k_compliance_count; ++c) by_build = by_build || (missing[c] && build.require[c]);
    return fmt::format("does not attest {} ({}; the catalogue lists {} for it)", compliance_list_text(missing),
                       by_build ? fmt::format("build {} requires it", quote_value(build.id)) : "--require",
                       has.empty() ? std::string("none") : has);
}

}  // namespace

// The workload ids a message names before "and N more": enough to show the spelling, short enough for one line.
constexpr std::size_t k_workloads_listed = 5;

std::string workload_list(const Catalog& catalog) {
    std::vector<std::string> ids;
    for (const Workload& w : catalog.workloads) ids.push_back(w.id);
    std::sort(ids.begin(), ids.end());
    if (ids.empty()) return "none";
    // A message stays one readable line however many workloads a catalogue has (the shipped one's was 31 KB).
    if (ids.size() <= k_workloads_listed) return fmt::format("{}", fmt::join(ids, ", "));
    return fmt::format("{} and {} more (gpucost catalog list workloads)",
                       fmt::join(ids.begin(), ids.begin() + k_workloads_listed, ", "), ids.size() - k_workloads_listed);
}

const Workload& workload_named(const Catalog& catalog, const std::string& id) {
    if (const Workload* w = catalog.find_workload(id)) return *w;
    std::vector<std::string> ids;
    for (const Workload& w : catalog.workloads) ids.push_back(w.id);
    throw DataError(fmt::format("--workload: unknown workload {}{}; the catalogue's workloads: {}", quote_value(id),
                                did_you_mean(id, ids), workload_list(catalog)));
}

MatchOptions match_options(const Catalog& catalog, const MatchRequest& match) {
    MatchOptions o;
    o.level = match.level.value_or(MatchLevel::like_for_like);
    o.tiers = match.tiers;
    o.requirements = match.requirements;
    o.hourly_only = match.hourly_only;
    if (match.workload) o.workload = &workload_named(catalog, *match.workload);
    if (o.level == MatchLevel::any && o.workload == nullptr)
        throw UsageError("--match any needs --workload ID: offers of another GPU model are compared for the same "
                         "work, which a workload's throughputs measure");
    return o;
}

std::string exclusion_reason(const Catalog& catalog, const Build& build, const CloudOffer* offer, Exclusion why,
                             const MatchOptions& options, Pricing pricing) {
    const Requirements& r = options.requirements;
    const std::string& gpu_id = offer ? offer->gpu : build.gpu;
    const Interconnect link = offer ? interconnect_of(*offer) : interconnect_of(build);
    const std::int64_t gpus = offer ? offer->gpu_count : gpus_per_node_of(build);
    const char* per = offer ? "per instance" : "per machine";
    switch (why) {
        case Exclusion::none: return "";
        case Exclusion::other_gpu:
            return fmt::format("rents GPU {}, not the build's {}", quote_value(gpu_id), quote_value(build.gpu));
        case Exclusion::filtered_out: return "outside --region/--provider";
        case Exclusion::tier:
            return offer && offer->tier ? fmt::format("tier {} is outside --tier {}", to_string(*offer->tier),
                                                      tier_list_text(*options.tiers))
                                        : std::string("has no tier in the catalogue, so --tier leaves it out");
        case Exclusion::min_vram:
        case Exclusion::min_fp64: return gpu_requirement(catalog.find_gpu(gpu_id), gpu_id, why, r);
        case Exclusion::min_interconnect:
            return fmt::format("interconnect {} is weaker than --min-interconnect {}", to_string(link),
                               to_string(*r.min_interconnect));
        case Exclusion::min_gpus_per_instance:
            return fmt::format("{} {}, under --min-gpus-per-instance {}", plural(static_cast<std::size_t>(gpus), "GPU"),
                               per, *r.min_gpus_per_instance);
        case Exclusion::compliance: return offer ? compliance_reason(build, *offer, r) : std::string();
        case Exclusion::workload_memory:
        case Exclusion::workload_gpus: return workload_fit_reason(catalog, *options.workload, gpu_id, gpus, per);
        case Exclusion::gpus_per_node:
            return fmt::format("{} {}; like-for-like needs {}", plural(static_cast<std::size_t>(gpus), "GPU"), per,
                               build_rule(build));
        case Exclusion::interconnect:
            return fmt::format("interconnect {} is weaker than the build's {}", to_string(link),
                               to_string(interconnect_of(build)));
        case Exclusion::no_workload_figure:
            return fmt::format("workload {} has no figure for GPU {}",
                               quote_value(options.workload ? options.workload->id : ""), quote_value(gpu_id));
        case Exclusion::no_price:
            return fmt::format("no {} price (it has: {})", to_string(pricing), offer ? priced_as(*offer) : "");
    }
    return "";
}

std::string no_match_reason(const Catalog& catalog, const Build& build, const Match& match, const MatchOptions& options,
                            Pricing pricing) {
    if (match.build_excluded != Exclusion::none)
        return exclusion_reason(catalog, build, nullptr, match.build_excluded, options, pricing);
    const std::size_t looked_at = catalog.cloud.size() - match.excluded_for(Exclusion::other_gpu);
    std::string subject =
        options.level == MatchLevel::any
            ? fmt::format("an offer of any GPU that workload {} measures", quote_value(options.workload->id))
            : fmt::format("an offer of GPU {}", quote_value(build.gpu));
    std::string out;
    if (looked_at == 0) {
        out = fmt::format("no cloud offer in the catalogue has GPU {}", quote_value(build.gpu));
    } else {
        std::vector<std::string> rules;
        for (std::size_t e = 2; e < k_exclusion_count; ++e) {
            const std::size_t n = match.excluded[e];
            if (n == 0) continue;
            const auto why = static_cast<Exclusion>(e);
            const char* rule = "";
            switch (why) {
                case Exclusion::filtered_out: rule = "outside --region/--provider"; break;
                case Exclusion::tier: rule = "outside --tier"; break;
                case Exclusion::min_vram: rule = "under --min-vram-gb"; break;
                case Exclusion::min_fp64: rule = "under --min-fp64-tflops"; break;
                case Exclusion::min_interconnect: rule = "under --min-interconnect"; break;
                case Exclusion::min_gpus_per_instance: rule = "under --min-gpus-per-instance"; break;
                case Exclusion::compliance: rule = "without a required compliance attribute"; break;
                case Exclusion::gpus_per_node: rule = "with too few GPUs per instance"; break;
                case Exclusion::interconnect: rule = "with a weaker interconnect"; break;
                case Exclusion::no_workload_figure: rule = "without a workload figure"; break;
                case Exclusion::workload_memory: rule = "whose GPUs cannot hold the workload"; break;
                case Exclusion::workload_gpus: rule = "with too few GPUs to hold the workload"; break;
                case Exclusion::no_price: rule = "without a price at the pricing"; break;
                default: break;
            }
            rules.push_back(fmt::format("{} {}", n, rule));
        }
        out = fmt::format("no {} {} meets the rules ({} needs {}): of {} considered, {}", to_string(options.level),
                          subject.substr(3), build.id, build_rule(build), plural(looked_at, "offer"),
                          fmt::join(rules, ", "));
    }
    if (match.looser)
        out += fmt::format("; --match {} would find one", to_string(*match.looser));
    else if (match.without_tier)
        out += "; without --tier there would be one";
    else if (options.level == MatchLevel::like_for_like && options.workload == nullptr)
        out += "; --match gpu finds none either (--match any --workload ID compares other GPU models)";
    return out;
}

std::vector<TierOffer> tier_offers(const Match& match) {
    std::vector<TierOffer> out;
    // Made to size: grown one at a time, three tiers' rows were two allocations and a move of the first two.
    out.reserve(static_cast<std::size_t>(std::count_if(match.best_of_tier.begin(), match.best_of_tier.end(),
                                                       [](const TierBest& b) { return b.offer != nullptr; })));
    for (std::size_t t = 0; t < k_offer_tier_count; ++t) {
        const TierBest& best = match.best_of_tier[t];
        if (best.offer == nullptr) continue;
        out.push_back({std::string(k_offer_tier_names[t]), best.offer->id, best.offer->provider, best.offer->gpu,
                       best.offer->gpu_count, best.instances, best.cloud_total_usd, best.offer == match.offer});
    }
    return out;
}

std::optional<WorkEquivalence> equivalence_of(const Build& build, const CloudOffer& offer, std::int64_t instances,
                                              const MatchOptions& options) {
    const Workload* w = options.workload;
    if (w == nullptr) return std::nullopt;
    const auto t_b = w->throughput(build.gpu);
    const auto t_c = w->throughput(offer.gpu);
    if (!t_b || !t_c) return std::nullopt;
    return WorkEquivalence{w->id, w->name, w->unit,     w->provenance.source,       w->provenance.as_of,
                           *t_b,  *t_c,    *t_c / *t_b, instances * offer.gpu_count};
}

std::optional<PerGpuScaled> per_gpu_scaled_of(const Comparison& c) {
    if (c.result.cloud.unused_gpus <= 0 || c.offer.gpu_id != c.build.gpu_id) return std::nullopt;
    const auto g = static_cast<double>(c.build.gpu_count);
    const auto rented = static_cast<double>(c.rented_gpus);
    // One instance of the build's g GPUs at the offer's rate per GPU-hour. The interim and downtime rental is the
    // backup offer's price for the whole build (report.cpp), the same whichever offer is compared, so it stays.
    CloudSpec scaled = c.rental;
    scaled.gpus_per_instance = c.build.gpu_count;
    const double share = static_cast<double>(c.result.cloud.instances) * g / rented;
    scaled.usd_per_hour = c.rental.usd_per_hour * share;
    scaled.usd_per_month = c.rental.usd_per_month * share;  // a monthly rental's price and fee, scaled alike
    scaled.setup_fee_usd = c.rental.setup_fee_usd * share;
    return PerGpuScaled{c.build.gpu_count, c.rented_gpus, scaled.usd_per_hour,
                        evaluate(c.build_spec, scaled, c.assumptions.values)};
}

std::string_view exclusion_rule_name(Exclusion rule) noexcept {
    switch (rule) {
        case Exclusion::none: return "none";
        case Exclusion::other_gpu: return "other-gpu";
        case Exclusion::filtered_out: return "filtered-out";
        case Exclusion::tier: return "tier";
        case Exclusion::min_vram: return "min-vram";
        case Exclusion::min_fp64: return "min-fp64";
        case Exclusion::min_interconnect: return "min-interconnect";
        case Exclusion::min_gpus_per_instance: return "min-gpus-per-instance";
        case Exclusion::compliance: return "compliance";
        case Exclusion::gpus_per_node: return "gpus-per-node";
        case Exclusion::interconnect: return "interconnect";
        case Exclusion::no_workload_figure: return "no-workload-figure";
        case Exclusion::workload_memory: return "workload-memory";
        case Exclusion::workload_gpus: return "workload-gpus";
        case Exclusion::no_price: return "no-price";
    }
    return "none";
}

void add_exclusions(const Catalog& catalog, const Build& build, const MatchOptions& options, Pricing pricing,
                    const ExclusionListing& listing, std::vector<Excluded>& listed, std::vector<ExclusionCount>& counts,
                    std::int64_t& unnamed) {
    if (const Exclusion e = build_exclusion(catalog, build, options); e != Exclusion::none) {
        listed.push_back({"build", build.id, "", exclusion_reason(catalog, build, nullptr, e, options, pricing), e});
        counts.push_back({build.id, "build", e, 1});
        return;
    }
    std::array<std::int64_t, k_exclusion_count> by_rule{};
    std::int64_t named = 0;
    for_each_offer_to_test(catalog, build, options, [&](const CloudOffer& offer) {
        const Exclusion e = offer_exclusion(catalog, build, offer, pricing, options);
        if (e == Exclusion::none || e == Exclusion::other_gpu || e == Exclusion::filtered_out) return;
        ++by_rule[static_cast<std::size_t>(e)];
        const bool name = !listing.every_offer && listing.names(offer.id);
        if (name && named == listing.most_named_per_build) {
            ++unnamed;
            return;
        }
        if (!listing.every_offer && !name) return;
        named += name ? 1 : 0;
        listed.push_back(
            {"offer", offer.id, build.id, exclusion_reason(catalog, build, &offer, e, options, pricing), e});
    });
    for (std::size_t rule = 0; rule < by_rule.size(); ++rule)
        if (by_rule[rule] > 0) counts.push_back({build.id, "offer", static_cast<Exclusion>(rule), by_rule[rule]});
}

std::string priced_as(const CloudOffer& offer) {
    std::vector<std::string_view> names;
    for (std::size_t p = 0; p < k_pricing_count; ++p)
        if (offer.usd_per_hour[p]) names.push_back(to_string(static_cast<Pricing>(p)));
    return fmt::format("{}", fmt::join(names, ", "));
}

// Joined in place: five fmt::format calls a build were 0.1 M instructions of `compare` (issue 21).
std::string choice_text(const Build& build, const Match& match, const MatchOptions& options,
                        const ResolvedAssumptions& assumptions, const ComparisonRequest& request) {
    const std::string_view pricing = to_string(assumptions.values.pricing);
    const std::size_t monthly = match.monthly_candidates;
    const std::size_t hourly = match.candidates - monthly;
    const bool any = options.level == MatchLevel::any;  // only `any` changes what is counted (Comparison::match_level)
    std::string out;
    out.reserve(160);
    if (match.candidates == 1)
        out.append("the only ");
    else
        out.append("the cheapest of ").append(std::to_string(match.candidates)).append(" ");
    if (monthly == 0)
        out.append(pricing).append(" ");
    else if (hourly == 0)
        out.append("monthly ");
    out.append(any ? "any-GPU " : "").append(match.candidates == 1 ? "offer " : "offers ");
    if (any)
        out.append("for the work of workload ").append(options.workload->id);
    else
        out.append("for GPU ").append(build.gpu);
    out.append(filter_text(request));
    if (options.tiers) out.append(" in tier ").append(tier_list_text(*options.tiers));
    if (match.candidates == 1) return out;
    if (monthly > 0 && hourly > 0) {
        out.append(", ").append(std::to_string(hourly)).append(" ").append(pricing);
        out.append(" and ").append(std::to_string(monthly)).append(" monthly");
    }
    out.append(", by cloud total for ").append(count_text(build.gpu_count, "GPU"));
    out.append(" over ").append(count_text(assumptions.values.months, "month"));
    return out;
}

// " in region \"r\" from provider \"p\"" for the filters in force, or "".
std::string filter_text(const ComparisonRequest& request) {
    std::string out;
    if (request.region) out += fmt::format(" in region {}", quote_value(*request.region));
    if (request.provider) out += fmt::format(" from provider {}", quote_value(*request.provider));
    return out;
}

// Why no offer matched at --match gpu, naming the offers in the way (by id, so the message never depends on
// catalogue order): gpucost 1's messages, kept word for word.
std::string no_offer_of_gpu_reason(const Catalog& catalog, const Build& build, Pricing pricing,
                                   const OfferFilters& filters, const Match& match, const ComparisonRequest& request) {
    if (match.excluded_for(Exclusion::other_gpu) == catalog.cloud.size())
        return fmt::format("no cloud offer in the catalogue has GPU \"{}\"", build.gpu);
    std::vector<std::string> other_pricing;
    std::vector<std::string> filtered_out;
    for (const CloudOffer& offer : catalog.cloud) {
        const OfferFit fit = offer_fit(offer, build.gpu, pricing, filters);
        if (fit == OfferFit::filtered_out)
            filtered_out.push_back(fmt::format("{} ({}, {})", offer.id, offer.provider, offer.region));
        else if (fit == OfferFit::no_price)
            other_pricing.push_back(fmt::format("{} ({})", offer.id, priced_as(offer)));
    }
    std::sort(other_pricing.begin(), other_pricing.end());
    std::sort(filtered_out.begin(), filtered_out.end());
    if (other_pricing.empty())
        return fmt::format("no cloud offer for GPU \"{}\"{}; the {} offers for it are elsewhere: {}; "
                           "change or drop --region/--provider",
                           build.gpu, filter_text(request), filtered_out.size(), first_five(filtered_out));
    return fmt::format("no {} price among the {} offers for GPU \"{}\"{}: {}; choose another --pricing",
                       to_string(pricing), other_pricing.size(), build.gpu, filter_text(request),
                       fmt::join(other_pricing.begin(),
                                 other_pricing.begin() + std::min<std::ptrdiff_t>(5, std::ssize(other_pricing)), ", "));
}

}  // namespace gpucost
