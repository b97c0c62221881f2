// The one pipeline of every report command (compare, check, cashflow, sensitivity, sweep, simulate, rank), so that
// they take the same flags and do the same things in the same order: refuse --output onto an input, read the
// output flags, the request (with --max-age-days), load the catalogue, make the model, print what the match left
// out, render, then the model's warnings and the text. A command parses its own flags first, then calls
// run_report() with the function that makes its model.
#pragma once

#include <optional>
#include <ostream>
#include <type_traits>
#include <utility>

#include "cli_common.hpp"
#include "gpucost/render/rank.hpp"
#include "gpucost/render/render.hpp"
#include "gpucost/render/uncertainty.hpp"

namespace gpucost::cli {

// The flags every report command takes: --catalog, --add-catalog; --format, --output, --currency, --usd-rate,
// --color, --quiet; --chart where it draws one; the scenario, assumption and match flags (with --verbose); and
// --max-age-days. Each command adds them with the add_* functions of cli_common.hpp, in its own help order.
struct ReportCommandOptions {
    CatalogOptions catalog;
    ReportOutputOptions output;
    ChartOption chart;  // left unregistered by a command that draws no chart
    ScenarioOptions scenario;
    FreshnessOptions freshness;
};

// The request the flags ask for: comparison_request() with --max-age-days and today. Throws as comparison_request()
// does, and UsageError for a bad --max-age-days or GPUCOST_TODAY.
ComparisonRequest report_request(const ScenarioOptions& scenario, const FreshnessOptions& freshness);
inline ComparisonRequest report_request(const ReportCommandOptions& options) {
    return report_request(options.scenario, options.freshness);
}

// A model's run header: its own, or (check, cashflow) its report's.
template <typename Model>
const RunHeader& header_of(const Model& model) {
    if constexpr (requires { model.header; })
        return model.header;
    else
        return model.report.header;
}

// What the match left out of a model; nothing for a model without a match.
template <typename Model>
const std::vector<Excluded>& excluded_of(const Model& model) {
    if constexpr (requires { model.excluded; })
        return model.excluded;
    else
        return model.report.excluded;
}

// How many offers of the user's own files the model left out without naming them (past the cap a build); 0 for a
// model that does not keep the count.
template <typename Model>
std::int64_t unnamed_offers_of(const Model& model) {
    if constexpr (requires { model.unnamed_offers; })
        return model.unnamed_offers;
    else if constexpr (requires { model.report.unnamed_offers; })
        return model.report.unnamed_offers;
    else
        return 0;
}

// The model's warnings to `warn`, then its text in the format asked for, to stdout or --output.
template <typename Model>
void write_report(const Model& model, const ReportOutput& output, const OutputOptions& target, std::ostream& warn,
                  const Io& io) {
    const std::string text = render(model, output.format, output.render);
    finish(target, text, header_of(model).warnings, warn, io);
}
// The cash flow is streamed as it is made (10.8 million rows for 2,000 builds over 600 months): JSON, CSV, TSV,
// the table and markdown a piece at a time (write_cash_flow).
void write_report(const CashFlowReport& model, const ReportOutput& output, const OutputOptions& target,
                  std::ostream& warn, const Io& io);

// The ranking's rows are streamed in JSON, CSV and TSV (100,000 offers rank 30,000 rows: write_rank).
void write_report(const RankReport& model, const ReportOutput& output, const OutputOptions& target, std::ostream& warn,
                  const Io& io);

// Moves `value` into a slot that is never destroyed and returns it there: a run's model is dropped whole by the
// process's exit instead of freed string by string (0.16 M of the instructions `compare` adds over `--version`;
// docs/performance.md). The slot holds one value: the next run in the same process (the tests run thousands, one
// at a time) frees the one before, so memory stays that of one run. Still reachable, so no leak.
template <typename T>
T& keep_until_exit(T&& value) {
    static auto* const slot = new std::optional<std::remove_cvref_t<T>>();
    slot->reset();
    return slot->emplace(std::forward<T>(value));
}

// The pipeline, with `make(catalog, request)` making the model; returns the model written (check judges its gates
// from it; it lives until the next run). Throws whatever a step throws, before any text is written.
template <typename Make>
auto& run_report(const ReportCommandOptions& o, const Io& io, Make&& make) {
    refuse_output_onto_inputs(o.output.output, report_inputs(o.catalog, o.scenario));
    const ReportOutput output = report_output(o.output, o.chart, io);
    ComparisonRequest request = report_request(o);
    // compare's plain table draws no chart, so its comparisons need no month-by-month profile: 0.9 M of the 8.7 M
    // instructions a `compare` run spends over `--version`; its ranked view (no --build) names no estimated
    // assumption, so none is tried: 1.0 M more (docs/performance.md).
    if constexpr (std::is_same_v<std::invoke_result_t<Make&, const Catalog&, const ComparisonRequest&>, Report>) {
        request.cash_flow_profiles = output.format != Format::table || !output.render.chart.empty();
        request.verdict_trials = output.format != Format::table || request.build_id.has_value();
        // Nor does it show a comparison's usage range, tier rows or choice of offer: 90 K instructions more.
        request.comparison_details =
            output.format != Format::table || request.build_id.has_value() || !output.render.chart.empty();
    }
    std::ostream& warn = warnings(o.output.quiet, io);
    // Offers left out are counted by rule; --verbose lists each, and by default those of the user's own files are
    // named (at most 20 a build: a whole --catalog of them would be thousands of lines).
    std::map<std::string, std::string> own_offers;
    // The catalogue is freed before the text is made, which reuses its memory: each new page of heap costs about
    // 2 us of CPU (zeroed, mapped, unmapped at exit), more than freeing it (docs/performance.md).
    std::optional<Catalog> loaded(load_catalog(o.catalog, warn, &own_offers));
    const Catalog& catalog = *loaded;
    request.listing.every_offer = o.scenario.match.verbose;
    for (const auto& entry : own_offers) request.listing.offer_ids.insert(entry.first);
    auto& model = keep_until_exit(std::forward<Make>(make)(catalog, request));
    print_exclusions(warn, o.scenario.match, excluded_of(model), catalog, own_offers);
    print_unnamed_offers(warn, unnamed_offers_of(model), request.listing.most_named_per_build,
                         std::is_same_v<std::remove_cvref_t<decltype(model)>, RankReport> ? "in all" : "a build");
    loaded.reset();
    write_report(model, output, o.output.output, warn, io);
    return model;
}

}  // namespace gpucost::cli
