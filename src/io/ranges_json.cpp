#include "gpucost/io/ranges_json.hpp"

#include <fmt/format.h>

#include "catalog_ranges.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {
namespace {

const std::vector<std::string> k_range_keys = {"low", "high", "mode", "dist", "note"};

std::optional<Range> read_range(JsonReader& r, const nlohmann::json& value, const std::string& path,
                                const Address& address) {
    if (!value.is_object()) {
        r.error(path,
                fmt::format("must be an object {{\"low\", \"high\", \"mode\", \"dist\"}}, got {}", describe(value)));
        return std::nullopt;
    }
    r.unknown_keys(value, path, k_range_keys);
    const FieldBounds b = field_bounds(address);
    const auto low = r.number(value, path, "low", b.min, b.max, true, b.min_exclusive, b.unit);
    const auto high = r.number(value, path, "high", b.min, b.max, true, b.min_exclusive, b.unit);
    const auto mode = r.nullable_number(value, path, "mode", b.min, b.max, b.unit);
    r.string(value, path, "note", false);  // prose for the file's readers, checked like every catalogue string
    Range range;
    if (const auto dist = r.string(value, path, "dist", false)) {
        const auto parsed = parse_range_dist(*dist);
        if (!parsed) {
            r.error(child_path(path, "dist"),
                    fmt::format("must be one of {}, got {}{}", range_dist_choices(), quote_value(*dist),
                                did_you_mean(*dist, {"triangular", "uniform", "pert"})));
            return std::nullopt;
        }
        range.dist = *parsed;
    }
    if (!low || !high) return std::nullopt;
    if (value.contains("mode") && !value["mode"].is_null() && !mode) return std::nullopt;
    range.low = *low + 0.0;
    range.high = *high + 0.0;
    if (mode) range.mode = *mode + 0.0;
    if (const std::string problem = range_problem(address, range); !problem.empty()) {
        r.error(path, problem);
        return std::nullopt;
    }
    return range;
}

}  // namespace

void read_ranges(JsonReader& r, const nlohmann::json& object, const std::string& path, const RangeSource& source,
                 std::vector<RangeEntry>& out) {
    if (!object.is_object()) {
        r.error(path, fmt::format("must be an object of ranges keyed by {}, got {}",
                                  source.address_prefix.empty() ? "address" : "field", describe(object)));
        return;
    }
    for (const auto& item : object.items()) {
        const std::string& key = item.key();
        if (!key.empty() && key.front() == '_') continue;  // a comment
        const std::string item_path = child_path(path, key);
        const std::string address_text = source.address_prefix + key;
        const ParsedAddress parsed = parse_address(address_text);
        if (!parsed.address) {
            r.error(item_path, parsed.reason);
            continue;
        }
        const auto range = read_range(r, item.value(), item_path, *parsed.address);
        if (!range) continue;
        out.push_back({address_text, *parsed.address, *range, source.origin, source.file, item_path});
    }
}

void read_entry_ranges(JsonReader& r, const JsonObject& entry, const std::string& path, const char* kind,
                       const std::string& id, const std::string& origin, std::vector<RangeEntry>& out) {
    const simdjson::dom::element* ranges = entry.find("ranges");
    if (ranges == nullptr) return;
    read_ranges(r, to_nlohmann(*ranges), child_path(path, "ranges"),
                {fmt::format("{}:{}/", kind, id), "catalogue", origin}, out);
}

void read_assumption_ranges(JsonReader& r, const JsonObject& root, bool overlay, const std::string& origin,
                            std::vector<RangeEntry>& out) {
    const simdjson::dom::element* ranges = root.find("assumption_ranges");
    if (ranges == nullptr) return;
    read_ranges(r, to_nlohmann(*ranges), "/assumption_ranges",
                {"", overlay ? "overlay " + origin : "catalogue", origin}, out);
}

}  // namespace gpucost
