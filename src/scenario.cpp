#include "gpucost/scenario.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "gpucost/text.hpp"
#include "json_reader.hpp"

namespace gpucost {
namespace {

using json = nlohmann::json;

const char* const k_build_key = "build";
const char* const k_cloud_key = "cloud";

std::vector<std::string> known_keys() {
    std::vector<std::string> keys = assumption_names();
    keys.emplace_back(k_build_key);
    keys.emplace_back(k_cloud_key);
    return keys;
}

// "build" and "cloud": an id, or null for the default choice.
std::optional<std::string> read_id(JsonReader& r, const json& root, const char* key) {
    const json* value = JsonReader::member(root, key);
    if (value == nullptr || value->is_null()) return std::nullopt;
    if (!value->is_string() || value->get_ref<const std::string&>().empty()) {
        r.error(child_path("", key), fmt::format("must be a non-empty id string or null, got {}", describe(*value)));
        return std::nullopt;
    }
    return value->get<std::string>();
}

void read_assumption(JsonReader& r, const json& root, const AssumptionInfo& i, AssumptionLayer& layer) {
    const std::string where = child_path("", i.name);
    switch (i.kind) {
        case AssumptionKind::number: {
            const auto v = r.number(root, "", i.name, i.min, i.max, false, i.min_exclusive, i.unit);
            if (!v) return;
            if (i.key != AssumptionKey::years) {
                layer.set(i.key, *v);
                return;
            }
            // The horizon is held as whole months, as everywhere else.
            if (const auto why = check_value(i.key, *v)) r.error(where, *why);
            else layer.set(i.key, static_cast<double>(months_for_years(*v)));
            return;
        }
        case AssumptionKind::pricing: {
            const auto s = r.string(root, "", i.name, false);
            if (!s) return;
            if (const auto p = parse_pricing(*s)) layer.set(i.key, *p);
            else r.error(where, fmt::format("must be one of {}, got {}", pricing_choices(), quote_value(*s)));
            return;
        }
        case AssumptionKind::idle: {
            const auto s = r.string(root, "", i.name, false);
            if (!s) return;
            if (const auto p = parse_idle(*s)) layer.set(i.key, *p);
            else r.error(where, fmt::format("must be one of always-on, off, got {}", quote_value(*s)));
            return;
        }
    }
}

}  // namespace

Scenario parse_scenario(std::string_view text, const std::string& file) {
    const json root = parse_json_text(text, file);
    JsonReader r;
    Scenario s;
    s.assumptions.origin = fmt::format("scenario {}", file);
    if (!root.is_object()) {
        r.error("", fmt::format("must be an object of assumptions, \"build\" and \"cloud\", got {}", describe(root)));
        throw ValidationError(file, std::move(r.errors()));
    }
    // A scenario steers a budget decision: an unknown key is an error (a typo would silently change nothing).
    const std::vector<std::string> known = known_keys();
    for (const auto& item : root.items()) {
        const std::string& key = item.key();
        if (!key.empty() && key.front() == '_') continue;
        if (std::find(known.begin(), known.end(), key) != known.end()) continue;
        r.error(child_path("", key), fmt::format("unknown key{}; keys starting with '_' are comments",
                                                 did_you_mean(key, known)));
    }
    for (const AssumptionInfo& i : assumption_infos()) read_assumption(r, root, i, s.assumptions);
    s.build_id = read_id(r, root, k_build_key);
    s.cloud_id = read_id(r, root, k_cloud_key);
    if (!r.errors().empty()) throw ValidationError(file, std::move(r.errors()), std::move(r.warnings()));
    return s;
}

Scenario load_scenario_file(const std::string& path) { return parse_scenario(read_text_file(path), path); }

std::string scenario_template(const Catalog& catalog) {
    using Ordered = nlohmann::ordered_json;
    const ResolvedAssumptions defaults = resolve({&catalog.assumptions});
    Ordered root = Ordered::object();
    root["_about"] = fmt::format(
        "gpucost scenario file: use with 'gpucost compare --scenario FILE'. Every assumption is at the default of "
        "catalogue {} (as of {}); edit or delete any. Keys starting with '_' are comments: an assumption written "
        "as \"_name\" is one some builds set for themselves, and a scenario value would replace theirs for every "
        "build; remove the '_' to do so.",
        catalog.origin, catalog.as_of);
    root[k_build_key] = nullptr;
    root[k_cloud_key] = nullptr;
    Ordered sources = Ordered::object();
    sources[k_build_key] = "null: every build, ranked; or a build id from 'gpucost catalog list builds'";
    sources[k_cloud_key] = "null: the cheapest offer for the build's GPU; or an offer id (needs \"build\")";
    for (const AssumptionInfo& i : assumption_infos()) {
        const std::size_t k = static_cast<std::size_t>(i.key);
        const AssumptionValue v = get_value(defaults.values, i.key);
        // Scenario values win over a build's own; a template that set them would silently change those builds.
        const auto overriding = std::count_if(catalog.builds.begin(), catalog.builds.end(),
                                              [&](const Build& b) { return b.assumptions.get(i.key).has_value(); });
        const std::string name = (overriding > 0 ? "_" : "") + std::string(i.name);
        if (const auto* p = std::get_if<Pricing>(&v)) root[name] = to_string(*p);
        else if (const auto* idle = std::get_if<IdlePolicy>(&v)) root[name] = to_string(*idle);
        else root[name] = std::get<double>(v);
        const std::string unit = i.unit.empty() ? "" : fmt::format(" [{}]", i.unit);
        sources[std::string(i.name)] = fmt::format(
            "{}{}; default from {}: {}{}", i.help, unit, defaults.origins[k],
            defaults.sources[k].empty() ? "(no source given)" : defaults.sources[k],
            overriding > 0 ? fmt::format("; {} build(s) set their own value, kept while the key starts with '_'", overriding)
                           : "");
    }
    root["_sources"] = std::move(sources);
    return root.dump(2) + "\n";
}

}  // namespace gpucost
