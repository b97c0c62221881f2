#include "gpucost/money.hpp"

#include <fmt/format.h>

#include <cmath>

namespace gpucost {

std::string format_grouped(double value, int decimals) {
    const std::string plain = fmt::format("{:.{}f}", std::fabs(value), decimals);
    const std::size_t point = plain.find('.');
    const std::string whole = plain.substr(0, point);
    std::string grouped;
    for (std::size_t i = 0; i < whole.size(); ++i) {
        if (i > 0 && (whole.size() - i) % 3 == 0) grouped += ',';
        grouped += whole[i];
    }
    if (point != std::string::npos) grouped += plain.substr(point);
    // A value that rounds to zero prints without a sign: "-$0" would read as a debt.
    const bool negative = value < 0 && grouped.find_first_not_of("0.,") != std::string::npos;
    return negative ? "-" + grouped : grouped;
}

std::string format_usd(double usd) {
    const std::string digits = format_grouped(usd, 0);
    return digits[0] == '-' ? "-$" + digits.substr(1) : "$" + digits;
}

std::string format_usd_rate(double usd) {
    const int decimals = std::fabs(usd) < 1.0 && usd != 0.0 ? 3 : 2;
    const std::string digits = format_grouped(usd, decimals);
    return digits[0] == '-' ? "-$" + digits.substr(1) : "$" + digits;
}

std::string format_optional_rate(const std::optional<double>& usd) { return usd ? format_usd_rate(*usd) : "-"; }

}  // namespace gpucost
