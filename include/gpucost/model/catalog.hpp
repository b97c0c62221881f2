// The catalogue as data: GPU parts, machine builds and cloud offers, with the default assumptions and every figure's
// source.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpucost/model/assumptions.hpp"
#include "gpucost/model/range.hpp"
#include "gpucost/util/error.hpp"

namespace gpucost {

// The newest catalogue format this gpucost reads; it reads every version from 1 up. Version 2 adds model v2's
// assumptions (resale, price trends, lead time, storage in TB), offers' storage_usd_per_tb_month and builds'
// storage_tb; a version-1 catalogue may not give them, so it keeps v1's model exactly.
inline constexpr int k_catalog_schema_version = 2;
inline constexpr int k_oldest_catalog_schema_version = 1;
// Largest build or offer, in GPUs: a whole cluster fits.
inline constexpr std::int64_t k_max_gpu_count = 1'000'000;

// Where a figure comes from and how far to trust it.
struct Provenance {
    std::string source;      // URL or document
    std::string as_of;       // YYYY-MM-DD or YYYY-MM
    std::string confidence;  // "" (sourced), "estimate", "derived" (computed from sourced figures) or "unverified"
    std::string note;        // reasoning behind an estimate
};

struct Gpu {
    std::string id;
    std::string name;
    std::string vendor;
    double vram_gb = 0.0;
    double tdp_w = 0.0;
    double idle_w = 0.0;
    std::optional<double> price_usd;    // empty: no sourced price
    std::optional<double> bf16_tflops;  // dense
    std::optional<double> fp64_tflops;
    double mem_bw_gbs = 0.0;
    std::vector<std::string> aliases;  // names other catalogues use for this GPU
    Provenance provenance;
    std::vector<RangeEntry> ranges;  // "ranges": how far its figures may lie from the values above
};

struct Build {
    std::string id;
    std::string name;
    std::string gpu;  // a Gpu id
    std::int64_t gpu_count = 1;
    std::optional<double> gpu_price_usd;  // a quote that overrides the GPU's price for this build
    double base_price_usd = 0.0;
    double base_load_w = 0.0;
    double base_idle_w = 0.0;
    double setup_usd = 0.0;
    AssumptionLayer assumptions;  // per-build overrides, origin "build <id>"
    Provenance provenance;
    std::vector<RangeEntry> ranges;
};

struct CloudOffer {
    std::string id;
    std::string provider;
    std::string instance;
    std::string region;
    std::string gpu;                                                    // a Gpu id
    std::int64_t gpu_count = 1;                                         // per instance
    std::array<std::optional<double>, k_pricing_count> usd_per_hour{};  // per instance-hour, by Pricing
    std::optional<double> storage_usd_per_tb_month;  // the provider's storage price; empty: the assumption's
    Provenance provenance;
    std::vector<RangeEntry> ranges;

    const std::optional<double>& price(Pricing p) const { return usd_per_hour[static_cast<std::size_t>(p)]; }
};

// The three sections of a catalogue; an id is unique across all of them.
enum class CatalogSection { gpus, builds, cloud };

// The section's key in a catalogue file: "gpus", "builds" or "cloud".
const char* to_string(CatalogSection section) noexcept;

// An entry found by id: the pointer of its section is set, the other two are null. Valid while the Catalog lives.
struct EntryRef {
    CatalogSection section = CatalogSection::gpus;
    const Gpu* gpu = nullptr;
    const Build* build = nullptr;
    const CloudOffer* offer = nullptr;
};

// A validated catalogue: every reference resolves, every number is finite and in range.
struct Catalog {
    int schema_version = k_catalog_schema_version;  // as the file says (an overlay without one: the newest)
    std::string as_of;
    std::string currency = "USD";
    std::string origin;                         // "embedded" or the file path
    AssumptionLayer assumptions;                // complete, origin "catalogue"
    std::vector<RangeEntry> assumption_ranges;  // "assumption_ranges", keyed by assumption
    std::vector<Gpu> gpus;
    std::vector<Build> builds;
    std::vector<CloudOffer> cloud;
    std::vector<Problem> warnings;  // unknown keys and other things worth a look

    const Gpu* find_gpu(std::string_view id) const;
    const Build* find_build(std::string_view id) const;
    const CloudOffer* find_offer(std::string_view id) const;
    // The entry with this id in whichever section holds it; empty when none does.
    std::optional<EntryRef> find_entry(std::string_view id) const;
    // The ids of one section in catalogue order (the candidates of a "did you mean").
    std::vector<std::string> ids(CatalogSection section) const;
    // The ids of every section: GPUs, then builds, then cloud offers.
    std::vector<std::string> all_ids() const;
};

// Merges `overlay` over `catalog`: an entry with an existing id replaces it (in the same section), a new id is
// appended, assumptions override key by key. `catalog.origin` becomes "<origin> + <overlay origin>".
// Throws ValidationError naming the overlay when an id changes section or a build is left without a GPU price.
void merge_catalog(Catalog& catalog, Catalog overlay);

// `catalog validate`'s warnings about uncertainty the catalogue does not quantify: every entry marked
// "confidence": "estimate" without a "ranges" object, and every assumption whose source says ESTIMATE without an
// "assumption_ranges" entry. Paths are into the catalogue as merged.
std::vector<Problem> estimates_without_range(const Catalog& catalog);

// The price a build pays per GPU: its own quote, else the GPU's catalogue price.
double gpu_price_for(const Build& build, const Gpu& gpu);

}  // namespace gpucost
