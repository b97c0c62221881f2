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
constexpr const char* k_match_group = "Matching (like for like: see 'Matching' in the README)";

void add_match_options(CLI::App& command, ScenarioOptions& o) {
    command
        .add_option("--match", o.match,
                    "like-for-like (default: same GPU, GPUs per node, interconnect), gpu (same GPU, any instance) or "
                    "any (any GPU the --workload measures, for the same work)")
        ->type_name("LEVEL")
        ->group(k_match_group);
    command
        .add_option("--tier", o.tier, "only offers of these tiers: marketplace, gpu-cloud, hyperscaler (comma list)")
        ->type_name("LIST")
        ->group(k_match_group);
    command.add_option("--workload", o.workload, "a catalogue workload: throughputs for --match any")
        ->type_name("ID")
        ->group(k_match_group);
    command.add_option("--min-vram-gb", o.min_vram_gb, "builds and offers with at least this VRAM per GPU")
        ->type_name("GB")
        ->group(k_match_group);
    command.add_option("--min-fp64-tflops", o.min_fp64_tflops, "... at least this FP64 throughput per GPU")
        ->type_name("TFLOPS")
        ->group(k_match_group);
    command
        .add_option("--min-interconnect", o.min_interconnect, "... at least this interconnect: pcie, nvlink, nvswitch")
        ->type_name("LINK")
        ->group(k_match_group);
    command
        .add_option("--min-gpus-per-instance", o.min_gpus_per_instance, "... at least this many GPUs in one machine")
        ->type_name("N")
        ->group(k_match_group);
    command.add_flag("--verbose", o.verbose, "list every build and offer left out, with the reason, on stderr")
        ->group(k_match_group);
}

}  // namespace

MatchRequest match_flags(const ScenarioOptions& o) {
    MatchRequest m;
    std::vector<std::string> problems;
    if (!o.match.empty()) {
        m.level = parse_match_level(o.match);
        if (!m.level)
            problems.push_back(fmt::format("--match: must be one of {}, got {}{}", fmt::join(k_match_level_names, ", "),
                                           quote_value(o.match),
                                           did_you_mean(o.match, {"like-for-like", "gpu", "any"})));
    }
    if (!o.tier.empty()) {
        std::string why;
        m.tiers = parse_tier_list(o.tier, why);
        if (!m.tiers) problems.push_back(fmt::format("--tier: {}", why));
    }
    if (!o.workload.empty()) m.workload = o.workload;
    const auto number = [&](const std::string& text, const char* flag, double max, std::optional<double>& into) {
        if (text.empty()) return;
        const auto v = parse_number(text);
        if (!v || *v < 0 || *v > max)
            problems.push_back(
                fmt::format("{}: must be a number in [0, {}], got {}", flag, exact_number(max), quote_value(text)));
        else
            into = *v;
    };
    number(o.min_vram_gb, "--min-vram-gb", 1e5, m.requirements.min_vram_gb);
    number(o.min_fp64_tflops, "--min-fp64-tflops", 1e6, m.requirements.min_fp64_tflops);
    if (!o.min_interconnect.empty()) {
        m.requirements.min_interconnect = parse_interconnect(o.min_interconnect);
        if (!m.requirements.min_interconnect)
            problems.push_back(fmt::format("--min-interconnect: must be one of {}, got {}",
                                           fmt::join(k_interconnect_names, ", "), quote_value(o.min_interconnect)));
    }
    if (!o.min_gpus_per_instance.empty()) {
        const auto v = parse_number(o.min_gpus_per_instance);
        if (!v || *v < 1 || *v > 1e6 || *v != static_cast<double>(static_cast<std::int64_t>(*v)))
            problems.push_back(fmt::format("--min-gpus-per-instance: must be a whole number in [1, 1000000], got {}",
                                           quote_value(o.min_gpus_per_instance)));
        else
            m.requirements.min_gpus_per_instance = static_cast<std::int64_t>(*v);
    }
    if (!problems.empty()) throw UsageError(fmt::format("{}", fmt::join(problems, "\n")));
    return m;
}

void print_exclusions(std::ostream& err, const ScenarioOptions& o, const std::vector<Excluded>& excluded) {
    if (!o.verbose) return;
    for (const Excluded& e : excluded)
        print_line(err, "note",
                   e.kind == "build" ? fmt::format("left out build {}: {}", quote_value(e.id), e.reason)
                                     : fmt::format("left out offer {} for build {}: {}", quote_value(e.id),
                                                   quote_value(e.build_id), e.reason));
}

void add_scenario_options(CLI::App& command, ScenarioOptions& o) {
    command.add_option("--build", o.build, "the build to report in detail (default: rank every build)")
        ->type_name("ID");
    command
        .add_option("--cloud", o.cloud, "the cloud offer to compare with (default: the cheapest for the build's GPU)")
        ->type_name("ID");
    command.add_option("--region", o.region, "match only cloud offers in this region (case-insensitive)")
        ->type_name("REGION");
    command.add_option("--provider", o.provider, "match only cloud offers from this provider (case-insensitive)")
        ->type_name("NAME");
    command
        .add_option("--scenario", o.scenario,
                    "read assumptions, build and cloud from this JSON file (flags win; see 'gpucost init')")
        ->type_name("FILE");
    add_match_options(command, o);
    for (const AssumptionInfo& i : assumption_infos()) {
        std::string description = std::string(i.help);
        if (!is_choice(i.kind)) description += fmt::format(", {}", range_text(i, true));
        CLI::Option* option =
            command.add_option(flag_name(i.key), o.assumptions[i.key], description)->group(k_assumption_group);
        o.given[i.key] = option;
        switch (i.kind) {
            case AssumptionKind::pricing: option->type_name("PRICING"); break;
            case AssumptionKind::idle: option->type_name("always-on|off"); break;
            case AssumptionKind::resale: option->type_name("straight-line|curve|none"); break;
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
    const MatchRequest flags = match_flags(o);
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
    return request;
}

}  // namespace gpucost::cli
