#include "gpucost/io/assumptions_json.hpp"

#include <fmt/format.h>

#include "gpucost/util/text.hpp"

namespace gpucost {
namespace {

// "sources" is optional: a value without one reports k_no_source_given; `catalog validate --strict` demands them.
void read_sources(JsonReader& r, const nlohmann::json& object, const std::string& path, AssumptionLayer& layer) {
    const nlohmann::json* sources = JsonReader::member(object, "sources");
    if (sources == nullptr) return;
    const std::string sources_path = child_path(path, "sources");
    if (!sources->is_object()) {
        r.error(sources_path, fmt::format("must be an object, got {}", describe(*sources)));
        return;
    }
    r.unknown_keys(*sources, sources_path, assumption_names());
    for (const AssumptionInfo& i : assumption_infos()) {
        if (JsonReader::member(*sources, i.name) == nullptr) continue;
        const auto s = r.string(*sources, sources_path, i.name, true);  // given, it must say something
        if (!s) continue;
        if (JsonReader::member(object, i.name) == nullptr) {
            // The gpucost default and its own source apply; this text would describe a value nobody set.
            r.warn(child_path(sources_path, i.name),
                   fmt::format("a source for an assumption this file does not set, ignored; set \"{}\" or drop it",
                               i.name));
            continue;
        }
        layer.sources[static_cast<std::size_t>(i.key)] = *s;
    }
}

}  // namespace

void read_assumption_value(JsonReader& r, const nlohmann::json& object, const std::string& path,
                           const AssumptionInfo& i, AssumptionLayer& layer) {
    const nlohmann::json* value = JsonReader::member(object, i.name);
    if (value == nullptr) return;
    const std::string where = child_path(path, i.name);
    const bool choice = is_choice(i.kind);
    AssumptionInput input;
    if (choice && value->is_string()) {
        input = std::string_view(value->get_ref<const std::string&>());
    } else if (!choice && value->is_number()) {
        input = value->get<double>();
    } else {
        // A string "40" is not read as a number: JSON says what it is, and a quoted number is usually a slip.
        r.error(where, choice ? fmt::format("must be one of {}, got {}", choices_text(i.key), describe(*value))
                              : fmt::format("must be a number in {}, got {}", range_text(i, true), describe(*value)));
        return;
    }
    ParsedAssumption parsed = parse_assumption_value(i.key, input, RangeWording::with_unit);
    if (parsed.value)
        layer.set(i.key, *parsed.value);
    else
        r.error(where, std::move(parsed.reason));
}

void read_assumptions(JsonReader& r, const nlohmann::json& object, const std::string& path, LayerRules rules,
                      AssumptionLayer& layer) {
    if (!object.is_object()) {
        r.error(path, fmt::format("must be an object of assumptions, got {}", describe(object)));
        return;
    }
    std::vector<std::string> known = assumption_names();
    if (rules != LayerRules::build) known.emplace_back("sources");
    r.unknown_keys(object, path, known);
    layer.sourced = rules != LayerRules::build;

    for (const AssumptionInfo& i : assumption_infos()) {
        if (rules == LayerRules::build && !i.build_may_set && JsonReader::member(object, i.name) != nullptr) {
            r.error(child_path(path, i.name),
                    "is a choice of the comparison, not a property of a build; set it with a flag instead");
            continue;
        }
        read_assumption_value(r, object, path, i, layer);
    }
    if (rules != LayerRules::build) read_sources(r, object, path, layer);
}

}  // namespace gpucost
