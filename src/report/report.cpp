#include "gpucost/report/report.hpp"

#include <algorithm>
#include <array>
#include <utility>

#include <fmt/format.h>

#include "backup_rental.hpp"
#include "gpucost/engine/availability.hpp"
#include "gpucost/engine/matching.hpp"
#include "gpucost/model/assumption_rules.hpp"
#include "gpucost/model/build_resolver.hpp"
#include "gpucost/report/api_alternative.hpp"
#include "gpucost/report/freshness.hpp"
#include "gpucost/report/match_words.hpp"
#include "gpucost/util/error.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {
namespace {

Figure figure_of(const char* kind, const std::string& id, const Provenance& p) {
    return {kind, id, p.as_of, p.confidence, p.note};
}

// A figure marked as an estimate, derived or unverified, noted beside the comparison that rests on it; its note only
// with `with_note` (comparison_details: the ranked table shows no sentence, and the notes were 38 KB of heap).
void note_mark(Comparison& c, const Figure& f, bool with_note) {
    if (f.confidence.empty()) return;
    const char* what = f.confidence == "estimate"  ? "an estimate"
                       : f.confidence == "derived" ? "derived"
                                                   : "unverified";
    std::string line;  // "GPU x is an estimate: NOTE", joined in place (fmt::format: 2,000 instructions each)
    line.reserve(f.kind.size() + f.id.size() + (with_note ? f.note.size() : 0) + 20);
    line.append(f.kind).append(" ").append(f.id).append(" is ").append(what);
    if (with_note) line.append(": ").append(f.note);
    c.estimates.push_back(std::move(line));
    c.estimate_ids.push_back(f.id);
}

// The figures a comparison rests on, each noted when marked. Moved in, and the notes' lists made to size: an
// initializer list's copies and the lists' regrowth were 40 K instructions of the shipped catalogue's 16.
void add_figures(Comparison& c, std::array<Figure, 3> figures, bool notes) {
    const auto marked =
        std::count_if(figures.begin(), figures.end(), [](const Figure& f) { return !f.confidence.empty(); });
    c.estimates.reserve(static_cast<std::size_t>(marked));
    c.estimate_ids.reserve(static_cast<std::size_t>(marked));
    c.figures.reserve(figures.size());
    for (Figure& f : figures) {
        note_mark(c, f, notes);
        c.figures.push_back(std::move(f));
    }
}

// Only the totals are read: evaluate_totals() gives evaluate()'s to the bit without its paybacks' month walks.
UsageRange usage_range_of(const BuildSpec& build, const CloudSpec& cloud, Assumptions a) {
    a.hours_per_week = 0.0;
    const EvaluationTotals idle = evaluate_totals(build, cloud, a);
    a.hours_per_week = k_hours_per_week;
    const EvaluationTotals busy = evaluate_totals(build, cloud, a);
    return {idle.build_total_usd, busy.build_total_usd, idle.cloud_total_usd, busy.cloud_total_usd};
}

// The offer --backup-offer names, when it rents the build's GPU (build_report checks the id).
const CloudOffer* named_backup(const Catalog& catalog, const Build& build, const ComparisonRequest& request) {
    if (!request.backup_offer) return nullptr;
    const CloudOffer* offer = catalog.find_offer(*request.backup_offer);
    return offer != nullptr && offer->gpu == build.gpu ? offer : nullptr;
}

// `instances` of `offer` for `build` (0: ceil(g / c), as gpucost 1 rents), made in `c`, which holds the assumptions
// in force and nothing else yet: made where it is kept, a comparison (5.2 KB, 49 strings) is not moved there.
// `known_backup`: the offer the backup rental's search would find (backup_known), which then is not made.
void compare_one(Comparison& c, const Catalog& catalog, const Build& build, const CloudOffer& offer,
                 const ComparisonRequest& request, std::int64_t instances = 0,
                 const CloudOffer* known_backup = nullptr) {
    const ResolvedAssumptions& assumptions = c.assumptions;
    const Gpu& gpu = *catalog.find_gpu(build.gpu);
    const Pricing pricing = assumptions.values.pricing;
    c.build = {build.id, build.name, gpu.id, gpu.name, build.gpu_count};
    c.offer = {offer.id, offer.provider, offer.instance, offer.region, offer.gpu, offer.gpu_count};
    if (offer.monthly) c.min_term_months = offer.monthly->min_term_months;
    c.offer_tier = offer.tier ? std::string(to_string(*offer.tier)) : std::string();
    c.build_spec = build_spec_for(build, gpu);
    c.cloud_spec = cloud_spec_of(offer, pricing);
    const std::int64_t n = instances > 0 ? instances : instances_needed(build.gpu_count, offer.gpu_count);
    c.rental = rental_spec(offer, pricing, build.gpu_count, n);
    MatchOptions scope;  // the compared offer's bounds bind the backup too: --tier, --require, --region, --provider
    scope.tiers = request.match.tiers;
    scope.requirements = request.match.requirements;
    scope.filters = {request.region, request.provider};
    const CloudOffer* named = named_backup(catalog, build, request);
    c.backup = named == nullptr && known_backup != nullptr
                   ? backup_of(build, known_backup, n, nullptr, &offer, pricing, scope)
                   : backup_rental(catalog, build, c.build_spec, assumptions.values, named, &offer, scope);
    // The lead time's interim cloud and the downtime cover are both this rental, whatever --pricing says.
    c.rental.interim_usd_per_hour = c.backup ? c.backup->usd_per_hour : 0.0;
    c.rental.interim_pricing = c.backup ? c.backup->pricing : Pricing::on_demand;
    c.rental.backup_usd_per_hour = c.rental.interim_usd_per_hour;
    c.result = evaluate(c.build_spec, c.rental, assumptions.values);
    c.availability.policy = assumptions.values.downtime;
    c.availability.downtime_hours_per_month = downtime_hours_per_month(assumptions.values);
    c.availability.availability = availability(c.availability.downtime_hours_per_month);
    c.availability.lost_used_hours_per_month = c.result.downtime_used_hours_per_month;
    c.availability.lost_gpu_hours = c.result.lost_gpu_hours;
    // Another GPU model is rented for the same work, not the same GPUs: the GPUs left over are no waste to report.
    c.result.cloud.instances = n;
    c.rented_gpus = n * offer.gpu_count;
    if (offer.gpu != build.gpu) c.result.cloud.unused_gpus = 0;
    c.per_gpu_scaled = per_gpu_scaled_of(c);
    c.costs.reserve(k_categories.size());  // grown one row at a time, each comparison's costs were 5 allocations
    for (const CategoryInfo& info : k_categories)
        c.costs.push_back({info.category, amount_usd(c.result, info.category)});
    if (request.cash_flow_profiles) c.cash_flow = cash_flow_profile(c.result, assumptions.values);
    c.reading = read_verdict(c.build_spec, c.rental, assumptions, c.result, request.verdict_trials);
    std::optional<CloudSpec> on_demand;  // the same offer on demand, against which a commitment is read
    if (offer.price(Pricing::on_demand)) on_demand = rental_spec(offer, Pricing::on_demand, build.gpu_count, n);
    // A monthly rental is read as one (break_even_kind), not as the --pricing commitment it is not.
    if (!offer.monthly) c.reading.commitment = read_commitment(c.build_spec, c.rental, on_demand, assumptions.values);
    c.reading.spot = read_spot(build.gpu_count, n, assumptions.values);
    if (request.comparison_details) c.usage_range = usage_range_of(c.build_spec, c.rental, assumptions.values);
    add_figures(c,
                {figure_of("GPU", gpu.id, gpu.provenance), figure_of("build", build.id, build.provenance),
                 figure_of("offer", offer.id, offer.provenance)},
                request.comparison_details);
}

// The per-token API beside the comparison (issue 20): its price is a figure the comparison rests on, so it is aged
// with the others (--max-age-days, check's age gate) and counts toward the oldest figure used.
void add_api(Comparison& c, const Catalog& catalog, const Build& build, const MatchOptions& options, bool notes) {
    c.api = api_alternative(catalog, build, options.workload, options.requirements, c.assumptions.values);
    if (!c.api) return;
    for (const ApiOffer& o : catalog.api_offers)
        if (o.id == c.api->api_offer_id) {
            c.figures.push_back(figure_of("API offer", o.id, o.provenance));
            note_mark(c, c.figures.back(), notes);
        }
}

// Only a region/provider filter or a missing price stands in the way: gpucost 1's messages say it best.
bool plain_reasons(const Match& m) {
    for (std::size_t e = 0; e < k_exclusion_count; ++e) {
        const auto why = static_cast<Exclusion>(e);
        if (m.excluded[e] > 0 && why != Exclusion::other_gpu && why != Exclusion::filtered_out &&
            why != Exclusion::no_price)
            return false;
    }
    return m.build_excluded == Exclusion::none;
}

// The cheapest offer for the build under the match options, by cloud total for this build (the engine's
// matching), made in `c` as compare_one makes it; false with the reason in `reason` when there is none.
bool cheapest_match(Comparison& c, const Catalog& catalog, const Build& build, const ComparisonRequest& request,
                    const MatchOptions& options, std::string& reason) {
    const Pricing pricing = c.assumptions.values.pricing;
    const Match match =
        match_offer(catalog, build, build_spec_for(build, *catalog.find_gpu(build.gpu)), c.assumptions.values, options);
    if (match.offer == nullptr) {
        reason = plain_reasons(match) && !match.looser
                     ? no_offer_of_gpu_reason(catalog, build, pricing, options.filters, match, request)
                     : no_match_reason(catalog, build, match, options, pricing);
        return false;
    }
    // The match's options bound it as `scope` bounds the backup's search (both are the request's).
    compare_one(c, catalog, build, *match.offer, request, match.instances, backup_known(match, options, pricing));
    c.match_level = std::string(to_string(options.level));
    if (request.comparison_details) {
        c.offer_choice = choice_text(build, match, options, c.assumptions, request);
        c.tier_offers = tier_offers(match);
    }
    c.equivalence = equivalence_of(build, *match.offer, match.instances, options);
    add_api(c, catalog, build, options, request.comparison_details);
    return true;
}

}  // namespace

