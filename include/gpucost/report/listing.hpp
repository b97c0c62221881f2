// `gpucost catalog list` and `show` as values: which entries to show, in which order, with every figure worked out
// once (by the engine), so the table, JSON and CSV renderers only format and cannot disagree.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "gpucost/model/catalog.hpp"
#include "gpucost/report/run_header.hpp"
#include "gpucost/util/date.hpp"

namespace gpucost {

// The sections a listing shows (a section shown may still be empty). Workloads only when asked for by name.
struct ListingSections {
    bool gpus = true;
    bool builds = true;
    bool cloud = true;
    bool workloads = false;
};

// Which entries a listing keeps. Unset fields keep everything.
struct ListingFilter {
    ListingSections sections;
    std::optional<std::string> gpu;       // a GPU id: that GPU, builds holding it, offers renting it
    std::optional<std::string> provider;  // offers only, case-insensitive
    std::optional<std::string> region;    // offers only, case-insensitive
    std::optional<double> min_vram_gb;    // the GPU's VRAM, in every section (a workload's figures: per GPU)
    std::optional<Pricing> pricing;       // offers with this price; also the price offers sort by
    std::optional<int> max_age_days;      // entries listed whose as_of is older than this become warnings
    Date today;                           // for max_age_days
};

// A per-build assumption as the catalogue file writes it: the horizon in years, pricing and idle by name.
struct AssumptionSetting {
    std::string name;  // the catalogue key, "pue"
    std::variant<double, std::string> value;
};

// A build with the figures the engine works out from it and its GPU.
struct BuildRow {
    Build build;
    double hardware_usd = 0.0;                   // g x GPU price + base price
    double load_w = 0.0;                         // the whole machine at load
    double idle_w = 0.0;                         // the whole machine at idle
    std::optional<double> vram_gb;               // per GPU; empty when the GPU is not in the catalogue
    std::vector<AssumptionSetting> assumptions;  // the build's own, in the assumption table's order
};

// A cloud offer with its price per GPU-hour at every pricing.
struct OfferRow {
    CloudOffer offer;
    std::array<std::optional<double>, k_pricing_count> usd_per_gpu_hour{};  // by Pricing; empty where unpriced
    std::optional<double> vram_gb;                                          // per GPU, as BuildRow

    const std::optional<double>& per_gpu_hour(Pricing p) const { return usd_per_gpu_hour[static_cast<std::size_t>(p)]; }
};

// The entries to show, sorted: GPUs by vendor then name (then id), builds by GPU count then id,
// offers by price per GPU-hour at `pricing` (offers without it last), ties by id; workloads by id, each keeping
// the figures of the GPUs the filter keeps (a workload left with none is dropped), highest throughput first.
struct Listing {
    RunHeader header;  // command "catalog list"; the catalogue's assumptions; the oldest as_of of the entries listed
    ListingSections sections;
    Pricing pricing = Pricing::on_demand;  // the price shown per GPU-hour and sorted by
    std::vector<Gpu> gpus;
    std::vector<BuildRow> builds;
    std::vector<OfferRow> cloud;
    std::vector<Workload> workloads;
};

// Applies the filter. Throws DataError for an unknown --gpu id (with "did you mean").
Listing make_listing(const Catalog& catalog, const ListingFilter& filter);

// One entry whole, for `catalog show`, with its age on a given day.
struct CatalogEntry {
    std::variant<Gpu, BuildRow, OfferRow> entry;  // in CatalogSection's order, so the index is the section
    std::optional<std::int64_t> age_days;         // today - as_of; empty when as_of is not a date
    Date today;
    RunHeader header;  // command "catalog show"; the catalogue's assumptions; the entry's as_of as the oldest

    CatalogSection section() const noexcept { return static_cast<CatalogSection>(entry.index()); }
    const Provenance& provenance() const;
};

// The entry with this id; with `max_age_days`, a warning when it is older than that on `today`. Throws DataError
// for an unknown id (with "did you mean" over every section).
CatalogEntry make_entry(const Catalog& catalog, const std::string& id, Date today,
                        std::optional<int> max_age_days = std::nullopt);

// The rows of one build and one offer, as a listing shows them (the GPU looked up in `catalog`).
BuildRow build_row(const Catalog& catalog, const Build& build);
OfferRow offer_row(const Catalog& catalog, const CloudOffer& offer);

// An offer's price per GPU-hour at `pricing` (per instance-hour / GPUs per instance), if it has that price.
std::optional<double> usd_per_gpu_hour(const CloudOffer& offer, Pricing pricing);

}  // namespace gpucost
