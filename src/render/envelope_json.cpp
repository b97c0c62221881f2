#include "gpucost/render/envelope_json.hpp"

#include <string>
#include <utility>

#include "gpucost/version.hpp"

namespace gpucost {

Json assumption_json(const Assumptions& a, AssumptionKey key) {
    const AssumptionValue v = input_value(key, get_value(a, key));
    if (const std::string_view word = choice_word(v); !word.empty()) return std::string(word);
    if (info(key).kind == AssumptionKind::whole_number) return static_cast<std::int64_t>(std::get<double>(v));
    return std::get<double>(v);
}

Json envelope_json(const RunHeader& header, const Currency& currency) {
    // Every assumption by its key, in the table's order, with "months" after "years"; and where each came from.
    Json assumptions = Json::object();
    Json sources = Json::object();
    for (const AssumptionInfo& i : assumption_infos()) {
        const std::size_t k = static_cast<std::size_t>(i.key);
        assumptions[std::string(i.name)] = assumption_json(header.assumptions.values, i.key);
        if (i.key == AssumptionKey::horizon_months) assumptions["months"] = header.assumptions.values.months;
        sources[std::string(i.name)] = {{"from", header.assumptions.origins[k]},
                                        {"source", header.assumptions.sources[k]}};
    }
    return {
        {"schema_version", k_json_schema_version},
        {"tool_version", k_version},
        {"command", header.command},
        {"catalog",
         {{"as_of", header.catalog_as_of},
          {"source", header.catalog_source},
          {"oldest_figure_as_of", header.oldest_as_of}}},
        // Always written, so the keys never depend on the flags; inputs and gates stay in USD whatever it says.
        {"currency", {{"code", currency.code}, {"per_usd", currency.per_usd}}},
        {"assumptions", std::move(assumptions)},
        {"assumption_sources", std::move(sources)},
        {"warnings", header.warnings},
    };
}

Json json_of_field(const Field& f, const Currency& currency) {
    switch (f.kind) {
        case Field::Kind::missing: return nullptr;
        case Field::Kind::text: return f.text;
        case Field::Kind::name: return currency.field(f.text);
        case Field::Kind::number: return f.number;
        case Field::Kind::money: return currency.from_usd(f.number);
        case Field::Kind::count:  // digits, as the CSV writes them: an integer, a seed of 2^64 - 1 included
            return f.text.starts_with('-') ? Json(std::stoll(f.text)) : Json(std::stoull(f.text));
        case Field::Kind::boolean: return f.number != 0.0;
        case Field::Kind::currency: return currency.code;
    }
    return nullptr;
}

Json fields_json(const RowSet& rows, const std::vector<Field>& row, const Currency& currency, std::size_t from,
                 std::size_t to) {
    Json out = Json::object();
    for (std::size_t i = from; i < to; ++i) {
        const RowColumn& c = rows.columns[i];
        out[c.literal ? c.name : currency.field(c.name)] = json_of_field(row[i], currency);
    }
    return out;
}

std::string json_text(const Json& value) {
    return value.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

std::string envelope_text(const RunHeader& header, const Currency& currency, std::string_view body_key, Json body) {
    Json root = envelope_json(header, currency);
    root[std::string(body_key)] = std::move(body);
    return json_text(root);
}

}  // namespace gpucost
