// The run header: what every model says about the run that made it (which command, which catalogue, how old its
// oldest figure is, the assumptions in force, the warnings). Every report model holds one as its `header`, and
// every JSON output writes it as the same envelope (docs/output.md, "The JSON envelope"), so these fields are
// declared once.
#pragma once

#include <string>
#include <vector>

#include "gpucost/model/assumptions.hpp"
#include "gpucost/model/catalog.hpp"

namespace gpucost {

// The run-level facts of one model.
struct RunHeader {
    std::string command;                // the command that made the model: "compare", "catalog list"
    std::string catalog_as_of;          // the catalogue's as_of
    std::string catalog_source;         // "embedded", a path, or "<path> + <overlay>"
    std::string oldest_as_of;           // the oldest as_of among the figures the model uses; "" when none
    ResolvedAssumptions assumptions;    // catalogue < scenario < flags, before any build's overrides
    std::vector<std::string> warnings;  // shown on stderr, one line each, and in the JSON envelope
};

// A header for `command` over `catalog`: its date and source, the assumptions the layers resolve to (catalogue
// first, then each layer in order), no oldest figure and no warnings yet.
RunHeader run_header(const Catalog& catalog, std::string command, const std::vector<const AssumptionLayer*>& layers);

}  // namespace gpucost
