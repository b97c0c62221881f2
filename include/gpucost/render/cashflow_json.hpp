// The cash flow written as it is made: 2,000 builds over 600 months are 10.8 million rows, so the formats that
// grow with them (JSON, CSV, TSV, the table and markdown) go to a sink a piece at a time, never held whole.
#pragma once

#include "gpucost/render/render.hpp"

namespace gpucost {

// The text of render_json, given to `sink` as it is made, never held whole. Throws nothing of its own
// (whatever the sink throws passes through), so a write that starts always finishes or fails in the sink.
void write_cash_flow_json(const CashFlowReport& cash_flow, const RenderOptions& options, const TextSink& sink);
// The text of render(cash_flow, format, options) given to `sink` in pieces: JSON, CSV, TSV, and the table and
// markdown one comparison at a time, so memory stays bounded by one comparison; the other formats whole. Throws
// what render() throws (a --chart the terminal cannot draw) before the first piece.
void write_cash_flow(const CashFlowReport& cash_flow, Format format, const RenderOptions& options,
                     const TextSink& sink);
// Whether write_cash_flow streams `format` under `options`: JSON, CSV, TSV, and the table and markdown without a
// chart. Those read each comparison's profile only as they write it, so their report need keep none
// (ComparisonRequest::cash_flow_profiles); a page, a picture or a chart draws from every profile at once.
bool cash_flow_streams(Format format, const RenderOptions& options) noexcept;
// Throws UsageError, one line, when `format` cannot show `view`: --layout focus is CSV or TSV, monthly and dated
// (a start); xlsx and svg show the default view only.
void check_cash_flow_view(const CashFlowView& view, Format format);

}  // namespace gpucost
