#include "gpucost/report/listing.hpp"

#include <algorithm>
#include <cctype>
#include <type_traits>

#include <fmt/format.h>

#include "gpucost/engine/build_power.hpp"
#include "gpucost/engine/cost_model.hpp"
#include "gpucost/report/freshness.hpp"
#include "gpucost/report/report.hpp"
#include "gpucost/util/error.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {

static_assert(std::variant_size_v<decltype(CatalogEntry::entry)> == 3 &&
                  std::is_same_v<std::variant_alternative_t<static_cast<std::size_t>(CatalogSection::cloud),
                                                            decltype(CatalogEntry::entry)>,
                                 OfferRow>,
              "CatalogEntry::section() reads the section from the variant's index");

namespace {

// Providers and regions are typed by hand ("aws", "US-EAST-1"); ASCII folding is enough for them.
bool same_ignoring_case(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

std::optional<double> vram_of(const Catalog& c, const std::string& gpu_id) {
    const Gpu* g = c.find_gpu(gpu_id);
    return g != nullptr ? std::optional<double>(g->vram_gb) : std::nullopt;
}

bool offer_kept(const CloudOffer& o, const ListingFilter& f) {
    if (f.provider && !same_ignoring_case(o.provider, *f.provider)) return false;
    if (f.region && !same_ignoring_case(o.region, *f.region)) return false;
    return !f.pricing || o.price(*f.pricing).has_value();
}

std::vector<AssumptionSetting> settings_of(const AssumptionLayer& layer) {
    std::vector<AssumptionSetting> out;
    for (const AssumptionInfo& i : assumption_infos()) {
        const auto& held = layer.get(i.key);
        if (!held) continue;
        const AssumptionValue v = input_value(i.key, *held);  // the horizon in years, as a catalogue writes it
        std::variant<double, std::string> value;
        if (const std::string_view word = choice_word(v); !word.empty())
            value = std::string(word);
        else
            value = std::get<double>(v);
        out.push_back({std::string(i.name), std::move(value)});
    }
    return out;
}

void sort_listing(Listing& l) {
    std::sort(l.gpus.begin(), l.gpus.end(), [](const Gpu& a, const Gpu& b) {
        if (a.vendor != b.vendor) return a.vendor < b.vendor;
        if (a.name != b.name) return a.name < b.name;
        return a.id < b.id;
    });
    std::sort(l.builds.begin(), l.builds.end(), [](const BuildRow& a, const BuildRow& b) {
        if (a.build.gpu_count != b.build.gpu_count) return a.build.gpu_count < b.build.gpu_count;
        return a.build.id < b.build.id;
    });
    const Pricing p = l.pricing;
    std::sort(l.cloud.begin(), l.cloud.end(), [p](const OfferRow& a, const OfferRow& b) {
        const auto& pa = a.per_gpu_hour(p);
        const auto& pb = b.per_gpu_hour(p);
        if (pa.has_value() != pb.has_value()) return pa.has_value();  // priced offers first
        if (pa && pb && *pa != *pb) return *pa < *pb;
        return a.offer.id < b.offer.id;
    });
    std::sort(l.workloads.begin(), l.workloads.end(), [](const Workload& a, const Workload& b) { return a.id < b.id; });
    for (Workload& w : l.workloads)
        std::sort(w.per_gpu.begin(), w.per_gpu.end(), [](const WorkloadFigure& a, const WorkloadFigure& b) {
            if (a.throughput != b.throughput) return a.throughput > b.throughput;
            return a.gpu < b.gpu;
        });
}

}  // namespace

std::optional<double> usd_per_gpu_hour(const CloudOffer& offer, Pricing pricing) {
    const auto& price = offer.price(pricing);
    if (!price || offer.gpu_count <= 0) return std::nullopt;
    return *price / static_cast<double>(offer.gpu_count);
}

BuildRow build_row(const Catalog& catalog, const Build& build) {
    // A validated catalogue always holds the build's GPU; a GPU of zeros keeps a hand-built one from crashing.
    const Gpu* gpu = catalog.find_gpu(build.gpu);
    const BuildSpec spec = build_spec_for(build, gpu != nullptr ? *gpu : Gpu{});
    BuildRow row;
    row.build = build;
    row.hardware_usd = hardware_usd(spec);
    row.load_w = build_load_w(spec);
    row.idle_w = build_idle_w(spec);
    row.vram_gb = vram_of(catalog, build.gpu);
    row.assumptions = settings_of(build.assumptions);
    return row;
}

OfferRow offer_row(const Catalog& catalog, const CloudOffer& offer) {
    OfferRow row;
    row.offer = offer;
    for (std::size_t p = 0; p < k_pricing_count; ++p)
        row.usd_per_gpu_hour[p] = usd_per_gpu_hour(offer, static_cast<Pricing>(p));
    row.vram_gb = vram_of(catalog, offer.gpu);
    return row;
}

namespace {

// Every entry a listing shows, as a figure with its provenance, in the listing's order.
std::vector<Figure> listed_figures(const Listing& l) {
    std::vector<Figure> out;
    const auto add = [&out](const char* kind, const std::string& id, const Provenance& p) {
        out.push_back({kind, id, p.as_of, p.confidence, p.note});
    };
    for (const Gpu& g : l.gpus) add("GPU", g.id, g.provenance);
    for (const BuildRow& b : l.builds) add("build", b.build.id, b.build.provenance);
    for (const OfferRow& o : l.cloud) add("offer", o.offer.id, o.offer.provenance);
    for (const Workload& w : l.workloads) add("workload", w.id, w.provenance);
    return out;
}

}  // namespace

Listing make_listing(const Catalog& catalog, const ListingFilter& filter) {
    if (filter.gpu && catalog.find_gpu(*filter.gpu) == nullptr)
        throw DataError(fmt::format("--gpu: unknown GPU {}{}; `gpucost catalog list gpus` lists them",
                                    quote_value(*filter.gpu),
                                    did_you_mean(*filter.gpu, catalog.ids(CatalogSection::gpus))));
    Listing l;
    l.header = run_header(catalog, "catalog list", {});
    l.sections = filter.sections;
    l.pricing = filter.pricing.value_or(Pricing::on_demand);
    const auto gpu_ok = [&](const std::string& id) {
        if (filter.gpu && id != *filter.gpu) return false;
        if (!filter.min_vram_gb) return true;
        const auto vram = vram_of(catalog, id);
        return vram && *vram >= *filter.min_vram_gb;
    };
    if (filter.sections.gpus)
        for (const Gpu& g : catalog.gpus)
            if (gpu_ok(g.id)) l.gpus.push_back(g);
    if (filter.sections.builds)
        for (const Build& b : catalog.builds)
            if (gpu_ok(b.gpu)) l.builds.push_back(build_row(catalog, b));
    if (filter.sections.cloud)
        for (const CloudOffer& o : catalog.cloud)
            if (gpu_ok(o.gpu) && offer_kept(o, filter)) l.cloud.push_back(offer_row(catalog, o));
    if (filter.sections.workloads)
        for (Workload w : catalog.workloads) {
            std::erase_if(w.per_gpu, [&](const WorkloadFigure& f) { return !gpu_ok(f.gpu); });
            if (!w.per_gpu.empty()) l.workloads.push_back(std::move(w));
        }
    sort_listing(l);
    const std::vector<Figure> figures = listed_figures(l);
    for (const Figure& f : figures) l.header.oldest_as_of = older_as_of(l.header.oldest_as_of, f.as_of);
    warn_stale_figures(l.header, figures, filter.max_age_days, filter.today);
    return l;
}

const Provenance& CatalogEntry::provenance() const {
    if (const auto* g = std::get_if<Gpu>(&entry)) return g->provenance;
    if (const auto* b = std::get_if<BuildRow>(&entry)) return b->build.provenance;
    return std::get<OfferRow>(entry).offer.provenance;
}

CatalogEntry make_entry(const Catalog& catalog, const std::string& id, Date today, std::optional<int> max_age_days) {
    const auto found = catalog.find_entry(id);
    if (!found)
        throw DataError(fmt::format("unknown catalogue entry {}{}; `gpucost catalog list` lists them", quote_value(id),
                                    did_you_mean(id, catalog.all_ids())));
    CatalogEntry e{Gpu{}, std::nullopt, today, run_header(catalog, "catalog show", {})};
    switch (found->section) {
        case CatalogSection::gpus: e.entry = *found->gpu; break;
        case CatalogSection::builds: e.entry = build_row(catalog, *found->build); break;
        case CatalogSection::cloud: e.entry = offer_row(catalog, *found->offer); break;
    }
    // YYYY-MM reads as the month's first day: the oldest the figure can be.
    if (const auto as_of = parse_date(e.provenance().as_of)) e.age_days = days_between(*as_of, today);
    const Provenance& p = e.provenance();
    e.header.oldest_as_of = p.as_of;
    const char* kind = found->section == CatalogSection::gpus     ? "GPU"
                       : found->section == CatalogSection::builds ? "build"
                                                                  : "offer";
    warn_stale_figures(e.header, {{kind, id, p.as_of, p.confidence, p.note}}, max_age_days, today);
    return e;
}

}  // namespace gpucost
