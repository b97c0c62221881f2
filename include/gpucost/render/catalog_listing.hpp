// `gpucost catalog list` and `show`: which entries to show, in which order, and their text in every format.
// Private to the library; the model is built once and each format renders the same entries.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "gpucost/model/catalog.hpp"
#include "gpucost/render/render.hpp"
#include "gpucost/util/date.hpp"

namespace gpucost {

// Which entries a listing keeps. Unset fields keep everything.
struct ListingFilter {
    bool gpus = true;  // sections to list
    bool builds = true;
    bool cloud = true;
    std::optional<std::string> gpu;       // a GPU id: that GPU, builds holding it, offers renting it
    std::optional<std::string> provider;  // offers only, case-insensitive
    std::optional<std::string> region;    // offers only, case-insensitive
    std::optional<double> min_vram_gb;    // the GPU's VRAM, in every section
    std::optional<Pricing> pricing;       // offers with this price; also the price offers sort by
};

// The entries to show, sorted: GPUs by vendor then name (then id), builds by GPU count then id,
// offers by price per GPU-hour at the listing's pricing (offers without it last), ties by id.
struct Listing {
    const Catalog* catalog = nullptr;
    ListingFilter filter;
    Pricing pricing = Pricing::on_demand;  // the price shown per GPU-hour and sorted by
    std::vector<const Gpu*> gpus;
    std::vector<const Build*> builds;
    std::vector<const CloudOffer*> cloud;
};

// Applies the filter. Throws DataError for an unknown --gpu id (with "did you mean").
Listing make_listing(const Catalog& catalog, const ListingFilter& filter);

// The listing in one format: table (rounded), JSON (full entries) or CSV (one row per entry, a `section` column).
std::string render_listing(const Listing& listing, Format format);

// One entry whole, with its section, source, as_of, age on `today`, confidence and note.
// Throws DataError for an unknown id (with "did you mean" over every section).
std::string render_entry(const Catalog& catalog, const std::string& id, Format format, Date today);

// An offer's price per GPU-hour at `pricing`, if it has that price.
std::optional<double> usd_per_gpu_hour(const CloudOffer& offer, Pricing pricing);

}  // namespace gpucost
