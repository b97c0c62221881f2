#include "gpucost/io/catalog_json.hpp"

#include <algorithm>
#include <filesystem>
#include <functional>
#include <new>
#include <optional>
#include <system_error>
#include <unordered_map>
#include <utility>

#include <fmt/format.h>

#include "catalog_fields.hpp"
#include "catalog_json_v2.hpp"
#include "catalog_ranges.hpp"  // with json_dom.hpp
#include "catalog_stream.hpp"
#include "gpucost/io/assumptions_json.hpp"
#include "gpucost/io/catalog_json_write.hpp"
#include "gpucost/io/json_reader.hpp"
#include "gpucost/util/text.hpp"
#include "id_table.hpp"

namespace gpucost {
namespace {

using simdjson::dom::element;
// Bounds that no real part reaches; they keep every sum finite and catch unit mistakes (kW for W).
constexpr double k_max_price_usd = 1e9;
constexpr double k_max_power_w = 1e5;  // one GPU or one machine's non-GPU parts
constexpr double k_max_cluster_power_w = 1e10;
constexpr double k_max_usd_per_hour = 1e7;
constexpr double k_max_tflops = 1e6;
constexpr double k_max_vram_gb = 1e5;
constexpr double k_max_bandwidth_gbs = 1e7;

std::string text(std::optional<std::string_view> value) { return value ? std::string(*value) : std::string(); }

std::string read_id(JsonReader& r, const JsonObject& object, const std::string& path, FirstUse use, IdTable& seen) {
    const auto id = r.string(object.scalar("id"), path, "id", true);
    if (!id) return {};
    if (!is_valid_id(*id)) {
        r.error(child_path(path, "id"),
                fmt::format("must be 1 to 100 letters, digits, '.', '_', '-' or '+', got {}", quote_value(*id)));
        return {};
    }
    if (const auto first = seen.insert(*id, use)) {
        r.error(child_path(path, "id"),
                fmt::format("duplicate id {} (first at /{}/{})", quote_value(*id), first->section, first->index));
        return {};
    }
    return std::string(*id);
}

// Where a document's references resolve: its own entries, then (for an overlay) the catalogue it extends.
struct Context {
    const Catalog* base = nullptr;        // set while an overlay is read
    const OfferStream* offers = nullptr;  // set when the document is split
    // Every GPU id a build or offer may name, the document's own first (as Catalog::find_gpu would find them);
    // filled once the GPUs are read, so 200,000 offers do not each search the GPU lists.
    GpuIndex gpus;
    JsonObject prices;                              // an offer's usd_per_hour, its storage reused from offer to offer
    std::string prices_path;                        // its path
    int schema_version = k_catalog_schema_version;  // the document's: version 1 may not give version-2 keys
};

void index_gpus(const Catalog& c, Context& ctx) {
    for (const Gpu& g : c.gpus) ctx.gpus.emplace(g.id, &g);
    if (ctx.base != nullptr)
        for (const Gpu& g : ctx.base->gpus) ctx.gpus.emplace(g.id, &g);
}

std::optional<simdjson::dom::array> read_section(JsonReader& r, const JsonObject& root, const char* name,
                                                 const Context& ctx) {
    const element* section = root.find(name);
    const std::string path = child_path("", name);
    if (section == nullptr && ctx.base != nullptr) return std::nullopt;  // an overlay may leave a section out
    if (section == nullptr) {
        r.error(path, "missing; expected a list (it may be empty)");
        return std::nullopt;
    }
    simdjson::dom::array array;
    if (section->get_array().get(array) != simdjson::SUCCESS) {
        r.error(path, fmt::format("must be a list, got {}", describe(scalar_of(*section))));
        return std::nullopt;
    }
    return array;
}

// Reads `entry` into `object` when it is an object; reports it otherwise.
bool is_entry(JsonReader& r, element entry, const std::string& path, JsonObject& object) {
    if (entry.is_object()) {
        object.assign(entry);
        return true;
    }
    r.error(path, fmt::format("must be an object, got {}", describe(scalar_of(entry))));
    return false;
}

void read_gpus(JsonReader& r, const JsonObject& root, IdTable& ids, Catalog& c, const Context& ctx) {
    const auto section = read_section(r, root, "gpus", ctx);
    if (!section) return;
    std::size_t i = 0;
    JsonObject e;
    for (const element entry : *section) {
        const FirstUse use{"gpus", i};
        const std::string path = child_path("/gpus", i++);
        if (!is_entry(r, entry, path, e)) continue;
        r.unknown_keys(e.keys(), path, k_gpu_read_keys);
        Gpu g;
        g.id = read_id(r, e, path, use, ids);
        g.name = text(r.string(e.scalar("name"), path, "name", true));
        g.vendor = text(r.string(e.scalar("vendor"), path, "vendor", true));
        g.vram_gb = r.number(e.scalar("vram_gb"), path, "vram_gb", 0, k_max_vram_gb, true, true, "GB").value_or(0);
        g.tdp_w = r.number(e.scalar("tdp_w"), path, "tdp_w", 0, k_max_power_w, true, true, "W").value_or(0);
        g.idle_w = r.number(e.scalar("idle_w"), path, "idle_w", 0, k_max_power_w, true, false, "W").value_or(0);
        if (g.tdp_w > 0 && g.idle_w > g.tdp_w)
            r.error(child_path(path, "idle_w"),
                    fmt::format("must not exceed tdp_w ({} W), got {}", exact_number(g.tdp_w), exact_number(g.idle_w)));
        g.price_usd = r.nullable_number(e.scalar("price_usd"), path, "price_usd", 0, k_max_price_usd, "USD");
        g.bf16_tflops = r.nullable_number(e.scalar("bf16_tflops"), path, "bf16_tflops", 0, k_max_tflops, "TFLOPS");
        g.fp64_tflops = r.nullable_number(e.scalar("fp64_tflops"), path, "fp64_tflops", 0, k_max_tflops, "TFLOPS");
        g.mem_bw_gbs = r.number(e.scalar("mem_bw_gbs"), path, "mem_bw_gbs", 0, k_max_bandwidth_gbs, true, true, "GB/s")
                           .value_or(0);
        g.aliases = read_strings(r, e, path, "aliases");
        read_gpu_class(r, e, path, g);
        r.string(e.scalar("spec_source"), path, "spec_source", false);
        read_provenance(r, e, path, g.provenance);
        read_entry_ranges(r, e, path, "gpu", g.id, c.origin, g.ranges);
        c.gpus.push_back(std::move(g));
    }
}

std::vector<std::string> gpu_ids(const Catalog& c, const Context& ctx) {
    std::vector<std::string> ids;
    for (const Gpu& g : c.gpus) ids.push_back(g.id);
    if (ctx.base != nullptr)
        for (const Gpu& g : ctx.base->gpus) ids.push_back(g.id);
    return ids;
}

// Checks a reference to a GPU; returns it when it resolves (an overlay's own GPUs first, then the base's).
const Gpu* read_gpu_ref(JsonReader& r, const JsonObject& e, const std::string& path, const Catalog& c,
                        const Context& ctx) {
    const auto id = r.string(e.scalar("gpu"), path, "gpu", true);
    if (!id) return nullptr;
    if (const auto it = ctx.gpus.find(*id); it != ctx.gpus.end()) return it->second;
    r.error(child_path(path, "gpu"),
            fmt::format("unknown GPU {}{}", quote_value(*id), did_you_mean(*id, gpu_ids(c, ctx))));
    return nullptr;
}

// The GPU a build or offer names: the resolved one's id, else the text as written (the problem is reported).
std::string gpu_named(const Gpu* gpu, const JsonObject& e) {
    if (gpu != nullptr) return gpu->id;
    const JsonScalar s = e.scalar("gpu");
    return s.kind == JsonScalar::Kind::string ? std::string(s.text) : std::string();
}

// One build, /builds/<index>: every figure checked, its assumptions read by read_assumptions (nlohmann).
void read_build(JsonReader& r, const JsonObject& e, const std::string& path, FirstUse use, IdTable& ids, Catalog& c,
                const Context& ctx) {
    r.unknown_keys(e.keys(), path, k_build_read_keys);
    Build b;
    b.id = read_id(r, e, path, use, ids);
    b.name = text(r.string(e.scalar("name"), path, "name", true));
    const Gpu* gpu = read_gpu_ref(r, e, path, c, ctx);
    b.gpu = gpu_named(gpu, e);
    b.gpu_count = r.integer(e.scalar("gpu_count"), path, "gpu_count", 1, k_max_gpu_count, true).value_or(1);
    b.gpu_price_usd = r.nullable_number(e.scalar("gpu_price_usd"), path, "gpu_price_usd", 0, k_max_price_usd, "USD");
    const auto money = [&](const char* key) {
        return r.number(e.scalar(key), path, key, 0, k_max_price_usd, true, false, "USD").value_or(0);
    };
    const auto watts = [&](const char* key) {
        return r.number(e.scalar(key), path, key, 0, k_max_cluster_power_w, true, false, "W").value_or(0);
    };
    b.base_price_usd = money("base_price_usd");
    b.base_load_w = watts("base_load_w");
    b.base_idle_w = watts("base_idle_w");
    if (b.base_idle_w > b.base_load_w)
        r.error(child_path(path, "base_idle_w"), fmt::format("must not exceed base_load_w ({} W), got {}",
                                                             exact_number(b.base_load_w), exact_number(b.base_idle_w)));
    b.setup_usd = money("setup_usd");
    read_build_class(r, e, path, b);
    b.assumptions.origin = fmt::format("build {}", b.id);
    if (const element* overrides = e.find("assumptions")) {
        read_assumptions(r, to_nlohmann(*overrides), child_path(path, "assumptions"), LayerRules::build, b.assumptions);
        reject_newer_assumptions(r, b.assumptions, child_path(path, "assumptions"), ctx.schema_version);
    }
    read_build_storage(r, e, path, b, ctx.schema_version);
    if (gpu != nullptr && !gpu->price_usd && !b.gpu_price_usd)
        r.error(child_path(path, "gpu_price_usd"),
                fmt::format("missing; GPU {} has no price_usd, so the build must give its own gpu_price_usd",
                            quote_value(gpu->id)));
    read_provenance(r, e, path, b.provenance);
    read_entry_ranges(r, e, path, "build", b.id, c.origin, b.ranges);
    c.builds.push_back(std::move(b));
}

void read_builds(JsonReader& r, const JsonObject& root, IdTable& ids, Catalog& c, const Context& ctx) {
    const auto section = read_section(r, root, "builds", ctx);
    if (!section) return;
    std::size_t i = 0;
    JsonObject e;
    for (const element entry : *section) {
        const FirstUse use{"builds", i};
        const std::string path = child_path("/builds", i++);
        if (is_entry(r, entry, path, e)) read_build(r, e, path, use, ids, c, ctx);
    }
}

// A misspelt pricing would silently drop a price, so it is an error, not a warning; reported in byte order, once each.
void report_unknown_pricings(JsonReader& r, const JsonObject& prices, const std::string& prices_path) {
    std::vector<std::string_view> unknown;  // allocates only when there is one
    for (const std::string_view key : prices.keys())
        if (!parse_pricing(key)) unknown.push_back(key);
    std::sort(unknown.begin(), unknown.end());
    unknown.erase(std::unique(unknown.begin(), unknown.end()), unknown.end());
    for (const std::string_view key : unknown)
        r.error(child_path(prices_path, key), fmt::format("unknown pricing{}; expected one of {}",
                                                          did_you_mean(key, k_pricing_keys), pricing_choices()));
}

void read_prices(JsonReader& r, const JsonObject& e, const std::string& path, CloudOffer& o, Context& ctx) {
    const element* value = e.find("usd_per_hour");
    std::string& prices_path = ctx.prices_path;  // its storage reused: the path outgrows the short-string buffer
    prices_path.assign(path).append("/usd_per_hour");
    if (value == nullptr) {
        if (e.find("usd_per_month") != nullptr) return;  // billed by the month (read_offer_monthly)
        r.error(prices_path, fmt::format("missing; expected an object with at least one of {}, or usd_per_month",
                                         pricing_choices()));
        return;
    }
    if (!value->is_object()) {
        r.error(prices_path, fmt::format("must be an object with at least one of {}, got {}", pricing_choices(),
                                         describe(scalar_of(*value))));
        return;
    }
    JsonObject& prices = ctx.prices;
    prices.assign(*value);
    report_unknown_pricings(r, prices, prices_path);
    for (std::size_t p = 0; p < k_pricing_count; ++p) {
        const std::string_view name = to_string(static_cast<Pricing>(p));
        o.usd_per_hour[p] =
            r.number(prices.scalar(name), prices_path, name, 0, k_max_usd_per_hour, false, true, "USD/h");
    }
    if (prices.empty()) r.error(prices_path, fmt::format("has no price; give at least one of {}", pricing_choices()));
}

// One cloud offer, /cloud/<index>.
void read_offer(JsonReader& r, const JsonObject& e, const std::string& path, FirstUse use, IdTable& ids, Catalog& c,
                Context& ctx) {
    r.unknown_keys(e.keys(), path, k_cloud_read_keys);
    CloudOffer o;
    o.id = read_id(r, e, path, use, ids);
    o.provider = text(r.string(e.scalar("provider"), path, "provider", true));
    o.instance = text(r.string(e.scalar("instance"), path, "instance", true));
    o.region = text(r.string(e.scalar("region"), path, "region", true));
    const Gpu* gpu = read_gpu_ref(r, e, path, c, ctx);
    o.gpu = gpu_named(gpu, e);
    o.gpu_count = r.integer(e.scalar("gpu_count"), path, "gpu_count", 1, k_max_gpu_count, true).value_or(1);
    read_prices(r, e, path, o, ctx);
    read_offer_class(r, e, path, o);
    read_offer_monthly(r, e, path, o);
    read_offer_storage(r, e, path, o, ctx.schema_version);
    read_provenance(r, e, path, o.provenance);
    read_entry_ranges(r, e, path, "cloud", o.id, c.origin, o.ranges);
    c.cloud.push_back(std::move(o));
}

void read_cloud(JsonReader& r, const JsonObject& root, IdTable& ids, Catalog& c, Context& ctx) {
    const auto section = read_section(r, root, "cloud", ctx);
    if (!section) return;
    const std::size_t count = ctx.offers != nullptr ? ctx.offers->count : section->size();
    // Room for the base's offers too: merge_catalog moves those in front of these instead of these into a new buffer.
    c.cloud.reserve(count + (ctx.base != nullptr ? ctx.base->cloud.size() : 0));
    std::size_t i = 0;
    JsonObject e;
    const auto read = [&](element entry) {
        const FirstUse use{"cloud", i};
        const std::string path = child_path("/cloud", i++);
        if (is_entry(r, entry, path, e)) read_offer(r, e, path, use, ids, c, ctx);
    };
    if (ctx.offers != nullptr)
        for_each_offer(ctx.offers->source(), ctx.offers->offset, read);
    else
        for (const element entry : *section) read(entry);
}

// The root's own fields: schema version, date, currency and the default assumptions.
void read_root(JsonReader& r, const JsonObject& root, bool overlay, Catalog& c, Context& ctx) {
    const auto version = r.integer(root.scalar("schema_version"), "", "schema_version", 1, 1'000'000, !overlay);
    if (version && *version > k_catalog_schema_version)
        // Reading a newer format as if it were ours would give wrong figures without a word.
        throw ValidationError(
            c.origin,
            {{"/schema_version", fmt::format("unsupported version {}; this gpucost reads versions {} to {}", *version,
                                             k_oldest_catalog_schema_version, k_catalog_schema_version)}});
    if (version) c.schema_version = ctx.schema_version = static_cast<int>(*version);
    if (const auto as_of = r.string(root.scalar("as_of"), "", "as_of", !overlay)) {
        if (is_valid_date(*as_of))
            c.as_of = *as_of;
        else
            r.error("/as_of", fmt::format("must be a date YYYY-MM-DD or YYYY-MM, got {}{}", quote_value(*as_of),
                                          date_range_note(*as_of)));
    }
    if (const auto currency = r.string(root.scalar("currency"), "", "currency", false)) {  // optional: USD only
        if (*currency == "USD")
            c.currency = *currency;
        else
            r.error("/currency", fmt::format("must be \"USD\" (catalogue prices are kept in US dollars), got {}",
                                             quote_value(*currency)));
    }
    c.assumptions.origin = "catalogue";
    // Optional: a missing assumption keeps its gpucost default (`catalog validate --strict` demands them all).
    if (const element* assumptions = root.find("assumptions")) {
        read_assumptions(r, to_nlohmann(*assumptions), "/assumptions",
                         overlay ? LayerRules::overlay : LayerRules::catalogue, c.assumptions);
        reject_newer_assumptions(r, c.assumptions, "/assumptions", ctx.schema_version);
    }
    read_assumption_ranges(r, root, overlay, c.origin, c.assumption_ranges);
    r.string(root.scalar("note"), "", "note", false);  // kept by no model, but checked as every catalogue string
    r.string(root.scalar("source"), "", "source", false);
}

}  // namespace

// A whole catalogue (base null) or an overlay over base, where every root key is optional.
Catalog parse_document(const JsonDom& dom, const std::string& origin, const Catalog* base, const OfferStream* offers) {
    const bool overlay = base != nullptr;
    Context ctx;
    ctx.base = base;
    ctx.offers = offers;
    if (!dom.root().is_object())
        throw ValidationError(origin, {{"", fmt::format("must be a JSON object with gpus, builds and cloud, got {}",
                                                        describe(scalar_of(dom.root())))}});
    const JsonObject root(dom.root());
    JsonReader r;
    Catalog c;
    c.origin = origin;
    r.unknown_keys(root.keys(), "", k_catalog_root_read_keys);
    read_root(r, root, overlay, c, ctx);
    std::size_t entries = 0;
    for (const char* name : {"gpus", "builds", "cloud"}) {
        simdjson::dom::array section;
        if (const element* e = root.find(name); e != nullptr && e->get_array().get(section) == simdjson::SUCCESS)
            entries += section.size();
    }
    if (offers != nullptr) entries += offers->count;
    IdTable ids(entries);  // sized once: growing a table of 200,000 ids step by step cost a tenth of the load
    read_gpus(r, root, ids, c, ctx);
    index_gpus(c, ctx);
    read_builds(r, root, ids, c, ctx);
    read_cloud(r, root, ids, c, ctx);
    read_workloads(r, root, ctx.gpus, c);
    read_api_offers(r, root, c);
    if (!r.errors().empty()) throw ValidationError(origin, std::move(r.errors()), std::move(r.warnings()));
    c.warnings = std::move(r.warnings());
    return c;
}

}  // namespace gpucost
