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
#include "gpucost/model/hardware_class.hpp"
#include "gpucost/model/range.hpp"
#include "gpucost/util/error.hpp"
#include "gpucost/util/shared_text.hpp"

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
    SharedText source;       // URL or document; shared by the entries that cite the same one
    std::string as_of;       // YYYY-MM-DD or YYYY-MM
    std::string confidence;  // "" (sourced), "estimate", "derived" (computed from sourced figures) or "unverified"
    SharedText note;         // reasoning behind an estimate; shared as the source is

    bool operator==(const Provenance&) const = default;
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
    std::vector<std::string> aliases;       // names other catalogues use for this GPU
    std::optional<FormFactor> form_factor;  // empty: the catalogue does not say
    std::optional<double> nvlink_gbs;       // NVLink bandwidth per GPU, GB/s; 0 for none; empty: not said (read as 0)
    Provenance provenance;
    std::vector<RangeEntry> ranges;  // "ranges": how far its figures may lie from the values above

    bool operator==(const Gpu&) const = default;
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
    std::optional<Interconnect> interconnect;   // empty: not said, read as k_default_interconnect
    std::optional<std::int64_t> gpus_per_node;  // GPUs that must share one machine; empty: see gpus_per_node_of
    ComplianceSet require{};                    // "require": attributes every offer compared with it must attest
    AssumptionLayer assumptions;                // per-build overrides, origin "build <id>"
    Provenance provenance;
    std::vector<RangeEntry> ranges;

    bool operator==(const Build&) const = default;
};

// The compliance attributes a provider attests for an offer, with where it says so.
struct OfferCompliance {
    ComplianceSet attributes{};
    SharedText source;  // the provider's own page (URL); shared by the offers it covers
    std::string as_of;  // YYYY-MM-DD or YYYY-MM

    bool operator==(const OfferCompliance&) const = default;
};

// A dedicated server rented by the month (issue 20 item 6a): billed whole months whatever the use, with a one-off
// setup fee in month 0 and perhaps a minimum term. Such an offer has no hourly price at any pricing.
struct MonthlyBilling {
    double usd_per_month = 0.0;                   // per instance and month, > 0
    double setup_fee_usd = 0.0;                   // per instance, once, >= 0
    std::optional<std::int64_t> min_term_months;  // empty: none stated; the offer needs a horizon at least this long

    bool operator==(const MonthlyBilling&) const = default;
};

struct CloudOffer {
    std::string id;
    std::string provider;
    std::string instance;
    std::string region;
    std::string gpu;                                                    // a Gpu id
    std::int64_t gpu_count = 1;                                         // per instance
    std::array<std::optional<double>, k_pricing_count> usd_per_hour{};  // per instance-hour, by Pricing
    std::optional<Interconnect> interconnect;                           // empty: not said, read as the default
    std::optional<OfferTier> tier;                                      // empty: unclassified (no --tier keeps it)
    std::optional<std::int64_t> vcpus;                                  // per instance, where published
    std::optional<double> ram_gib;                                      // per instance, where published
    std::optional<double> local_disk_tb;                                // per instance, where published
    std::optional<double> storage_usd_per_tb_month;  // the provider's storage price; empty: the assumption's
    std::optional<OfferCompliance> compliance;       // empty: the catalogue knows of no attribute
    std::optional<MonthlyBilling> monthly;           // set: billed by the month, and usd_per_hour is all empty
    Provenance provenance;
    std::vector<RangeEntry> ranges;

    const std::optional<double>& price(Pricing p) const { return usd_per_hour[static_cast<std::size_t>(p)]; }
    // Whether the offer can be compared under pricing `p`: an hourly price at p, or a monthly price (whatever p).
    bool priced(Pricing p) const { return monthly.has_value() || price(p).has_value(); }
    bool operator==(const CloudOffer&) const = default;
};

// One GPU's figure in a workload.
struct WorkloadFigure {
    std::string gpu;    // a Gpu id
    double throughput;  // per GPU, in the workload's unit; > 0

    bool operator==(const WorkloadFigure&) const = default;
};

