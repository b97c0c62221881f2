// Writing the catalogue format: entries as catalogue-file JSON objects, and the schema's keys listed once.
//
// The key lists are the catalogue schema in file order; src/io/catalog_json.cpp's reader checks files against these
// same lists, so reader and writer cannot drift.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpucost/model/catalog.hpp"

namespace gpucost {

// The keys a catalogue file may hold: at its root, in a GPU, a build and a cloud offer, in every entry's
// provenance, in an offer's usd_per_hour and in a workload. "spec_source" is read (and not kept) for GPUs only.
inline const std::vector<std::string> k_catalog_root_keys = {"schema_version", "as_of",  "currency", "assumptions",
                                                             "gpus",           "builds", "cloud",    "workloads",
                                                             "api_offers",     "note",   "source"};
inline const std::vector<std::string> k_provenance_keys = {"source", "as_of", "confidence", "note"};
inline const std::vector<std::string> k_gpu_keys = {
    "id",         "name",        "vendor",      "vram_gb",    "tdp_w",      "idle_w",
    "price_usd",  "bf16_tflops", "fp64_tflops", "mem_bw_gbs", "aliases",    "form_factor",
    "nvlink_gbs", "spec_source", "source",      "as_of",      "confidence", "note"};
inline const std::vector<std::string> k_build_keys = {
    "id",          "name",        "gpu",       "gpu_count",  "gpu_price_usd", "base_price_usd",
    "base_load_w", "base_idle_w", "setup_usd", "storage_tb", "interconnect",  "gpus_per_node",
    "require",     "assumptions", "source",    "as_of",      "confidence",    "note"};
inline const std::vector<std::string> k_cloud_keys = {"id",
                                                      "provider",
                                                      "instance",
                                                      "region",
                                                      "gpu",
                                                      "gpu_count",
                                                      "usd_per_hour",
                                                      "usd_per_month",
                                                      "setup_fee_usd",
                                                      "min_term_months",
                                                      "storage_usd_per_tb_month",
                                                      "interconnect",
                                                      "tier",
                                                      "vcpus",
                                                      "ram_gib",
                                                      "local_disk_tb",
                                                      "compliance",
                                                      "source",
                                                      "as_of",
                                                      "confidence",
                                                      "note"};
// A workload: what it measures, in which unit, from which one source, and each GPU's throughput.
inline const std::vector<std::string> k_workload_keys = {"id",
                                                         "name",
                                                         "unit",
                                                         "per_gpu",
                                                         "memory_gb_per_instance",
                                                         "max_gpus_per_instance",
                                                         "model",
                                                         "input_tokens_per_output_token",
                                                         "source",
                                                         "as_of",
                                                         "confidence",
                                                         "note"};
// A per-token API offer: the provider, the open model, its prices per million tokens and where they come from.
inline const std::vector<std::string> k_api_offer_keys = {"id",
                                                          "provider",
                                                          "model",
                                                          "api_model",
                                                          "usd_per_million_input_tokens",
                                                          "usd_per_million_output_tokens",
                                                          "compliance",
                                                          "source",
                                                          "as_of",
                                                          "confidence",
                                                          "note"};
// An offer's "compliance" object: the attributes and the provider's page that attests them.
inline const std::vector<std::string> k_compliance_keys = {"attributes", "source", "as_of"};
// What the reader also accepts: the range objects (docs/uncertainty.md), read but not written back by `catalog add`.
// Defined after the lists above in this one header, so each is initialised after the list it extends.
std::vector<std::string> with_key(std::vector<std::string> keys, const char* key);
inline const std::vector<std::string> k_catalog_root_read_keys = with_key(k_catalog_root_keys, "assumption_ranges");
inline const std::vector<std::string> k_gpu_read_keys = with_key(k_gpu_keys, "ranges");
inline const std::vector<std::string> k_build_read_keys = with_key(k_build_keys, "ranges");
inline const std::vector<std::string> k_cloud_read_keys = with_key(k_cloud_keys, "ranges");
// The keys of an offer's usd_per_hour: the pricing names (model/values.hpp).
inline const std::vector<std::string> k_pricing_keys(std::begin(k_pricing_names), std::end(k_pricing_names));

// A GPU as a catalogue entry: absent figures left out, confidence only when not sourced, note only when written.
// parse_catalog reads it back to an equal Gpu.
nlohmann::ordered_json write_gpu(const Gpu& gpu);
// A build as a catalogue entry, as write_gpu; its assumptions only when it overrides some (years in years).
nlohmann::ordered_json write_build(const Build& build);
// A cloud offer as a catalogue entry, as write_gpu; usd_per_hour holds only the prices it has.
nlohmann::ordered_json write_offer(const CloudOffer& offer);
// A workload as a catalogue entry; per_gpu in its own order.
nlohmann::ordered_json write_workload(const Workload& workload);

// A catalogue overlay (for --add-catalog) holding `offers` under "cloud", as JSON text ending in a newline.
std::string write_offers_overlay(const std::vector<CloudOffer>& offers, const std::string& as_of,
                                 const std::string& note);

}  // namespace gpucost
