#include "gpucost/render/money.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string_view>

#include <fmt/format.h>

#include "gpucost/util/error.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {
namespace {

// `value` with `decimals` places and commas between thousands, after its sign and, when `currency` is given, its
// symbol: "$" for USD, "EUR " otherwise ("-$1,235"). Written in order: inserting the symbol moved the digits.
std::string grouped(double value, int decimals, const Currency* currency) {
    // to_chars writes fmt's "{:.{}f}" digits on the stack (40 M values agreed); a whole figure is nearbyint's
    // integer, the same digits (ties to even, exact below 2^53: 9 M values agreed) for a tenth of the instructions.
    char digits_buffer[512];
    char* const last = digits_buffer + sizeof digits_buffer;
    const double size = std::fabs(value);
    const auto [end, error] = decimals == 0 && size < 0x1p53
                                  ? std::to_chars(digits_buffer, last, static_cast<long long>(std::nearbyint(size)))
                                  : std::to_chars(digits_buffer, last, size, std::chars_format::fixed, decimals);
    const std::string long_digits = error == std::errc() ? std::string() : fmt::format("{:.{}f}", size, decimals);
    const std::string_view plain = error == std::errc() ? std::string_view(digits_buffer, end) : long_digits;
    const std::size_t point = std::min(plain.find('.'), plain.size());
    std::string grouped;
    grouped.reserve(plain.size() + point / 3 + 2 + (currency == nullptr ? 0 : currency->code.size()));
    // A value that rounds to zero prints without a sign: "-$0" would read as a debt.
    if (value < 0 && plain.find_first_not_of("0.") != std::string_view::npos) grouped += '-';
    if (currency != nullptr && currency->is_usd()) grouped += '$';
    if (currency != nullptr && !currency->is_usd()) grouped.append(currency->code).append(1, ' ');
    for (std::size_t i = 0; i < point; ++i) {
        if (i > 0 && (point - i) % 3 == 0) grouped += ',';
        grouped += plain[i];
    }
    grouped += plain.substr(point);
    return grouped;
}

constexpr double k_max_usd_rate = 1e9;  // more units per dollar than any currency has needed; keeps figures finite

}  // namespace

std::string Currency::field(std::string_view usd_name) const {
    std::string name(usd_name);
    if (is_usd()) return name;
    std::string lower = code;
    for (char& c : lower) c = static_cast<char>(c - 'A' + 'a');
    for (std::size_t at = name.find("usd"); at != std::string::npos; at = name.find("usd", at + 3)) {
        const bool word_starts = at == 0 || name[at - 1] == '_';
        const bool word_ends = at + 3 == name.size() || name[at + 3] == '_';
        if (word_starts && word_ends) name.replace(at, 3, lower);
    }
    return name;
}

std::string format_grouped(double value, int decimals) { return grouped(value, decimals, nullptr); }

std::string format_usd(double usd) { return format_money(usd, Currency{}); }

std::string format_money(double usd, const Currency& currency) { return grouped(currency.from_usd(usd), 0, &currency); }

std::string format_money_rate(double usd, const Currency& currency) {
    const double value = currency.from_usd(usd);
    return grouped(value, std::fabs(value) < 1.0 && value != 0.0 ? 3 : 2, &currency);
}

Currency parse_currency(const std::string& code_text, const std::optional<std::string>& rate_text) {
    Currency currency;
    const bool rate_given = rate_text.has_value();
    if (code_text.empty()) {
        if (rate_given)
            throw UsageError("--usd-rate: needs --currency CODE, the currency the rate converts US dollars to");
        return currency;
    }
    std::string code = code_text;  // upper-cased, then three letters or an error
    for (char& c : code) c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
    if (code.size() != 3 || !std::all_of(code.begin(), code.end(), [](char c) { return c >= 'A' && c <= 'Z'; }))
        throw UsageError(fmt::format("--currency: must be a three-letter ISO 4217 code such as EUR, GBP or JPY, got {}",
                                     quote_value(code_text)));
    currency.code = code;
    if (!rate_given) {
        if (code == "USD") return currency;
        throw UsageError(fmt::format("--currency {}: needs --usd-rate X, how many {} one US dollar buys "
                                     "(gpucost never fetches exchange rates)",
                                     code, code));
    }
    const auto rate = parse_number(*rate_text);
    if (!rate || !(*rate > 0.0) || *rate > k_max_usd_rate)
        throw UsageError(fmt::format("--usd-rate: must be a number of {} per US dollar in (0, 1e9], got {}", code,
                                     quote_value(*rate_text)));
    if (code == "USD" && *rate != 1.0)
        throw UsageError(fmt::format("--usd-rate: must be 1 with --currency USD, got {}", quote_value(*rate_text)));
    currency.per_usd = *rate;
    return currency;
}

}  // namespace gpucost
