#include "gpucost/io/compare_run_json.hpp"

#include <cctype>

#include <fmt/format.h>

#include "gpucost/io/assumptions_json.hpp"
#include "gpucost/io/json_reader.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {
namespace {

using json = nlohmann::json;

// A compare output is small; a file far larger is the wrong file.
constexpr std::size_t k_max_run_bytes = 256u << 20;

constexpr const char* k_how_to_make = "make one with gpucost compare --format json";

// The body of each command diff reads, by command.
const char* body_key(const std::string& command) {
    if (command == "compare") return "report";
    if (command == "check") return "check";
    return nullptr;
}

// The money keys' suffix for the run's currency: "usd", "eur" (the writers rename total_usd to total_eur).
std::string currency_suffix(const json& root) {
    const json* currency = JsonReader::member(root, "currency");
    const json* code = currency == nullptr ? nullptr : JsonReader::member(*currency, "code");
    std::string suffix = code != nullptr && code->is_string() ? code->get<std::string>() : "USD";
    for (char& c : suffix) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return suffix;
}

double per_usd(JsonReader& r, const json& root) {
    const json* currency = JsonReader::member(root, "currency");
    if (currency == nullptr) return 1.0;
    return r.number(*currency, "/currency", "per_usd", 0, 1e12, true, true).value_or(1.0);
}

std::string text_of(JsonReader& r, const json& object, const std::string& path, std::string_view key) {
    return r.string(object, path, key, true).value_or("");
}

// Money as US dollars: the run wrote it in its currency at `rate` per US dollar.
double money(JsonReader& r, const json& object, const std::string& path, const std::string& key, double rate) {
    const json* value = JsonReader::member(object, key);
    if (value == nullptr || !value->is_number()) {
        r.error(child_path(path, key), value == nullptr ? "missing: every comparison of a compare output has it"
                                                        : fmt::format("must be a number, got {}", describe(*value)));
        return 0;
    }
    return value->get<double>() / rate;
}

RunComparison comparison(JsonReader& r, const json& c, const std::string& path, const std::string& suffix,
                         double rate) {
    RunComparison out;
    const json* build = JsonReader::member(c, "build");
    const json* cloud = JsonReader::member(c, "cloud");
    const json* even = JsonReader::member(c, "break_even");
    if (build == nullptr || cloud == nullptr || even == nullptr) {
        r.error(path, "must hold \"build\", \"cloud\" and \"break_even\" objects");
        return out;
    }
    const std::string total = "total_" + suffix;
    out.build_id = text_of(r, *build, path + "/build", "id");
    out.build_name = text_of(r, *build, path + "/build", "name");
    out.offer_id = text_of(r, *cloud, path + "/cloud", "id");
    out.build_total_usd = money(r, *build, path + "/build", total, rate);
    out.cloud_total_usd = money(r, *cloud, path + "/cloud", total, rate);
    const std::string cheaper = text_of(r, c, path, "cheaper");
    if (cheaper != "build" && cheaper != "cloud")
        r.error(path + "/cheaper", fmt::format("must be \"build\" or \"cloud\", got {}", quote_value(cheaper)));
    out.build_cheaper = cheaper == "build";
    out.savings_usd = money(r, c, path, "savings_" + suffix, rate);
    const std::string even_path = path + "/break_even";
    out.break_even_hours = r.nullable_number(*even, even_path, "hours_per_week", 0, 1e6);
    const json* above = JsonReader::member(*even, "build_cheaper_above");
    out.build_cheaper_above = above != nullptr && above->is_boolean() && above->get<bool>();
    out.payback_month = r.nullable_number(*even, even_path, "payback_month", 0, 1e6);
    return out;
}

// The envelope's assumptions, each with its origin and source; a key the run did not write keeps an empty origin.
ResolvedAssumptions assumptions(JsonReader& r, const json& root) {
    AssumptionLayer layer;
    const json* values = JsonReader::member(root, "assumptions");
    if (values == nullptr || !values->is_object()) {
        r.error("/assumptions", "must be an object of assumptions");
        return {};
    }
    for (const AssumptionInfo& i : assumption_infos()) read_assumption_value(r, *values, "/assumptions", i, layer);
    ResolvedAssumptions resolved = resolve({&layer});
    const json* sources = JsonReader::member(root, "assumption_sources");
    for (const AssumptionInfo& i : assumption_infos()) {
        const std::size_t k = static_cast<std::size_t>(i.key);
        const json* entry = sources == nullptr ? nullptr : JsonReader::member(*sources, i.name);
        const json* from = entry == nullptr ? nullptr : JsonReader::member(*entry, "from");
        const json* source = entry == nullptr ? nullptr : JsonReader::member(*entry, "source");
        resolved.origins[k] = !layer.get(i.key)                      ? ""
                              : from != nullptr && from->is_string() ? from->get<std::string>()
                                                                     : "";
        resolved.sources[k] = source != nullptr && source->is_string() ? source->get<std::string>() : "";
    }
    return resolved;
}

// One line for a file that is no compare run at all: not an object, no envelope, another command or version.
void check_envelope(const json& root, const std::string& file, int schema_version) {
    const json* version = root.is_object() ? JsonReader::member(root, "schema_version") : nullptr;
    const json* command = root.is_object() ? JsonReader::member(root, "command") : nullptr;
    if (version == nullptr || command == nullptr || !command->is_string())
        throw DataError(fmt::format("{}: not a gpucost JSON output (no \"schema_version\" and \"command\"); {}", file,
                                    k_how_to_make));
    const std::string name = command->get<std::string>();
    if (body_key(name) == nullptr)
        throw DataError(fmt::format("{}: the JSON output of {}, not of compare or check; {}", file, quote_value(name),
                                    k_how_to_make));
    if (!version->is_number_integer() || version->get<long long>() != schema_version)
        throw DataError(fmt::format("{}: schema_version {}, but this gpucost reads {}: make both runs with the same "
                                    "gpucost",
                                    file, version->dump(), schema_version));
}

}  // namespace

