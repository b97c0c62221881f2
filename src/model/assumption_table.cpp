// The assumption table: one row per assumption, with its contract, its code default and that default's source.
// The defaults and sources are those of the shipped data/catalog.json (tests/model/test_assumptions.cpp checks
// that the two agree), so a catalogue may leave any assumption out.
#include <array>
#include <cstddef>
#include <type_traits>
#include <utility>

#include "gpucost/model/assumptions.hpp"

namespace gpucost {
namespace {

constexpr double k_no_limit_usd = 1e9;            // a bound far beyond any real monthly bill, only to keep sums finite
constexpr double k_max_years = 50.0;              // longer than any hardware lives or any price holds
constexpr double k_hours_per_year = 8760.0;       // 365 x 24: no machine is out of use for longer in a year
constexpr double k_max_failures_per_year = 52.0;  // a failure every week is beyond any machine worth keeping
// The same bound shared by the GPUs of an 8-GPU server, the machine the failure statistics come from.
constexpr double k_max_failures_per_gpu_year = k_max_failures_per_year / 8.0;

using K = AssumptionKey;
using Kind = AssumptionKind;

// The accessor of the member `Member` of Assumptions: a whole number of months (an int) is held as a double.
template <auto Member>
constexpr AssumptionAccess field() {
    using T = std::remove_cvref_t<decltype(std::declval<Assumptions&>().*Member)>;
    return {[](const Assumptions& a) noexcept -> AssumptionValue {
                if constexpr (std::is_same_v<T, int>)
                    return static_cast<double>(a.*Member);
                else
                    return a.*Member;
            },
            [](Assumptions& a, const AssumptionValue& value) noexcept {
                using Held = std::conditional_t<std::is_same_v<T, int>, double, T>;
                if (const auto* v = std::get_if<Held>(&value)) a.*Member = static_cast<T>(*v);
            }};
}

// Columns: key, the member that holds it, name, kind, min, max, min_exclusive, build_may_set, unit; help; default as
// held (the horizon in months); source of the default; for model v2's keys, the schema_version that added them and
// whether max is excluded. Sources are the shipped catalogue's text, cut into literals of about 100 bytes.
// clang-format off
constexpr auto k_infos = std::to_array<AssumptionInfo>({
    {K::hours_per_week, field<&Assumptions::hours_per_week>(), "hours_per_week", Kind::number, 0, k_hours_per_week, false, false, "h/week",
     "hours of GPU work per week",
     AssumptionValue{40.0},
     "Project default (schema v1): one 40-hour working week of GPU use; a usage input, not a market "
     "figure."},
    {K::horizon_months, field<&Assumptions::months>(), "years", Kind::years_in_months, 0, k_max_years, true, false, "years",
     "horizon of the comparison, rounded to whole months",
     AssumptionValue{36.0},
     "Project default (schema v1): 3-year comparison horizon, matching the longest common cloud commitment"
     " (3-year reserved/committed-use terms)."},
    {K::pricing, field<&Assumptions::pricing>(), "pricing", Kind::pricing, 0, 0, false, false, "",
     "how the cloud side buys: on-demand, spot, reserved-1y or reserved-3y",
     AssumptionValue{Pricing::on_demand},
     "Project default (schema v1): compare against on-demand cloud prices unless the user picks spot or "
     "reserved."},
    {K::electricity_usd_per_kwh, field<&Assumptions::electricity_usd_per_kwh>(), "electricity_usd_per_kwh", Kind::number, 0, 10, false, true, "USD/kWh",
     "price of electricity",
     AssumptionValue{0.1282},
     "EIA Electric Power Monthly Table 5.6.A (data for April 2025, released 2025-06-25), "
     "https://eia.gov/electricity/monthly/epm_table_grapher.php?t=table_5_06_a : East North Central census"
     " division, commercial sector, 12.82 cents/kWh. The U.S. national average row (EPM Table 5.3 / 'U.S. "
     "Total') could NOT be retrieved (search excerpts stop before that row), so a documented EIA division "
     "figure is used instead. East North Central (IL, IN, MI, OH, WI) was chosen because it sits in the "
     "middle of the divisions read in the same table (West North Central 9.74, Middle Atlantic 16.24, New "
     "England 22.74 cents) and its states bracket it (Ohio 11.02 to Michigan 14.54). Commercial (not "
     "industrial) because an office or a small colocation customer pays commercial rates. Prices were "
     "rising ~5% a year (EIA monthly update: +5.1% y/y national revenue per kWh, May 2025), so late-2026 "
     "prices are likely somewhat higher. Override with your own tariff."},
    {K::pue, field<&Assumptions::pue>(), "pue", Kind::number, 1, 5, false, true, "",
     "power usage effectiveness: facility power / IT power",
     AssumptionValue{1.54},
     "Uptime Institute annual survey 2025: weighted-average PUE 1.54 (reported 2026-01-19 by "
     "https://thefreesheet.com/2026/01/19/data-centre-efficiency-flatlines-for-sixth-year-as-ai-power-"
     "demands-soar ; Uptime's own 2023 figure is 1.58, "
     "https://intelligence.uptimeinstitute.com/resource/large-data-centers-are-mostly-more-efficient-"
     "analysis-confirms ). Applies to data-centre builds; office/workstation builds override pue to 1.0 "
     "(no facility cooling overhead counted)."},
    {K::idle, field<&Assumptions::idle>(), "idle", Kind::idle, 0, 0, false, true, "",
     "when not working the machine stays on at idle draw (always-on) or is switched off (off)",
     AssumptionValue{IdlePolicy::always_on},
     "Project default (schema v1): 'always-on' - an owned machine stays powered 24/7 and draws idle power "
     "(GPU idle_w x count + base_idle_w, times PUE) whenever it is not working; cloud instances are paid "
     "only for the hours used."},
    {K::staff_salary_usd, field<&Assumptions::staff_salary_usd>(), "staff_salary_usd", Kind::number, 0, 1e8, false, true, "USD/year",
     "yearly cost of one full-time administrator",
     AssumptionValue{132270.0},
     "BLS Occupational Outlook Handbook, Software Developers, median pay $132,270/yr (May 2023), "
     "https://www.bls.gov/ooh/computer-and-information-technology/software-developers.htm . Used as a "
     "proxy for the ML-infrastructure / DevOps engineer who runs GPU machines. Alternatives: Network & "
     "computer systems administrators $90,520 (May 2022), all computer & IT occupations $104,420 (May "
     "2023). Salary only; benefits and overhead (often +25-40%) are NOT included."},
    {K::staff_fte_build, field<&Assumptions::staff_fte_build>(), "staff_fte_build", Kind::number, 0, 1e6, false, true, "FTE",
     "staff time to run the owned machine, in full-time equivalents",
     AssumptionValue{0.1},
     "ESTIMATE (no source found): 0.1 FTE (~4 h/week) to run an owned 8-GPU server: driver/CUDA/firmware "
     "updates, monitoring, failed-part RMAs, user support. Small office/workstation builds override to "
     "0.05 FTE. Plausible range 0.02-0.25 FTE depending on fleet size and automation."},
    {K::staff_fte_cloud, field<&Assumptions::staff_fte_cloud>(), "staff_fte_cloud", Kind::number, 0, 1e6, false, true, "FTE",
     "staff time to run the cloud setup, in full-time equivalents",
     AssumptionValue{0.05},
     "ESTIMATE (no source found): 0.05 FTE (~2 h/week) to manage cloud instances (images, quotas, "
     "start/stop, billing). Lower than owning because there is no hardware to maintain. Plausible range "
     "0-0.15."},
    {K::maintenance_rate, field<&Assumptions::maintenance_rate>(), "maintenance_rate", Kind::number, 0, 1, false, true, "per year",
     "yearly maintenance and support as a fraction of the hardware price",
     AssumptionValue{0.1},
     "Hardware maintenance contracts are typically 10-15% of purchase price per year (philipcrewe.net, "
     "2013) or 10-12% (librarytechnology.org, undated); both weak secondary sources. The low end, 10%/yr, "
     "is used. NVIDIA DGX support is reported at ~20%/yr of base price (supercluster.blog, weak) and the "
     "DGX builds override to 0.20. DIY office/workstation builds override to 0 (no contract; failures "
     "handled by warranty or part swaps)."},
    {K::facility_usd_per_month, field<&Assumptions::facility_usd_per_month>(), "facility_usd_per_month", Kind::number, 0, k_no_limit_usd, false, true, "USD/month",
     "rack space, colocation, office space for the machine",
     AssumptionValue{0.0},
     "0 by default (machine sits in an existing office). Data-centre builds override with colocation = "
     "CBRE North America primary-market asking rate $184.06 per kW per month (250-500 kW requirements, H2 "
     "2024, published 2025-02-26, https://www.cbre.com/insights/reports/north-america-data-center-"
     "trends-h2-2024) x the build's maximum power in kW. Energy is charged separately via electricity x "
     "PUE (colo power is usually passed through at cost). The rate is rising: +12.6% y/y in H2 2024, +2.5%"
     " in H1 2025 (idcnova.com report of CBRE); global average $217.30 (Q1 2025, dataxconnect.com)."},
    {K::useful_life_years, field<&Assumptions::useful_life_years>(), "useful_life_years", Kind::number, 0, k_max_years, true, true, "years",
     "years until the hardware is worth its residual value",
     AssumptionValue{5.0},
     "ESTIMATE: 5 years. Used-market data in the reference show 5-6-year-old GPUs still trading at "
     "meaningful prices (RTX 3090 ~ $750 in 2026, thinksmart.life; A100 $4,000-18,000 in 2026, "
     "computeforecast.com), so 5 years of service is defensible; accounting schedules of 3 years are "
     "common but understate life."},
    {K::residual_value, field<&Assumptions::residual_value>(), "residual_value", Kind::number, 0, 1, false, true, "",
     "share of the hardware price it still fetches at the end of its useful life",
     AssumptionValue{0.3},
     "ESTIMATE: 0.3 of purchase price left after 5 years for data-centre GPUs. Evidence: used A100 "
     "$4,000-18,000 in 2026 (computeforecast.com, citing Silicon Data: depreciation speeds up after ~2 "
     "years) against a $15,000 2020 list price (NextPlatform) or ~$37,500 per GPU inside a 2021 DGX A100 "
     "640GB (Epoch AI hardware-price dataset) -> roughly 0.3-0.7; used H100 $15,000-28,000 vs "
     "$25,000-30,000 new. Consumer-GPU builds override to 0.5: used RTX 3090 ~ $750 vs $1,499 MSRP after "
     "5-6 years (thinksmart.life)."},
    {K::discount_rate, field<&Assumptions::discount_rate>(), "discount_rate", Kind::number, 0, 1, false, true, "per year",
     "annual rate at which future money is discounted (cost of capital)",
     AssumptionValue{0.09},
     "Damodaran, Cost of Equity and Capital (US), January 2026 "
     "(https://pages.stern.nyu.edu/adamodar/New_Home_Page/datafile/wacc.html): Software (System & "
     "Application) 9.34% (309 firms, beta 1.28), rounded to 9%, for the software/AI company that buys GPU "
     "servers. Alternatives in the same table: Information Services 7.00%, Computer Services 7.83%, "
     "Computers/Peripherals 9.71%, Semiconductor 10.55%, Software (Internet) 10.66% (tech range "
     "7.0-10.7%); a GPU cloud's marginal debt costs 10-15% (CoreWeave 10-Q, 2025-06-30: DDTL 2.0 11%, "
     "DDTL 1.0 15%, 2030 notes 10%, OEM financing 9-10%, "
     "https://www.sec.gov/Archives/edgar/data/1769628/000114036125032095/R41.htm); 5-7% (R.E.I.T. 5.32%) "
     "only for low-risk institutional buyers. Set 0 to reproduce v1 (no time value of money)."},
    {K::spot_overhead, field<&Assumptions::spot_overhead>(), "spot_overhead", Kind::number, 0, 10, false, true, "",
     "extra hours re-run after spot interruptions, as a fraction of the work",
     AssumptionValue{0.1},
     "ESTIMATE (no source found): 10% extra hours re-run after spot interruptions. Reasoning: with "
     "checkpoints every ~30-60 min, each preemption loses on average half a checkpoint interval plus "
     "restart/reload time; at a few preemptions per day of use this is roughly 5-15% of hours. Workloads "
     "without checkpointing can lose far more."},
    {K::cloud_storage_usd_per_month, field<&Assumptions::cloud_storage_usd_per_month>(), "cloud_storage_usd_per_month", Kind::number, 0, k_no_limit_usd, false, true,
     "USD/month", "cloud storage bill",
     AssumptionValue{100.0},
     "ESTIMATE: 1 TB of persistent disk for datasets/checkpoints at $0.10 per GB-month = $100/month. Rate "
     "from Saturn Cloud hosted billing docs (disk $0.10/GB-month, https://saturncloud.io/docs/using-"
     "saturn-cloud/saturn-hosted-billing/ ); hyperscaler block storage is of the same order. Scale to your"
     " data size."},
    {K::cloud_egress_usd_per_month, field<&Assumptions::cloud_egress_usd_per_month>(), "cloud_egress_usd_per_month", Kind::number, 0, k_no_limit_usd, false, true,
     "USD/month", "cloud data-transfer-out bill",
     AssumptionValue{0.0},
     "0 by default: egress depends entirely on the workload (many GPU clouds, e.g. RunPod, charge no "
     "ingress/egress; hyperscalers charge per GB to the internet). No sourced per-GB rate was collected; "
     "set this if you serve results out of the cloud."},
    // Model v2 (issue 11). Each code default is the neutral value that reproduces v1, and it is what a
    // schema_version 1 catalogue gets; a version-2 catalogue gives its own sourced values.
    {K::resale, field<&Assumptions::resale>(), "resale", Kind::resale, 0, 0, false, true, "",
     "resale value model: straight-line (to residual_value at the end of useful_life_years), curve "
     "(falls by resale_decline_per_year) or none",
     AssumptionValue{ResaleModel::straight_line},
     "Neutral default (schema v1's model): straight-line from the price to residual_value over "
     "useful_life_years.", 2},
    {K::resale_decline_per_year, field<&Assumptions::resale_decline_per_year>(), "resale_decline_per_year", Kind::number, 0, 1, false, true, "per year",
     "curve resale: the machine's value falls by this fraction each year of its age",
     AssumptionValue{0.0},
     "Neutral default: 0 (read only when resale is curve); set it from used-market evidence.", 2, true},
    {K::cloud_price_change_per_year, field<&Assumptions::cloud_price_change_per_year>(), "cloud_price_change_per_year", Kind::number, -0.9, 1, false, false,
     "per year", "cloud prices change by this fraction a year (commitments lock their rate for their term)",
     AssumptionValue{0.0},
     "Neutral default (schema v1): cloud prices held for the whole horizon.", 2},
    {K::electricity_price_change_per_year, field<&Assumptions::electricity_price_change_per_year>(), "electricity_price_change_per_year", Kind::number, -0.9, 1, false,
     true, "per year", "electricity prices change by this fraction a year",
     AssumptionValue{0.0},
     "Neutral default (schema v1): electricity prices held for the whole horizon.", 2},
    {K::lead_time_months, field<&Assumptions::lead_time_months>(), "lead_time_months", Kind::whole_number, 0, k_max_years * k_months_per_year - 1, false,
     true, "months", "whole months from order to a working machine; the build side rents the cloud meanwhile",
     AssumptionValue{0.0},
     "Neutral default (schema v1): the machine works from month 1.", 2},
    {K::on_demand_overhead, field<&Assumptions::on_demand_overhead>(), "on_demand_overhead", Kind::number, 0, 1, false, true, "",
     "extra on-demand hours billed (instances left up between jobs), as a fraction of the work",
     AssumptionValue{0.0},
     "Neutral default (schema v1): on-demand instances are billed only for the hours worked.", 2},
    {K::storage_tb, field<&Assumptions::storage_tb>(), "storage_tb", Kind::number, 0, 1e6, false, true, "TB",
     "working data the cloud side must keep (a build may set its own disk size)",
     AssumptionValue{0.0},
     "Neutral default (schema v1): no storage sized in TB; cloud_storage_usd_per_month is the whole bill.", 2},
    {K::cloud_storage_usd_per_tb_month, field<&Assumptions::cloud_storage_usd_per_tb_month>(), "cloud_storage_usd_per_tb_month", Kind::number, 0, 1e4, false, true,
     "USD/TB-month", "price of cloud storage, unless the offer gives its own storage_usd_per_tb_month",
     AssumptionValue{0.0},
     "Neutral default: 0 (read only when storage_tb is above 0); set it from the provider's price list.", 2},
    // Availability of the owned machine (issue 20). Neutral code defaults (a machine that never fails), as a
    // schema_version 1 catalogue keeps them; the shipped catalogue gives sourced values.
    {K::failures_per_machine_year, field<&Assumptions::failures_per_machine_year>(), "failures_per_machine_year", Kind::number, 0, k_max_failures_per_year, false, true,
     "per year", "failures a year that take the owned machine out of use until repaired",
     AssumptionValue{0.0},
     "Neutral default (schema v1): the machine never fails.", 2},
    {K::repair_hours, field<&Assumptions::repair_hours>(), "repair_hours", Kind::number, 0, k_hours_per_year, false, true,
     "hours", "hours the owned machine is out of use per failure (diagnosis, replacement part, swap)",
     AssumptionValue{0.0},
     "Neutral default (schema v1): a failure is repaired at once.", 2},
    {K::planned_maintenance_hours_per_year, field<&Assumptions::planned_maintenance_hours_per_year>(), "planned_maintenance_hours_per_year", Kind::number, 0, k_hours_per_year, false, true,
     "h/year", "hours a year the owned machine is out of use for planned work (updates, firmware, cleaning)",
     AssumptionValue{0.0},
     "Neutral default (schema v1): no planned downtime.", 2},
    {K::downtime, field<&Assumptions::downtime>(), "downtime", Kind::downtime, 0, 0, false, false, "",
     "what the owned machine's lost hours of use cost: rented from the cheapest like-for-like on-demand offer "
     "(cover) or counted as lost GPU-hours (lost)",
     AssumptionValue{DowntimePolicy::cover},
     "Project default: cover - the work a down machine would have done is rented on demand, so both sides "
     "deliver the same hours.", 2},
    {K::spot_interruptions_per_instance_month, field<&Assumptions::spot_interruptions_per_instance_month>(), "spot_interruptions_per_instance_month", Kind::number, 0, 30, false, true,
     "per month", "spot interruptions per instance and month of continuous use; each stops every instance of the job",
     AssumptionValue{0.0},
     "Neutral default (schema v1): spot capacity is never reclaimed.", 2},
    {K::spot_restart_hours, field<&Assumptions::spot_restart_hours>(), "spot_restart_hours", Kind::number, 0, k_hours_per_month, false, true,
     "hours", "hours of the whole job's work lost and re-run after each spot interruption (since the last checkpoint, reload)",
     AssumptionValue{0.0},
     "Neutral default (schema v1): an interruption loses no work.", 2},
    {K::failures_per_gpu_year, field<&Assumptions::failures_per_gpu_year>(), "failures_per_gpu_year", Kind::number, 0, k_max_failures_per_gpu_year, false, true,
     "per GPU-year", "failures a year per GPU; where in force, a build's failures_per_machine_year is this x its GPUs",
     AssumptionValue{0.0},
     "Neutral default: 0 - failures_per_machine_year is taken as given for every build.", 2},
    {K::discounting, field<&Assumptions::discounting>(), "discounting", Kind::discounting, 0, 0, false, false, "",
     "when cash flows are discounted: at the end of each month (monthly) or of each year (annual, year-end)",
     AssumptionValue{DiscountConvention::monthly},
     "Project default: monthly - every monthly cost is discounted from the end of its own month, as it is paid; "
     "annual is the year-end convention of yearly finance models.", 2},
    // Financing and tax of the build side (issue 24; docs/finance.md). Each code default is the neutral value
    // (cash, no tax), with which every figure is the same as without these rows; the shipped catalogue gives the
    // sourced US figures for the terms that matter once a loan, a lease or a tax rate is chosen.
    {K::financing, field<&Assumptions::financing>(), "financing", Kind::financing, 0, 0, false, false, "",
     "how the build side pays for its hardware: cash in month 0, a loan or a lease",
     AssumptionValue{Financing::cash},
     "Neutral default: cash - the hardware is paid in full in month 0.", 2},
    {K::loan_rate, field<&Assumptions::loan_rate>(), "loan_rate", Kind::number, 0, 1, false, false, "per year",
     "loan: nominal annual interest rate, compounded monthly",
     AssumptionValue{0.0},
     "Neutral default: 0 (read only when financing is loan).", 2},
    {K::loan_term_months, field<&Assumptions::loan_term_months>(), "loan_term_months", Kind::whole_number, 1, k_max_years * k_months_per_year, false, false,
     "months", "loan: months of level payments; a balance left at the horizon's end is paid off then",
     AssumptionValue{60.0},
     "Neutral default: 60 months (read only when financing is loan).", 2},
    {K::down_payment, field<&Assumptions::down_payment>(), "down_payment", Kind::number, 0, 1, false, false, "",
     "loan: share of the hardware price paid in month 0",
     AssumptionValue{0.0},
     "Neutral default: 0 (read only when financing is loan).", 2},
    {K::lease_usd_per_month, field<&Assumptions::lease_usd_per_month>(), "lease_usd_per_month", Kind::number, 0, k_no_limit_usd, false, false,
     "USD/month", "lease: the monthly payment (0: the hardware price times lease_rate_factor)",
     AssumptionValue{0.0},
     "Neutral default: 0 (read only when financing is lease): give the quote's payment or its lease-rate factor.", 2},
    {K::lease_rate_factor, field<&Assumptions::lease_rate_factor>(), "lease_rate_factor", Kind::number, 0, 1, false, false, "",
     "lease: monthly payment per dollar of hardware, used when lease_usd_per_month is 0",
     AssumptionValue{0.0},
     "Neutral default: 0 (read only when financing is lease): take it from the lessor's quote.", 2},
    {K::lease_term_months, field<&Assumptions::lease_term_months>(), "lease_term_months", Kind::whole_number, 1, k_max_years * k_months_per_year, false, false,
     "months", "lease: months of payments",
     AssumptionValue{36.0},
     "Neutral default: 36 months (read only when financing is lease).", 2},
    {K::lease_end, field<&Assumptions::lease_end>(), "lease_end", Kind::lease_end, 0, 0, false, false, "",
     "lease: at its end the machine is returned (return), bought at its resale value (fmv) or for $1 (one-dollar)",
     AssumptionValue{LeaseEnd::return_equipment},
     "Neutral default: return (read only when financing is lease).", 2},
    {K::tax_rate, field<&Assumptions::tax_rate>(), "tax_rate", Kind::number, 0, 1, false, false, "",
     "income-tax rate on the company's profit: costs are deducted, the hardware depreciated (0: before tax)",
     AssumptionValue{0.0},
     "Neutral default: 0 - every figure before tax.", 2, true},
    {K::depreciation, field<&Assumptions::depreciation>(), "depreciation", Kind::depreciation, 0, 0, false, false, "",
     "tax depreciation of the hardware and setup: none, straight-line over tax_life_years, or macrs-5",
     AssumptionValue{Depreciation::macrs_5},
     "Neutral default: macrs-5 (read only when tax_rate is above 0).", 2},
    {K::tax_life_years, field<&Assumptions::tax_life_years>(), "tax_life_years", Kind::whole_number, 1, k_max_years, false, false,
     "years", "straight-line depreciation: the tax life",
     AssumptionValue{5.0},
     "Neutral default: 5 years (read only for straight-line depreciation).", 2},
    {K::bonus_depreciation, field<&Assumptions::bonus_depreciation>(), "bonus_depreciation", Kind::number, 0, 1, false, false, "",
     "share of the basis (after Section 179) deducted in the first tax year",
     AssumptionValue{0.0},
     "Neutral default: 0 (read only when tax_rate is above 0).", 2},
    {K::section_179_usd, field<&Assumptions::section_179_usd>(), "section_179_usd", Kind::number, 0, k_no_limit_usd, false, false,
     "USD", "Section 179: the amount asked to be expensed in the first tax year",
     AssumptionValue{0.0},
     "Neutral default: 0 (read only when tax_rate is above 0).", 2},
    {K::section_179_limit_usd, field<&Assumptions::section_179_limit_usd>(), "section_179_limit_usd", Kind::number, 0, k_no_limit_usd, false, false,
     "USD", "Section 179: the year's limit",
     AssumptionValue{0.0},
     "Neutral default: 0 (read only when section_179_usd is above 0).", 2},
    {K::section_179_phase_out_usd, field<&Assumptions::section_179_phase_out_usd>(), "section_179_phase_out_usd", Kind::number, 0, k_no_limit_usd, false, false,
     "USD", "Section 179: the limit falls dollar for dollar above this much property placed in service (0: none)",
     AssumptionValue{0.0},
     "Neutral default: 0 (read only when section_179_usd is above 0).", 2},
    {K::tax_timing, field<&Assumptions::tax_timing>(), "tax_timing", Kind::tax_timing, 0, 0, false, false, "",
     "when tax effects move money: in the month their cause is paid (month) or at each tax year's end (year-end)",
     AssumptionValue{TaxTiming::month},
     "Neutral default: month (read only when tax_rate is above 0).", 2},
});
// clang-format on

// Row i describes AssumptionKey(i): the lookups below index the table by key.
constexpr bool keys_in_order() {
    for (std::size_t i = 0; i < k_infos.size(); ++i)
        if (k_infos[i].key != static_cast<AssumptionKey>(i)) return false;
    return true;
}
static_assert(k_infos.size() == k_assumption_count, "one row per AssumptionKey, no more, no fewer");
static_assert(keys_in_order(), "row i of the assumption table must be AssumptionKey(i)");

}  // namespace

const std::array<AssumptionInfo, k_assumption_count>& assumption_infos() noexcept { return k_infos; }

const AssumptionInfo& info(AssumptionKey key) noexcept { return k_infos[static_cast<std::size_t>(key)]; }

}  // namespace gpucost
