#include "gpucost/io/scenario_json.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "gpucost/io/assumptions_json.hpp"
#include "gpucost/io/json_reader.hpp"
#include "gpucost/io/ranges_json.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {
namespace {

using json = nlohmann::json;

const char* const k_build_key = "build";
const char* const k_cloud_key = "cloud";
const char* const k_ranges_key = "ranges";

// The matching keys (issue 12), as the flags of the same names spell them.
const std::vector<std::string> k_match_keys = {
    "match",  "tier", "workload", "min_vram_gb", "min_fp64_tflops", "min_interconnect", "min_gpus_per_instance",
    "require"};

std::vector<std::string> known_keys() {
    std::vector<std::string> keys = assumption_names();
    keys.emplace_back(k_build_key);
    keys.emplace_back(k_cloud_key);
    keys.insert(keys.end(), k_match_keys.begin(), k_match_keys.end());
    keys.emplace_back(k_ranges_key);
    return keys;
}

// "match", "tier", "workload" and the requirements; each optional.
MatchRequest read_match(JsonReader& r, const json& root) {
    MatchRequest m;
    if (const auto level = r.string(root, "", "match", false)) {
        m.level = parse_match_level(*level);
        if (!m.level)
            r.error("/match", fmt::format("must be one of {}, got {}", fmt::join(k_match_level_names, ", "),
                                          quote_value(*level)));
    }
    if (const auto tiers = r.string(root, "", "tier", false)) {
        std::string why;
        m.tiers = parse_tier_list(*tiers, why);
        if (!m.tiers) r.error("/tier", why);
    }
    m.workload = r.string(root, "", "workload", false);
    Requirements& q = m.requirements;
    q.min_vram_gb = r.number(root, "", "min_vram_gb", 0, 1e5, false, false, "GB");
    q.min_fp64_tflops = r.number(root, "", "min_fp64_tflops", 0, 1e6, false, false, "TFLOPS");
    if (const auto link = r.string(root, "", "min_interconnect", false)) {
        q.min_interconnect = parse_interconnect(*link);
        if (!q.min_interconnect)
            r.error("/min_interconnect", fmt::format("must be one of {}, got {}", fmt::join(k_interconnect_names, ", "),
                                                     quote_value(*link)));
    }
    q.min_gpus_per_instance = r.integer(root, "", "min_gpus_per_instance", 1, 1'000'000, false);
    if (const auto require = r.string(root, "", "require", false)) {
        std::string why;
        if (const auto set = parse_compliance_list(*require, why))
            q.compliance = *set;
        else
            r.error("/require", why);
    }
    return m;
}

// "build" and "cloud": an id, or null for the default choice.
std::optional<std::string> read_id(JsonReader& r, const json& root, const char* key) {
    const json* value = JsonReader::member(root, key);
    if (value == nullptr || value->is_null()) return std::nullopt;
    if (!value->is_string() || value->get_ref<const std::string&>().empty()) {
        r.error(child_path("", key), fmt::format("must be a non-empty id string or null, got {}", describe(*value)));
        return std::nullopt;
    }
    if (const auto bad = forbidden_character(value->get_ref<const std::string&>())) {
        r.error(child_path("", key), forbidden_character_message(*bad));
        return std::nullopt;
    }
    return value->get<std::string>();
}

// "PUE" is two edits from nothing near enough for did_you_mean; a key in the wrong case is the likely slip.
std::string suggestion(const std::string& key, const std::vector<std::string>& known) {
    std::string lower = key;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (lower != key && std::find(known.begin(), known.end(), lower) != known.end())
        return fmt::format(" (did you mean {}?)", quote_value(lower));
    return did_you_mean(key, known);
}

// The top-level keys of a JSON object in the order written, duplicates kept: nlohmann keeps only the last value
// of a repeated key, silently, and other JSON readers keep the first, so a repeated key is an error.
class TopLevelKeys : public json::json_sax_t {
public:
    std::vector<std::string> keys;

