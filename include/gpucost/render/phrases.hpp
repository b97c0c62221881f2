// The words every human-readable format shares: verdicts, break-even and payback, hours, the currency note.
#pragma once

#include <string>

#include "gpucost/render/money.hpp"
#include "gpucost/report/report.hpp"

namespace gpucost {

// The one-line verdict of a comparison, for every format.
std::string verdict_text(const Comparison& comparison, const Currency& currency = {});

// The verdict without the resale credit: "Without resale: owning still saves $1,234." or "Without resale:
// renting saves $567, so the resale credit decides the verdict."
std::string resale_verdict_text(const Comparison& comparison, const Currency& currency = {});
// Both paybacks: "Payback: month 26 of 36 in cash; month 20 if the machine is sold then."
std::string payback_sentence(const Comparison& comparison);
// The estimated assumptions that turn the verdict, one sentence: "The verdict rests on estimates: at
// residual_value 0.15 (not 0.3) renting is cheaper." Empty when no assumption in force is an estimate.
std::string deciding_text(const Comparison& comparison);
// "117.8 above" (owning wins above it), "3.0 below", or "-" when one side wins at every usage.
std::string break_even_text(const Evaluation& evaluation);

// "26", or "-" when owning does not pay back within the horizon.
std::string payback_text(const Evaluation& evaluation);

// "40.0 h/week".
std::string hours_text(double hours_per_week);
// "1 month", "36 months".
std::string months_text(int months);

// The line that says what currency the figures are in, for the table and markdown: "" for US dollars, else
// "Amounts in EUR at 0.92 EUR per US dollar (--usd-rate); the assumptions stay in USD as given."
std::string currency_note(const Currency& currency);

}  // namespace gpucost
