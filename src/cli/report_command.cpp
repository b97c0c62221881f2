#include "report_command.hpp"

#include "gpucost/render/cashflow_json.hpp"
#include "output_stream.hpp"

namespace gpucost::cli {

ComparisonRequest report_request(const ScenarioOptions& scenario, const FreshnessOptions& freshness) {
    ComparisonRequest request = comparison_request(scenario);
    request.max_age_days = max_age_days(freshness);
    if (request.max_age_days) request.today = today();
    return request;
}

void write_report(const CashFlowReport& model, const ReportOutput& output, const OutputOptions& target,
                  std::ostream& warn, const Io& io) {
    if (!cash_flow_streams(output.format, output.render)) {
        finish(target, render(model, output.format, output.render), model.report.header.warnings, warn, io);
        return;  // a page or a chart: one comparison's figures at a time would not make it smaller
    }
    for (const std::string& w : model.report.header.warnings) print_line(warn, "warning", w);
    write_streamed_result(
        target, [&](const OutputSink& sink) { write_cash_flow(model, output.format, output.render, sink); }, io.out,
        warn);
}

void write_report(const RankReport& model, const ReportOutput& output, const OutputOptions& target, std::ostream& warn,
                  const Io& io) {
    if (output.format != Format::json && output.format != Format::csv && output.format != Format::tsv) {
        finish(target, render(model, output.format, output.render), model.header.warnings, warn, io);
        return;  // their tables hold the cheapest k_rank_rows_shown rows
    }
    for (const std::string& w : model.header.warnings) print_line(warn, "warning", w);
    write_streamed_result(
        target, [&](const OutputSink& sink) { write_rank(model, output.format, output.render, sink); }, io.out, warn);
}

}  // namespace gpucost::cli
