// Options that say how offers are matched to builds (issue 12): --match, --tier, --workload, the requirement flags
// and --verbose, for any command that matches.
#include <cstdint>
#include <map>
#include <ostream>
#include <string_view>
#include <unordered_map>

#include <fmt/format.h>

#include "cli_common.hpp"
#include "gpucost/io/scenario_json.hpp"
#include "gpucost/model/scenario.hpp"
#include "gpucost/report/match_words.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost::cli {

namespace {
constexpr const char* k_match_group = "Matching (like for like: see docs/matching.md)";
// The largest requirement a flag takes: far above any GPU sold, so only a typo is refused.
constexpr double k_max_vram_gb = 100000.0;
constexpr double k_max_fp64_tflops = 1000000.0;
constexpr std::int64_t k_max_gpus_per_instance = 1000000;

// A number flag in [0, max], into `into`; a problem otherwise.
void number_flag(const std::string& text, const char* flag, double max, std::optional<double>& into,
                 std::vector<std::string>& problems) {
    if (text.empty()) return;
    const auto v = parse_number(text);
    if (!v || *v < 0 || *v > max)
        problems.push_back(
            fmt::format("{}: must be a number in [0, {}], got {}", flag, exact_number(max), quote_value(text)));
    else
        into = *v;
}

void gpus_flag(const std::string& text, std::optional<std::int64_t>& into, std::vector<std::string>& problems) {
    if (text.empty()) return;
    const auto v = parse_number(text);
    if (!v || *v < 1 || *v > static_cast<double>(k_max_gpus_per_instance) ||
        *v != static_cast<double>(static_cast<std::int64_t>(*v)))
        problems.push_back(fmt::format("--min-gpus-per-instance: must be a whole number in [1, {}], got {}",
                                       k_max_gpus_per_instance, quote_value(text)));
    else
        into = static_cast<std::int64_t>(*v);
}

}  // namespace

void add_match_options(CLI::App& command, MatchFlags& o) {
    add_named_option(command, "--match", o.match,
                     "like-for-like (default: the build's GPU, GPUs per node and interconnect), gpu (the build's GPU, "
                     "any instance) or any (any GPU the --workload measures, for the same work)")
        ->type_name("LEVEL")
        ->group(k_match_group);
    add_named_option(command, "--tier", o.tier,
                     "only offers of these tiers: marketplace, gpu-cloud, hyperscaler (comma list)")
        ->type_name("LIST")
        ->group(k_match_group);
    add_named_option(command, "--workload", o.workload,
                     "a catalogue workload: its per-GPU throughputs size a rental of another GPU (--match any)")
        ->type_name("ID")
        ->group(k_match_group);
    add_named_option(command, "--min-vram-gb", o.min_vram_gb, "builds and offers with at least this VRAM per GPU")
        ->type_name("GB")
        ->group(k_match_group);
    add_named_option(command, "--min-fp64-tflops", o.min_fp64_tflops,
                     "builds and offers with at least this FP64 throughput per GPU")
        ->type_name("TFLOPS")
        ->group(k_match_group);
    add_named_option(command, "--min-interconnect", o.min_interconnect,
                     "builds and offers with at least this link between GPUs: pcie, nvlink, nvswitch")
        ->type_name("LINK")
        ->group(k_match_group);
    add_named_option(command, "--min-gpus-per-instance", o.min_gpus_per_instance,
                     "builds and offers with at least this many GPUs in one machine")
        ->type_name("N")
        ->group(k_match_group);
    add_named_option(command, "--require", o.require,
                     "only offers whose provider attests these: hipaa-baa, soc2, iso27001 (comma list; adds to a "
                     "build's own \"require\")")
        ->type_name("LIST")
        ->group(k_match_group);
    add_named_flag(command, "--verbose", o.verbose, "list every build and offer left out, with the reason, on stderr")
        ->group(k_match_group);
}

MatchRequest match_request(const MatchFlags& o) {
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
    number_flag(o.min_vram_gb, "--min-vram-gb", k_max_vram_gb, m.requirements.min_vram_gb, problems);
    number_flag(o.min_fp64_tflops, "--min-fp64-tflops", k_max_fp64_tflops, m.requirements.min_fp64_tflops, problems);
    if (!o.min_interconnect.empty()) {
        m.requirements.min_interconnect = parse_interconnect(o.min_interconnect);
        if (!m.requirements.min_interconnect)
            problems.push_back(fmt::format("--min-interconnect: must be one of {}, got {}",
                                           fmt::join(k_interconnect_names, ", "), quote_value(o.min_interconnect)));
    }
    gpus_flag(o.min_gpus_per_instance, m.requirements.min_gpus_per_instance, problems);
    if (!o.require.empty()) {
        std::string why;
        if (const auto set = parse_compliance_list(o.require, why))
            m.requirements.compliance = *set;
        else
            problems.push_back(fmt::format("--require: {}", why));
    }
    if (!problems.empty()) throw UsageError(fmt::format("{}", fmt::join(problems, "\n")));
    return m;
}