BuildSpec build_spec_for(const Build& build, const Gpu& gpu) {
    BuildSpec s;
    s.gpu_count = build.gpu_count;
    s.gpu_price_usd = gpu_price_for(build, gpu);
    s.gpu_tdp_w = gpu.tdp_w;
    s.gpu_idle_w = gpu.idle_w;
    s.base_price_usd = build.base_price_usd;
    s.base_load_w = build.base_load_w;
    s.base_idle_w = build.base_idle_w;
    s.setup_usd = build.setup_usd;
    return s;
}

// An id a scenario file named is reported at its place in that file, so the user knows which file to mend.
[[noreturn]] static void id_error(const std::string& scenario_file, const char* pointer, std::string message) {
    if (scenario_file.empty()) throw DataError(message);
    throw ValidationError(scenario_file, {{pointer, std::move(message)}});
}

namespace {

// The assumption layers in force for `build`, weakest first: the catalogue's, the build's, the scenario's, the flags'.
std::vector<const AssumptionLayer*> layers_for(const Catalog& catalog, const Build& build,
                                               const ComparisonRequest& request) {
    return {&catalog.assumptions, &build.assumptions, &request.scenario, &request.flags};
}

// The assumptions in force for `build`, made in `out`. The layers around each build's own are resolved once per
// request (`resolver`): 16 whole resolutions of the shipped catalogue's builds were 0.25 M instructions at start-up
// (issue 21).
void resolve_for(BuildResolver& resolver, const Build& build, ResolvedAssumptions& out) {
    resolver.resolve_into(build.assumptions, build.gpu_count, out);
    check_assumption_rules(out, build.id);
}

// The pricing in force for `build`: the last layer that gives one, else the code default. resolve_for(...)
// .values.pricing without resolving the other keys (16 whole resolutions cost 0.24 M instructions at start-up);
// resolve_for has already checked the build's assumptions by the time the exclusions ask.
Pricing pricing_for(const Catalog& catalog, const Build& build, const ComparisonRequest& request) {
    AssumptionValue value = info(AssumptionKey::pricing).default_value;
    for (const AssumptionLayer* layer : layers_for(catalog, build, request))
        if (const auto& given = layer->get(AssumptionKey::pricing)) value = *given;
    return std::get<Pricing>(value);
}

// --build ID, with --cloud ID or its cheapest match.
Comparison one_build(const Catalog& catalog, const ComparisonRequest& request, const MatchOptions& options,
                     BuildResolver& resolver, std::vector<std::string>& warnings) {
    const Build* build = catalog.find_build(*request.build_id);
    if (build == nullptr)
        id_error(request.build_id_file, "/build",
                 fmt::format("unknown build {}{}; `gpucost catalog list builds` lists them",
                             quote_value(*request.build_id),
                             did_you_mean(*request.build_id, catalog.ids(CatalogSection::builds))));
    Comparison c;
    resolve_for(resolver, *build, c.assumptions);
    if (!request.cloud_id) {
        std::string why_none;
        if (!cheapest_match(c, catalog, *build, request, options, why_none))
            throw DataError(fmt::format("build {}: {}", quote_value(build->id), why_none));
        return c;
    }
    const CloudOffer* offer = catalog.find_offer(*request.cloud_id);
    if (offer == nullptr)
        id_error(request.cloud_id_file, "/cloud",
                 fmt::format("unknown cloud offer {}{}", quote_value(*request.cloud_id),
                             did_you_mean(*request.cloud_id, catalog.ids(CatalogSection::cloud))));
    const Pricing pricing = c.assumptions.values.pricing;
    if (!offer->priced(pricing))
        throw DataError(fmt::format("cloud offer {} has no {} price (it has: {}); choose one with --pricing",
                                    quote_value(offer->id), to_string(pricing), priced_as(*offer)));
    compare_one(c, catalog, *build, *offer, request,
                offer->gpu != build->gpu && options.workload != nullptr
                    ? equivalent_instances(*build, *offer, options.workload)
                    : 0);
    c.offer_choice = "chosen with --cloud";
    c.match_level = "chosen";
    c.equivalence = equivalence_of(*build, *offer, c.result.cloud.instances, options);
    add_api(c, catalog, *build, options, request.comparison_details);
    if (offer->gpu != build->gpu && !c.equivalence)
        warnings.push_back(fmt::format("offer {} rents GPU {} but build {} holds GPU {}; "
                                       "the comparison is of cost, not of equal work",
                                       offer->id, offer->gpu, build->id, build->gpu));
    return c;
}

// Moves the element at order[k] to place k, for every k, in place: each element once, plus one per cycle.
void put_in_order(std::vector<Comparison>& v, const std::vector<std::size_t>& order) {
    std::vector<bool> placed(v.size(), false);
    for (std::size_t start = 0; start < v.size(); ++start) {
        if (placed[start] || order[start] == start) continue;
        Comparison held = std::move(v[start]);
        std::size_t k = start;
        for (; order[k] != start; k = order[k]) {
            v[k] = std::move(v[order[k]]);
            placed[k] = true;
        }
        v[k] = std::move(held);
        placed[k] = true;
    }
}

// Every build, by id: neither the warnings about skipped builds nor the exclusions then depend on the catalogue's
// order (the exclusions' counts were sorted by build afterwards, 14 K instructions).
std::vector<const Build*> builds_by_id(const Catalog& catalog) {
    std::vector<const Build*> builds;
    builds.reserve(catalog.builds.size());
    for (const Build& build : catalog.builds) builds.push_back(&build);
    std::sort(builds.begin(), builds.end(), [](const Build* a, const Build* b) { return a->id < b->id; });
    return builds;
}

// Every build against its cheapest match, ranked by how much building saves.
std::vector<Comparison> every_build(const Catalog& catalog, const std::vector<const Build*>& builds,
                                    const ComparisonRequest& request, const MatchOptions& options,
                                    BuildResolver& resolver, std::vector<std::string>& warnings) {
    if (request.cloud_id && !request.cloud_id_file.empty())
        id_error(request.cloud_id_file, "/cloud",
                 "needs \"build\": an offer is compared with one build; name one or set \"cloud\" to null");
    if (request.cloud_id) throw UsageError("--cloud needs --build: an offer is compared with one build");
    // One buffer, ranked in place: a second (16 comparisons of 5.2 KB) was 20 new heap pages of `compare`.
    std::vector<Comparison> comparisons;
    comparisons.reserve(builds.size());
    for (const Build* build : builds) {
        // Made in place: a comparison returned and pushed was moved twice (16 moves of 5.2 KB were 0.1 M
        // instructions).
        Comparison& c = comparisons.emplace_back();
        resolve_for(resolver, *build, c.assumptions);
        std::string why_none;
        if (cheapest_match(c, catalog, *build, request, options, why_none)) continue;
        comparisons.pop_back();
        warnings.push_back(fmt::format("build {} skipped: {}", build->id, why_none));
    }
    if (comparisons.empty())
        throw DataError(catalog.builds.empty() ? std::string("the catalogue has no builds to compare")
                                               : fmt::format("no build could be compared: {}", warnings.front()));
    // Ties (rare) by id, so the order never depends on the catalogue's. Their places are sorted, then each
    // comparison moved once (a sort of the comparisons themselves moved each many times).
    std::vector<std::size_t> order(comparisons.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&comparisons](std::size_t i, std::size_t j) {
        const Comparison& a = comparisons[i];
        const Comparison& b = comparisons[j];
        const double gain_a = a.result.cloud.total_usd - a.result.build.total_usd;
        const double gain_b = b.result.cloud.total_usd - b.result.build.total_usd;
        if (gain_a != gain_b) return gain_a > gain_b;
        if (a.build.id != b.build.id) return a.build.id < b.build.id;
        return i < j;
    });
    put_in_order(comparisons, order);
    return comparisons;
}

}  // namespace

