#include "gpucost/model/range.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include <fmt/format.h>

#include "gpucost/model/catalog.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {
namespace {

// The catalogue readers' bounds (src/io/catalog_json.cpp), so a range can never carry a figure the catalogue
// would refuse.
constexpr double k_max_price_usd = 1e9;
constexpr double k_max_power_w = 1e5;
constexpr double k_max_cluster_power_w = 1e10;
constexpr double k_max_usd_per_hour = 1e7;

struct FieldRow {
    AddressKind kind;
    std::string_view name;
    FieldBounds bounds;
};

constexpr std::array<FieldRow, 9> k_fields = {{
    {AddressKind::gpu, "price_usd", {0, k_max_price_usd, false, "USD"}},
    {AddressKind::gpu, "tdp_w", {0, k_max_power_w, true, "W"}},
    {AddressKind::gpu, "idle_w", {0, k_max_power_w, false, "W"}},
    {AddressKind::build, "gpu_price_usd", {0, k_max_price_usd, false, "USD"}},
    {AddressKind::build, "base_price_usd", {0, k_max_price_usd, false, "USD"}},
    {AddressKind::build, "base_load_w", {0, k_max_cluster_power_w, false, "W"}},
    {AddressKind::build, "base_idle_w", {0, k_max_cluster_power_w, false, "W"}},
    {AddressKind::build, "setup_usd", {0, k_max_price_usd, false, "USD"}},
    {AddressKind::cloud, "usd_per_hour", {0, k_max_usd_per_hour, true, "USD/h"}},
}};

const FieldRow* find_field(AddressKind kind, std::string_view name) {
    for (const FieldRow& row : k_fields)
        if (row.kind == kind && row.name == name) return &row;
    return nullptr;
}

std::vector<std::string> field_names(AddressKind kind) {
    std::vector<std::string> names;
    for (const FieldRow& row : k_fields)
        if (row.kind == kind) names.emplace_back(row.name);
    return names;
}

std::vector<std::string> numeric_assumption_names() {
    std::vector<std::string> names;
    for (const AssumptionInfo& i : assumption_infos())
        if (i.kind == AssumptionKind::number || i.kind == AssumptionKind::years_in_months) names.emplace_back(i.name);
    return names;
}

ParsedAddress bad(std::string reason) { return {std::nullopt, std::move(reason)}; }

ParsedAddress parse_assumption_address(std::string_view text) {
    const auto key = find_assumption(text);
    if (!key)
        return bad(fmt::format("unknown address {}{}; expected an assumption key, gpu:ID/FIELD, build:ID/FIELD or "
                               "cloud:ID/usd_per_hour/PRICING",
                               quote_value(text), did_you_mean(text, numeric_assumption_names())));
    const AssumptionKind kind = info(*key).kind;
    if (kind != AssumptionKind::number && kind != AssumptionKind::years_in_months)
        return bad(fmt::format("{} is a choice ({}), not a number: it cannot take a range", quote_value(text),
                               choices_text(*key)));
    Address a;
    a.kind = AddressKind::assumption;
    a.key = *key;
    return {a, {}};
}

}  // namespace

const char* to_string(RangeDist dist) noexcept {
    switch (dist) {
        case RangeDist::uniform: return "uniform";
        case RangeDist::pert: return "pert";
        case RangeDist::triangular: break;
    }
    return "triangular";
}

std::optional<RangeDist> parse_range_dist(std::string_view text) noexcept {
    for (const RangeDist d : {RangeDist::triangular, RangeDist::uniform, RangeDist::pert})
        if (text == to_string(d)) return d;
    return std::nullopt;
}

const char* range_dist_choices() noexcept { return "triangular, uniform, pert"; }

std::string to_string(const Address& a) {
    switch (a.kind) {
        case AddressKind::assumption: return std::string(info(a.key).name);
        case AddressKind::gpu: return fmt::format("gpu:{}/{}", a.id, a.field);
        case AddressKind::build: return fmt::format("build:{}/{}", a.id, a.field);
        case AddressKind::cloud: return fmt::format("cloud:{}/usd_per_hour/{}", a.id, to_string(a.pricing));
    }
    return {};
}

ParsedAddress parse_address(std::string_view text) {
    const std::size_t colon = text.find(':');
    if (colon == std::string_view::npos) return parse_assumption_address(text);
    const std::string_view prefix = text.substr(0, colon);
    const std::string_view rest = text.substr(colon + 1);
    Address a;
    if (prefix == "gpu")
        a.kind = AddressKind::gpu;
    else if (prefix == "build")
        a.kind = AddressKind::build;
    else if (prefix == "cloud")
        a.kind = AddressKind::cloud;
    else
        return bad(fmt::format("address {}: unknown kind {}{}; expected gpu:, build: or cloud:", quote_value(text),
                               quote_value(prefix), did_you_mean(prefix, {"gpu", "build", "cloud"})));
    const std::size_t slash = rest.find('/');
    if (slash == 0 || slash == std::string_view::npos)
        return bad(fmt::format("address {}: expected {}:ID/{}", quote_value(text), prefix,
                               a.kind == AddressKind::cloud ? "usd_per_hour/PRICING" : "FIELD"));
    a.id = std::string(rest.substr(0, slash));
    std::string_view field = rest.substr(slash + 1);
    if (a.kind == AddressKind::cloud) {
        const std::size_t second = field.find('/');
        const std::string_view pricing =
            second == std::string_view::npos ? std::string_view() : field.substr(second + 1);
        field = field.substr(0, second);
        if (field != "usd_per_hour")
            return bad(fmt::format("address {}: a cloud offer's rangeable field is usd_per_hour, got {}",
                                   quote_value(text), quote_value(field)));
        const auto p = parse_pricing(pricing);
        if (!p)
            return bad(fmt::format("address {}: expected cloud:ID/usd_per_hour/PRICING with PRICING one of {}, got {}",
                                   quote_value(text), pricing_choices(), quote_value(pricing)));
        a.pricing = *p;
    } else if (find_field(a.kind, field) == nullptr) {
        return bad(fmt::format("address {}: {} is not a rangeable {} field{}; expected one of {}", quote_value(text),
                               quote_value(field), prefix, did_you_mean(field, field_names(a.kind)),
                               fmt::join(field_names(a.kind), ", ")));
    }
    a.field = std::string(field);
    return {a, {}};
}

