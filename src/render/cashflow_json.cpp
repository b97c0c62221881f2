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
    // The envelope, then the body last, so the rows stream out at the end.
    JsonPieces out(sink, envelope_json(report.header, money), "cash_flow");
    out.member("comparisons", array_of(report.comparisons, [&money](const Comparison& c) -> Json {
                   return {{"build_id", c.build.id},
                           {"cloud_id", c.offer.id},
                           {"months", c.assumptions.values.months},
                           {"discount_rate", c.assumptions.values.discount_rate},
                           {money.field("build_total_usd"), money.from_usd(c.result.build.total_usd)},
                           {money.field("cloud_total_usd"), money.from_usd(c.result.cloud.total_usd)},
                           {"match_level", c.match_level},
                           {"cloud_tier", text_or_null(c.offer_tier)}};
               }));
    const CashFlowView& view = cash_flow.view;
    out.member("view", {{"layout", to_string(view.layout)},
                        {"by", to_string(view.by)},
                        {"start", view.start ? Json(fmt::format("{:04}-{:02}", view.start->year, view.start->month))
                                             : Json(nullptr)}});
    out.open_array("rows");
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
    out.finish();
}

std::string render_json(const CashFlowReport& cash_flow, const RenderOptions& options) {
    return collected([&](const TextSink& sink) { write_cash_flow_json(cash_flow, options, sink); });
}

}  // namespace gpucost
