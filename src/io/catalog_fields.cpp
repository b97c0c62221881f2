#include "catalog_fields.hpp"

#include <algorithm>
#include <optional>
#include <vector>

#include <fmt/format.h>

#include "catalog_json_v2.hpp"  // read_provenance
#include "gpucost/io/catalog_json_write.hpp"
#include "gpucost/util/date.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {
namespace {

using simdjson::dom::element;
// Bounds no real machine reaches; they catch unit mistakes (MB for GB) and keep every figure finite.
constexpr double k_max_link_gbs = 1e5;
constexpr std::int64_t k_max_vcpus = 100'000;
constexpr double k_max_ram_gib = 1e6;
constexpr double k_max_disk_tb = 1e5;
constexpr double k_max_throughput = 1e12;
// The largest memory one instance of a workload may ask, GB: far above any machine, so only a unit mistake is refused.
constexpr double k_max_workload_memory_gb = 1e5;
// The highest price per million tokens an API offer may state, USD: above any published one by far, so only a unit
// mistake (per token, per thousand) is refused.
constexpr double k_max_usd_per_million_tokens = 1e4;
// Prompt tokens per generated token a workload may state: long-context retrieval stays far below it.
constexpr double k_max_input_tokens_per_output_token = 1e4;
// The highest monthly price or setup fee of one rented server, USD: 730 h at the hourly bound's tenth, so only a unit
// mistake (cents, a yearly price) is refused.
constexpr double k_max_usd_per_month = 1e8;
// The longest minimum term a monthly rental may state: ten years, beyond any horizon gpucost compares.
constexpr std::int64_t k_max_min_term_months = 120;

std::string text(std::optional<std::string_view> value) { return value ? std::string(*value) : std::string(); }

// An optional key naming one of `names`; a misspelling is an error, since it would change what matches.
template <typename Enum, std::size_t N>
std::optional<Enum> read_choice(JsonReader& r, const JsonObject& e, const std::string& path, const char* key,
                                const std::array<std::string_view, N>& names,
                                std::optional<Enum> (*parse)(std::string_view) noexcept) {
    const auto value = r.string(e.scalar(key), path, key, false);
    if (!value) return std::nullopt;
    if (const auto parsed = parse(*value)) return parsed;
    const std::vector<std::string> candidates(names.begin(), names.end());
    r.error(child_path(path, key), fmt::format("must be one of {}, got {}{}", fmt::join(names, ", "),
                                               quote_value(*value), did_you_mean(*value, candidates)));
    return std::nullopt;
}

std::vector<std::string> sorted_ids(const GpuIndex& gpus) {
    std::vector<std::string> ids;
    ids.reserve(gpus.size());
    for (const auto& [id, gpu] : gpus) ids.emplace_back(id);
    std::sort(ids.begin(), ids.end());
    return ids;
}

// per_gpu: { "<gpu id>": throughput > 0 }, every GPU known, at least one.
std::vector<WorkloadFigure> read_figures(JsonReader& r, const JsonObject& e, const std::string& path,
                                         const GpuIndex& gpus) {
    std::vector<WorkloadFigure> out;
    const std::string where = child_path(path, "per_gpu");
    const element* value = e.find("per_gpu");
    if (value == nullptr || !value->is_object()) {
        r.error(where, value == nullptr ? std::string("missing; expected an object of GPU id to throughput per GPU")
                                        : fmt::format("must be an object of GPU id to throughput per GPU, got {}",
                                                      describe(scalar_of(*value))));
        return out;
    }
    const JsonObject figures(*value);
    for (const std::string_view gpu : figures.keys()) {
        if (std::any_of(out.begin(), out.end(), [&](const WorkloadFigure& f) { return f.gpu == gpu; })) continue;
        if (gpus.find(gpu) == gpus.end()) {
            r.error(child_path(where, gpu),
                    fmt::format("unknown GPU {}{}", quote_value(gpu), did_you_mean(gpu, sorted_ids(gpus))));
            continue;
        }
        if (const auto t = r.number(figures.scalar(gpu), where, gpu, 0, k_max_throughput, true, true))
            out.push_back({std::string(gpu), *t});
    }
    if (figures.empty()) r.error(where, "is empty; list the throughput per GPU of at least one GPU");
    return out;
}

Workload read_workload(JsonReader& r, const JsonObject& e, const std::string& path, const GpuIndex& gpus) {
    r.unknown_keys(e.keys(), path, k_workload_keys);
    Workload w;
    if (const auto id = r.string(e.scalar("id"), path, "id", true)) {
        if (is_valid_id(*id))
            w.id = *id;
        else
            r.error(child_path(path, "id"),
                    fmt::format("must be 1 to 100 letters, digits, '.', '_', '-' or '+', got {}", quote_value(*id)));
    }
    w.name = text(r.string(e.scalar("name"), path, "name", true));
    w.unit = text(r.string(e.scalar("unit"), path, "unit", true));
    // `rank` prices the work done, throughput x seconds: the unit must say what one second of it yields.
    if (!w.unit.empty() && workload_rate_unit(w.unit).empty()) {
        r.error(child_path(path, "unit"),
                fmt::format("must be a rate per second, \"<unit of work>/s\" (tokens/s, images/s, GFLOP/s), got {}",
                            quote_value(w.unit)));
        w.unit.clear();
    }
    w.per_gpu = read_figures(r, e, path, gpus);
    w.memory_gb_per_instance = r.number(e.scalar("memory_gb_per_instance"), path, "memory_gb_per_instance", 0,
                                        k_max_workload_memory_gb, false, true, "GB");
    w.max_gpus_per_instance =
        r.integer(e.scalar("max_gpus_per_instance"), path, "max_gpus_per_instance", 1, k_max_gpu_count, false);
    if (w.max_gpus_per_instance && !w.memory_gb_per_instance)
        r.error(child_path(path, "max_gpus_per_instance"),
                "is given without memory_gb_per_instance; state the memory one instance needs, or drop it");
    w.model = text(r.string(e.scalar("model"), path, "model", false));
    w.input_tokens_per_output_token =
        r.number(e.scalar("input_tokens_per_output_token"), path, "input_tokens_per_output_token", 0,
                 k_max_input_tokens_per_output_token, false)
            .value_or(0.0);
    read_provenance(r, e, path, w.provenance);
    return w;
}

}  // namespace

