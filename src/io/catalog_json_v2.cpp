#include "catalog_json_v2.hpp"

#include <fmt/format.h>

namespace gpucost {
namespace {

// Why a version-1 document may not say it: its figures would change without a word.
std::string needs_version_2(int since, int schema_version) {
    return fmt::format("needs schema_version {}; this document says version {}, which keeps model v1 "
                       "(set \"schema_version\": {} to use it)",
                       since, schema_version, since);
}

}  // namespace

void reject_newer_key(JsonReader& r, const JsonObject& object, const std::string& path, std::string_view key,
                      int schema_version) {
    if (schema_version >= 2 || object.find(key) == nullptr) return;
    r.error(child_path(path, key), needs_version_2(2, schema_version));
}

void reject_newer_assumptions(JsonReader& r, const AssumptionLayer& layer, const std::string& path,
                              int schema_version) {
    for (const AssumptionInfo& i : assumption_infos())
        if (i.since_schema > schema_version && layer.get(i.key))
            r.error(child_path(path, i.name), needs_version_2(i.since_schema, schema_version));
}

void read_build_storage(JsonReader& r, const JsonObject& e, const std::string& path, Build& b, int schema_version) {
    reject_newer_key(r, e, path, "storage_tb", schema_version);
    const AssumptionInfo& i = info(AssumptionKey::storage_tb);
    const auto tb = r.number(e.scalar("storage_tb"), path, "storage_tb", i.min, i.max, false, false, "TB");
    if (!tb) return;
    if (b.assumptions.get(AssumptionKey::storage_tb)) {
        r.error(child_path(path, "storage_tb"), "given twice: here and under \"assumptions\"; keep one");
        return;
    }
    b.assumptions.set(AssumptionKey::storage_tb, *tb + 0.0);  // + 0.0: a typed -0 is 0
}

void read_offer_storage(JsonReader& r, const JsonObject& e, const std::string& path, CloudOffer& o,
                        int schema_version) {
    reject_newer_key(r, e, path, "storage_usd_per_tb_month", schema_version);
    const AssumptionInfo& i = info(AssumptionKey::cloud_storage_usd_per_tb_month);
    o.storage_usd_per_tb_month = r.number(e.scalar("storage_usd_per_tb_month"), path, "storage_usd_per_tb_month", i.min,
                                          i.max, false, false, "USD/TB-month");
    if (o.storage_usd_per_tb_month) *o.storage_usd_per_tb_month += 0.0;  // a typed -0 is 0
}

}  // namespace gpucost
