// The workbook's Assumptions sheet: every input of one comparison as a named cell with its unit and source, then
// the monthly figures the engine works out from them (cost_model.cpp's monthly_costs_for and HourlyRates), as
// named formulas. A reader changes an input cell and every figure that rests on it follows.
#include <algorithm>

#include <fmt/format.h>

#include "gpucost/engine/availability.hpp"
#include "gpucost/engine/build_power.hpp"
#include "gpucost/model/assumptions.hpp"
#include "xlsx_parts.hpp"

namespace gpucost::xlsx_detail {
namespace {

enum Col : int { k_name, k_value, k_unit, k_source, k_origin, k_about };

const Assumptions& in_force(const Comparison& c) { return c.assumptions.values; }
double used_hours(const Comparison& c) { return used_hours_per_month(in_force(c).hours_per_week); }
double idle_hours(const Comparison& c) {
    return in_force(c).idle == IdlePolicy::always_on ? k_hours_per_month - used_hours(c) : 0.0;
}
bool committed(Pricing p) { return p == Pricing::reserved_1y || p == Pricing::reserved_3y; }
double overhead(Pricing p, const Assumptions& a) { return p == Pricing::spot ? a.spot_overhead : a.on_demand_overhead; }
double instances(const Comparison& c) {
    return static_cast<double>(instances_needed(c.build_spec.gpu_count, c.rental.gpus_per_instance));
}
// Spot work re-run after interruptions (engine/availability.hpp), on top of spot_overhead.
double spot_extra(const Comparison& c, Pricing p) {
    return p == Pricing::spot
               ? spot_interruption_overhead(instances(c), in_force(c).spot_interruptions_per_instance_month,
                                            in_force(c).spot_restart_hours)
               : 0.0;
}
double billed_hours(const Comparison& c, Pricing p) {
    return committed(p) ? k_hours_per_month : used_hours(c) * (1.0 + overhead(p, in_force(c)) + spot_extra(c, p));
}
double term_months(Pricing p) { return p == Pricing::reserved_1y ? 12.0 : p == Pricing::reserved_3y ? 36.0 : 1.0; }
// What one more hour a week adds to a month's compute at `usd_per_hour` and pricing `p`.
double compute_per_weekly_hour(const Comparison& c, Pricing p, double usd_per_hour) {
    return committed(p) ? 0.0
                        : instances(c) * usd_per_hour * k_hours_per_month / k_hours_per_week *
                              (1.0 + overhead(p, in_force(c)) + spot_extra(c, p));
}

// The engine's monthly figures (cost_model.cpp), in the order they rest on each other. 730 is the billing month in
// hours and 168 the week's (model/values.hpp); a commitment bills every hour of the month.
constexpr Derived k_derived[] = {
    {"lead_time_in_force", "=MIN(MAX(lead_time_months,0),MAX(horizon_months-1,0))", "months",
     "the lead time the engine uses: within 0..M-1",
     [](const Comparison& c) { return static_cast<double>(lead_time_in_force(in_force(c))); }},
    {"hardware_usd", "=gpu_count*gpu_price_usd+base_price_usd", "USD", "g x GPU price + base price",
     [](const Comparison& c) { return hardware_usd(c.build_spec); }},
    {"load_w", "=base_load_w+gpu_count*gpu_tdp_w", "W", "the machine at load: base + g x GPU TDP",
     [](const Comparison& c) { return build_load_w(c.build_spec); }},
    {"idle_w", "=base_idle_w+gpu_count*gpu_idle_w", "W", "the machine at idle: base + g x GPU idle",
     [](const Comparison& c) { return build_idle_w(c.build_spec); }},
    {"used_hours_per_month", "=hours_per_week*730/168", "h/month", "hours of use a month: h x 730 / 168",
     [](const Comparison& c) { return used_hours(c); }},
    {"idle_hours_per_month", "=IF(idle=\"always-on\",730-used_hours_per_month,0)", "h/month",
     "hours at idle a month: 730 - used when always on, else 0", [](const Comparison& c) { return idle_hours(c); }},
    {"kwh_per_month", "=(used_hours_per_month*load_w+idle_hours_per_month*idle_w)/1000", "kWh",
     "energy a month at the wall, before PUE",
     [](const Comparison& c) {
         return (used_hours(c) * build_load_w(c.build_spec) + idle_hours(c) * build_idle_w(c.build_spec)) / 1000.0;
     }},
    {"power_usd_per_month", "=kwh_per_month*pue*electricity_usd_per_kwh", "USD/month",
     "kWh x PUE x price, at today's price", [](const Comparison& c) { return c.result.monthly.power_usd; }},
    {"staff_build_usd_per_month", "=staff_fte_build*staff_salary_usd/12", "USD/month", "FTE x salary / 12",
     [](const Comparison& c) { return c.result.monthly.staff_build_usd; }},
    {"maintenance_usd_per_month", "=maintenance_rate*hardware_usd/12", "USD/month", "rate x hardware / 12",
     [](const Comparison& c) { return c.result.monthly.maintenance_usd; }},
    {"instances", "=ROUNDUP(gpu_count/gpus_per_instance,0)", "instances", "ceil(g / GPUs per instance)",
     [](const Comparison& c) { return instances(c); }},
    {"spot_interruption_overhead", "=instances*spot_interruptions_per_instance_month*spot_restart_hours/730", "share",
     "work re-run after spot interruptions: instances x interruptions a month x hours lost / 730",
     [](const Comparison& c) {
         const Assumptions& a = c.assumptions.values;
         return instances(c) * a.spot_interruptions_per_instance_month * a.spot_restart_hours / 730.0;
     }},
    {"cloud_billed_hours_per_month",
     "=IF(OR(pricing=\"reserved-1y\",pricing=\"reserved-3y\"),730,"
     "used_hours_per_month*(1+IF(pricing=\"spot\",spot_overhead+spot_interruption_overhead,on_demand_overhead)))",
     "h/month", "a commitment bills 730 h; spot and on-demand the hours used plus their overhead",
     [](const Comparison& c) { return billed_hours(c, in_force(c).pricing); }},
    // A monthly rental (usd_per_month > 0) bills every month whatever the use (cost_model.cpp's HourlyRates).
    {"compute_usd_per_month",
     "=IF(usd_per_month>0,instances*usd_per_month,instances*usd_per_hour*cloud_billed_hours_per_month)", "USD/month",
     "instances x the monthly price, else instances x price x billed hours, at today's price",
     [](const Comparison& c) { return c.result.monthly.compute_usd; }},
    {"cloud_term_months", "=IF(pricing=\"reserved-1y\",12,IF(pricing=\"reserved-3y\",36,1))", "months",
     "how long the pricing locks its rate (1: it moves every month)",
     [](const Comparison& c) { return term_months(in_force(c).pricing); }},
    {"interim_billed_hours_per_month",
     "=IF(OR(interim_pricing=\"reserved-1y\",interim_pricing=\"reserved-3y\"),730,"
     "used_hours_per_month*(1+IF(interim_pricing=\"spot\",spot_overhead+spot_interruption_overhead,on_demand_overhead))"
     ")",
     "h/month", "the same for the cloud rented during the lead time",
     [](const Comparison& c) { return billed_hours(c, c.rental.interim_pricing); }},
    {"interim_compute_usd_per_month", "=IF(lead_time_in_force>0,interim_usd_per_hour*interim_billed_hours_per_month,0)",
     "USD/month",
     "compute rented while the machine is on order: the backup offer's price for the whole build x billed hours",
     [](const Comparison& c) { return c.result.monthly.interim_compute_usd; }},
    {"downtime_cover_usd_per_month",
     "=IF(downtime=\"cover\",backup_usd_per_hour*MIN((failures_per_machine_year*repair_hours+"
     "planned_maintenance_hours_per_year)/12,730)*hours_per_week/168,0)",
     "USD/month", "hours of use lost to downtime, (f x R + P) / 12 x h / 168, rented at the backup offer's price",
     [](const Comparison& c) { return c.result.monthly.downtime_cover_usd; }},
    {"interim_term_months", "=IF(interim_pricing=\"reserved-1y\",12,IF(interim_pricing=\"reserved-3y\",36,1))",
     "months", "how long the interim pricing locks its rate",
     [](const Comparison& c) { return term_months(c.rental.interim_pricing); }},
    {"storage_usd_per_month",
     "=storage_tb*IF(ISNUMBER(offer_storage_usd_per_tb_month),offer_storage_usd_per_tb_month,"
     "cloud_storage_usd_per_tb_month)+cloud_storage_usd_per_month",
     "USD/month", "TB x the offer's price (else the assumption's) + the fixed amount",
     [](const Comparison& c) { return c.result.monthly.storage_usd; }},
    {"staff_cloud_usd_per_month", "=staff_fte_cloud*staff_salary_usd/12", "USD/month", "FTE x salary / 12",
     [](const Comparison& c) { return c.result.monthly.staff_cloud_usd; }},
    {"resale_age_months", "=MAX(0,horizon_months-lead_time_in_force)", "months", "the machine's age at the horizon",
     [](const Comparison& c) {
         return static_cast<double>(std::max(0, in_force(c).months - lead_time_in_force(in_force(c))));
     }},
    {"resale_value_usd",
     "=IF(resale=\"none\",0,IF(resale=\"curve\",hardware_usd*(1-resale_decline_per_year)^(resale_age_months/12),"
     "hardware_usd*(1-(1-residual_value)*(MIN(resale_age_months/12,useful_life_years)/useful_life_years))))",
     "USD", "the machine's value at the horizon, undiscounted",
     [](const Comparison& c) { return resale_value_usd(hardware_usd(c.build_spec), in_force(c).months, in_force(c)); }},
    // What one more hour a week adds to each hours-driven monthly figure: the totals are affine in the hours, which
    // gives the break-even in closed form (Summary).
    {"power_usd_per_month_per_weekly_hour",
     "=730/168*(load_w-IF(idle=\"always-on\",idle_w,0))/1000*pue*electricity_usd_per_kwh", "USD/month per h/week",
     "d power / d hours per week",
     [](const Comparison& c) {
         const Assumptions& a = in_force(c);
         const double idle = a.idle == IdlePolicy::always_on ? build_idle_w(c.build_spec) : 0.0;
         return k_hours_per_month / k_hours_per_week * (build_load_w(c.build_spec) - idle) / 1000.0 * a.pue *
                a.electricity_usd_per_kwh;
     }},
    {"compute_usd_per_month_per_weekly_hour",
     "=IF(OR(usd_per_month>0,pricing=\"reserved-1y\",pricing=\"reserved-3y\"),0,"
     "instances*usd_per_hour*730/168*(1+IF(pricing=\"spot\",spot_overhead+spot_interruption_overhead,"
     "on_demand_overhead)))",
     "USD/month per h/week", "d compute / d hours per week",
     [](const Comparison& c) {
         return c.rental.billed_monthly() ? 0.0
                                          : compute_per_weekly_hour(c, in_force(c).pricing, c.rental.usd_per_hour);
     }},
    {"interim_usd_per_month_per_weekly_hour",
     "=IF(OR(lead_time_in_force=0,interim_pricing=\"reserved-1y\",interim_pricing=\"reserved-3y\"),0,"
     "interim_usd_per_hour*730/"
     "168*(1+IF(interim_pricing=\"spot\",spot_overhead+spot_interruption_overhead,on_demand_overhead)))",
     "USD/month per h/week", "d interim compute / d hours per week",
     [](const Comparison& c) {
         return lead_time_in_force(in_force(c)) == 0
                    ? 0.0
                    : compute_per_weekly_hour(c, c.rental.interim_pricing, c.rental.interim_usd_per_hour) /
                          instances(c);  // the interim price is the whole build's already
     }},
    {"downtime_cover_usd_per_month_per_weekly_hour",
     "=IF(downtime=\"cover\",backup_usd_per_hour*MIN((failures_per_machine_year*repair_hours+"
     "planned_maintenance_hours_per_year)/12,730)/168,0)",
     "USD/month per h/week", "d downtime cover / d hours per week",
     [](const Comparison& c) {
         return in_force(c).downtime == DowntimePolicy::cover
                    ? c.rental.backup_usd_per_hour * downtime_hours_per_month(in_force(c)) / k_hours_per_week
                    : 0.0;
     }},
};

// Writes rows from `row` on; returns the next free row.
class Rows {
public:
    Rows(Sheet& sheet, const Formats& formats, const Comparison& c)
        : m_sheet(sheet),
          m_formats(formats),
          m_comparison(c) {}

