// The report model: every figure a renderer shows, computed once, so table, JSON and CSV never disagree.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "gpucost/assumptions.hpp"
#include "gpucost/catalog.hpp"
#include "gpucost/cost_model.hpp"

namespace gpucost {

// What the user asked to compare.
struct ComparisonRequest {
    std::optional<std::string> build_id;   // empty: every build in the catalogue
    std::optional<std::string> cloud_id;   // empty: the cheapest offer for the build's GPU
    AssumptionLayer flags;                 // origin "flag"; wins over everything
};

// One build set against one cloud offer.
struct Comparison {
    const Build* build = nullptr;          // points into the Catalog, which outlives the report
    const Gpu* gpu = nullptr;
    const CloudOffer* offer = nullptr;
    ResolvedAssumptions assumptions;       // in force for this comparison (catalogue < build < flags)
    BuildSpec build_spec;
    CloudSpec cloud_spec;
    Evaluation result;
    std::string offer_choice;              // why this offer, for the reader
    std::vector<std::string> estimates;    // figures used that are estimates or unverified
};

// Everything a renderer needs.
struct Report {
    std::string catalog_as_of;
    std::string catalog_source;            // "embedded" or a path
    std::string oldest_as_of;              // oldest as_of among the figures used
    ResolvedAssumptions assumptions;       // catalogue < flags, before any build's overrides
    bool detailed = false;                 // one build asked for by --build
    std::vector<Comparison> comparisons;   // detailed: one; else ranked by savings from building
    std::vector<std::string> warnings;     // shown on stderr and in JSON
};

// Computes the report. Throws DataError for an unknown build or offer id (with "did you mean"),
// and when a build asked for has no cloud offer to compare with.
Report build_report(const Catalog& catalog, const ComparisonRequest& request);

// The build's cost inputs as plain numbers for the engine.
BuildSpec build_spec_for(const Build& build, const Gpu& gpu);

}  // namespace gpucost