bool is_valid_id(std::string_view id) {
    if (id.empty() || id.size() > 100) return false;
    return std::all_of(id.begin(), id.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
               c == '-' || c == '+';
    });
}

namespace {

// A list of compliance attribute names at `key`, each one of k_compliance_names; empty when the key is missing.
ComplianceSet read_compliance_list(JsonReader& r, const JsonObject& e, const std::string& path, const char* key) {
    ComplianceSet set{};
    const std::vector<std::string> names(k_compliance_names.begin(), k_compliance_names.end());
    std::size_t i = 0;
    for (const std::string& name : read_strings(r, e, path, key)) {
        const std::string where = child_path(child_path(path, key), i++);
        if (const auto c = parse_compliance(name))
            set[static_cast<std::size_t>(*c)] = true;
        else
            r.error(where, fmt::format("must be one of {}, got {}{}", fmt::join(k_compliance_names, ", "),
                                       quote_value(name), did_you_mean(name, names)));
    }
    return set;
}

// An offer's "compliance": { "attributes": [...], "source": URL, "as_of": date }, all three required.
std::optional<OfferCompliance> read_offer_compliance(JsonReader& r, const JsonObject& offer, const std::string& path) {
    const element* value = offer.find("compliance");
    if (value == nullptr) return std::nullopt;
    const std::string where = child_path(path, "compliance");
    if (!value->is_object()) {
        r.error(where,
                fmt::format("must be an object {{\"attributes\": [...], \"source\": ..., \"as_of\": ...}}, got {}",
                            describe(scalar_of(*value))));
        return std::nullopt;
    }
    const JsonObject e(*value);
    r.unknown_keys(e.keys(), where, k_compliance_keys);
    OfferCompliance c;
    if (e.find("attributes") == nullptr)
        r.error(child_path(where, "attributes"), fmt::format("missing; list what the provider attests, each one of {}",
                                                             fmt::join(k_compliance_names, ", ")));
    c.attributes = read_compliance_list(r, e, where, "attributes");
    Provenance p;
    read_provenance(r, e, where, p);
    c.source = std::move(p.source);
    c.as_of = std::move(p.as_of);
    return c;
}

}  // namespace

