#include "gpucost/render/render.hpp"

#include <fmt/format.h>

#include "gpucost/render/money.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {

std::string render(const Report& report, Format format, const RenderOptions& options) {
    switch (format) {
        case Format::json: return render_json(report, options);
        case Format::csv: return render_csv(report, options);
        case Format::markdown: return render_markdown(report, options);
        case Format::table: break;
    }
    return render_table(report, options);
}

std::string verdict_text(const Comparison& c, const Currency& currency) {
    const Evaluation& e = c.result;
    const int months = c.assumptions.values.months;
    const double hours = c.assumptions.values.hours_per_week;
    const std::string saved = format_money(e.savings_usd, currency);
    const std::string hours_text = format_grouped(hours, hours == static_cast<int>(hours) ? 0 : 1);
    std::string text;
    if (e.cheaper == Side::build) {
        text = fmt::format("Build: owning saves {} over {} months at {} h/week", saved, months, hours_text);
        text += e.payback_month
                    ? fmt::format(", and has paid for itself by month {}.", *e.payback_month)
                    : "; cumulative spend stays above the cloud's to the end, so the resale value decides it.";
    } else {
        text = fmt::format("Cloud: renting saves {} over {} months at {} h/week", saved, months, hours_text);
        if (e.break_even_hours_per_week && e.build_cheaper_above.value_or(false))
            text += fmt::format("; owning wins above {} h/week.", format_grouped(*e.break_even_hours_per_week, 1));
        else if (e.break_even_hours_per_week)
            text += fmt::format("; owning wins below {} h/week.", format_grouped(*e.break_even_hours_per_week, 1));
        else
            text += "; owning does not win at any usage with these assumptions.";
    }
    return text;
}

std::string currency_note(const Currency& currency) {
    if (currency.is_usd()) return "";
    return fmt::format("Amounts in {} at {} {} per US dollar (--usd-rate); the assumptions stay in USD as given.",
                       currency.code, exact_number(currency.per_usd), currency.code);
}

}  // namespace gpucost
