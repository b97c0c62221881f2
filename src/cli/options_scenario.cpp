// Options that say what to compare: --build, --cloud, --region, --provider, --scenario and every assumption flag.
#include <algorithm>
#include <cstdlib>
#include <ostream>
#include <streambuf>
#include <string_view>

#include <fmt/format.h>

#include "cli_common.hpp"
#include "gpucost/api.hpp"
#include "gpucost/io/scenario_json.hpp"
#include "gpucost/model/scenario.hpp"
#include "gpucost/util/files.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost::cli {

namespace {
constexpr const char* k_assumption_group = "Assumptions (default: the catalogue's)";
}  // namespace

void add_scenario_options(CLI::App& command, ScenarioOptions& o) {
    add_named_option(command, "--build", o.build, "the build to report in detail (default: rank every build)")
        ->type_name("ID");
    add_named_option(command, "--cloud", o.cloud,
                     "the cloud offer to compare with (default: the cheapest that --match allows for the build)")
        ->type_name("ID");
    add_named_option(command, "--region", o.region, "match only cloud offers in this region (case-insensitive)")
        ->type_name("REGION");
    add_named_option(command, "--provider", o.provider, "match only cloud offers from this provider (case-insensitive)")
        ->type_name("NAME");
    add_named_option(command, "--backup-offer", o.backup_offer,
                     "the offer rented on demand while the owned machine is on order or down (default: the cheapest "
                     "like-for-like on-demand offer)")
        ->type_name("ID");
    add_named_option(command, "--scenario", o.scenario,
                     "read assumptions, build and cloud from this JSON file (flags win; see 'gpucost init')")
        ->type_name("FILE");
    add_match_options(command, o.match);
    for (const AssumptionInfo& i : assumption_infos()) {
        const std::string flag = flag_name(i.key);
        // --years always: --months excludes it by name.
        if (i.key != AssumptionKey::horizon_months && NamedFlagsOnly::left_out(flag)) continue;
        std::string description = std::string(i.help);
        if (!is_choice(i.kind)) description += fmt::format(", {}", range_text(i, true));
        CLI::Option* option = command.add_option(flag, o.assumptions[i.key], description)->group(k_assumption_group);
        o.given[i.key] = option;
        switch (i.kind) {
            case AssumptionKind::pricing: option->type_name("PRICING"); break;
            case AssumptionKind::idle: option->type_name("always-on|off"); break;
            case AssumptionKind::resale: option->type_name("straight-line|curve|none"); break;
            case AssumptionKind::downtime: option->type_name("cover|lost"); break;
            case AssumptionKind::discounting: option->type_name("monthly|annual"); break;
            case AssumptionKind::financing: option->type_name("cash|loan|lease"); break;
            case AssumptionKind::lease_end: option->type_name("return|fmv|one-dollar"); break;
            case AssumptionKind::depreciation: option->type_name("none|straight-line|macrs-5"); break;
            case AssumptionKind::tax_timing: option->type_name("month|year-end"); break;
            case AssumptionKind::whole_number: option->type_name("N"); break;
            case AssumptionKind::number:
            case AssumptionKind::years_in_months: option->type_name("NUMBER"); break;
        }
    }
    o.months_option = command
                          .add_option("--months", o.months,
                                      fmt::format("horizon in whole months, instead of --years, [1, {}]",
                                                  months_for_years(info(AssumptionKey::horizon_months).max)))
                          ->type_name("N")
                          ->group(k_assumption_group)
                          ->excludes(command.get_option("--years"));
}

std::vector<InputFile> report_inputs(const CatalogOptions& catalog, const ScenarioOptions& scenario) {
    std::vector<InputFile> inputs = catalog_inputs(catalog);
    if (!scenario.scenario.empty()) inputs.push_back({"--scenario", scenario.scenario});
    return inputs;
}

AssumptionLayer flag_layer(const ScenarioOptions& o) {
    AssumptionLayer layer;
    layer.origin = "flag";
    std::vector<std::string> problems;
    for (const auto& [key, text] : o.assumptions) {
        if (o.given.at(key)->count() == 0) continue;
        ParsedAssumption parsed = parse_assumption_value(key, std::string_view(text));
        if (parsed.value)
            layer.set(key, *parsed.value);
        else
            problems.push_back(fmt::format("{}: {}", flag_name(key), parsed.reason));
    }
    if (o.months_option != nullptr && o.months_option->count() > 0) {
        const int max_months = months_for_years(info(AssumptionKey::horizon_months).max);
        const auto months = parse_number(o.months);
        if (!months || *months < 1 || *months > max_months || *months != static_cast<int>(*months))
            problems.push_back(
                fmt::format("--months: must be a whole number in [1, {}], got {}", max_months, quote_value(o.months)));
        else
            layer.set(AssumptionKey::horizon_months, *months);
    }
    if (!problems.empty()) throw UsageError(fmt::format("{}", fmt::join(problems, "\n")));
    return layer;
}

ComparisonRequest comparison_request(const ScenarioOptions& o) {
    ComparisonRequest request;
    request.flags = flag_layer(o);
    const MatchRequest flags = match_request(o.match);
    request.match = flags;
    if (!o.scenario.empty()) {
        Scenario scenario = load_scenario_file(o.scenario);
        request.match = layered(scenario.match, flags);
        request.scenario = std::move(scenario.assumptions);
        if (scenario.build_id) request.build_id_file = o.scenario;
        if (scenario.cloud_id) request.cloud_id_file = o.scenario;
        request.build_id = std::move(scenario.build_id);
        request.cloud_id = std::move(scenario.cloud_id);
        request.scenario_ranges = std::move(scenario.ranges);
    }
    if (!o.build.empty()) request.build_id = o.build, request.build_id_file.clear();
    if (!o.cloud.empty()) request.cloud_id = o.cloud, request.cloud_id_file.clear();
    if (!o.region.empty()) request.region = o.region;
    if (!o.provider.empty()) request.provider = o.provider;
    if (!o.backup_offer.empty()) request.backup_offer = o.backup_offer;
    return request;
}

}  // namespace gpucost::cli