// A published benchmark: how much of one kind of work each GPU it measured does. Figures come from one source, so
// their ratios compare like with like; a GPU it does not list is unknown for it, never assumed equal.
struct Workload {
    std::string id;
    std::string name;
    std::string unit;                     // the throughput's unit per GPU, "<unit of work>/s": "tokens/s"
    std::vector<WorkloadFigure> per_gpu;  // as the catalogue lists them
    // GPU memory one instance of the work needs (model weights plus working memory), GB; empty: not stated, every
    // GPU it lists is read as able to hold it.
    std::optional<double> memory_gb_per_instance;
    // The most GPUs of one machine one instance may be split across (tensor or layer split); empty: 1.
    std::optional<std::int64_t> max_gpus_per_instance;
    // The open model the work runs, as api_offers name it ("llama-3-8b-instruct"); empty: no API serves it.
    std::string model;
    // Prompt tokens an API bills for each token the work generates; 0 (the default): the benchmark counts generated
    // tokens only, so an API's cost is its output price alone, a floor.
    double input_tokens_per_output_token = 0.0;
    Provenance provenance;

    // The figure for GPU `gpu_id`; empty when the workload does not list it.
    std::optional<double> throughput(std::string_view gpu_id) const;
    bool operator==(const Workload&) const = default;
};

// A hosted open model sold by the token (issue 20): the third way to get LLM work done, beside owning and renting.
struct ApiOffer {
    std::string id;                              // unique among api_offers (their own namespace)
    std::string provider;                        // "AWS Bedrock"
    std::string model;                           // the open model, as workloads' "model" names it
    std::string api_model;                       // the provider's own id for it
    double usd_per_million_input_tokens = 0.0;   // > 0
    double usd_per_million_output_tokens = 0.0;  // > 0
    std::optional<OfferCompliance> compliance;   // empty: the catalogue knows of no attribute
    Provenance provenance;
    bool operator==(const ApiOffer&) const = default;
};

// The unit of work of a workload rate unit, "tokens" for "tokens/s"; empty when `unit` is not "<work>/s".
std::string_view workload_rate_unit(std::string_view unit) noexcept;

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
    std::vector<Workload> workloads;   // ids unique among workloads (their own namespace: --workload names one)
    std::vector<ApiOffer> api_offers;  // "api_offers": per-token APIs, ids unique among them
    std::vector<Problem> warnings;     // unknown keys and other things worth a look

    const Gpu* find_gpu(std::string_view id) const;
    const Build* find_build(std::string_view id) const;
    const CloudOffer* find_offer(std::string_view id) const;
    const Workload* find_workload(std::string_view id) const;
    // The entry with this id in whichever section holds it; empty when none does.
    std::optional<EntryRef> find_entry(std::string_view id) const;
    // The ids of one section in catalogue order (the candidates of a "did you mean").
    std::vector<std::string> ids(CatalogSection section) const;
    // The ids of every section: GPUs, then builds, then cloud offers.
    std::vector<std::string> all_ids() const;
    // Field by field: the build-time snapshot's tripwire (tests/io/test_catalog_snapshot.cpp) compares with it.
    bool operator==(const Catalog&) const = default;
};

// Merges `overlay` over `catalog`: an entry with an existing id replaces it (in the same section), a new id is
// appended (workloads likewise, by workload id), assumptions override key by key. `catalog.origin` becomes
// "<origin> + <overlay origin>".
// Throws ValidationError naming the overlay when an id changes section or a build is left without a GPU price.
void merge_catalog(Catalog& catalog, Catalog overlay);

// What like-for-like matching reads of an entry, with the documented defaults for what a catalogue leaves out.
Interconnect interconnect_of(const Build& build) noexcept;
Interconnect interconnect_of(const CloudOffer& offer) noexcept;
// The GPUs that must share one machine: the build's own figure, else its gpu_count up to
// k_max_default_gpus_per_node.
std::int64_t gpus_per_node_of(const Build& build) noexcept;
double nvlink_gbs_of(const Gpu& gpu) noexcept;

// What `catalog validate` warns about: the like-for-like fields a shipped catalogue gives every entry and this one
// leaves to their defaults (a GPU's form_factor and nvlink_gbs; a multi-GPU build's interconnect and gpus_per_node;
// an offer's tier, and a multi-GPU offer's interconnect), each at its JSON path in the catalogue as merged.
std::vector<Problem> like_for_like_gaps(const Catalog& catalog);
// `catalog validate`'s warnings about uncertainty the catalogue does not quantify: every entry marked
// "confidence": "estimate" without a "ranges" object, and every assumption whose source says ESTIMATE without an
// "assumption_ranges" entry. Paths are into the catalogue as merged.
std::vector<Problem> estimates_without_range(const Catalog& catalog);

// The price a build pays per GPU: its own quote, else the GPU's catalogue price.
double gpu_price_for(const Build& build, const Gpu& gpu);

}  // namespace gpucost
