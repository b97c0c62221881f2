// Whether a reader outside the project can follow a catalogue entry's source: a URL, a named document or a
// repository with its path and commit. A path inside the gpucost project, or a search index's file number, is not.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpucost/model/catalog.hpp"

namespace gpucost {

// Why `source` cannot be followed, worded to follow its JSON path ("cites ... ; cite ..."); empty when it can.
// Refused: a path inside the gpucost project (shared/..., ../shared/..., /work/...), a search index's file number
// ("index file id 123"), a bare number, and a lone relative path with no host ("reference/cloud.csv").
std::optional<std::string> unfollowable_source(std::string_view source);

// Every source in the catalogue as merged that fails the rule above, at its JSON path: each GPU's, build's,
// offer's and workload's "source", and each assumption's entry under "sources".
std::vector<Problem> unfollowable_sources(const Catalog& catalog);

}  // namespace gpucost
