// `gpucost catalog import`: public cloud price lists (SkyPilot, gpuhunt) turned into gpucost cloud offers.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "gpucost/model/catalog.hpp"

namespace gpucost {

// The price-list formats gpucost reads.
enum class ImportFormat {
    skypilot,  // skypilot-catalog vms.csv: InstanceType, AcceleratorName, AcceleratorCount, ..., Price, SpotPrice,
               // Region, AvailabilityZone (one file per cloud, so the provider comes from --provider)
    gpuhunt,   // gpuhunt offers: instance_name, location, price, gpu_count, gpu_name, gpu_memory, spot[, provider]
};

// What to import and how to label it; nothing here is guessed.
struct ImportRequest {
    ImportFormat format = ImportFormat::skypilot;
    std::string source_file;  // the CSV path, written into every offer's source
    std::string as_of;        // YYYY-MM-DD the user fetched the file; every offer's as_of
    std::string provider;     // the provider's name; required for SkyPilot, else a gpuhunt `provider` column
};

// Accelerator names no catalogue GPU lists among its aliases, with how many rows named each.
struct UnmappedName {
    std::string name;
    std::size_t rows = 0;
};

// Rows whose accelerator names a GPU that the rest of the row contradicts (an instance name saying PCIe for an
// SXM name, a memory no variant has): left out, never guessed.
struct ContradictedRows {
    std::string accelerator;
    std::string instance;
    std::string reason;  // a clause: "the instance name says PCIe but the accelerator name says SXM"
    std::size_t rows = 0;
};

// The offers and an account of every row.
struct ImportResult {
    std::vector<CloudOffer> offers;              // sorted by id
    std::size_t rows = 0;                        // records read
    std::size_t rows_used = 0;                   // rows that became (part of) an offer
    std::size_t rows_without_gpu = 0;            // no accelerator (CPU instances)
    std::size_t rows_without_price = 0;          // neither an on-demand nor a spot price
    std::size_t rows_fractional = 0;             // a fraction of a GPU (shared GPUs): no whole-GPU offer to compare
    std::vector<UnmappedName> unmapped;          // by name
    std::vector<ContradictedRows> contradicted;  // by accelerator, then instance
    std::size_t replaced = 0;                    // offers whose id the catalogue in use already has
};

// The GPU an accelerator name stands for: a catalogue GPU whose id or one of whose aliases equals `name`,
// ignoring case; null when none does.
const Gpu* gpu_for_accelerator(const Catalog& catalog, std::string_view name);

// Converts a price list. Rows of one instance in one region (per-zone rows, repeated listings) collapse to one offer:
// the lowest on-demand and the lowest spot price win (a user can rent in the cheapest zone); spot rows (gpuhunt) or
// the SpotPrice column (SkyPilot) fill the offer's spot price. The GPU is the accelerator name's, its variant told by
// the instance name and the per-GPU memory (GpuInfo, gpu_memory); a row that contradicts its name is left out.
// Ids follow model/offer_id.hpp, so an offer the catalogue ships is replaced by its import. Throws DataError ("FILE:
// line N: column C: ...") for malformed CSV, a missing column, a header without records, a non-numeric or negative
// price or count, and when no row gives an offer.
ImportResult import_offers(std::string_view csv_text, const ImportRequest& request, const Catalog& catalog);
// The same for the file request.source_file, read a chunk and a record at a time (a 17 MB price list is never held
// whole); also throws DataError when the file is missing, unreadable or over k_max_price_list_bytes.
ImportResult import_offers_file(const ImportRequest& request, const Catalog& catalog);

// The offers as a catalogue overlay (JSON text, for --add-catalog).
std::string import_overlay_json(const ImportResult& result, const ImportRequest& request);

// Lines for stderr, without any prefix: what was imported, and the rows left out for a reason that needs no mending
// (no GPU, a fraction of a GPU, no price). The unmapped names are warnings: see left_out_lines.
std::vector<std::string> import_summary(const ImportResult& result, const ImportRequest& request);

// One line per left-out name, for warnings (and the error when nothing was imported): every unmapped accelerator
// with its row count, as ranked_unmapped orders them, then every contradicted (accelerator, instance) with its
// reason. Nothing is cut: a name left out is one the user may need an alias for, and the ranking puts the names
// worth one first, so the head of a long list is the useful part (`2>&1 | head`).
std::vector<std::string> left_out_lines(const ImportResult& result);

// The unmapped accelerator names, those with the most rows first (ties by name).
std::vector<UnmappedName> ranked_unmapped(const ImportResult& result);

}  // namespace gpucost
