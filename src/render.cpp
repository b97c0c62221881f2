#include <fmt/format.h>

#include "gpucost/money.hpp"
#include "gpucost/render.hpp"

namespace gpucost {

std::string render(const Report& report, Format format) {
    switch (format) {
        case Format::json: return render_json(report);
        case Format::csv: return render_csv(report);
        case Format::markdown: return render_markdown(report);
        case Format::table: break;
    }
    return render_table(report);
}

std::string verdict_text(const Comparison& c) {
    const Evaluation& e = c.result;
    const int months = c.assumptions.values.months;
    const double hours = c.assumptions.values.hours_per_week;
    std::string text;
    if (e.cheaper == Side::build) {
        text = fmt::format("Build: owning saves {} over {} months at {} h/week", format_usd(e.savings_usd), months,
                           format_grouped(hours, hours == static_cast<int>(hours) ? 0 : 1));
        text += e.payback_month ? fmt::format(", and has paid for itself by month {}.", *e.payback_month)
                                : "; cumulative spend stays above the cloud's to the end, so the resale value decides it.";
    } else {
        text = fmt::format("Cloud: renting saves {} over {} months at {} h/week", format_usd(e.savings_usd), months,
                           format_grouped(hours, hours == static_cast<int>(hours) ? 0 : 1));
        if (e.break_even_hours_per_week && e.build_cheaper_above.value_or(false))
            text += fmt::format("; owning wins above {} h/week.", format_grouped(*e.break_even_hours_per_week, 1));
        else if (e.break_even_hours_per_week)
            text += fmt::format("; owning wins below {} h/week.", format_grouped(*e.break_even_hours_per_week, 1));
        else
            text += "; owning does not win at any usage with these assumptions.";
    }
    return text;
}

}  // namespace gpucost