void read_gpu_class(JsonReader& r, const JsonObject& e, const std::string& path, Gpu& g) {
    g.form_factor = read_choice(r, e, path, "form_factor", k_form_factor_names, parse_form_factor);
    g.nvlink_gbs = r.number(e.scalar("nvlink_gbs"), path, "nvlink_gbs", 0, k_max_link_gbs, false, false, "GB/s");
}

void read_build_class(JsonReader& r, const JsonObject& e, const std::string& path, Build& b) {
    b.interconnect = read_choice(r, e, path, "interconnect", k_interconnect_names, parse_interconnect);
    b.gpus_per_node = r.integer(e.scalar("gpus_per_node"), path, "gpus_per_node", 1, k_max_gpu_count, false);
    if (b.gpus_per_node && *b.gpus_per_node > b.gpu_count) {
        r.error(child_path(path, "gpus_per_node"),
                fmt::format("must be 1 to gpu_count ({}), got {}", b.gpu_count, *b.gpus_per_node));
        b.gpus_per_node.reset();
    }
    b.require = read_compliance_list(r, e, path, "require");
}

void read_offer_class(JsonReader& r, const JsonObject& e, const std::string& path, CloudOffer& o) {
    o.interconnect = read_choice(r, e, path, "interconnect", k_interconnect_names, parse_interconnect);
    o.tier = read_choice(r, e, path, "tier", k_offer_tier_names, parse_offer_tier);
    o.vcpus = r.integer(e.scalar("vcpus"), path, "vcpus", 1, k_max_vcpus, false);
    o.ram_gib = r.number(e.scalar("ram_gib"), path, "ram_gib", 0, k_max_ram_gib, false, true, "GiB");
    o.local_disk_tb = r.number(e.scalar("local_disk_tb"), path, "local_disk_tb", 0, k_max_disk_tb, false, false, "TB");
    o.compliance = read_offer_compliance(r, e, path);
}

void read_offer_monthly(JsonReader& r, const JsonObject& e, const std::string& path, CloudOffer& o) {
    const auto price = r.number(e.scalar("usd_per_month"), path, "usd_per_month", 0, k_max_usd_per_month, false, true,
                                "USD per month");
    const auto fee =
        r.number(e.scalar("setup_fee_usd"), path, "setup_fee_usd", 0, k_max_usd_per_month, false, false, "USD");
    const auto term = r.integer(e.scalar("min_term_months"), path, "min_term_months", 1, k_max_min_term_months, false);
    if (e.find("usd_per_month") == nullptr) {
        for (const char* key : {"setup_fee_usd", "min_term_months"})
            if (e.find(key) != nullptr)
                r.error(child_path(path, key), "applies to an offer billed by the month; give usd_per_month too");
        return;
    }
    if (e.find("usd_per_hour") != nullptr) {
        r.error(child_path(path, "usd_per_month"),
                "an offer is billed by the hour (usd_per_hour) or by the month (usd_per_month), not both; list the "
                "monthly rental as its own offer");
        return;
    }
    if (!price) return;
    o.monthly = MonthlyBilling{*price, fee.value_or(0.0) + 0.0, term};  // + 0.0: a typed -0 is 0
}