namespace {

// Every build (the one asked for, with --build) and offer the request's match leaves out: counted by rule, and listed
// as the request's listing asks. Both by build, then the build's own line, then offer id (or rule), so neither
// depends on the catalogue's order.
void add_match_exclusions(Report& report, const Catalog& catalog, const std::vector<const Build*>& builds,
                          const ComparisonRequest& request, const MatchOptions& options) {
    for (const Build* build : builds) {
        if (request.build_id && build->id != *request.build_id) continue;
        add_exclusions(catalog, *build, options, pricing_for(catalog, *build, request), request.listing,
                       report.excluded, report.exclusion_counts, report.unnamed_offers);
    }
    std::sort(report.excluded.begin(), report.excluded.end(), [](const Excluded& a, const Excluded& b) {
        const std::string& owner_a = a.kind == "build" ? a.id : a.build_id;
        const std::string& owner_b = b.kind == "build" ? b.id : b.build_id;
        if (owner_a != owner_b) return owner_a < owner_b;
        if (a.kind != b.kind) return a.kind == "build";
        return a.id < b.id;
    });
    // The counts are made build by build in id order, each build's in rule order: already as they are listed.
}

}  // namespace

Report build_report(const Catalog& catalog, const ComparisonRequest& request) {
    Report report;
    report.header = run_header(catalog, "compare", {&request.scenario, &request.flags});
    report.detailed = request.build_id.has_value();
    MatchOptions options = match_options(catalog, request.match);
    options.filters = {request.region, request.provider};
    const OffersByGpu offers_by_gpu(catalog.cloud);  // every build's search and exclusions read their GPU's offers
    options.offers_by_gpu = &offers_by_gpu;
    report.match_level = std::string(to_string(options.level));
    if (request.backup_offer && catalog.find_offer(*request.backup_offer) == nullptr)
        throw UsageError(fmt::format("--backup-offer: unknown cloud offer {}{}", quote_value(*request.backup_offer),
                                     did_you_mean(*request.backup_offer, catalog.ids(CatalogSection::cloud))));
    BuildResolver resolver({&catalog.assumptions}, {&request.scenario, &request.flags});
    const std::vector<const Build*> builds = builds_by_id(catalog);
    if (report.detailed)
        report.comparisons.push_back(one_build(catalog, request, options, resolver, report.header.warnings));
    else
        report.comparisons = every_build(catalog, builds, request, options, resolver, report.header.warnings);
    add_match_exclusions(report, catalog, builds, request, options);

    std::vector<Figure> figures;
    for (const Comparison& c : report.comparisons) {
        for (const Figure& f : c.figures) report.header.oldest_as_of = older_as_of(report.header.oldest_as_of, f.as_of);
        // Read by warn_stale_figures only under --max-age-days: 48 copies with their notes were 10 heap pages.
        if (request.max_age_days) figures.insert(figures.end(), c.figures.begin(), c.figures.end());
        if (c.result.cloud.unused_gpus > 0)
            report.header.warnings.push_back(
                fmt::format("{}: {} instance(s) of {} GPUs give {} GPUs for {}; {} paid for but unused", c.build.id,
                            c.result.cloud.instances, c.offer.gpus_per_instance, c.rented_gpus, c.build.gpu_count,
                            c.result.cloud.unused_gpus));
        // A monthly rental's minimum term past the horizon is owed but not counted (docs/catalog.md).
        const int months = c.assumptions.values.months;
        if (c.min_term_months && *c.min_term_months > months)
            report.header.warnings.push_back(fmt::format(
                "{}: offer {} has a minimum term of {} months, longer than the {}-month horizon; the months after it "
                "are owed but not counted: compare over the term (--months {})",
                c.build.id, c.offer.id, *c.min_term_months, months, *c.min_term_months));
    }
    warn_stale_figures(report.header, figures, request.max_age_days, request.today);
    return report;
}

}  // namespace gpucost