FieldBounds field_bounds(const Address& a) noexcept {
    if (a.kind == AddressKind::assumption) {
        const AssumptionInfo& i = info(a.key);
        return {i.min, i.max, i.min_exclusive, i.unit};
    }
    const FieldRow* row = find_field(a.kind, a.field);
    return row != nullptr ? row->bounds : FieldBounds{};
}

std::string range_problem(const Address& address, const Range& r) {
    const FieldBounds b = field_bounds(address);
    const std::string bounds = range_text(b.min, b.max, b.min_exclusive, b.unit);
    const auto outside = [&](double v) {
        return !std::isfinite(v) || (b.min_exclusive ? !(v > b.min) : !(v >= b.min)) || !(v <= b.max);
    };
    for (const auto& [name, value] :
         {std::pair<const char*, std::optional<double>>{"low", r.low}, {"high", r.high}, {"mode", r.mode}}) {
        if (value && outside(*value))
            return fmt::format("{}: must be in {}, got {}", name, bounds, exact_number(*value));
    }
    if (r.low > r.high) return fmt::format("low {} must not exceed high {}", exact_number(r.low), exact_number(r.high));
    if (r.mode && (*r.mode < r.low || *r.mode > r.high))
        return fmt::format("mode {} must lie between low {} and high {}", exact_number(*r.mode), exact_number(r.low),
                           exact_number(r.high));
    return {};
}

const std::vector<std::string_view>& gpu_range_fields() {
    static const std::vector<std::string_view> names = {"price_usd", "tdp_w", "idle_w"};
    return names;
}

const std::vector<std::string_view>& build_range_fields() {
    static const std::vector<std::string_view> names = {"gpu_price_usd", "base_price_usd", "base_load_w", "base_idle_w",
                                                        "setup_usd"};
    return names;
}

std::optional<Range> parse_range_text(std::string_view text, std::string& reason) {
    std::vector<std::string_view> parts;
    std::size_t start = 0;
    while (true) {
        const std::size_t colon = text.find(':', start);
        parts.push_back(text.substr(start, colon == std::string_view::npos ? std::string_view::npos : colon - start));
        if (colon == std::string_view::npos) break;
        start = colon + 1;
    }
    if (parts.size() < 2 || parts.size() > 3) {
        reason = fmt::format("expected LOW:HIGH or LOW:HIGH:MODE, got {}", quote_value(text));
        return std::nullopt;
    }
    std::array<double, 3> values{};
    for (std::size_t i = 0; i < parts.size(); ++i) {
        const auto v = parse_number(parts[i]);
        if (!v) {
            reason =
                fmt::format("{} must be a number, got {}", std::array{"LOW", "HIGH", "MODE"}[i], quote_value(parts[i]));
            return std::nullopt;
        }
        values[i] = *v + 0.0;
    }
    Range r;
    r.low = values[0];
    r.high = values[1];
    if (parts.size() == 3) r.mode = values[2];
    return r;
}

std::vector<RangeEntry> merge_ranges(const std::vector<const std::vector<RangeEntry>*>& layers) {
    std::vector<RangeEntry> merged;
    for (const std::vector<RangeEntry>* layer : layers) {
        for (const RangeEntry& e : *layer) {
            const auto same =
                std::find_if(merged.begin(), merged.end(), [&](const RangeEntry& m) { return m.address == e.address; });
            if (same != merged.end())
                *same = e;
            else
                merged.push_back(e);
        }
    }
    return merged;
}

}  // namespace gpucost

namespace gpucost {
namespace {

template <typename Entry>
void unranged_entries(const std::vector<Entry>& entries, const char* section, std::vector<Problem>& out) {
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const Entry& e = entries[i];
        if (e.provenance.confidence != "estimate" || !e.ranges.empty()) continue;
        out.push_back({fmt::format("/{}/{}/ranges", section, i),
                       fmt::format("{} is marked \"estimate\" but gives no range; add \"ranges\" with the spread its "
                                   "note states, so sensitivity and simulate can use it",
                                   quote_value(e.id))});
    }
}

}  // namespace

std::vector<Problem> estimates_without_range(const Catalog& catalog) {
    std::vector<Problem> out;
    unranged_entries(catalog.gpus, "gpus", out);
    unranged_entries(catalog.builds, "builds", out);
    unranged_entries(catalog.cloud, "cloud", out);
    for (const AssumptionInfo& i : assumption_infos()) {
        const std::string& source = catalog.assumptions.sources[static_cast<std::size_t>(i.key)];
        if (source.find("ESTIMATE") == std::string::npos) continue;
        const bool ranged =
            std::any_of(catalog.assumption_ranges.begin(), catalog.assumption_ranges.end(), [&](const RangeEntry& r) {
                return r.address.kind == AddressKind::assumption && r.address.key == i.key;
            });
        if (ranged) continue;
        out.push_back({fmt::format("/assumption_ranges/{}", i.name),
                       fmt::format("missing; the source of {} says it is an ESTIMATE: give its range", i.name)});
    }
    return out;
}

}  // namespace gpucost
