// Rounding for humans, in one place. JSON and CSV never round; only the table does.
#pragma once

#include <optional>
#include <string>

namespace gpucost {

// Whole dollars with thousands separators: 1234.5 -> "$1,235", -20 -> "-$20".
std::string format_usd(double usd);
// A rate with cents, or more digits below a dollar: 2.456 -> "$2.46", 0.0412 -> "$0.041".
std::string format_usd_rate(double usd);
// A number with thousands separators and `decimals` places: 12345.678, 1 -> "12,345.7".
std::string format_grouped(double value, int decimals);
// "-" for not applicable, else format_usd_rate.
std::string format_optional_rate(const std::optional<double>& usd);

}  // namespace gpucost