    void heading(std::string_view title) {
        ++m_row;  // a blank line before each section
        m_sheet.text(m_row++, k_name, title, m_formats.heading);
    }
    void number(std::string_view name, double value, std::string_view unit, std::string_view source,
                std::string_view origin, std::string_view about) {
        m_sheet.number(m_row, k_value, value, unit.starts_with("USD") ? m_formats.input_usd : m_formats.input);
        finish(name, unit, source, origin, about);
    }
    void text(std::string_view name, std::string_view value, std::string_view unit, std::string_view source,
              std::string_view origin, std::string_view about) {
        m_sheet.text(m_row, k_value, value, m_formats.input);
        finish(name, unit, source, origin, about);
    }
    void formula(const Derived& d) { formula(d.name, d.formula, d.unit, d.about, d.value(m_comparison)); }
    void formula(std::string_view name, const std::string& formula, std::string_view unit, std::string_view about,
                 double cached) {
        m_sheet.formula(m_row, k_value, formula, m_formats.number, cached);
        finish(name, unit, "worked out", "", fmt::format("{}: {}", about, formula.substr(1)));
    }
    // A sourced constant a reader should not need to change (a tax table's percentage): plain, not shaded.
    void constant(std::string_view name, double value, std::string_view unit, std::string_view source,
                  std::string_view about) {
        m_sheet.number(m_row, k_value, value, m_formats.number);
        finish(name, unit, source, "", about);
    }
    // Names the value cells of rows `first`..the last written as one range.
    void name_range(std::string_view name, int first) { m_sheet.name_range(name, first, m_row - 1, k_value); }
    int row() const noexcept { return m_row; }

private:
    void finish(std::string_view name, std::string_view unit, std::string_view source, std::string_view origin,
                std::string_view about) {
        m_sheet.text(m_row, k_name, name);
        m_sheet.name_cell(name, m_row, k_value);
        if (!unit.empty()) m_sheet.text(m_row, k_unit, unit);
        if (!source.empty()) m_sheet.text(m_row, k_source, source);
        if (!origin.empty()) m_sheet.text(m_row, k_origin, origin);
        if (!about.empty()) m_sheet.text(m_row, k_about, about);
        ++m_row;
    }