void read_workloads(JsonReader& r, const JsonObject& root, const GpuIndex& gpus, Catalog& c) {
    const element* section = root.find("workloads");
    if (section == nullptr) return;  // optional in every document: a catalogue without workloads compares by GPU
    simdjson::dom::array array;
    if (section->get_array().get(array) != simdjson::SUCCESS) {
        r.error("/workloads", fmt::format("must be a list, got {}", describe(scalar_of(*section))));
        return;
    }
    std::size_t i = 0;
    std::vector<std::size_t> index_of;  // each kept workload's index in the file
    JsonObject e;
    for (const element entry : array) {
        const std::size_t index = i++;
        const std::string path = child_path("/workloads", index);
        if (!entry.is_object()) {
            r.error(path, fmt::format("must be an object, got {}", describe(scalar_of(entry))));
            continue;
        }
        e.assign(entry);
        Workload w = read_workload(r, e, path, gpus);
        const auto first = std::find_if(c.workloads.begin(), c.workloads.end(),
                                        [&](const Workload& seen) { return !w.id.empty() && seen.id == w.id; });
        if (first != c.workloads.end()) {
            r.error(child_path(path, "id"),
                    fmt::format("duplicate workload id {} (first at /workloads/{})", quote_value(w.id),
                                index_of[static_cast<std::size_t>(first - c.workloads.begin())]));
            continue;
        }
        c.workloads.push_back(std::move(w));
        index_of.push_back(index);
    }
}

namespace {

ApiOffer read_api_offer(JsonReader& r, const JsonObject& e, const std::string& path) {
    r.unknown_keys(e.keys(), path, k_api_offer_keys);
    ApiOffer o;
    if (const auto id = r.string(e.scalar("id"), path, "id", true)) {
        if (is_valid_id(*id))
            o.id = *id;
        else
            r.error(child_path(path, "id"),
                    fmt::format("must be 1 to 100 letters, digits, '.', '_', '-' or '+', got {}", quote_value(*id)));
    }
    o.provider = text(r.string(e.scalar("provider"), path, "provider", true));
    o.model = text(r.string(e.scalar("model"), path, "model", true));
    o.api_model = text(r.string(e.scalar("api_model"), path, "api_model", false));
    // A price of zero would make the API free work: refused, as a negative one is (exit 3).
    o.usd_per_million_input_tokens =
        r.number(e.scalar("usd_per_million_input_tokens"), path, "usd_per_million_input_tokens", 0,
                 k_max_usd_per_million_tokens, true, true, "USD per million tokens")
            .value_or(0.0);
    o.usd_per_million_output_tokens =
        r.number(e.scalar("usd_per_million_output_tokens"), path, "usd_per_million_output_tokens", 0,
                 k_max_usd_per_million_tokens, true, true, "USD per million tokens")
            .value_or(0.0);
    o.compliance = read_offer_compliance(r, e, path);
    read_provenance(r, e, path, o.provenance);
    return o;
}

}  // namespace

void read_api_offers(JsonReader& r, const JsonObject& root, Catalog& c) {
    const element* section = root.find("api_offers");
    if (section == nullptr) return;  // optional in every document
    simdjson::dom::array array;
    if (section->get_array().get(array) != simdjson::SUCCESS) {
        r.error("/api_offers", fmt::format("must be a list, got {}", describe(scalar_of(*section))));
        return;
    }
    std::size_t i = 0;
    std::vector<std::size_t> index_of;  // each kept offer's index in the file
    JsonObject e;
    for (const element entry : array) {
        const std::size_t index = i++;
        const std::string path = child_path("/api_offers", index);
        if (!entry.is_object()) {
            r.error(path, fmt::format("must be an object, got {}", describe(scalar_of(entry))));
            continue;
        }
        e.assign(entry);
        ApiOffer o = read_api_offer(r, e, path);
        const auto first = std::find_if(c.api_offers.begin(), c.api_offers.end(),
                                        [&](const ApiOffer& seen) { return !o.id.empty() && seen.id == o.id; });
        if (first != c.api_offers.end()) {
            r.error(child_path(path, "id"),
                    fmt::format("duplicate api offer id {} (first at /api_offers/{})", quote_value(o.id),
                                index_of[static_cast<std::size_t>(first - c.api_offers.begin())]));
            continue;
        }
        c.api_offers.push_back(std::move(o));
        index_of.push_back(index);
    }
}

}  // namespace gpucost
