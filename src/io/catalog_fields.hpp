// The catalogue reader's field groups shared by its files: provenance, ids, and the like-for-like classes and
// workloads of issue 12 (catalog_fields.cpp), beside the sections catalog_json.cpp reads.
// Private to src/io/.
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>

#include "gpucost/model/catalog.hpp"
#include "json_dom.hpp"

namespace gpucost {

// Every GPU id a document's builds, offers and workloads may name (its own, then its base's).
using GpuIndex = std::unordered_map<std::string_view, const Gpu*>;

// Ids are what users type: letters, digits and . _ - + only, 1 to 100 of them.
bool is_valid_id(std::string_view id);

// A GPU's form_factor and nvlink_gbs, both optional.
void read_gpu_class(JsonReader& r, const JsonObject& e, const std::string& path, Gpu& g);
// A build's interconnect, gpus_per_node (1 to its gpu_count) and require (compliance names), all optional; read
// after gpu_count.
void read_build_class(JsonReader& r, const JsonObject& e, const std::string& path, Build& b);
// An offer's interconnect, tier, vcpus, ram_gib, local_disk_tb and compliance, all optional.
void read_offer_class(JsonReader& r, const JsonObject& e, const std::string& path, CloudOffer& o);
// An offer's monthly billing (issue 20 item 6a): usd_per_month (> 0), setup_fee_usd (>= 0) and min_term_months (1 to
// 120), instead of usd_per_hour; the fee and the term without a monthly price, or both kinds of price, are errors.
void read_offer_monthly(JsonReader& r, const JsonObject& e, const std::string& path, CloudOffer& o);

// The root's "workloads" list, optional in every document; every per_gpu key must be a GPU of `gpus`.
void read_workloads(JsonReader& r, const JsonObject& root, const GpuIndex& gpus, Catalog& c);
// The root's "api_offers" list (per-token APIs), optional in every document: prices per million tokens > 0.
void read_api_offers(JsonReader& r, const JsonObject& root, Catalog& c);

}  // namespace gpucost
