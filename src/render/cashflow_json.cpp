// The cash flow as JSON: each comparison's totals to check the sums against, then every flow at full precision.
// Written as it goes (a 200-build, 600-month cash flow is 1.2 million rows): each row is one small document,
// laid out exactly as a dump of the whole would lay it out, so the text is the same either way.
#include "gpucost/render/cashflow_json.hpp"

#include <string>
#include <vector>

#include <fmt/format.h>

#include "gpucost/render/envelope_json.hpp"
#include "json_pieces.hpp"

namespace gpucost {

void write_cash_flow_json(const CashFlowReport& cash_flow, const RenderOptions& options, const TextSink& sink) {
    const Report& report = cash_flow.report;
    const Currency& money = options.currency;
    JsonPieces out(sink);
    out.add("{");
    // The envelope, then the body last, so the rows stream out at the end.
    out.members(envelope_json(report.header, money), 1, true);
    Json comparisons = Json::array();
    for (const Comparison& c : report.comparisons) {
        comparisons.push_back({{"build_id", c.build.id},
                               {"cloud_id", c.offer.id},
                               {"months", c.assumptions.values.months},
                               {"discount_rate", c.assumptions.values.discount_rate},
                               {money.field("build_total_usd"), money.from_usd(c.result.build.total_usd)},
                               {money.field("cloud_total_usd"), money.from_usd(c.result.cloud.total_usd)},
                               {"match_level", c.match_level},
                               {"cloud_tier", c.offer_tier.empty() ? Json(nullptr) : Json(c.offer_tier)}});
    }
    out.add(",\n  \"cash_flow\": {");
    out.member("comparisons", comparisons, 2, true);
    const CashFlowView& view = cash_flow.view;
    const Json shape = {
        {"layout", to_string(view.layout)},
        {"by", to_string(view.by)},
        {"start", view.start ? Json(fmt::format("{:04}-{:02}", view.start->year, view.start->month)) : Json(nullptr)}};
    out.member("view", shape, 2);
    out.open_array("rows", 2);
    // The rows are the CSV's (rows_of): the same columns as keys, in the same order, made as they are written.
    const RowSet rows = rows_of(cash_flow);
    std::vector<std::string> keys;
    for (const RowColumn& column : rows.columns)
        keys.push_back(column.literal ? column.name : money.field(column.name));
    rows.more([&](const std::vector<Field>& fields) {
        Json row = Json::object();
        for (std::size_t i = 0; i < fields.size(); ++i) row[keys[i]] = json_of_field(fields[i], money);
        out.element(row);
    });
    out.close_array();
    out.add("\n  }\n}\n");
    out.flush();
}

std::string render_json(const CashFlowReport& cash_flow, const RenderOptions& options) {
    std::string text;
    write_cash_flow_json(cash_flow, options, [&](std::string_view piece) { text += piece; });
    return text;
}

}  // namespace gpucost
