#include "gpucost/io/assumptions_json.hpp"

#include <fmt/format.h>

#include "gpucost/util/text.hpp"

namespace gpucost {

namespace {

bool build_may_override(AssumptionKey key) {
    return key != AssumptionKey::hours_per_week && key != AssumptionKey::years && key != AssumptionKey::pricing;
}

}  // namespace

void read_assumptions(JsonReader& r, const nlohmann::json& object, const std::string& path, LayerRules rules,
                      AssumptionLayer& layer) {
    if (!object.is_object()) {
        r.error(path, fmt::format("must be an object of assumptions, got {}", describe(object)));
        return;
    }
    const bool required = rules == LayerRules::catalogue;
    std::vector<std::string> known = assumption_names();
    if (rules != LayerRules::build) known.emplace_back("sources");
    r.unknown_keys(object, path, known);

    for (const AssumptionInfo& i : assumption_infos()) {
        const std::string where = child_path(path, i.name);
        const nlohmann::json* value = JsonReader::member(object, i.name);
        if (rules == LayerRules::build && value != nullptr && !build_may_override(i.key)) {
            r.error(where, "is a choice of the comparison, not a property of a build; set it with a flag instead");
            continue;
        }
        switch (i.kind) {
            case AssumptionKind::number: {
                const auto v = r.number(object, path, i.name, i.min, i.max, required, i.min_exclusive, i.unit);
                if (!v) break;
                if (i.key == AssumptionKey::years) {
                    if (const auto why = check_value(i.key, *v)) {
                        r.error(where, *why);
                        break;
                    }
                    layer.set(i.key, static_cast<double>(months_for_years(*v)));
                } else {
                    layer.set(i.key, *v);
                }
                break;
            }
            case AssumptionKind::pricing: {
                const auto s = r.string(object, path, i.name, required);
                if (!s) break;
                if (const auto p = parse_pricing(*s))
                    layer.set(i.key, *p);
                else
                    r.error(where, fmt::format("must be one of {}, got {}", pricing_choices(), quote_value(*s)));
                break;
            }
            case AssumptionKind::idle: {
                const auto s = r.string(object, path, i.name, required);
                if (!s) break;
                if (const auto p = parse_idle(*s))
                    layer.set(i.key, *p);
                else
                    r.error(where, fmt::format("must be one of always-on, off, got {}", quote_value(*s)));
                break;
            }
        }
    }

    if (rules == LayerRules::build) return;
    const nlohmann::json* sources = JsonReader::member(object, "sources");
    const std::string sources_path = child_path(path, "sources");
    if (sources == nullptr && rules == LayerRules::overlay) return;
    if (sources == nullptr) {
        r.error(sources_path, "missing; expected an object giving the source of every assumption's default");
        return;
    }
    if (!sources->is_object()) {
        r.error(sources_path, fmt::format("must be an object, got {}", describe(*sources)));
        return;
    }
    r.unknown_keys(*sources, sources_path, assumption_names());
    for (const AssumptionInfo& i : assumption_infos()) {
        if (const auto s = r.string(*sources, sources_path, i.name, required))
            layer.sources[static_cast<std::size_t>(i.key)] = *s;
    }
}

}  // namespace gpucost
