#include "gpucost/io/catalog_json.hpp"

#include <algorithm>
#include <iterator>
#include <map>
#include <optional>
#include <utility>

#include <fmt/format.h>

#include "gpucost/io/assumptions_json.hpp"
#include "gpucost/io/embedded_catalog.hpp"
#include "gpucost/io/json_reader.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {
namespace {

using nlohmann::json;

// Bounds that no real part reaches; they keep every sum finite and catch unit mistakes (kW for W).
constexpr double k_max_price_usd = 1e9;
constexpr double k_max_power_w = 1e5;  // one GPU or one machine's non-GPU parts
constexpr double k_max_cluster_power_w = 1e10;
constexpr double k_max_usd_per_hour = 1e7;
constexpr double k_max_tflops = 1e6;
constexpr double k_max_vram_gb = 1e5;
constexpr double k_max_bandwidth_gbs = 1e7;

const std::vector<std::string> k_root_keys = {"schema_version", "as_of", "currency", "assumptions", "gpus",
                                              "builds",         "cloud", "note",     "source"};
const std::vector<std::string> k_provenance_keys = {"source", "as_of", "confidence", "note"};
const std::vector<std::string> k_gpu_keys = {
    "id",          "name",       "vendor",  "vram_gb",     "tdp_w",  "idle_w", "price_usd",  "bf16_tflops",
    "fp64_tflops", "mem_bw_gbs", "aliases", "spec_source", "source", "as_of",  "confidence", "note"};
const std::vector<std::string> k_build_keys = {
    "id",          "name",      "gpu",         "gpu_count", "gpu_price_usd", "base_price_usd", "base_load_w",
    "base_idle_w", "setup_usd", "assumptions", "source",    "as_of",         "confidence",     "note"};
const std::vector<std::string> k_cloud_keys = {"id",           "provider", "instance", "region",     "gpu", "gpu_count",
                                               "usd_per_hour", "source",   "as_of",    "confidence", "note"};
const std::vector<std::string> k_pricing_keys = {"on-demand", "spot", "reserved-1y", "reserved-3y"};

void read_provenance(JsonReader& r, const json& object, const std::string& path, Provenance& p) {
    p.source = r.string(object, path, "source", true).value_or("");
    if (const auto as_of = r.string(object, path, "as_of", true)) {
        if (is_valid_date(*as_of))
            p.as_of = *as_of;
        else
            r.error(child_path(path, "as_of"),
                    fmt::format("must be a date YYYY-MM-DD or YYYY-MM, got {}", quote_value(*as_of)));
    }
    if (const auto confidence = r.string(object, path, "confidence", false)) {
        if (*confidence == "estimate" || *confidence == "unverified" || *confidence == "sourced")
            p.confidence = *confidence == "sourced" ? "" : *confidence;
        else
            r.error(child_path(path, "confidence"),
                    fmt::format("must be one of sourced, estimate, unverified, got {}", quote_value(*confidence)));
    }
    p.note = r.string(object, path, "note", false).value_or("");
    if (!p.confidence.empty() && p.note.empty())
        r.error(child_path(path, "note"),
                fmt::format("missing; an entry marked \"{}\" must say why in a note", p.confidence));
}

// Ids are what users type: letters, digits and . _ - + only.
bool is_valid_id(const std::string& id) {
    if (id.empty() || id.size() > 100) return false;
    return std::all_of(id.begin(), id.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
               c == '-' || c == '+';
    });
}

std::string read_id(JsonReader& r, const json& object, const std::string& path,
                    std::map<std::string, std::string>& seen) {
    const auto id = r.string(object, path, "id", true);
    if (!id) return {};
    const std::string where = child_path(path, "id");
    if (!is_valid_id(*id)) {
        r.error(where, fmt::format("must be 1 to 100 letters, digits, '.', '_', '-' or '+', got {}", quote_value(*id)));
        return {};
    }
    const auto [it, inserted] = seen.emplace(*id, path);
    if (!inserted) {
        r.error(where, fmt::format("duplicate id {} (first at {})", quote_value(*id), it->second));
        return {};
    }
    return *id;
}

// Where a document's references resolve: its own entries, then (for an overlay) the catalogue it extends.
struct Context {
    const Catalog* base = nullptr;  // set while an overlay is read
};

