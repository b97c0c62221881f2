// What catalogue schema_version 2 adds to the reader (model v2, issue 11): a version-1 document may not give a
// version-2 key, builds' storage_tb and offers' storage_usd_per_tb_month. Internal to catalog_json.cpp.
#pragma once

#include <string>
#include <string_view>

#include "gpucost/io/json_reader.hpp"
#include "gpucost/model/catalog.hpp"
#include "json_dom.hpp"

namespace gpucost {

// An error at PATH/KEY when `object` has `key` and the document's version is below 2.
void reject_newer_key(JsonReader& r, const JsonObject& object, const std::string& path, std::string_view key,
                      int schema_version);

// The same for each assumption of `layer` that a newer schema_version added.
void reject_newer_assumptions(JsonReader& r, const AssumptionLayer& layer, const std::string& path, int schema_version);

// A build's "storage_tb" beside its figures (its local disk), into its storage_tb override; given twice (also
// under "assumptions") is an error.
void read_build_storage(JsonReader& r, const JsonObject& e, const std::string& path, Build& b, int schema_version);

// An offer's "storage_usd_per_tb_month", optional, in the cloud_storage_usd_per_tb_month assumption's range.
void read_offer_storage(JsonReader& r, const JsonObject& e, const std::string& path, CloudOffer& o, int schema_version);

}  // namespace gpucost
