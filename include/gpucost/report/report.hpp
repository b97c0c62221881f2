// The report model: every figure a renderer shows, computed once, so table, JSON and CSV never disagree.
#pragma once

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "gpucost/engine/cost_model.hpp"
#include "gpucost/model/assumptions.hpp"
#include "gpucost/model/catalog.hpp"
#include "gpucost/util/date.hpp"

namespace gpucost {

// What the user asked to compare.
struct ComparisonRequest {
    std::optional<std::string> build_id;  // empty: every build in the catalogue
    std::optional<std::string> cloud_id;  // empty: the cheapest offer for the build's GPU
    std::string build_id_file;            // the scenario file that named build_id, for messages; empty: a flag
    std::string cloud_id_file;            // ... and cloud_id
    AssumptionLayer flags;                // origin "flag"; wins over everything
    AssumptionLayer scenario;             // origin "scenario FILE"; below flags, above a build's overrides
    std::optional<std::string> region;    // cheapest match only among offers in this region (case-insensitive)
    std::optional<std::string> provider;  // ... and from this provider (case-insensitive)
    std::optional<int> max_age_days;      // figures older than this (days before `today`) become warnings
    Date today;                           // for max_age_days; the CLI injects GPUCOST_TODAY or the clock
};

// One build set against one cloud offer.
struct Comparison {
    const Build* build = nullptr;  // points into the Catalog, which outlives the report
    const Gpu* gpu = nullptr;
    const CloudOffer* offer = nullptr;
    ResolvedAssumptions assumptions;  // in force for this comparison (catalogue < build < flags)
    BuildSpec build_spec;
    CloudSpec cloud_spec;
    Evaluation result;
    std::string offer_choice;            // why this offer, for the reader
    std::vector<std::string> estimates;  // figures used that are estimates or unverified
};

// The result of one budget gate of `gpucost check` on one comparison.
struct GateCheck {
    using Value = std::variant<std::monostate, double, std::string>;  // null, a number, or "build" / "cloud"
    std::string name;      // the flag without dashes: "max-payback-months", "expect"
    std::string build_id;  // the comparison it judged
    std::string cloud_id;
    Value limit;  // as given on the command line
    Value value;  // the report's figure; null when there is none (no payback)
    bool passed = false;
};

// Everything a renderer needs.
struct Report {
    std::string catalog_as_of;
    std::string catalog_source;                    // "embedded" or a path
    std::string oldest_as_of;                      // oldest as_of among the figures used
    ResolvedAssumptions assumptions;               // catalogue < flags, before any build's overrides
    bool detailed = false;                         // one build asked for by --build
    std::vector<Comparison> comparisons;           // detailed: one; else ranked by savings from building
    std::vector<std::string> warnings;             // shown on stderr and in JSON
    std::optional<std::vector<GateCheck>> checks;  // `gpucost check` only: every gate on every comparison
};

// Computes the report. Throws DataError for an unknown build or offer id (with "did you mean"),
// and when a build asked for has no cloud offer to compare with.
Report build_report(const Catalog& catalog, const ComparisonRequest& request);

// A catalogue entry used by a report whose as_of is older than a freshness limit.
struct StaleFigure {
    std::string kind;  // "GPU", "build" or "offer"
    std::string id;
    std::string as_of;          // as written in the catalogue (YYYY-MM reads as its first day)
    std::int64_t age_days = 0;  // today - as_of
};

// The entries the report's comparisons rest on that are more than `max_age_days` days old on `today`,
// each once, oldest first (ties by kind, then id).
std::vector<StaleFigure> stale_figures(const Report& report, int max_age_days, Date today);

// "offer x: as_of 2025-01-01 is 400 days old (more than --max-age-days 365)".
std::string stale_warning(const StaleFigure& figure, int max_age_days);

// The build's cost inputs as plain numbers for the engine.
BuildSpec build_spec_for(const Build& build, const Gpu& gpu);

}  // namespace gpucost
