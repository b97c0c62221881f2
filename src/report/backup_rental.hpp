// The backup rental of a comparison (report.hpp's backup_rental) from a like-for-like search already made: the
// ranked `compare` needs no second search over the offers when its own match is the backup's (issue 21).
#pragma once

#include <cstdint>
#include <optional>

#include "gpucost/engine/matching.hpp"
#include "gpucost/report/report.hpp"

namespace gpucost {

// backup_rental's answer once its search is made (or not needed): `matched` the offer it found, with `instances`
// of it (null: none found, or `named` given), else `named`, else `fallback`, as backup_rental describes. `chosen`
// is the pricing in force; `scope` only names the bounds in the basis text.
std::optional<BackupRental> backup_of(const Build& build, const CloudOffer* matched, std::int64_t instances,
                                      const CloudOffer* named, const CloudOffer* fallback, Pricing chosen,
                                      const MatchOptions& scope);

// The offer backup_rental's search would find for `build` when `match` (made under `options` at the pricing
// `pricing`) already is that search or holds it, else null (then the search must be made). The backup search is
// like for like, on demand, hourly offers only, within the request's tiers, requirements and filters, with no
// workload: a like-for-like on-demand match without a workload, in the same scope, searches a superset of its
// offers with the same cloud totals and the same tie rule, so its winner, when it is rented by the hour, is the
// backup search's winner too (at the same instance count).
const CloudOffer* backup_known(const Match& match, const MatchOptions& options, Pricing pricing) noexcept;

}  // namespace gpucost
