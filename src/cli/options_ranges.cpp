// Options of the uncertainty commands: --range ADDRESS=LOW:HIGH[:MODE] (repeatable), --range-dist, and
// simulate's --draws and --seed.
// g++ 12 at -O2 reports a "potential null pointer dereference" inside CLI11's split() as inlined into this file's
// add_option call for a repeatable option (a false positive in libstdc++'s string, as in options_catalog.cpp);
// silenced for this file alone, before the headers.
#pragma GCC diagnostic ignored "-Wnull-dereference"

#include <cmath>

#include <fmt/format.h>

#include "cli_common.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost::cli {
namespace {
constexpr const char* k_range_group = "Ranges (over the catalogue's and the scenario's)";
}  // namespace

void add_range_options(CLI::App& command, RangeOptions& o) {
    command
        .add_option("--range", o.ranges,
                    "vary an input between LOW and HIGH (peak at MODE, default the point value); ADDRESS is an "
                    "assumption key, gpu:ID/FIELD, build:ID/FIELD or cloud:ID/usd_per_hour/PRICING; repeatable")
        ->type_name("ADDRESS=LOW:HIGH[:MODE]")
        ->group(k_range_group);
    o.dist_option =
        command
            .add_option("--range-dist", o.dist,
                        fmt::format("the shape of every --range: {} (default triangular)", range_dist_choices()))
            ->type_name("DIST")
            ->group(k_range_group);
}

std::vector<RangeEntry> flag_ranges(const RangeOptions& o) {
    RangeDist dist = RangeDist::triangular;
    if (o.dist_option != nullptr && o.dist_option->count() > 0) {
        const auto parsed = parse_range_dist(o.dist);
        if (!parsed)
            throw UsageError(fmt::format("--range-dist: must be one of {}, got {}{}", range_dist_choices(),
                                         quote_value(o.dist), did_you_mean(o.dist, {"triangular", "uniform", "pert"})));
        dist = *parsed;
    }
    std::vector<RangeEntry> out;
    for (const std::string& text : o.ranges) {
        const std::size_t equals = text.find('=');
        if (equals == std::string::npos)
            throw UsageError(fmt::format("--range: expected ADDRESS=LOW:HIGH[:MODE], got {}", quote_value(text)));
        const std::string address_text = text.substr(0, equals);
        const ParsedAddress address = parse_address(address_text);
        if (!address.address) throw UsageError(fmt::format("--range: {}", address.reason));
        std::string reason;
        auto range = parse_range_text(std::string_view(text).substr(equals + 1), reason);
        if (!range) throw UsageError(fmt::format("--range {}: {}", address_text, reason));
        range->dist = dist;
        if (const std::string problem = range_problem(*address.address, *range); !problem.empty())
            throw UsageError(fmt::format("--range {}: {}", address_text, problem));
        out.push_back({address_text, *address.address, *range, "flag", "", ""});
    }
    return out;
}

void add_simulation_options(CLI::App& command, SimulationFlags& o, const char* group) {
    command
        .add_option("--draws", o.draws,
                    fmt::format("draws of every ranged input, [1, {}] (default 100000)", k_max_draws))
        ->type_name("N")
        ->group(group);
    command.add_option("--seed", o.seed, "seed of the random draws: the same seed gives the same output (default 1)")
        ->type_name("S")
        ->group(group);
}

SimulationOptions simulation_options(const SimulationFlags& o) {
    SimulationOptions s;
    const auto draws = parse_number(o.draws);
    if (!draws || *draws < 1 || *draws > static_cast<double>(k_max_draws) || std::floor(*draws) != *draws)
        throw UsageError(
            fmt::format("--draws: must be a whole number in [1, {}], got {}", k_max_draws, quote_value(o.draws)));
    s.draws = static_cast<std::size_t>(*draws);
    const auto seed = parse_number(o.seed);
    if (!seed || *seed < 0 || *seed > 9007199254740992.0 || std::floor(*seed) != *seed)
        throw UsageError(fmt::format("--seed: must be a whole number in [0, 2^53], got {}", quote_value(o.seed)));
    s.seed = static_cast<std::uint64_t>(*seed);
    return s;
}

}  // namespace gpucost::cli