const json* read_section(JsonReader& r, const json& root, const char* name, const Context& ctx) {
    const json* section = JsonReader::member(root, name);
    const std::string path = child_path("", name);
    if (section == nullptr && ctx.base != nullptr) return nullptr;  // an overlay may leave a section out
    if (section == nullptr) {
        r.error(path, "missing; expected a list (it may be empty)");
        return nullptr;
    }
    if (!section->is_array()) {
        r.error(path, fmt::format("must be a list, got {}", describe(*section)));
        return nullptr;
    }
    return section;
}

bool is_entry(JsonReader& r, const json& entry, const std::string& path) {
    if (entry.is_object()) return true;
    r.error(path, fmt::format("must be an object, got {}", describe(entry)));
    return false;
}

void read_gpus(JsonReader& r, const json& root, std::map<std::string, std::string>& ids, Catalog& c,
               const Context& ctx) {
    const json* section = read_section(r, root, "gpus", ctx);
    if (section == nullptr) return;
    for (std::size_t i = 0; i < section->size(); ++i) {
        const json& e = (*section)[i];
        const std::string path = child_path("/gpus", i);
        if (!is_entry(r, e, path)) continue;
        r.unknown_keys(e, path, k_gpu_keys);
        Gpu g;
        g.id = read_id(r, e, path, ids);
        g.name = r.string(e, path, "name", true).value_or("");
        g.vendor = r.string(e, path, "vendor", true).value_or("");
        g.vram_gb = r.number(e, path, "vram_gb", 0, k_max_vram_gb, true, true, "GB").value_or(0);
        g.tdp_w = r.number(e, path, "tdp_w", 0, k_max_power_w, true, true, "W").value_or(0);
        g.idle_w = r.number(e, path, "idle_w", 0, k_max_power_w, true, false, "W").value_or(0);
        if (g.tdp_w > 0 && g.idle_w > g.tdp_w)
            r.error(child_path(path, "idle_w"),
                    fmt::format("must not exceed tdp_w ({} W), got {}", exact_number(g.tdp_w), exact_number(g.idle_w)));
        g.price_usd = r.nullable_number(e, path, "price_usd", 0, k_max_price_usd, "USD");
        g.bf16_tflops = r.nullable_number(e, path, "bf16_tflops", 0, k_max_tflops, "TFLOPS");
        g.fp64_tflops = r.nullable_number(e, path, "fp64_tflops", 0, k_max_tflops, "TFLOPS");
        g.mem_bw_gbs = r.number(e, path, "mem_bw_gbs", 0, k_max_bandwidth_gbs, true, true, "GB/s").value_or(0);
        g.aliases = r.strings(e, path, "aliases");
        r.string(e, path, "spec_source", false);
        read_provenance(r, e, path, g.provenance);
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
const Gpu* read_gpu_ref(JsonReader& r, const json& e, const std::string& path, const Catalog& c, const Context& ctx) {
    const auto id = r.string(e, path, "gpu", true);
    if (!id) return nullptr;
    const Gpu* gpu = c.find_gpu(*id);
    if (gpu == nullptr && ctx.base != nullptr) gpu = ctx.base->find_gpu(*id);
    if (gpu == nullptr)
        r.error(child_path(path, "gpu"),
                fmt::format("unknown GPU {}{}", quote_value(*id), did_you_mean(*id, gpu_ids(c, ctx))));
    return gpu;
}

void read_builds(JsonReader& r, const json& root, std::map<std::string, std::string>& ids, Catalog& c,
                 const Context& ctx) {
    const json* section = read_section(r, root, "builds", ctx);
    if (section == nullptr) return;
    for (std::size_t i = 0; i < section->size(); ++i) {
        const json& e = (*section)[i];
        const std::string path = child_path("/builds", i);
        if (!is_entry(r, e, path)) continue;
        r.unknown_keys(e, path, k_build_keys);
        Build b;
        b.id = read_id(r, e, path, ids);
        b.name = r.string(e, path, "name", true).value_or("");
        const Gpu* gpu = read_gpu_ref(r, e, path, c, ctx);
        b.gpu = gpu != nullptr ? gpu->id : r.string(e, path, "gpu", false).value_or("");
        b.gpu_count = r.integer(e, path, "gpu_count", 1, k_max_gpu_count, true).value_or(1);
        b.gpu_price_usd = r.nullable_number(e, path, "gpu_price_usd", 0, k_max_price_usd, "USD");
        b.base_price_usd = r.number(e, path, "base_price_usd", 0, k_max_price_usd, true, false, "USD").value_or(0);
        b.base_load_w = r.number(e, path, "base_load_w", 0, k_max_cluster_power_w, true, false, "W").value_or(0);
        b.base_idle_w = r.number(e, path, "base_idle_w", 0, k_max_cluster_power_w, true, false, "W").value_or(0);
        if (b.base_idle_w > b.base_load_w)
            r.error(child_path(path, "base_idle_w"),
                    fmt::format("must not exceed base_load_w ({} W), got {}", exact_number(b.base_load_w),
                                exact_number(b.base_idle_w)));
        b.setup_usd = r.number(e, path, "setup_usd", 0, k_max_price_usd, true, false, "USD").value_or(0);
        b.assumptions.origin = fmt::format("build {}", b.id);
        if (const json* overrides = JsonReader::member(e, "assumptions"))
            read_assumptions(r, *overrides, child_path(path, "assumptions"), LayerRules::build, b.assumptions);
        if (gpu != nullptr && !gpu->price_usd && !b.gpu_price_usd)
            r.error(child_path(path, "gpu_price_usd"),
                    fmt::format("missing; GPU {} has no price_usd, so the build must give its own gpu_price_usd",
                                quote_value(gpu->id)));
        read_provenance(r, e, path, b.provenance);
        c.builds.push_back(std::move(b));
    }
}

// One cloud offer, /cloud/<index>.
void read_offer(JsonReader& r, const json& e, std::size_t index, std::map<std::string, std::string>& ids, Catalog& c,
                const Context& ctx) {
    const std::string path = child_path("/cloud", index);
    if (!is_entry(r, e, path)) return;
    r.unknown_keys(e, path, k_cloud_keys);
    CloudOffer o;
    o.id = read_id(r, e, path, ids);
    o.provider = r.string(e, path, "provider", true).value_or("");
    o.instance = r.string(e, path, "instance", true).value_or("");
    o.region = r.string(e, path, "region", true).value_or("");
    const Gpu* gpu = read_gpu_ref(r, e, path, c, ctx);
    o.gpu = gpu != nullptr ? gpu->id : r.string(e, path, "gpu", false).value_or("");
    o.gpu_count = r.integer(e, path, "gpu_count", 1, k_max_gpu_count, true).value_or(1);
    const json* prices = JsonReader::member(e, "usd_per_hour");
    if (prices == nullptr) {
        r.error(child_path(path, "usd_per_hour"),
                fmt::format("missing; expected an object with at least one of {}", pricing_choices()));
    } else if (!prices->is_object()) {
        r.error(child_path(path, "usd_per_hour"),
                fmt::format("must be an object with at least one of {}, got {}", pricing_choices(), describe(*prices)));
    } else {
        const std::string prices_path = child_path(path, "usd_per_hour");
        // A misspelt pricing would silently drop a price, so it is an error, not a warning.
        for (const auto& item : prices->items())
            if (!parse_pricing(item.key()))
                r.error(child_path(prices_path, item.key()),
                        fmt::format("unknown pricing{}; expected one of {}", did_you_mean(item.key(), k_pricing_keys),
                                    pricing_choices()));
        for (std::size_t p = 0; p < k_pricing_count; ++p)
            o.usd_per_hour[p] = r.number(*prices, prices_path, to_string(static_cast<Pricing>(p)), 0,
                                         k_max_usd_per_hour, false, true, "USD/h");
        if (prices->empty())
            r.error(prices_path, fmt::format("has no price; give at least one of {}", pricing_choices()));
    }
    read_provenance(r, e, path, o.provenance);
    c.cloud.push_back(std::move(o));
}

void read_cloud(JsonReader& r, const json& root, std::map<std::string, std::string>& ids, Catalog& c,
                const Context& ctx) {
    const json* section = read_section(r, root, "cloud", ctx);
    if (section == nullptr) return;
    for (std::size_t i = 0; i < section->size(); ++i) read_offer(r, (*section)[i], i, ids, c, ctx);
}

}  // namespace

namespace {

// The entries of a document: its GPUs, builds and cloud offers, read into a catalogue, with their problems
// (in that order) and the ids seen so far.
struct Entries {
    Catalog catalog;
    JsonReader reader;
    std::map<std::string, std::string> ids;  // id -> JSON path of its first use
    bool cloud_read = false;                 // the offers were read while the text was parsed
};

// Parses a document, reading its cloud offers one by one as the parser reaches them: a catalogue of 100,000
// offers then never exists as one JSON document (nlohmann's DOM costs ~1.5 kB a offer, several times the offer
// itself). That works when the GPUs and builds, which offers refer to and share ids with, come before the
// cloud section, as they do in every catalogue gpucost writes; otherwise, and when a root key comes twice, the
// whole document is parsed first, as before. Either way the same problems come out in the same order.
std::pair<json, Entries> parse_entries(std::string_view json_text, const std::string& origin, const Context& ctx) {
    Entries entries;
    const auto begin_cloud = [&](const json& root_so_far) {
        if (!root_so_far.contains("gpus") || !root_so_far.contains("builds")) return false;
        entries = Entries();  // a second reading starts afresh
        read_gpus(entries.reader, root_so_far, entries.ids, entries.catalog, ctx);
        read_builds(entries.reader, root_so_far, entries.ids, entries.catalog, ctx);
        entries.cloud_read = true;
        return true;
    };
    const auto read_cloud_offer = [&](const json& offer, std::size_t index) {
        read_offer(entries.reader, offer, index, entries.ids, entries.catalog, ctx);
    };
    if (std::optional<json> root = parse_json_streaming(json_text, origin, "cloud", begin_cloud, read_cloud_offer))
        return {std::move(*root), std::move(entries)};
    return {parse_json_text(json_text, origin), Entries()};
}

// A whole catalogue (ctx.base null) or an overlay over ctx.base, where every root key is optional.
Catalog parse_document(std::string_view json_text, const std::string& origin, const Context& ctx) {
    const bool overlay = ctx.base != nullptr;
    auto [root, entries] = parse_entries(json_text, origin, ctx);
    if (!root.is_object())
        throw ValidationError(
            origin, {{"", fmt::format("must be a JSON object with gpus, builds and cloud, got {}", describe(root))}});
    JsonReader r;
    Catalog& c = entries.catalog;
    c.origin = origin;
    r.unknown_keys(root, "", k_root_keys);

    const auto version = r.integer(root, "", "schema_version", 1, 1'000'000, !overlay);
    if (version && *version != k_catalog_schema_version)
        // Reading a newer format as if it were ours would give wrong figures without a word.
        throw ValidationError(origin,
                              {{"/schema_version", fmt::format("unsupported version {}; this gpucost reads version {}",
                                                               *version, k_catalog_schema_version)}});
    if (const auto as_of = r.string(root, "", "as_of", !overlay)) {
        if (is_valid_date(*as_of))
            c.as_of = *as_of;
        else
            r.error("/as_of", fmt::format("must be a date YYYY-MM-DD or YYYY-MM, got {}", quote_value(*as_of)));
    }
    if (const auto currency = r.string(root, "", "currency", false)) {  // optional: USD is the only one
        if (*currency == "USD")
            c.currency = *currency;
        else
            r.error("/currency", fmt::format("must be \"USD\" (catalogue prices are kept in US dollars), got {}",
                                             quote_value(*currency)));
    }
    c.assumptions.origin = "catalogue";
    // Optional: a missing assumption keeps its gpucost default (`catalog validate --strict` demands them all).
    if (const json* assumptions = JsonReader::member(root, "assumptions"))
        read_assumptions(r, *assumptions, "/assumptions", overlay ? LayerRules::overlay : LayerRules::catalogue,
                         c.assumptions);

    if (!entries.cloud_read) {
        read_gpus(entries.reader, root, entries.ids, c, ctx);
        read_builds(entries.reader, root, entries.ids, c, ctx);
        read_cloud(entries.reader, root, entries.ids, c, ctx);
    }
    // The root's problems first, then the entries', as if read in one pass.
    for (auto [to, from] :
         {std::pair{&r.errors(), &entries.reader.errors()}, std::pair{&r.warnings(), &entries.reader.warnings()}})
        to->insert(to->end(), std::make_move_iterator(from->begin()), std::make_move_iterator(from->end()));

    if (!r.errors().empty()) throw ValidationError(origin, std::move(r.errors()), std::move(r.warnings()));
    c.warnings = std::move(r.warnings());
    return std::move(c);
}

}  // namespace

Catalog parse_catalog(std::string_view json_text, const std::string& origin) {
    return parse_document(json_text, origin, Context{});
}

Catalog parse_catalog_overlay(std::string_view json_text, const std::string& origin, const Catalog& base) {
    return parse_document(json_text, origin, Context{&base});
}

Catalog load_catalog_overlay_file(const std::string& path, const Catalog& base) {
    return parse_catalog_overlay(read_text_file(path), path, base);
}

Catalog load_embedded_catalog() {
    Catalog c = parse_catalog(embedded_catalog_json(), "embedded catalogue");
    c.origin = "embedded";
    return c;
}

Catalog load_catalog_file(const std::string& path) { return parse_catalog(read_text_file(path), path); }

}  // namespace gpucost