CompareRun parse_compare_run(std::string_view text, const std::string& file, int schema_version) {
    const json root = parse_json_text(text, file, "a compare output needs 7");
    check_envelope(root, file, schema_version);
    JsonReader r;
    CompareRun run;
    run.file = file;
    run.command = root.at("command").get<std::string>();
    run.tool_version = text_of(r, root, "", "tool_version");
    if (const json* catalog = JsonReader::member(root, "catalog"); catalog != nullptr) {
        run.catalog_as_of = text_of(r, *catalog, "/catalog", "as_of");
        run.catalog_source = text_of(r, *catalog, "/catalog", "source");
        run.oldest_as_of = r.string(*catalog, "/catalog", "oldest_figure_as_of", false).value_or("");
    } else {
        r.error("/catalog", "missing: the envelope's catalogue object");
    }
    run.assumptions = assumptions(r, root);
    const std::string key = body_key(run.command);
    const std::string suffix = currency_suffix(root);
    const double rate = per_usd(r, root);
    const json* body = JsonReader::member(root, key);
    const json* list = body == nullptr ? nullptr : JsonReader::member(*body, "comparisons");
    if (list == nullptr || !list->is_array()) {
        r.error(child_path(child_path("", key), "comparisons"), "must be an array of comparisons");
    } else {
        for (std::size_t i = 0; i < list->size(); ++i)
            run.comparisons.push_back(
                comparison(r, (*list)[i], child_path(child_path(child_path("", key), "comparisons"), i), suffix, rate));
    }
    if (!r.errors().empty()) throw ValidationError(file, std::move(r.errors()));
    return run;
}

CompareRun load_compare_run(const std::string& path, int schema_version) {
    return parse_compare_run(read_text_file(path, k_max_run_bytes, "a compare output"), path, schema_version);
}

}  // namespace gpucost
