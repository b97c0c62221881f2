// The one JSON envelope (docs/output.md, "The JSON envelope"): every JSON output is this object, the same keys in
// the same order, with the model's own body last under its own key. Only the JSON writers include this header.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "gpucost/model/assumptions.hpp"
#include "gpucost/render/money.hpp"
#include "gpucost/render/rows.hpp"
#include "gpucost/report/run_header.hpp"

namespace gpucost {

using Json = nlohmann::ordered_json;

// The version of every JSON output (envelope and bodies together); bump only with a breaking change, and say so in
// docs/output.md. 2: the envelope (1 had five shapes, one per writer).
inline constexpr int k_json_schema_version = 2;

// The envelope's keys before the body, in order: schema_version, tool_version, command, catalog {as_of, source,
// oldest_figure_as_of}, currency {code, per_usd}, assumptions, assumption_sources, warnings.
Json envelope_json(const RunHeader& header, const Currency& currency);

// The whole document: the envelope, then `body` under `body_key`, as text (two-space indent, a newline at the end;
// bytes that are not UTF-8 replaced, so a hand-built model never throws).
std::string envelope_text(const RunHeader& header, const Currency& currency, std::string_view body_key, Json body);

// A value as text, laid out as envelope_text lays out a whole document.
std::string json_text(const Json& value);

// One assumption as the envelope writes it: a choice by its word, a whole number as an integer, else a number.
Json assumption_json(const Assumptions& assumptions, AssumptionKey key);

// A field of a model's rows as JSON: null for not applicable, money converted, a name in US dollars renamed, a count
// as the integer it is. So a JSON body and the CSV rows can be written from one list of fields.
Json json_of_field(const Field& field, const Currency& currency);

// The fields [from, to) of one of `rows`' rows as an object keyed by their columns' names, as the CSV header names
// them (money columns renamed for the currency).
Json fields_json(const RowSet& rows, const std::vector<Field>& row, const Currency& currency, std::size_t from,
                 std::size_t to);

// An array of json_of(item) for each of `items`, in order.
template <typename Items, typename JsonOf>
Json array_of(const Items& items, const JsonOf& json_of) {
    Json out = Json::array();
    for (const auto& item : items) out.push_back(json_of(item));
    return out;
}

// null, or the value.
template <typename T>
Json optional_json(const std::optional<T>& value) {
    return value ? Json(*value) : Json(nullptr);
}

// null for no text, or the text.
inline Json text_or_null(const std::string& text) { return text.empty() ? Json(nullptr) : Json(text); }

// null, or the amount converted to `currency`.
inline Json optional_money_json(const std::optional<double>& usd, const Currency& currency) {
    return usd ? Json(currency.from_usd(*usd)) : Json(nullptr);
}

}  // namespace gpucost
