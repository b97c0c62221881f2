#include "catalog_json_v2.hpp"

#include <fmt/format.h>

#include "gpucost/util/date.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {
namespace {

// Why a version-1 document may not say it: its figures would change without a word.
std::string needs_version_2(int since, int schema_version) {
    return fmt::format("needs schema_version {}; this document says version {}, which keeps model v1 "
                       "(set \"schema_version\": {} to use it)",
                       since, schema_version, since);
}

}  // namespace

void read_provenance(JsonReader& r, const JsonObject& object, const std::string& path, Provenance& p) {
    p.source = r.shared(r.string(object.scalar("source"), path, "source", true));
    if (const auto as_of = r.string(object.scalar("as_of"), path, "as_of", true)) {
        if (is_valid_date(std::string(*as_of)))
            p.as_of = *as_of;
        else
            r.error(child_path(path, "as_of"), fmt::format("must be a date YYYY-MM-DD or YYYY-MM, got {}{}",
                                                           quote_value(*as_of), date_range_note(*as_of)));
    }
    if (const auto confidence = r.string(object.scalar("confidence"), path, "confidence", false)) {
        if (*confidence == "estimate" || *confidence == "derived" || *confidence == "unverified" ||
            *confidence == "sourced")
            p.confidence = *confidence == "sourced" ? "" : std::string(*confidence);
        else
            r.error(
                child_path(path, "confidence"),
                fmt::format("must be one of sourced, estimate, derived, unverified, got {}", quote_value(*confidence)));
    }
    p.note = r.shared(r.string(object.scalar("note"), path, "note", false));
    if (!p.confidence.empty() && p.note.empty())
        r.error(child_path(path, "note"),
                fmt::format("missing; an entry marked \"{}\" must say why in a note", p.confidence));
}

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
