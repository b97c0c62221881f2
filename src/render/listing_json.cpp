// `catalog list` and `show` as JSON: the full entries, full precision, null for not applicable; and `show`'s fields
// for every other format, flattened from that JSON, so that a field the JSON gains reaches the table, markdown, HTML,
// CSV and TSV too.
//
// The entries use the catalogue file's keys, in its order (io/catalog_json_write.hpp holds that list, and
// tests/render/test_listing_render.cpp checks these entries against it); the figures gpucost works out are added
// after the entry's own (hardware_usd; pricing and usd_per_gpu_hour). This file writes its own JSON, rather than
// calling the catalogue writer, because a renderer may not include io/ (tests/layering_check.cmake), and because
// a listing is a report (every key, null where absent, confidence "sourced") where a catalogue file leaves
// absent figures out.
#include <fmt/format.h>

#include "gpucost/render/envelope_json.hpp"
#include "gpucost/render/listing.hpp"

namespace gpucost {
namespace {

void add_provenance(Json& j, const Provenance& p) {
    j["source"] = p.source.str();
    j["as_of"] = p.as_of;
    j["confidence"] = p.confidence.empty() ? "sourced" : p.confidence;
    j["note"] = p.note.str();
}

// By pricing name, null where the offer has no such price.
Json by_pricing(const std::array<std::optional<double>, k_pricing_count>& usd) {
    Json prices = Json::object();
    for (std::size_t p = 0; p < k_pricing_count; ++p)
        prices[to_string(static_cast<Pricing>(p))] = optional_json(usd[p]);
    return prices;
}

Json gpu_json(const Gpu& g) {
    Json j = {{"id", g.id},
              {"name", g.name},
              {"vendor", g.vendor},
              {"vram_gb", g.vram_gb},
              {"tdp_w", g.tdp_w},
              {"idle_w", g.idle_w},
              {"price_usd", optional_json(g.price_usd)},
              {"bf16_tflops", optional_json(g.bf16_tflops)},
              {"fp64_tflops", optional_json(g.fp64_tflops)},
              {"mem_bw_gbs", g.mem_bw_gbs},
              {"aliases", g.aliases},
              {"form_factor", optional_json(enum_name(g.form_factor))},
              {"nvlink_gbs", optional_json(g.nvlink_gbs)}};
    add_provenance(j, g.provenance);
    return j;
}

// A build's storage_tb (its local disk, model v2) as the catalogue field: its own override, else null.
Json storage_tb_json(const Build& b) {
    const auto& tb = b.assumptions.get(AssumptionKey::storage_tb);
    return tb ? Json(std::get<double>(*tb)) : Json(nullptr);
}

// A compliance set as its names, in the catalogue's order.
Json compliance_names_json(const ComplianceSet& set) {
    Json names = Json::array();
    for (std::size_t c = 0; c < k_compliance_count; ++c)
        if (set[c]) names.push_back(k_compliance_names[c]);
    return names;
}

Json build_json(const BuildRow& r) {
    const Build& b = r.build;
    Json assumptions = Json::object();
    for (const AssumptionSetting& s : r.assumptions)
        std::visit([&](const auto& value) { assumptions[s.name] = value; }, s.value);
    Json j = {{"id", b.id},
              {"name", b.name},
              {"gpu", b.gpu},
              {"gpu_count", b.gpu_count},
              {"gpu_price_usd", optional_json(b.gpu_price_usd)},
              {"base_price_usd", b.base_price_usd},
              {"base_load_w", b.base_load_w},
              {"base_idle_w", b.base_idle_w},
              {"setup_usd", b.setup_usd},
              {"storage_tb", storage_tb_json(b)},
              {"interconnect", optional_json(enum_name(b.interconnect))},
              {"gpus_per_node", optional_json(b.gpus_per_node)},
              {"require", compliance_names_json(b.require)},
              {"hardware_usd", r.hardware_usd},
              {"assumptions", assumptions}};
    add_provenance(j, b.provenance);
    return j;
}

// `per_gpu_hour`: the listing's one pricing, or every pricing (`catalog show`).
Json offer_json(const OfferRow& r, const std::optional<Pricing>& pricing) {
    const CloudOffer& o = r.offer;
    Json j = {{"id", o.id},
              {"provider", o.provider},
              {"instance", o.instance},
              {"region", o.region},
              {"gpu", o.gpu},
              {"gpu_count", o.gpu_count},
              {"usd_per_hour", by_pricing(o.usd_per_hour)},
              {"usd_per_month", o.monthly ? Json(o.monthly->usd_per_month) : Json(nullptr)},
              {"setup_fee_usd", o.monthly ? Json(o.monthly->setup_fee_usd) : Json(nullptr)},
              {"min_term_months", o.monthly ? optional_json(o.monthly->min_term_months) : Json(nullptr)},
              {"storage_usd_per_tb_month", optional_json(o.storage_usd_per_tb_month)},
              {"interconnect", optional_json(enum_name(o.interconnect))},
              {"tier", optional_json(enum_name(o.tier))},
              {"vcpus", optional_json(o.vcpus)},
              {"ram_gib", optional_json(o.ram_gib)},
              {"local_disk_tb", optional_json(o.local_disk_tb)},
              {"compliance", o.compliance ? Json{{"attributes", compliance_names_json(o.compliance->attributes)},
                                                 {"source", o.compliance->source.str()},
                                                 {"as_of", o.compliance->as_of}}
                                          : Json(nullptr)}};
    if (pricing) {
        j["pricing"] = to_string(*pricing);
        j["usd_per_gpu_hour"] = optional_json(r.per_gpu_hour(*pricing));
    } else {
        j["usd_per_gpu_hour"] = by_pricing(r.usd_per_gpu_hour);
    }
    add_provenance(j, o.provenance);
    return j;
}

// The catalogue's keys, with the figures in the listing's order (highest throughput first).
Json workload_json(const Workload& w) {
    Json per_gpu = Json::object();
    for (const WorkloadFigure& f : w.per_gpu) per_gpu[f.gpu] = f.throughput;
    Json j = {{"id", w.id}, {"name", w.name}, {"unit", w.unit}, {"per_gpu", std::move(per_gpu)}};
    add_provenance(j, w.provenance);
    return j;
}

// The entry's body: the section, the entry's fields, its age.
Json entry_json(const CatalogEntry& e) {
    Json body = {{"section", to_string(e.section())}};
    Json fields;
    if (const auto* g = std::get_if<Gpu>(&e.entry)) fields = gpu_json(*g);
    if (const auto* b = std::get_if<BuildRow>(&e.entry)) fields = build_json(*b);
    if (const auto* o = std::get_if<OfferRow>(&e.entry)) fields = offer_json(*o, std::nullopt);
    for (auto& item : fields.items()) body[item.key()] = item.value();
    body["age_days"] = optional_json(e.age_days);
    body["today"] = to_string(e.today);
    return body;
}

// `value` under `key` as EntryFields: an object's members under "key.member", an empty object as one field without
// text, a list joined with ", ", a number exactly ("1.5"), null as no text.
void flatten(const std::string& key, const Json& value, std::vector<EntryField>& out) {
    if (value.is_object() && !value.empty()) {
        for (const auto& item : value.items()) flatten(key + "." + item.key(), item.value(), out);
    } else if (value.is_array()) {
        std::vector<std::string> parts;
        for (const Json& v : value) parts.push_back(v.is_string() ? v.get<std::string>() : v.dump());
        out.push_back({key, fmt::format("{}", fmt::join(parts, ", "))});
    } else if (value.is_string()) {
        out.push_back({key, value.get<std::string>()});
    } else if (value.is_number()) {
        out.push_back({key, exact_number(value.get<double>())});
    } else if (value.is_boolean()) {
        out.push_back({key, value.get<bool>() ? "true" : "false"});
    } else {
        out.push_back({key, std::nullopt});
    }
}

}  // namespace

std::string render_json(const Listing& l, const RenderOptions&) {
    Json body = Json::object();
    if (l.sections.gpus) body["gpus"] = array_of(l.gpus, gpu_json);
    if (l.sections.builds) body["builds"] = array_of(l.builds, build_json);
    if (l.sections.cloud)
        body["cloud"] = array_of(l.cloud, [&l](const OfferRow& o) { return offer_json(o, l.pricing); });
    if (l.sections.workloads) body["workloads"] = array_of(l.workloads, workload_json);
    // Catalogue text is UTF-8 checked on reading; envelope_text replaces odd bytes, so a hand-built model never throws.
    return envelope_text(l.header, Currency{}, "listing", std::move(body));
}

std::vector<EntryField> entry_fields(const CatalogEntry& entry) {
    std::vector<EntryField> fields;
    const Json body = entry_json(entry);  // held: items() refers into it
    for (const auto& item : body.items()) flatten(item.key(), item.value(), fields);
    fields.push_back({"catalog_source", entry.header.catalog_source});
    return fields;
}

std::string render_json(const CatalogEntry& e, const RenderOptions&) {
    return envelope_text(e.header, Currency{}, "entry", entry_json(e));
}

}  // namespace gpucost