MatchRequest match_request(const MatchFlags& flags, const std::string& scenario_file) {
    const MatchRequest above = match_request(flags);
    if (scenario_file.empty()) return above;
    return layered(load_scenario_file(scenario_file).match, above);
}

MatchOptions resolve_match_options(const Catalog& catalog, const MatchFlags& flags, const std::string& scenario_file) {
    return match_options(catalog, match_request(flags, scenario_file));
}

namespace {

// What would admit an offer of the user's own files that the match left out, from the rule in `e.reason` (worded by
// report/match_words.cpp) and the fields its file gives; "" when only a flag of the user's own choosing would.
std::string admitting_change(const Catalog& catalog, const CloudOffer* offer, const Excluded& e,
                             const MatchFlags& flags) {
    const std::string_view reason = e.reason;
    if (offer == nullptr) return "";
    if (reason.rfind("interconnect ", 0) == 0) {
        if (offer->interconnect)
            return reason.find("the build's") != std::string_view::npos ? "--match gpu admits it" : "";
        const Build* build = catalog.find_build(e.build_id);
        const bool by_flag = reason.find("--min-interconnect") != std::string_view::npos;
        const std::string needed = by_flag && !flags.min_interconnect.empty() ? flags.min_interconnect
                                   : build != nullptr && !by_flag ? std::string(to_string(interconnect_of(*build)))
                                                                  : std::string();
        return fmt::format("its file gives no \"interconnect\", read as {}: add {} if its GPUs are linked so",
                           to_string(interconnect_of(*offer)),
                           needed.empty() ? std::string("\"interconnect\" (nvlink or nvswitch)")
                                          : fmt::format("\"interconnect\": \"{}\"", needed));
    }
    if (reason.rfind("has no tier", 0) == 0)
        return fmt::format("add \"tier\": one of {} that --tier keeps", fmt::join(k_offer_tier_names, ", "));
    if (reason.find("like-for-like needs") != std::string_view::npos)
        return "--match gpu admits it, with as many instances as the build has GPUs";
    if (reason.rfind("no ", 0) == 0 && reason.find(" price (it has") != std::string_view::npos)
        return "add that price to its \"usd_per_hour\", or choose another --pricing";
    if (reason.rfind("does not attest ", 0) == 0 && !offer->compliance)
        return "its file gives no \"compliance\": add the attributes its provider attests, with the page that says so";
    if (reason.rfind("workload ", 0) == 0 && reason.find(" has no figure for GPU ") != std::string_view::npos)
        return fmt::format("a figure for GPU {} in the workload's \"per_gpu\" admits it", quote_value(offer->gpu));
    return "";
}

std::string exclusion_line(const Excluded& e) {
    return e.kind == "build" || e.build_id.empty()
               ? fmt::format("left out {} {}: {}", e.kind, quote_value(e.id), e.reason)
               : fmt::format("left out offer {} for build {}: {}", quote_value(e.id), quote_value(e.build_id),
                             e.reason);
}

}  // namespace

void print_exclusions(std::ostream& err, const MatchFlags& o, const std::vector<Excluded>& excluded,
                      const Catalog& catalog, const std::map<std::string, std::string>& user_offers) {
    // The catalogue's offers by id, made once when a user's offer needs one: a search of the catalogue for each was
    // quadratic (rank over a 100,000-offer overlay spent 86 % of its 10 s there; issue 21's bench/memory.sh).
    std::unordered_map<std::string_view, const CloudOffer*> offers;
    for (const Excluded& e : excluded) {
        const auto file = e.kind == "offer" ? user_offers.find(e.id) : user_offers.end();
        if (file == user_offers.end()) {
            if (o.verbose) print_line(err, "note", exclusion_line(e));
            continue;
        }
        if (offers.empty())
            for (const CloudOffer& offer : catalog.cloud) offers.emplace(offer.id, &offer);  // the first of an id
        const auto found = offers.find(e.id);
        const std::string change = admitting_change(catalog, found == offers.end() ? nullptr : found->second, e, o);
        print_line(err, "note",
                   fmt::format("{} (an offer of {}{}{})", exclusion_line(e), file->second, change.empty() ? "" : "; ",
                               change));
    }
}

void print_unnamed_offers(std::ostream& err, std::int64_t unnamed, std::int64_t most_named, std::string_view per) {
    if (unnamed <= 0) return;
    print_line(err, "note",
               fmt::format("{} more of your own offers were left out and are not named here (at most {} {}); "
                           "--verbose names each, and --format json counts them by rule under excluded_counts",
                           unnamed, most_named, per));
}

}  // namespace gpucost::cli
