// compare's JSON for the per-token API beside a comparison (issue 20), in a function of its own.
// Private to src/render/.
#pragma once

#include "gpucost/render/envelope_json.hpp"
#include "gpucost/render/money.hpp"
#include "gpucost/report/report.hpp"

namespace gpucost {

// {"api_offer_id", "provider", "model", "api_model", prices per million tokens, the split, tokens and USD a month,
// the total over the horizon, "candidates", "source", "as_of"}; amounts in the output currency.
Json api_json(const ApiAlternative& api, const Currency& money);

}  // namespace gpucost
