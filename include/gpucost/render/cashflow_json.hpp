// The cash flow's JSON written as it is made: 200 builds over 600 months are 1.2 million rows.
#pragma once

#include <functional>
#include <string_view>

#include "gpucost/render/render.hpp"

namespace gpucost {

// Where write_cash_flow_json puts its text, a piece (about 1 MiB) at a time.
using CashFlowSink = std::function<void(std::string_view piece)>;
// The text of render_cash_flow_json, given to `sink` as it is made, never held whole. Throws nothing of its own
// (whatever the sink throws passes through), so a write that starts always finishes or fails in the sink.
void write_cash_flow_json(const CashFlowReport& cash_flow, const RenderOptions& options, const CashFlowSink& sink);

}  // namespace gpucost
