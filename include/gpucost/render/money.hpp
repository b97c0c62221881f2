// Money for humans, in one place: the currency figures are shown in, and rounding for reading.
// The model is always in US dollars; a Currency only changes how figures are shown and exported.
// JSON and CSV never round; only the table and markdown do.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace gpucost {

// The currency of the output: every money figure the report computes is multiplied by `per_usd` and labelled
// with `code`. Inputs (catalogue prices, assumption flags, budget gates) stay in US dollars.
struct Currency {
    std::string code = "USD";  // ISO 4217 shape: three capital letters
    double per_usd = 1.0;      // units of `code` for one US dollar, > 0 (the user's --usd-rate)

    bool is_usd() const noexcept { return code == "USD"; }
    // + 0.0: a zero is shown as 0, never -0 (IEEE: -0 + 0 == +0; the compiler may not fold it away).
    double from_usd(double usd) const noexcept { return usd * per_usd + 0.0; }
    // A field name with its money unit in this currency: "total_usd" -> "total_eur", "usd_per_hour" ->
    // "eur_per_hour" (the word "usd" between underscores or at either end). Unchanged for USD.
    std::string field(std::string_view usd_name) const;
};

// The currency of --currency CODE and --usd-rate X (empty rate: not given): USD when neither is given; CODE
// upper-cased. Throws UsageError naming the flag: a code that is not three letters, a rate without a code or a code
// without a rate (except USD), a rate outside (0, 1e9], or USD at a rate other than 1.
Currency parse_currency(const std::string& code_text, const std::optional<std::string>& rate_text);

// Whole dollars with thousands separators: 1234.6 -> "$1,235", -20 -> "-$20" (an exact half rounds to even).
std::string format_usd(double usd);
// A number with thousands separators and `decimals` places: 12345.678, 1 -> "12,345.7".
std::string format_grouped(double value, int decimals);

// The same, converted to `currency`: "$1,235" for USD, "EUR 1,136" for others ("-EUR 20" below zero).
std::string format_money(double usd, const Currency& currency);
// A rate with cents, or more digits below one unit: 2.456 -> "$2.46", 0.0412 -> "$0.041".
std::string format_money_rate(double usd, const Currency& currency);

}  // namespace gpucost