    Sheet& m_sheet;
    const Formats& m_formats;
    const Comparison& m_comparison;
    int m_row = 0;
};

// "GPU h100-sxm, as of 2025-06 (estimate)": where a build or offer figure comes from.
std::string figure_source(const Comparison& c, std::string_view kind) {
    for (const Figure& f : c.figures)
        if (f.kind == kind)
            return fmt::format("catalogue {} {}{}{}", f.kind, f.id, f.as_of.empty() ? "" : ", as of " + f.as_of,
                               f.confidence.empty() ? "" : " (" + f.confidence + ")");
    return "catalogue";
}

void write_inputs(Rows& rows, const Comparison& c) {
    rows.heading("Assumptions (change a shaded cell and the workbook follows)");
    for (const AssumptionInfo& info : assumption_infos()) {
        const auto i = static_cast<std::size_t>(info.key);
        const AssumptionValue value = get_value(c.assumptions.values, info.key);
        const std::string& source = c.assumptions.sources[i];
        const std::string& origin = c.assumptions.origins[i];
        if (info.key == AssumptionKey::horizon_months)
            rows.number("horizon_months", std::get<double>(value), "months", source, origin,
                        "the horizon M (the Cash flow sheet has a row per month: run gpucost again to change it)");
        else if (info.key == AssumptionKey::pricing)
            rows.text(info.name, choice_word(value), "", source, origin,
                      "the cloud pricing (usd_per_hour is this pricing's price: run gpucost again to change it)");
        else if (is_choice(info.kind))
            rows.text(info.name, choice_word(value), "", source, origin, info.help);
        else
            rows.number(info.name, std::get<double>(value), info.unit, source, origin, info.help);
    }
}

void write_specs(Rows& rows, const Comparison& c) {
    const BuildSpec& b = c.build_spec;
    const std::string build = figure_source(c, "build");
    const std::string gpu = figure_source(c, "GPU");
    rows.heading(fmt::format("The build: {} ({} x {})", c.build.id, c.build.gpu_count, c.build.gpu_id));
    rows.number("gpu_count", static_cast<double>(b.gpu_count), "GPUs", build, "", "g, GPUs in the machine");
    rows.number("gpu_price_usd", b.gpu_price_usd, "USD", build, "", "price of one GPU");
    rows.number("gpu_tdp_w", b.gpu_tdp_w, "W", gpu, "", "one GPU at load");
    rows.number("gpu_idle_w", b.gpu_idle_w, "W", gpu, "", "one GPU at idle");
    rows.number("base_price_usd", b.base_price_usd, "USD", build, "", "everything but the GPUs");
    rows.number("base_load_w", b.base_load_w, "W", build, "", "everything but the GPUs, at load");
    rows.number("base_idle_w", b.base_idle_w, "W", build, "", "everything but the GPUs, at idle");
    rows.number("setup_usd", b.setup_usd, "USD", build, "", "assembly, shipping, racking; never resold");

    const CloudSpec& r = c.rental;
    const std::string offer = figure_source(c, "offer");
    rows.heading(fmt::format("The offer: {} ({} {})", c.offer.id, c.offer.provider, c.offer.instance));
    rows.number("gpus_per_instance", static_cast<double>(r.gpus_per_instance), "GPUs", offer, "",
                "GPUs per rented instance, as the engine costs the rental");
    rows.number("usd_per_hour", r.usd_per_hour, "USD/instance-hour", offer, "",
                "at the pricing in force (unused by a monthly rental)");
    rows.number("usd_per_month", r.usd_per_month, "USD/instance-month", offer, "",
                "a dedicated server rented by the month: every month of the horizon billed whatever the use, at the "
                "cloud price trend (0: billed by the hour)");
    rows.number("setup_fee_usd", r.setup_fee_usd, "USD/instance", offer, "",
                "the monthly rental's one-off fee per instance, paid in month 0 (0: none)");
    rows.number("interim_usd_per_hour", r.interim_usd_per_hour, "USD/hour", offer, "",
                "the whole build's rental during the lead time, from the backup offer");
    rows.number("backup_usd_per_hour", r.backup_usd_per_hour, "USD/hour", offer, "",
                "the whole build's rental while it is down (the backup offer, on demand)");
    rows.text("interim_pricing", to_string(r.interim_pricing), "", offer, "", "how the interim cloud is bought");
    if (r.storage_usd_per_tb_month)
        rows.number("offer_storage_usd_per_tb_month", *r.storage_usd_per_tb_month, "USD/TB-month", offer, "",
                    "the offer's own storage price");
    else
        rows.text("offer_storage_usd_per_tb_month", "-", "USD/TB-month", offer, "",
                  "the offer gives no storage price: cloud_storage_usd_per_tb_month applies");
}

// The method's share of each tax year (Publication 946 Table A-1 for macrs-5; half a year, L - 1 full years, half
// a year for straight line), then each year's deduction until the sale (finance.cpp's depreciation_until_sale).
void write_depreciation_table(Rows& rows, const Comparison& c) {
    const int years = tax_years_in_horizon(c);
    const std::vector<double> shares = method_shares_by_tax_year(c);
    const std::vector<double> deductions = depreciation_usd_by_tax_year(c);
    for (int n = 1; n <= years; ++n)
        rows.formula(fmt::format("depreciation_share_year_{}", n),
                     fmt::format("=IF(depreciation=\"macrs-5\",IF({0}<=6,INDEX(macrs_5_half_year,{0}),0),"
                                 "IF(depreciation=\"straight-line\",IF({0}=1,1/(2*tax_life_years),IF({0}<=tax_life_"
                                 "years,1/tax_life_years,IF({0}=tax_life_years+1,1/(2*tax_life_years),0))),0))",
                                 n),
                     "share", fmt::format("the method's share of the basis in tax year {}", n),
                     shares[static_cast<std::size_t>(n - 1)]);
    const int first = rows.row();
    for (int n = 1; n <= years; ++n)
        rows.formula(fmt::format("depreciation_year_{}_usd", n),
                     fmt::format("=IF({0}>sale_tax_year,0,IF({0}=1,section_179_taken_usd+bonus_taken_usd,0)+"
                                 "depreciable_rest_usd*depreciation_share_year_{0}*IF({0}=sale_tax_year,0.5,1))",
                                 n),
                     "USD",
                     fmt::format("deducted in tax year {}: Section 179 and bonus in year 1, the method's share of "
                                 "the rest, half of it in the year of sale, none after",
                                 n),
                     deductions[static_cast<std::size_t>(n - 1)]);
    rows.name_range("depreciation_usd_by_tax_year", first);
}

// The per-token API beside the comparison (issue 20, --workload): the same work bought by the token, its monthly
// cost from named cells (api_alternative.cpp): g x T_b x 3,600 generated tokens per used hour, and the workload's
// prompt tokens for each at the input price. Its total over the horizon stays gpucost's (JSON, CSV, the verdict).
void write_api(Rows& rows, const Comparison& c, const ApiAlternative& api) {
    const std::string source = figure_source(c, "API offer");
    rows.heading(fmt::format("The same work through an API: {} {} ({})", api.provider, api.api_model, api.model));
    rows.number("api_tokens_per_second_per_gpu", api.output_tokens_per_second_per_gpu, "tokens/s",
                "the workload's throughput on the build's GPU", "", "T_b, tokens generated a second by one GPU");
    rows.number("input_tokens_per_output_token", api.input_tokens_per_output_token, "tokens", "the workload's split",
                "", "prompt tokens billed for each generated token (0: generated only)");
    rows.number("api_usd_per_million_input_tokens", api.usd_per_million_input_tokens, "USD per million tokens", source,
                "", "the API's price of a million prompt tokens");
    rows.number("api_usd_per_million_output_tokens", api.usd_per_million_output_tokens, "USD per million tokens",
                source, "", "the API's price of a million generated tokens");
    rows.formula("api_output_tokens_per_month", "=gpu_count*api_tokens_per_second_per_gpu*3600*used_hours_per_month",
                 "tokens/month", "generated tokens a month: g x T_b x 3,600 s x used hours",
                 api.output_tokens_per_month);
    rows.formula("api_usd_per_month",
                 "=api_output_tokens_per_month/1000000*(api_usd_per_million_output_tokens+"
                 "input_tokens_per_output_token*api_usd_per_million_input_tokens)",
                 "USD/month", "the API's bill a month at today's prices", api.usd_per_month);
}

// Financing and tax (issue 24; docs/finance.md): the figures the Cash flow sheet's finance rows rest on.
void write_finance(Rows& rows, const Comparison& c) {
    rows.heading("Financing and tax, worked out (docs/finance.md)");
    for (const Derived& d : finance_figures()) rows.formula(d);
    rows.heading("MACRS 5-year property, half-year convention: share of the basis by tax year");
    const int first = rows.row();
    int year = 1;
    for (const double share : k_macrs_5_half_year)
        rows.constant(fmt::format("macrs_5_year_{}", year++), share, "share",
                      "IRS Publication 946 (2024), Appendix A, Table A-1, half-year convention, 5-year column",
                      "200 % declining balance switching to straight line");
    rows.name_range("macrs_5_half_year", first);
    rows.heading("Depreciation by tax year (tax year 1 starts after placed_in_service_month)");
    write_depreciation_table(rows, c);
    for (const Derived& d : finance_sale_figures()) rows.formula(d);
}

}  // namespace

void write_assumptions_sheet(Sheet& sheet, const Comparison& c, const Formats& formats) {
    sheet.text(0, k_name, "Name", formats.heading);
    sheet.text(0, k_value, "Value", formats.heading);
    sheet.text(0, k_unit, "Unit", formats.heading);
    sheet.text(0, k_source, "Source", formats.heading);
    sheet.text(0, k_origin, "From", formats.heading);
    sheet.text(0, k_about, "What it is", formats.heading);
    sheet.column_width(k_name, k_name, 36);
    sheet.column_width(k_value, k_value, 16);
    sheet.column_width(k_unit, k_unit, 20);
    sheet.column_width(k_source, k_source, 48);
    sheet.column_width(k_origin, k_origin, 20);
    sheet.column_width(k_about, k_about, 80);
    sheet.freeze(1, 0);
    Rows rows(sheet, formats, c);
    write_inputs(rows, c);
    write_specs(rows, c);
    rows.heading("Worked out from the inputs (the engine's monthly figures at today's prices)");
    for (const Derived& d : k_derived) rows.formula(d);
    if (c.api) write_api(rows, c, *c.api);
    write_finance(rows, c);
}

}  // namespace gpucost::xlsx_detail