    bool null() override { return true; }
    bool boolean(bool) override { return true; }
    bool number_integer(json::number_integer_t) override { return true; }
    bool number_unsigned(json::number_unsigned_t) override { return true; }
    bool number_float(json::number_float_t, const json::string_t&) override { return true; }
    bool string(json::string_t&) override { return true; }
    bool binary(json::binary_t&) override { return true; }
    bool start_object(std::size_t) override { return ++m_depth, true; }
    bool key(json::string_t& k) override {
        if (m_depth == 1) keys.push_back(k);
        return true;
    }
    bool end_object() override { return --m_depth, true; }
    bool start_array(std::size_t) override { return ++m_depth, true; }
    bool end_array() override { return --m_depth, true; }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

private:
    int m_depth = 0;
};

void report_duplicate_keys(JsonReader& r, std::string_view text) {
    TopLevelKeys sax;
    json::sax_parse(text, &sax);
    std::vector<std::string> keys = sax.keys;
    std::stable_sort(keys.begin(), keys.end());
    for (auto it = keys.begin(); it != keys.end();) {
        const auto next = std::upper_bound(it, keys.end(), *it);
        const auto count = next - it;
        if (count > 1 && (it->empty() || it->front() != '_'))
            r.error(child_path("", *it),
                    fmt::format("appears {}; keep one (JSON readers disagree on which value counts)",
                                count == 2 ? std::string("twice") : fmt::format("{} times", count)));
        it = next;
    }
}

}  // namespace

Scenario parse_scenario(std::string_view text, const std::string& file) {
    const json root = parse_json_text(text, file, "a scenario needs 2");  // "_sources" is the deepest
    JsonReader r;
    Scenario s;
    s.assumptions.origin = fmt::format("scenario {}", file);
    if (!root.is_object()) {
        r.error("", fmt::format("must be an object of assumptions, \"build\" and \"cloud\", got {}", describe(root)));
        throw ValidationError(file, std::move(r.errors()));  // the root: no number's path
    }
    // A scenario steers a budget decision: an unknown key is an error (a typo would silently change nothing).
    report_duplicate_keys(r, text);
    const std::vector<std::string> known = known_keys();
    for (const auto& item : root.items()) {
        const std::string& key = item.key();
        if (!key.empty() && key.front() == '_') continue;
        if (std::find(known.begin(), known.end(), key) != known.end()) continue;
        r.error(child_path("", key),
                fmt::format("unknown key{}; keys starting with '_' are comments", suggestion(key, known)));
    }
    for (const AssumptionInfo& i : assumption_infos()) read_assumption_value(r, root, "", i, s.assumptions);
    s.build_id = read_id(r, root, k_build_key);
    s.cloud_id = read_id(r, root, k_cloud_key);
    s.match = read_match(r, root);
    if (const json* ranges = JsonReader::member(root, k_ranges_key))
        read_ranges(r, *ranges, child_path("", k_ranges_key), {"", s.assumptions.origin, file}, s.ranges);
    if (!r.errors().empty()) {
        echo_typed_numbers(r.errors(), text);
        throw ValidationError(file, std::move(r.errors()), std::move(r.warnings()));
    }
    return s;
}

Scenario load_scenario_file(const std::string& path) {
    return parse_scenario(read_text_file(path, k_max_scenario_bytes, "a scenario file"), path);
}

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
        const AssumptionValue v = input_value(i.key, get_value(defaults.values, i.key));
        // Scenario values win over a build's own; a template that set them would silently change those builds.
        const auto overriding = std::count_if(catalog.builds.begin(), catalog.builds.end(),
                                              [&](const Build& b) { return b.assumptions.get(i.key).has_value(); });
        const std::string name = (overriding > 0 ? "_" : "") + std::string(i.name);
        if (const std::string_view word = choice_word(v); !word.empty())
            root[name] = std::string(word);
        else
            root[name] = std::get<double>(v);
        const std::string unit = i.unit.empty() ? "" : fmt::format(" [{}]", i.unit);
        sources[std::string(i.name)] = fmt::format(
            "{}{}; default from {}: {}{}", i.help, unit, defaults.origins[k], defaults.sources[k],
            overriding > 0
                ? fmt::format("; {} build(s) set their own value, kept while the key starts with '_'", overriding)
                : "");
    }
    root["_sources"] = std::move(sources);
    return root.dump(2) + "\n";
}

}  // namespace gpucost
