#include "gpucost/io/catalog_json_write.hpp"

#include <algorithm>

namespace gpucost {

std::vector<std::string> with_key(std::vector<std::string> keys, const char* key) {
    keys.emplace_back(key);
    return keys;
}
namespace {

using Json = nlohmann::ordered_json;

// Sourced is the default a reader assumes, so a file written here says only what differs from it.
void write_provenance(Json& j, const Provenance& p) {
    j["source"] = p.source.str();
    j["as_of"] = p.as_of;
    if (!p.confidence.empty()) j["confidence"] = p.confidence;
    if (!p.note.empty()) j["note"] = p.note.str();
}

template <typename T>
void put(Json& j, const char* key, const std::optional<T>& v) {
    if (v) j[key] = *v;
}

template <typename Enum>
void put_name(Json& j, const char* key, const std::optional<Enum>& v) {
    if (v) j[key] = std::string(to_string(*v));
}

Json write_layer(const AssumptionLayer& layer) {
    Json j = Json::object();
    for (const AssumptionInfo& i : assumption_infos()) {
        const auto& held = layer.get(i.key);
        if (!held) continue;
        const AssumptionValue v = input_value(i.key, *held);  // the horizon in years, as a catalogue writes it
        const std::string key(i.name);
        if (const std::string_view word = choice_word(v); !word.empty())
            j[key] = std::string(word);
        else
            j[key] = std::get<double>(v);
    }
    return j;
}

}  // namespace

Json write_gpu(const Gpu& g) {
    Json j = {{"id", g.id},           {"name", g.name},   {"vendor", g.vendor},
              {"vram_gb", g.vram_gb}, {"tdp_w", g.tdp_w}, {"idle_w", g.idle_w}};
    put(j, "price_usd", g.price_usd);
    put(j, "bf16_tflops", g.bf16_tflops);
    put(j, "fp64_tflops", g.fp64_tflops);
    j["mem_bw_gbs"] = g.mem_bw_gbs;
    j["aliases"] = g.aliases;
    put_name(j, "form_factor", g.form_factor);
    put(j, "nvlink_gbs", g.nvlink_gbs);
    write_provenance(j, g.provenance);
    return j;
}

namespace {
// A compliance set as the catalogue's list of names.
Json compliance_names(const ComplianceSet& set) {
    Json names = Json::array();
    for (std::size_t c = 0; c < k_compliance_count; ++c)
        if (set[c]) names.push_back(k_compliance_names[c]);
    return names;
}
}  // namespace

Json write_build(const Build& b) {
    Json j = {{"id", b.id}, {"name", b.name}, {"gpu", b.gpu}, {"gpu_count", b.gpu_count}};
    put(j, "gpu_price_usd", b.gpu_price_usd);
    j["base_price_usd"] = b.base_price_usd;
    j["base_load_w"] = b.base_load_w;
    j["base_idle_w"] = b.base_idle_w;
    j["setup_usd"] = b.setup_usd;
    put_name(j, "interconnect", b.interconnect);
    put(j, "gpus_per_node", b.gpus_per_node);
    if (b.require != ComplianceSet{}) j["require"] = compliance_names(b.require);
    if (!b.assumptions.empty()) j["assumptions"] = write_layer(b.assumptions);
    write_provenance(j, b.provenance);
    return j;
}

Json write_offer(const CloudOffer& o) {
    Json prices = Json::object();
    for (std::size_t p = 0; p < k_pricing_count; ++p)
        if (o.usd_per_hour[p]) prices[to_string(static_cast<Pricing>(p))] = *o.usd_per_hour[p];
    Json j = {{"id", o.id},         {"provider", o.provider}, {"instance", o.instance},
              {"region", o.region}, {"gpu", o.gpu},           {"gpu_count", o.gpu_count}};
    if (o.monthly) {
        j["usd_per_month"] = o.monthly->usd_per_month;
        if (o.monthly->setup_fee_usd != 0.0) j["setup_fee_usd"] = o.monthly->setup_fee_usd;
        put(j, "min_term_months", o.monthly->min_term_months);
    } else {
        j["usd_per_hour"] = prices;
    }
    put_name(j, "interconnect", o.interconnect);
    put_name(j, "tier", o.tier);
    put(j, "vcpus", o.vcpus);
    put(j, "ram_gib", o.ram_gib);
    put(j, "local_disk_tb", o.local_disk_tb);
    put(j, "storage_usd_per_tb_month", o.storage_usd_per_tb_month);
    if (o.compliance)
        j["compliance"] = {{"attributes", compliance_names(o.compliance->attributes)},
                           {"source", o.compliance->source.str()},
                           {"as_of", o.compliance->as_of}};
    write_provenance(j, o.provenance);
    return j;
}

Json write_workload(const Workload& w) {
    Json per_gpu = Json::object();
    for (const WorkloadFigure& f : w.per_gpu) per_gpu[f.gpu] = f.throughput;
    Json j = {{"id", w.id}, {"name", w.name}, {"unit", w.unit}, {"per_gpu", per_gpu}};
    put(j, "memory_gb_per_instance", w.memory_gb_per_instance);
    put(j, "max_gpus_per_instance", w.max_gpus_per_instance);
    if (!w.model.empty()) j["model"] = w.model;
    if (w.input_tokens_per_output_token != 0.0) j["input_tokens_per_output_token"] = w.input_tokens_per_output_token;
    write_provenance(j, w.provenance);
    return j;
}

std::string write_offers_overlay(const std::vector<CloudOffer>& offers, const std::string& as_of,
                                 const std::string& note) {
    Json cloud = Json::array();
    for (const CloudOffer& o : offers) cloud.push_back(write_offer(o));
    // Version 1 unless an offer gives a version-2 field, so an imported price list stays readable by older gpucost.
    const bool v2 = std::any_of(offers.begin(), offers.end(),
                                [](const CloudOffer& o) { return o.storage_usd_per_tb_month.has_value(); });
    const Json root = {{"schema_version", v2 ? k_catalog_schema_version : k_oldest_catalog_schema_version},
                       {"as_of", as_of},
                       {"note", note},
                       {"cloud", cloud}};
    // Catalogue text is checked as UTF-8 on reading; a writer replaces odd bytes rather than throwing mid-file.
    return root.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace gpucost
