#include "api_json.hpp"

namespace gpucost {

Json api_json(const ApiAlternative& api, const Currency& money) {
    return {{"api_offer_id", api.api_offer_id},
            {"provider", api.provider},
            {"model", api.model},
            {"api_model", api.api_model},
            {money.field("usd_per_million_input_tokens"), money.from_usd(api.usd_per_million_input_tokens)},
            {money.field("usd_per_million_output_tokens"), money.from_usd(api.usd_per_million_output_tokens)},
            {"input_tokens_per_output_token", api.input_tokens_per_output_token},
            {"output_tokens_per_month", api.output_tokens_per_month},
            {money.field("usd_per_month"), money.from_usd(api.usd_per_month)},
            {money.field("total_usd"), money.from_usd(api.total_usd)},
            {"candidates", api.candidates},
            {"source", api.source},
            {"as_of", api.as_of}};
}

}  // namespace gpucost
