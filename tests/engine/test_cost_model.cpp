// The cost engine (include/gpucost/cost_model.hpp) against the cost model as specified, computed by hand.
// Every expected figure is worked out beside it; none is copied from the engine's output. The property tests at
// the end compare the engine with an independent month-by-month implementation of the same specification.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "gpucost/engine/cost_model.hpp"

using namespace gpucost;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {

// Tolerance for figures a handful of floating-point operations from their hand-computed value.
constexpr double k_tight = 1e-12;

// ---------------------------------------------------------------------------------------------------------------
// An independent implementation of the specification: month by month, each flow discounted with std::pow.
// ---------------------------------------------------------------------------------------------------------------

double spec_discount(int month, double r) { return std::pow(1.0 + r, -static_cast<double>(month) / 12.0); }

struct Spec {
    double u = 0;  // used hours per month
    double hardware = 0, setup = 0, power = 0, staff_build = 0, maintenance = 0, facility = 0, resale = 0;
    double build_total = 0;
    std::int64_t instances = 0, unused = 0;
    double compute = 0, storage = 0, egress = 0, staff_cloud = 0, cloud_total = 0;
    double build_monthly = 0, cloud_monthly = 0;
    // Cumulative discounted spend through month m (index m, 1..M; index 0 is the purchase alone).
    std::vector<double> cum_build, cum_cloud;
};

Spec spec(const BuildSpec& b, const CloudSpec& c, const Assumptions& a) {
    Spec s;
    const double g = static_cast<double>(b.gpu_count);
    s.u = a.hours_per_week * 730.0 / 168.0;
    const double idle_hours = a.idle == IdlePolicy::always_on ? 730.0 - s.u : 0.0;
    const double load_w = b.base_load_w + g * b.gpu_tdp_w;
    const double idle_w = b.base_idle_w + g * b.gpu_idle_w;
    const double kwh = (s.u * load_w + idle_hours * idle_w) / 1000.0;
    s.hardware = g * b.gpu_price_usd + b.base_price_usd;
    s.setup = b.setup_usd;
    const double power_m = kwh * a.pue * a.electricity_usd_per_kwh;
    const double staff_build_m = a.staff_fte_build * a.staff_salary_usd / 12.0;
    const double maintenance_m = a.maintenance_rate * s.hardware / 12.0;
    const double facility_m = a.facility_usd_per_month;

    s.instances = b.gpu_count / c.gpus_per_instance + (b.gpu_count % c.gpus_per_instance != 0 ? 1 : 0);
    s.unused = s.instances * c.gpus_per_instance - b.gpu_count;
    double billed = s.u;
    if (a.pricing == Pricing::spot) billed = s.u * (1.0 + a.spot_overhead);
    if (a.pricing == Pricing::reserved_1y || a.pricing == Pricing::reserved_3y) billed = 730.0;
    const double compute_m = static_cast<double>(s.instances) * c.usd_per_hour * billed;
    const double staff_cloud_m = a.staff_fte_cloud * a.staff_salary_usd / 12.0;

    s.build_monthly = power_m + staff_build_m + maintenance_m + facility_m;
    s.cloud_monthly = compute_m + a.cloud_storage_usd_per_month + a.cloud_egress_usd_per_month + staff_cloud_m;

    s.cum_build.push_back(s.hardware + s.setup);
    s.cum_cloud.push_back(0.0);
    for (int k = 1; k <= a.months; ++k) {
        const double d = spec_discount(k, a.discount_rate);
        s.power += d * power_m;
        s.staff_build += d * staff_build_m;
        s.maintenance += d * maintenance_m;
        s.facility += d * facility_m;
        s.compute += d * compute_m;
        s.storage += d * a.cloud_storage_usd_per_month;
        s.egress += d * a.cloud_egress_usd_per_month;
        s.staff_cloud += d * staff_cloud_m;
        s.cum_build.push_back(s.cum_build.back() + d * s.build_monthly);
        s.cum_cloud.push_back(s.cum_cloud.back() + d * s.cloud_monthly);
    }
    const double age_years = std::min(static_cast<double>(a.months) / 12.0, a.useful_life_years);
    const double value = s.hardware * (1.0 - (1.0 - a.residual_value) * age_years / a.useful_life_years);
    s.resale = -value * spec_discount(a.months, a.discount_rate);
    s.build_total = s.hardware + s.setup + s.power + s.staff_build + s.maintenance + s.facility + s.resale;
    s.cloud_total = s.compute + s.storage + s.egress + s.staff_cloud;
    return s;
}

// Brute-force payback: the first month whose cumulative discounted cloud spend reaches the build's.
std::optional<int> brute_payback(const Spec& s) {
    for (std::size_t m = 1; m < s.cum_build.size(); ++m)
        if (s.cum_cloud[m] >= s.cum_build[m]) return static_cast<int>(m);
    return std::nullopt;
}

// True when the engine's payback agrees with the brute-force loop, allowing disagreement only at months where
// the two cumulative sums are equal to within rounding (the loop and the closed form round differently).
bool payback_agrees(const std::optional<int>& engine, const Spec& s) {
    const std::optional<int> brute = brute_payback(s);
    if (engine == brute) return true;
    const int months = static_cast<int>(s.cum_build.size()) - 1;
    const int from = std::min(engine.value_or(months + 1), brute.value_or(months + 1));
    const int to = std::max(engine.value_or(months + 1), brute.value_or(months + 1));
    for (int m = from; m < to && m <= months; ++m) {
        const auto i = static_cast<std::size_t>(m);
        const double gap = std::fabs(s.cum_cloud[i] - s.cum_build[i]);
        if (gap > 1e-9 * std::max(s.cum_cloud[i], s.cum_build[i])) return false;
    }
    return true;
}

Assumptions with_hours(Assumptions a, double hours) {
    a.hours_per_week = hours;
    return a;
}

// ---------------------------------------------------------------------------------------------------------------
// A small realistic build: two RTX 4090s in an office tower against a one-GPU on-demand cloud instance.
// ---------------------------------------------------------------------------------------------------------------

BuildSpec office_box() {
    BuildSpec b;
    b.gpu_count = 2;
    b.gpu_price_usd = 1800.0;  // RTX 4090
    b.gpu_tdp_w = 450.0;
    b.gpu_idle_w = 20.0;
    b.base_price_usd = 2500.0;  // CPU, board, RAM, disks, PSU, case
    b.base_load_w = 300.0;
    b.base_idle_w = 60.0;
    b.setup_usd = 200.0;
    return b;
}

CloudSpec one_gpu_offer() {
    CloudSpec c;
    c.gpus_per_instance = 1;
    c.usd_per_hour = 0.69;
    return c;
}

Assumptions office_assumptions() {
    Assumptions a;
    a.hours_per_week = 40.0;
    a.months = 36;
    a.pricing = Pricing::on_demand;
    a.electricity_usd_per_kwh = 0.30;
    a.pue = 1.2;
    a.idle = IdlePolicy::always_on;
    a.staff_salary_usd = 120000.0;
    a.staff_fte_build = 0.05;
    a.staff_fte_cloud = 0.02;
    a.maintenance_rate = 0.05;
    a.facility_usd_per_month = 50.0;
    a.useful_life_years = 4.0;
    a.residual_value = 0.2;
    a.discount_rate = 0.0;
    a.spot_overhead = 0.0;
    a.cloud_storage_usd_per_month = 20.0;
    a.cloud_egress_usd_per_month = 10.0;
    return a;
}

// A bare machine: every assumption that adds cost switched off, so one effect can be looked at alone.
Assumptions bare_assumptions() {
    Assumptions a;
    a.hours_per_week = 40.0;
    a.months = 12;
    a.pricing = Pricing::on_demand;
    a.electricity_usd_per_kwh = 0.0;
    a.pue = 1.0;
    a.idle = IdlePolicy::off;
    a.useful_life_years = 5.0;
    a.residual_value = 0.0;
    return a;
}

// ---------------------------------------------------------------------------------------------------------------
// Pseudo-random valid inputs. Draws are made from the raw 32-bit mt19937 output (fully specified by the
// standard), not from std::uniform_real_distribution, so the sequence is the same with every standard library.
// ---------------------------------------------------------------------------------------------------------------

double draw(std::mt19937& rng, double lo, double hi) {
    return lo + (hi - lo) * (static_cast<double>(rng()) / 4294967296.0);
}

std::int64_t draw_int(std::mt19937& rng, std::int64_t lo, std::int64_t hi) {
    return lo + static_cast<std::int64_t>(rng() % static_cast<std::uint32_t>(hi - lo + 1));
}

bool one_in(std::mt19937& rng, std::uint32_t n) { return rng() % n == 0; }

struct Case {
    BuildSpec b;
    CloudSpec c;
    Assumptions a;
};

Case random_case(std::mt19937& rng) {
    Case k;
    BuildSpec& b = k.b;
    b.gpu_count = one_in(rng, 10) ? draw_int(rng, 1, 1000000) : draw_int(rng, 1, 16);
    b.gpu_price_usd = draw(rng, 0.0, 40000.0);
    b.gpu_tdp_w = draw(rng, 0.0, 1000.0);
    b.gpu_idle_w = draw(rng, 0.0, b.gpu_tdp_w);  // the catalogue never lets idle exceed load
    b.base_price_usd = draw(rng, 0.0, 50000.0);
    b.base_load_w = draw(rng, 0.0, 3000.0);
    b.base_idle_w = draw(rng, 0.0, b.base_load_w);
    b.setup_usd = draw(rng, 0.0, 5000.0);

    CloudSpec& c = k.c;
    c.gpus_per_instance = one_in(rng, 2) ? std::int64_t{1} << draw_int(rng, 0, 3) : draw_int(rng, 1, 16);
    c.usd_per_hour = draw(rng, 0.0, 40.0);

    Assumptions& a = k.a;
    a.hours_per_week = one_in(rng, 10) ? 0.0 : one_in(rng, 9) ? 168.0 : draw(rng, 0.0, 168.0);
    a.months = static_cast<int>(one_in(rng, 20) ? draw_int(rng, 1, 600) : draw_int(rng, 1, 120));
    a.pricing = static_cast<Pricing>(rng() % 4);
    a.electricity_usd_per_kwh = draw(rng, 0.0, 1.0);
    a.pue = draw(rng, 1.0, 2.0);
    a.idle = one_in(rng, 2) ? IdlePolicy::always_on : IdlePolicy::off;
    a.staff_salary_usd = draw(rng, 0.0, 200000.0);
    a.staff_fte_build = draw(rng, 0.0, 1.0);
    a.staff_fte_cloud = draw(rng, 0.0, 1.0);
    a.maintenance_rate = draw(rng, 0.0, 0.2);
    a.facility_usd_per_month = draw(rng, 0.0, 1000.0);
    a.useful_life_years = draw(rng, 0.25, 10.0);
    a.residual_value = one_in(rng, 10) ? 0.0 : one_in(rng, 9) ? 1.0 : draw(rng, 0.0, 1.0);
    a.discount_rate = one_in(rng, 4) ? 0.0 : one_in(rng, 10) ? draw(rng, 0.0, 1.0) : draw(rng, 0.0, 0.3);
    a.spot_overhead = draw(rng, 0.0, 1.0);
    a.cloud_storage_usd_per_month = draw(rng, 0.0, 500.0);
    a.cloud_egress_usd_per_month = draw(rng, 0.0, 500.0);
    return k;
}

std::string describe(const Case& k) {
    std::ostringstream o;
    o.precision(17);
    o << "g=" << k.b.gpu_count << " gpu$=" << k.b.gpu_price_usd << " tdp=" << k.b.gpu_tdp_w
      << " gidle=" << k.b.gpu_idle_w << " base$=" << k.b.base_price_usd << " bload=" << k.b.base_load_w
      << " bidle=" << k.b.base_idle_w << " setup=" << k.b.setup_usd << " | c=" << k.c.gpus_per_instance
      << " p=" << k.c.usd_per_hour << " | h=" << k.a.hours_per_week << " M=" << k.a.months
      << " pricing=" << to_string(k.a.pricing) << " e=" << k.a.electricity_usd_per_kwh << " pue=" << k.a.pue
      << " idle=" << to_string(k.a.idle) << " salary=" << k.a.staff_salary_usd << " fteb=" << k.a.staff_fte_build
      << " ftec=" << k.a.staff_fte_cloud << " maint=" << k.a.maintenance_rate << " fac=" << k.a.facility_usd_per_month
      << " life=" << k.a.useful_life_years << " resid=" << k.a.residual_value << " r=" << k.a.discount_rate
      << " spot=" << k.a.spot_overhead << " storage=" << k.a.cloud_storage_usd_per_month
      << " egress=" << k.a.cloud_egress_usd_per_month;
    return o.str();
}

// |x - y| small against the size of the figures involved (scale), for values that may legitimately be 0.
bool close(double x, double y, double scale, double rel = 1e-9) {
    return std::fabs(x - y) <= rel * std::max({std::fabs(x), std::fabs(y), scale}) + 1e-9;
}

bool all_finite(const Evaluation& e) {
    const double figures[] = {e.build.hardware_usd,
                              e.build.setup_usd,
                              e.build.power_usd,
                              e.build.staff_usd,
                              e.build.maintenance_usd,
                              e.build.facility_usd,
                              e.build.resale_usd,
                              e.build.total_usd,
                              e.cloud.compute_usd,
                              e.cloud.storage_usd,
                              e.cloud.egress_usd,
                              e.cloud.staff_usd,
                              e.cloud.total_usd,
                              e.monthly.power_usd,
                              e.monthly.staff_build_usd,
                              e.monthly.maintenance_usd,
                              e.monthly.facility_usd,
                              e.monthly.compute_usd,
                              e.monthly.storage_usd,
                              e.monthly.egress_usd,
                              e.monthly.staff_cloud_usd,
                              e.used_hours_per_month,
                              e.savings_usd,
                              e.build_per_gpu_hour_usd.value_or(0.0),
                              e.cloud_per_gpu_hour_usd.value_or(0.0),
                              e.break_even_hours_per_week.value_or(0.0)};
    return std::all_of(std::begin(figures), std::end(figures), [](double v) { return std::isfinite(v); });
}

}  // namespace

// ===============================================================================================================
// Discounting
// ===============================================================================================================

TEST_CASE("annuity_factor is the number of months when the rate is zero") {
    // sum_{k=1..m} (1 + 0)^(-k/12) = sum of m ones = m, exactly.
    for (int m : {1, 2, 12, 36, 60, 600}) {
        CAPTURE(m);
        CHECK(annuity_factor(m, 0.0) == static_cast<double>(m));
    }
}

TEST_CASE("discount_factor is 1 at rate zero and (1 + r)^(-m/12) otherwise") {
    CHECK(discount_factor(0, 0.0) == 1.0);
    CHECK(discount_factor(36, 0.0) == 1.0);
    CHECK(discount_factor(600, 0.0) == 1.0);
    CHECK_THAT(discount_factor(0, 0.08), WithinRel(1.0, k_tight));                   // (1.08)^0
    CHECK_THAT(discount_factor(12, 0.08), WithinRel(1.0 / 1.08, k_tight));           // one year: 0.925925...
    CHECK_THAT(discount_factor(24, 0.08), WithinRel(1.0 / 1.1664, k_tight));         // 1.08^2 = 1.1664
    CHECK_THAT(discount_factor(36, 0.08), WithinRel(0.79383224102016969, k_tight));  // 1/1.259712
    CHECK_THAT(discount_factor(1, 0.08), WithinRel(0.99360710198829404, k_tight));   // 1.08^(-1/12)
    CHECK_THAT(discount_factor(6, 0.21), WithinRel(1.0 / 1.1, k_tight));             // sqrt(1.21) = 1.1
    CHECK_THAT(discount_factor(12, 1.0), WithinRel(0.5, k_tight));                   // 100 %: half a year on
    CHECK_THAT(discount_factor(600, 0.1), WithinRel(std::pow(1.1, -50.0), 1e-11));   // 50 years at 10 %
}

TEST_CASE("annuity_factor at 12 % over 12 months equals the explicit sum of monthly discount factors") {
    // v = 1.12^(-1/12) = 0.990600397943003; sum_{k=1..12} v^k = v (1 - v^12) / (1 - v)
    //   = 0.990600397943003 x (1 - 1/1.12) / 0.009399602056997 = 11.291515989601052
    double sum = 0.0;
    for (int k = 1; k <= 12; ++k) sum += std::pow(1.12, -k / 12.0);
    CHECK_THAT(annuity_factor(12, 0.12), WithinRel(sum, k_tight));
    CHECK_THAT(annuity_factor(12, 0.12), WithinRel(11.291515989601052, k_tight));
    // And 36 months at 8 %: 32.043331388717981 (computed to 30 digits by the sum).
    CHECK_THAT(annuity_factor(36, 0.08), WithinRel(32.043331388717981, k_tight));
}

TEST_CASE("annuity_factor equals the sum of discount_factor over the months") {
    for (double r : {0.0, 1e-9, 0.01, 0.05, 0.08, 0.12, 0.3, 1.0}) {
        for (int m : {1, 2, 7, 12, 36, 120, 600}) {
            CAPTURE(r, m);
            double sum = 0.0;
            for (int k = 1; k <= m; ++k) sum += discount_factor(k, r);
            CHECK_THAT(annuity_factor(m, r), WithinRel(sum, 1e-12));
            // Never more than the undiscounted count, never less than m flows all at the last month's value.
            CHECK(annuity_factor(m, r) <= static_cast<double>(m));
            CHECK(annuity_factor(m, r) >= static_cast<double>(m) * discount_factor(m, r) * (1 - 1e-15));
        }
    }
}

TEST_CASE("annuity_factor with a tiny rate stays next to the month count, without cancellation") {
    // With L = ln(1 + r)/12, sum_{k=1..m} e^(-kL) = m - L m(m+1)/2 + O(L^2).
    // r = 1e-12, m = 36: L = 8.333e-14; 36 - 8.333e-14 x 666 = 36 - 5.55e-11 = 35.9999999999445.
    // A naive (1 - v^m)/(1 - v) would lose about 4 of its 16 digits to cancellation here.
    for (double r : {1e-12, 1e-15, 1e-9}) {
        for (int m : {1, 12, 36, 600}) {
            CAPTURE(r, m);
            const double md = static_cast<double>(m);
            const double l = std::log1p(r) / 12.0;
            const double expected = md - l * md * (md + 1.0) / 2.0;
            CHECK_THAT(annuity_factor(m, r), WithinRel(expected, 1e-14));
            CHECK(annuity_factor(m, r) <= md);
        }
    }
    CHECK_THAT(annuity_factor(36, 1e-12), WithinRel(35.9999999999445, 1e-14));
    CHECK_THAT(discount_factor(36, 1e-12), WithinRel(1.0 - 3e-12, 1e-15));  // 1 - 36 L = 1 - 3e-12
    // Rates so small that ln(1 + r) is r itself: the factor is m.
    CHECK(annuity_factor(36, 1e-300) == 36.0);
    CHECK(annuity_factor(36, 1e-310) == 36.0);  // subnormal rate
}

TEST_CASE("annuity_factor with the smallest subnormal rates is still the month count") {
    // discount_rate is valid anywhere in [0, 1], and the flag parser (std::from_chars) accepts "2e-323".
    // Expected: (1 + 2e-323)^(-k/12) = 1 to every digit, so the factor is 36.
    // KNOWN ENGINE BUG: ln(1 + r)/12 underflows to 0 for r below about 6 x 4.9e-324, and the closed form
    // -expm1(-m L)/expm1(L) becomes 0/0 = NaN, which then poisons every total and the payback search.
    CHECK(annuity_factor(36, 2e-323) == 36.0);
    CHECK(annuity_factor(36, std::numeric_limits<double>::denorm_min()) == 36.0);
    Assumptions a = office_assumptions();
    a.discount_rate = 2e-323;
    const Evaluation e = evaluate(office_box(), one_gpu_offer(), a);
    CHECK(std::isfinite(e.build.total_usd));
    CHECK(std::isfinite(e.cloud.total_usd));
}

// ===============================================================================================================
// Hardware, resale, instances
// ===============================================================================================================

TEST_CASE("hardware_usd is the GPUs plus the rest of the machine") {
    BuildSpec b = office_box();
    CHECK(hardware_usd(b) == 6100.0);  // 2 x 1,800 + 2,500
    b.gpu_count = 8;
    b.gpu_price_usd = 30000.0;
    b.base_price_usd = 60000.0;
    CHECK(hardware_usd(b) == 300000.0);  // 8 x 30,000 + 60,000
    b.gpu_count = 1000000;
    b.gpu_price_usd = 40000.0;
    b.base_price_usd = 0.0;
    CHECK(hardware_usd(b) == 4e10);  // 1,000,000 x 40,000: exact in a double
    b.gpu_price_usd = 0.0;
    b.base_price_usd = 1234.5;
    CHECK(hardware_usd(b) == 1234.5);  // GPUs given away, the box still costs
}

TEST_CASE("resale value falls in a straight line to the residual over the useful life, then stays flat") {
    const double hw = 10000.0;
    // Life 4 years, residual 20 %: loses 80 % of 10,000 = 8,000 over 48 months, 166.67 a month.
    CHECK_THAT(resale_value_usd(hw, 1, 4.0, 0.2), WithinRel(10000.0 * (1.0 - 0.8 * (1.0 / 12.0) / 4.0), k_tight));
    // 10,000 x (1 - 0.8 x 1/48) = 9,833.33
    CHECK_THAT(resale_value_usd(hw, 1, 4.0, 0.2), WithinRel(9833.333333333333, k_tight));
    CHECK_THAT(resale_value_usd(hw, 12, 4.0, 0.2), WithinRel(8000.0, k_tight));  // 1 - 0.8 x 1/4 = 0.8
    CHECK_THAT(resale_value_usd(hw, 24, 4.0, 0.2), WithinRel(6000.0, k_tight));  // 1 - 0.8 x 2/4 = 0.6
    CHECK_THAT(resale_value_usd(hw, 36, 4.0, 0.2), WithinRel(4000.0, k_tight));  // 1 - 0.8 x 3/4 = 0.4
    CHECK_THAT(resale_value_usd(hw, 47, 4.0, 0.2), WithinRel(10000.0 * (1.0 - 0.8 * 47.0 / 48.0), k_tight));
    // At the end of life exactly: the residual, 20 % = 2,000.
    CHECK_THAT(resale_value_usd(hw, 48, 4.0, 0.2), WithinRel(2000.0, k_tight));
    // Past it: flat at the residual.
    CHECK_THAT(resale_value_usd(hw, 49, 4.0, 0.2), WithinRel(2000.0, k_tight));
    CHECK_THAT(resale_value_usd(hw, 60, 4.0, 0.2), WithinRel(2000.0, k_tight));
    CHECK_THAT(resale_value_usd(hw, 600, 4.0, 0.2), WithinRel(2000.0, k_tight));
    // A fractional life: 2.5 years, 18 months = 1.5 years: 1 - 0.8 x 1.5/2.5 = 1 - 0.48 = 0.52.
    CHECK_THAT(resale_value_usd(hw, 18, 2.5, 0.2), WithinRel(5200.0, k_tight));
    CHECK_THAT(resale_value_usd(hw, 30, 2.5, 0.2), WithinRel(2000.0, k_tight));  // 30 months = 2.5 years
    CHECK_THAT(resale_value_usd(hw, 31, 2.5, 0.2), WithinRel(2000.0, k_tight));
}

TEST_CASE("resale with residual 0 reaches nothing at end of life, with residual 1 keeps the full price") {
    const double hw = 6100.0;
    // Residual 0, life 3 years: 6,100 x (1 - 1 x 1.5/3) = 3,050 at 18 months, 0 from 36 months on.
    CHECK_THAT(resale_value_usd(hw, 18, 3.0, 0.0), WithinRel(3050.0, k_tight));
    CHECK_THAT(resale_value_usd(hw, 36, 3.0, 0.0), WithinAbs(0.0, 1e-9));
    CHECK_THAT(resale_value_usd(hw, 120, 3.0, 0.0), WithinAbs(0.0, 1e-9));
    CHECK(resale_value_usd(hw, 120, 3.0, 0.0) >= -1e-9);  // never negative
    // Residual 1: 6,100 x (1 - 0 x age/life) = 6,100 at any age.
    for (int m : {1, 12, 36, 37, 600}) {
        CAPTURE(m);
        CHECK(resale_value_usd(hw, m, 3.0, 1.0) == hw);
    }
    // Nothing bought, nothing to sell.
    CHECK(resale_value_usd(0.0, 24, 3.0, 0.5) == 0.0);
}

TEST_CASE("resale reaches the residual at the end of even a subnormal useful life") {
    // useful_life_years is valid anywhere in (0, 50]. 12 months is far past a life of 4.9e-324 years, so by the
    // formula value = 10,000 x (1 - (1 - 0.5) x life / life) = 10,000 x 0.5 = 5,000.
    // KNOWN ENGINE BUG: the engine evaluates (1 - residual) x age first; 0.5 x 4.9e-324 rounds to 0, so it
    // returns the full 10,000 (and with residual 0.4, 0.6 x 4.9e-324 rounds up to 4.9e-324 and it returns 0).
    // Dividing age by life first (a fraction in [0, 1]) would avoid the underflow.
    const double life = std::numeric_limits<double>::denorm_min();
    CHECK_THAT(resale_value_usd(10000.0, 12, life, 0.5), WithinRel(5000.0, k_tight));
    CHECK_THAT(resale_value_usd(10000.0, 12, life, 0.4), WithinRel(4000.0, k_tight));
    CHECK_THAT(resale_value_usd(10000.0, 12, 1e-310, 0.3), WithinRel(3000.0, k_tight));  // 2,999.99999999985
}

TEST_CASE("instances_needed rounds up to whole instances") {
    struct Row {
        std::int64_t g, c, instances;
    };
    const Row rows[] = {
        {1, 1, 1},              // 1/1
        {2, 1, 2},              // 2/1
        {1, 8, 1},              // ceil(1/8): a whole instance for one GPU, 7 unused
        {7, 8, 1},              // ceil(7/8)
        {8, 8, 1},              // exact
        {9, 8, 2},              // ceil(9/8)
        {10, 8, 2},             // ceil(10/8) = ceil(1.25): 16 GPUs rented, 6 unused
        {16, 8, 2},             // exact
        {17, 8, 3},             // ceil(2.125)
        {4, 3, 2},              // ceil(1.33)
        {1000000, 1, 1000000},  // a million single-GPU instances
        {1000000, 8, 125000},   // 1,000,000 / 8 exactly
        {1000000, 3, 333334},   // ceil(333,333.33)
        {999999, 1000000, 1},   // one huge instance covers it
        {1000000, 1000000, 1},
    };
    for (const Row& r : rows) {
        CAPTURE(r.g, r.c);
        CHECK(instances_needed(r.g, r.c) == r.instances);
    }
}

TEST_CASE("evaluate reports whole instances and the GPUs rented but not needed") {
    BuildSpec b = office_box();
    CloudSpec c;
    c.usd_per_hour = 10.0;
    Assumptions a = bare_assumptions();
    a.hours_per_week = 168.0;  // 730 h billed a month
    a.months = 1;

    b.gpu_count = 10;
    c.gpus_per_instance = 8;
    Evaluation e = evaluate(b, c, a);
    CHECK(e.cloud.instances == 2);    // ceil(10/8)
    CHECK(e.cloud.unused_gpus == 6);  // 2 x 8 - 10
    // Both instances are billed in full: 2 x $10 x 730 h = $14,600 for the month.
    CHECK_THAT(e.cloud.compute_usd, WithinRel(14600.0, k_tight));

    b.gpu_count = 16;
    e = evaluate(b, c, a);
    CHECK(e.cloud.instances == 2);
    CHECK(e.cloud.unused_gpus == 0);

    b.gpu_count = 1000000;
    c.gpus_per_instance = 8;
    e = evaluate(b, c, a);
    CHECK(e.cloud.instances == 125000);
    CHECK(e.cloud.unused_gpus == 0);
    // 125,000 x $10 x 730 h = $912,500,000 for the month.
    CHECK_THAT(e.cloud.compute_usd, WithinRel(912500000.0, k_tight));
    // 1,000,000 x 1,800 + 2,500 = 1,800,002,500
    CHECK(e.build.hardware_usd == 1800002500.0);
    CHECK(all_finite(e));

    c.gpus_per_instance = 3;
    e = evaluate(b, c, a);
    CHECK(e.cloud.instances == 333334);
    CHECK(e.cloud.unused_gpus == 2);  // 333,334 x 3 - 1,000,000
}

// ===============================================================================================================
// Full evaluations, by hand
// ===============================================================================================================

TEST_CASE("evaluate: two RTX 4090s in an office against a one-GPU on-demand instance, undiscounted") {
    const Evaluation e = evaluate(office_box(), one_gpu_offer(), office_assumptions());

    // 40 h/week x 730 / 168 = 173.8095238 h/month (3,650/21); idle 730 - 173.81 = 556.19 h (11,680/21).
    CHECK_THAT(e.used_hours_per_month, WithinRel(173.80952380952381, k_tight));
    // Load: 300 + 2 x 450 = 1,200 W. Idle: 60 + 2 x 20 = 100 W.
    // kWh = (173.8095 x 1,200 + 556.1905 x 100) / 1000 = (208,571.43 + 55,619.05)/1000 = 264.1905 kWh
    // Power = 264.1905 kWh x PUE 1.2 x $0.30 = $95.1085714 a month.
    CHECK_THAT(e.monthly.power_usd, WithinRel(95.108571428571429, k_tight));
    CHECK_THAT(e.monthly.staff_build_usd, WithinRel(500.0, k_tight));               // 0.05 x 120,000 / 12
    CHECK_THAT(e.monthly.maintenance_usd, WithinRel(25.416666666666667, k_tight));  // 0.05 x 6,100 / 12
    CHECK(e.monthly.facility_usd == 50.0);
    // Cloud: ceil(2/1) = 2 instances x $0.69 x 173.8095 h = $239.857143 a month.
    CHECK_THAT(e.monthly.compute_usd, WithinRel(239.85714285714286, k_tight));
    CHECK(e.monthly.storage_usd == 20.0);
    CHECK(e.monthly.egress_usd == 10.0);
    CHECK_THAT(e.monthly.staff_cloud_usd, WithinRel(200.0, k_tight));  // 0.02 x 120,000 / 12

    // Build side over 36 months, r = 0 so every month counts fully.
    CHECK(e.build.hardware_usd == 6100.0);  // 2 x 1,800 + 2,500, at month 0
    CHECK(e.build.setup_usd == 200.0);
    CHECK_THAT(e.build.power_usd, WithinRel(3423.9085714285714, k_tight));  // 95.1085714 x 36
    CHECK_THAT(e.build.staff_usd, WithinRel(18000.0, k_tight));             // 500 x 36
    CHECK_THAT(e.build.maintenance_usd, WithinRel(915.0, k_tight));         // 25.41667 x 36
    CHECK_THAT(e.build.facility_usd, WithinRel(1800.0, k_tight));           // 50 x 36
    // 36 months = 3 of 4 years: 6,100 x (1 - 0.8 x 3/4) = 6,100 x 0.4 = 2,440 back.
    CHECK_THAT(e.build.resale_usd, WithinRel(-2440.0, k_tight));
    // 6,100 + 200 + 3,423.9086 + 18,000 + 915 + 1,800 - 2,440 = 27,998.9086
    CHECK_THAT(e.build.total_usd, WithinRel(27998.908571428571, k_tight));

    // Cloud side over 36 months.
    CHECK(e.cloud.instances == 2);
    CHECK(e.cloud.unused_gpus == 0);
    CHECK_THAT(e.cloud.compute_usd, WithinRel(8634.8571428571429, k_tight));  // 239.857143 x 36
    CHECK_THAT(e.cloud.storage_usd, WithinRel(720.0, k_tight));               // 20 x 36
    CHECK_THAT(e.cloud.egress_usd, WithinRel(360.0, k_tight));                // 10 x 36
    CHECK_THAT(e.cloud.staff_usd, WithinRel(7200.0, k_tight));                // 200 x 36
    CHECK_THAT(e.cloud.total_usd, WithinRel(16914.857142857143, k_tight));    // 8,634.857 + 720 + 360 + 7,200

    // GPU-hours: 2 x 173.8095 x 36 = 12,514.2857.
    REQUIRE(e.build_per_gpu_hour_usd.has_value());
    REQUIRE(e.cloud_per_gpu_hour_usd.has_value());
    CHECK_THAT(*e.build_per_gpu_hour_usd, WithinRel(2.2373557077625571, k_tight));  // 27,998.91 / 12,514.29
    CHECK_THAT(*e.cloud_per_gpu_hour_usd, WithinRel(1.3516438356164384, k_tight));  // 16,914.86 / 12,514.29

    CHECK(e.cheaper == Side::cloud);
    CHECK_THAT(e.savings_usd, WithinRel(27998.908571428571 - 16914.857142857143, 1e-11));  // 11,084.05

    // Break-even, both sides affine in u (used h/month):
    //   power/month = 0.36 x (730 x 0.1 + 1.1 u) = 26.28 + 0.396 u  (kWh = (u x 1,200 + (730 - u) x 100)/1000)
    //   build(u) = 6,100 + 200 + 18,000 + 915 + 1,800 - 2,440 + 36 x (26.28 + 0.396 u) = 25,521.08 + 14.256 u
    //   cloud(u) = 36 x (230 + 1.38 u)                                                 =  8,280    + 49.68 u
    //   equal at u = 17,241.08 / 35.424 = 486.7062 h/month = 486.7062 x 168 / 730 = 112.0091 h/week.
    REQUIRE(e.break_even_hours_per_week.has_value());
    CHECK_THAT(*e.break_even_hours_per_week, WithinRel(112.00909529643243, 1e-10));
    REQUIRE(e.build_cheaper_above.has_value());
    CHECK(*e.build_cheaper_above);

    // Payback: build spends 95.11 + 500 + 25.42 + 50 = 670.53 a month, cloud 469.86: building never catches up.
    CHECK_FALSE(e.payback_month.has_value());
}

TEST_CASE("evaluate: the same office box discounted at 8 % a year") {
    Assumptions a = office_assumptions();
    a.discount_rate = 0.08;
    const Evaluation e = evaluate(office_box(), one_gpu_offer(), a);

    // A(36) = sum_{k=1..36} 1.08^(-k/12) = 32.043331388717981; v^36 = 1.08^-3 = 0.793832241020170.
    const double annuity = 32.043331388717981;
    // Monthly (undiscounted) figures are unchanged by discounting.
    CHECK_THAT(e.monthly.power_usd, WithinRel(95.108571428571429, k_tight));
    CHECK(e.build.hardware_usd == 6100.0);  // month 0: counts fully
    CHECK(e.build.setup_usd == 200.0);
    CHECK_THAT(e.build.power_usd, WithinRel(95.108571428571429 * annuity, k_tight));  // 3,047.5955
    CHECK_THAT(e.build.power_usd, WithinRel(3047.595472193269, k_tight));
    CHECK_THAT(e.build.staff_usd, WithinRel(16021.665694358991, k_tight));        // 500 x A
    CHECK_THAT(e.build.maintenance_usd, WithinRel(814.43467279658202, k_tight));  // 25.41667 x A
    CHECK_THAT(e.build.facility_usd, WithinRel(1602.1665694358991, k_tight));     // 50 x A
    // 2,440 at month 36, discounted by 1.08^-3: 2,440 x 0.793832241 = 1,936.9507.
    CHECK_THAT(e.build.resale_usd, WithinRel(-1936.950668089214, k_tight));
    // 6,100 + 200 + 3,047.5955 + 16,021.6657 + 814.4347 + 1,602.1666 - 1,936.9507 = 25,848.9117
    CHECK_THAT(e.build.total_usd, WithinRel(25848.911740695527, k_tight));

    CHECK_THAT(e.cloud.compute_usd, WithinRel(7685.8219145224986, k_tight));  // 239.857143 x A
    CHECK_THAT(e.cloud.storage_usd, WithinRel(640.86662777435962, k_tight));  // 20 x A
    CHECK_THAT(e.cloud.egress_usd, WithinRel(320.43331388717981, k_tight));   // 10 x A
    CHECK_THAT(e.cloud.staff_usd, WithinRel(6408.6662777435962, k_tight));    // 200 x A
    CHECK_THAT(e.cloud.total_usd, WithinRel(15055.788133927634, k_tight));

    // Per GPU-hour divides by undiscounted GPU-hours, 12,514.2857.
    REQUIRE(e.build_per_gpu_hour_usd.has_value());
    CHECK_THAT(*e.build_per_gpu_hour_usd, WithinRel(2.0655523080464462, k_tight));
    CHECK_THAT(*e.cloud_per_gpu_hour_usd, WithinRel(1.2030880928937607, k_tight));

    CHECK(e.cheaper == Side::cloud);
    CHECK_THAT(e.savings_usd, WithinRel(25848.911740695527 - 15055.788133927634, 1e-11));

    // Break-even: D(0) = 23,643.4150 - 7,369.9662 = 16,273.4488; D(168) = 32,906.5013 - 39,650.4183 = -6,743.9170
    // h = 168 x 16,273.4488 / (16,273.4488 + 6,743.9170) = 118.7772 h/week: discounting favours the cloud,
    // whose spend lies in the future, so the break-even moves up from 112.0 h/week.
    REQUIRE(e.break_even_hours_per_week.has_value());
    CHECK_THAT(*e.break_even_hours_per_week, WithinRel(118.77724937965482, 1e-10));
    CHECK(e.build_cheaper_above == std::optional<bool>(true));
    CHECK_FALSE(e.payback_month.has_value());
}

TEST_CASE("evaluate: the office box worked round the clock pays back, later when discounted") {
    Assumptions a = office_assumptions();
    a.hours_per_week = 168.0;  // u = 730 h, no idle hours

    // Build: 1,200 W x 730 h = 876 kWh x PUE 1.2 x $0.30 = 315.36 a month for power (no idle hours),
    //        + 500 staff + 25.41667 maintenance + 50 facility = 890.77667 a month.
    // Cloud: 2 x 0.69 x 730 = 1,007.40 + 20 + 10 + 200 = 1,237.40 a month.
    // Gap 346.62333 a month against 6,300 upfront: 6,300 / 346.62333 = 18.175 months.
    // r = 0: month 18 has 18 x 346.62 = 6,239.2 < 6,300; month 19 has 6,585.8 >= 6,300 -> month 19.
    Evaluation e = evaluate(office_box(), one_gpu_offer(), a);
    CHECK_THAT(e.monthly.power_usd, WithinRel(315.36, k_tight));
    CHECK_THAT(e.monthly.build_usd(), WithinRel(890.77666666666667, k_tight));
    CHECK_THAT(e.monthly.cloud_usd(), WithinRel(1237.4, k_tight));
    CHECK_THAT(e.build.total_usd, WithinRel(35927.96, k_tight));  // 6,300 - 2,440 + 36 x 890.77667
    CHECK_THAT(e.cloud.total_usd, WithinRel(44546.4, k_tight));   // 36 x 1,237.4
    CHECK(e.cheaper == Side::build);
    CHECK_THAT(e.savings_usd, WithinRel(8618.44, 1e-11));
    CHECK(e.payback_month == std::optional<int>(19));

    // r = 8 %: need A(m) >= 18.175; A(19) = 17.8307, A(20) = 18.7103 -> month 20.
    a.discount_rate = 0.08;
    e = evaluate(office_box(), one_gpu_offer(), a);
    CHECK(e.payback_month == std::optional<int>(20));
    CHECK_THAT(e.build.total_usd, WithinRel(32906.50125524836, k_tight));
    CHECK_THAT(e.cloud.total_usd, WithinRel(39650.41826039963, k_tight));

    // Both agree with the month-by-month loop.
    for (double r : {0.0, 0.08}) {
        a.discount_rate = r;
        CAPTURE(r);
        CHECK(evaluate(office_box(), one_gpu_offer(), a).payback_month ==
              brute_payback(spec(office_box(), one_gpu_offer(), a)));
    }
}

// ===============================================================================================================
// Pricing models
// ===============================================================================================================

TEST_CASE("reserved pricing bills all 730 hours a month, whatever the usage") {
    const BuildSpec b = office_box();
    CloudSpec c;
    c.gpus_per_instance = 8;  // 2 GPUs need one 8-GPU instance: 6 unused
    c.usd_per_hour = 3.25;
    for (Pricing pricing : {Pricing::reserved_1y, Pricing::reserved_3y}) {
        for (double h : {0.0, 1.0, 40.0, 100.5, 168.0}) {
            CAPTURE(to_string(pricing), h);
            Assumptions a = office_assumptions();
            a.pricing = pricing;
            a.hours_per_week = h;
            const Evaluation e = evaluate(b, c, a);
            // 1 instance x $3.25 x 730 h = $2,372.50 a month; x 36 = $85,410.
            CHECK_THAT(e.monthly.compute_usd, WithinRel(2372.5, k_tight));
            CHECK_THAT(e.cloud.compute_usd, WithinRel(85410.0, k_tight));
            CHECK(e.cloud.instances == 1);
            CHECK(e.cloud.unused_gpus == 6);
            // + storage 720 + egress 360 + staff 7,200 = 93,690.
            CHECK_THAT(e.cloud.total_usd, WithinRel(93690.0, k_tight));
            CHECK(e.cloud_per_gpu_hour_usd.has_value() == (h > 0.0));
        }
    }
}

TEST_CASE("spot pricing bills the used hours plus the re-run overhead") {
    Assumptions a = office_assumptions();
    a.pricing = Pricing::spot;
    a.spot_overhead = 0.25;
    CloudSpec c = one_gpu_offer();
    c.usd_per_hour = 0.30;  // the spot price
    const Evaluation e = evaluate(office_box(), c, a);
    // 173.8095 h x 1.25 = 217.2619 h billed; 2 instances x $0.30 x 217.2619 = $130.357143 a month; x 36.
    CHECK_THAT(e.monthly.compute_usd, WithinRel(2 * 0.30 * (3650.0 / 21.0) * 1.25, k_tight));
    CHECK_THAT(e.monthly.compute_usd, WithinRel(130.35714285714286, k_tight));
    CHECK_THAT(e.cloud.compute_usd, WithinRel(4692.8571428571429, k_tight));
    // The overhead does not change the useful work: per-GPU-hour still divides by 2 x 173.81 x 36 GPU-hours.
    CHECK_THAT(*e.cloud_per_gpu_hour_usd, WithinRel(e.cloud.total_usd / (2 * (3650.0 / 21.0) * 36), k_tight));

    // No overhead: spot bills exactly what on-demand would at the same price.
    a.spot_overhead = 0.0;
    Assumptions od = a;
    od.pricing = Pricing::on_demand;
    CHECK_THAT(evaluate(office_box(), c, a).cloud.compute_usd,
               WithinRel(evaluate(office_box(), c, od).cloud.compute_usd, k_tight));
    // Overhead 10 (the maximum): 11 x the hours.
    a.spot_overhead = 10.0;
    CHECK_THAT(evaluate(office_box(), c, a).monthly.compute_usd, WithinRel(130.35714285714286 / 1.25 * 11, k_tight));
}

// ===============================================================================================================
// Idle policy and the ends of the hours range
// ===============================================================================================================

TEST_CASE("idle always-on draws idle power for the unused hours, off draws none") {
    Assumptions a = office_assumptions();
    a.pue = 1.0;
    a.electricity_usd_per_kwh = 0.25;
    a.idle = IdlePolicy::always_on;
    // (173.8095 x 1,200 + 556.1905 x 100) / 1000 = 264.1905 kWh x $0.25 = $66.047619 a month
    CHECK_THAT(evaluate(office_box(), one_gpu_offer(), a).monthly.power_usd, WithinRel(66.047619047619048, k_tight));
    a.idle = IdlePolicy::off;
    // 173.8095 x 1,200 / 1000 = 208.5714 kWh x $0.25 = $52.142857 a month
    CHECK_THAT(evaluate(office_box(), one_gpu_offer(), a).monthly.power_usd, WithinRel(52.142857142857143, k_tight));
    // The difference is exactly the idle energy: 556.1905 h x 100 W = 55.619 kWh x 0.25 = 13.904762.
    // Neither policy touches the cloud side.
    a.idle = IdlePolicy::always_on;
    const Evaluation on = evaluate(office_box(), one_gpu_offer(), a);
    a.idle = IdlePolicy::off;
    const Evaluation off = evaluate(office_box(), one_gpu_offer(), a);
    CHECK_THAT(on.build.power_usd - off.build.power_usd, WithinRel(13.904761904761905 * 36, 1e-11));
    CHECK(on.cloud.total_usd == off.cloud.total_usd);
}

TEST_CASE("zero hours a week: nothing used, no per-GPU-hour figure, on-demand and spot compute free") {
    Assumptions a = office_assumptions();
    a.hours_per_week = 0.0;
    Evaluation e = evaluate(office_box(), one_gpu_offer(), a);
    CHECK(e.used_hours_per_month == 0.0);
    CHECK_FALSE(e.build_per_gpu_hour_usd.has_value());
    CHECK_FALSE(e.cloud_per_gpu_hour_usd.has_value());
    CHECK(e.monthly.compute_usd == 0.0);
    CHECK(e.cloud.compute_usd == 0.0);
    // Cloud still pays storage, egress and staff: 36 x (20 + 10 + 200) = 8,280.
    CHECK_THAT(e.cloud.total_usd, WithinRel(8280.0, k_tight));
    // Always-on: 730 idle hours x 100 W = 73 kWh x 1.2 x 0.30 = $26.28 a month.
    CHECK_THAT(e.monthly.power_usd, WithinRel(26.28, k_tight));
    // 6,100 + 200 + 36 x (26.28 + 500 + 25.41667 + 50) - 2,440 = 25,521.08
    CHECK_THAT(e.build.total_usd, WithinRel(25521.08, k_tight));
    CHECK(e.cheaper == Side::cloud);

    a.idle = IdlePolicy::off;
    e = evaluate(office_box(), one_gpu_offer(), a);
    CHECK(e.monthly.power_usd == 0.0);  // switched off all month

    a.pricing = Pricing::spot;
    a.spot_overhead = 0.5;
    e = evaluate(office_box(), one_gpu_offer(), a);
    CHECK(e.cloud.compute_usd == 0.0);  // 0 h x 1.5 = 0 h

    a.pricing = Pricing::reserved_1y;
    e = evaluate(office_box(), one_gpu_offer(), a);
    CHECK_THAT(e.cloud.compute_usd, WithinRel(2 * 0.69 * 730 * 36, k_tight));  // paid for unused: $36,266.40
    CHECK_FALSE(e.cloud_per_gpu_hour_usd.has_value());
    CHECK(all_finite(e));
}

TEST_CASE("168 hours a week: every hour is used, so there are no idle hours") {
    Assumptions a = office_assumptions();
    a.hours_per_week = 168.0;
    a.idle = IdlePolicy::always_on;
    const Evaluation on = evaluate(office_box(), one_gpu_offer(), a);
    CHECK(on.used_hours_per_month == 730.0);  // 168 x 730 / 168
    // 730 h x 1,200 W = 876 kWh x 1.2 x $0.30 = $315.36 a month; idle draw never counted.
    CHECK_THAT(on.monthly.power_usd, WithinRel(315.36, k_tight));
    a.idle = IdlePolicy::off;
    const Evaluation off = evaluate(office_box(), one_gpu_offer(), a);
    CHECK(on.monthly.power_usd == off.monthly.power_usd);
    CHECK(on.build.total_usd == off.build.total_usd);
    // On-demand at 730 h equals reserved at the same hourly price.
    a.pricing = Pricing::reserved_3y;
    CHECK_THAT(evaluate(office_box(), one_gpu_offer(), a).cloud.compute_usd, WithinRel(on.cloud.compute_usd, k_tight));
    // GPU-hours: 2 x 730 x 36 = 52,560.
    CHECK_THAT(*on.cloud_per_gpu_hour_usd, WithinRel(44546.4 / 52560.0, k_tight));
    CHECK_THAT(*on.build_per_gpu_hour_usd, WithinRel(35927.96 / 52560.0, k_tight));
}

// ===============================================================================================================
// Break-even
// ===============================================================================================================

TEST_CASE("break-even: the totals recomputed at the reported hours are equal") {
    struct Row {
        const char* name;
        Assumptions a;
        CloudSpec c;
    };
    std::vector<Row> rows;
    rows.push_back({"office, undiscounted", office_assumptions(), one_gpu_offer()});
    Assumptions disc = office_assumptions();
    disc.discount_rate = 0.08;
    rows.push_back({"office, 8 %", disc, one_gpu_offer()});
    Assumptions off = office_assumptions();
    off.idle = IdlePolicy::off;
    off.months = 60;
    rows.push_back({"office, idle off, 5 years", off, one_gpu_offer()});
    Assumptions spot = office_assumptions();
    spot.pricing = Pricing::spot;
    spot.spot_overhead = 0.3;
    CloudSpec spot_offer = one_gpu_offer();
    spot_offer.usd_per_hour = 0.45;
    rows.push_back({"office, spot", spot, spot_offer});

    for (const Row& r : rows) {
        CAPTURE(r.name);
        const Evaluation e = evaluate(office_box(), r.c, r.a);
        REQUIRE(e.break_even_hours_per_week.has_value());
        const double h = *e.break_even_hours_per_week;
        CHECK(h >= 0.0);
        CHECK(h <= 168.0);
        const Evaluation at = evaluate(office_box(), r.c, with_hours(r.a, h));
        const double scale = std::max(at.build.total_usd, at.cloud.total_usd);
        CHECK_THAT(total_difference_usd(office_box(), r.c, r.a, h), WithinAbs(0.0, 1e-9 * scale));
        CHECK_THAT(at.build.total_usd, WithinRel(at.cloud.total_usd, 1e-9));
        // The independent month-by-month totals agree that the sides are level there.
        const Spec s = spec(office_box(), r.c, with_hours(r.a, h));
        CHECK_THAT(s.build_total, WithinRel(s.cloud_total, 1e-9));
        // And the direction flag matches a step either side.
        REQUIRE(e.build_cheaper_above.has_value());
        const bool above = *e.build_cheaper_above;
        const double below_h = std::max(0.0, h - 1.0), above_h = std::min(168.0, h + 1.0);
        CHECK((total_difference_usd(office_box(), r.c, r.a, above_h) < 0.0) == above);
        CHECK((total_difference_usd(office_box(), r.c, r.a, below_h) > 0.0) == above);
    }
}

TEST_CASE("break-even: building can be the cheaper side below it") {
    // Reserved cloud: $1.50 x 730 h = $1,095 a month, whatever the usage. A power-hungry owned box on expensive
    // power, switched off when idle, with nothing else to pay:
    //   g = 1, $2,000 GPU + $1,000 base, 1,000 W + 1,000 W at load; $1/kWh; 12 months; residual 0.5, life 2 y.
    //   build(u) = 3,000 - 3,000 x (1 - 0.5 x 1/2) + 12 x 2 kW x u x $1 = 3,000 - 2,250 + 24 u = 750 + 24 u
    //   cloud    = 12 x 1,095 = 13,140
    //   equal at u = 12,390 / 24 = 516.25 h/month = 516.25 x 168 / 730 = 118.8082 h/week.
    BuildSpec b;
    b.gpu_count = 1;
    b.gpu_price_usd = 2000.0;
    b.gpu_tdp_w = 1000.0;
    b.base_price_usd = 1000.0;
    b.base_load_w = 1000.0;
    CloudSpec c;
    c.usd_per_hour = 1.5;
    Assumptions a = bare_assumptions();
    a.pricing = Pricing::reserved_1y;
    a.electricity_usd_per_kwh = 1.0;
    a.useful_life_years = 2.0;
    a.residual_value = 0.5;
    const Evaluation e = evaluate(b, c, a);
    REQUIRE(e.break_even_hours_per_week.has_value());
    CHECK_THAT(*e.break_even_hours_per_week, WithinRel(516.25 * 168.0 / 730.0, 1e-10));  // 118.8082
    CHECK(e.build_cheaper_above == std::optional<bool>(false));
    // At 40 h/week (u = 173.81) building costs 750 + 24 x 173.81 = 4,921.43 < 13,140.
    CHECK_THAT(e.build.total_usd, WithinRel(750.0 + 24.0 * 3650.0 / 21.0, k_tight));
    CHECK(e.cheaper == Side::build);
}

TEST_CASE("break-even is absent when one side is cheaper at every usage") {
    SECTION("reserved cloud dearer than the build even at 168 h/week") {
        // Cloud: reserved 8-GPU instance at $20/h: 730 x 20 = $14,600 a month, 12 months = $175,200, any usage.
        // Build: 8 x $10,000 + $20,000 = $100,000; residual 0 over 5 years, so after 1 year it resells for
        //        100,000 x (1 - 1 x 1/5) = 80,000; power at 168 h: 730 h x (8 x 700 + 2,000 W) = 5,548 kWh
        //        x $0.20 = $1,109.60 a month, none at 0 h (idle off).
        //   build(168) = 100,000 - 80,000 + 12 x 1,109.60 = 33,315.20 < 175,200; build(0) = 20,000 (idle off).
        BuildSpec b;
        b.gpu_count = 8;
        b.gpu_price_usd = 10000.0;
        b.gpu_tdp_w = 700.0;
        b.base_price_usd = 20000.0;
        b.base_load_w = 2000.0;
        CloudSpec c;
        c.gpus_per_instance = 8;
        c.usd_per_hour = 20.0;
        Assumptions a = bare_assumptions();
        a.pricing = Pricing::reserved_1y;
        a.electricity_usd_per_kwh = 0.2;
        CHECK_THAT(evaluate(b, c, with_hours(a, 168.0)).build.total_usd, WithinRel(33315.2, k_tight));
        CHECK_THAT(evaluate(b, c, with_hours(a, 0.0)).build.total_usd, WithinRel(20000.0, k_tight));
        for (double h : {0.0, 40.0, 168.0}) {
            CAPTURE(h);
            const Evaluation e = evaluate(b, c, with_hours(a, h));
            CHECK_THAT(e.cloud.total_usd, WithinRel(175200.0, k_tight));
            CHECK_FALSE(e.break_even_hours_per_week.has_value());
            CHECK_FALSE(e.build_cheaper_above.has_value());
            CHECK(e.cheaper == Side::build);
        }
    }
    SECTION("on-demand cloud cheaper than the build even at 168 h/week") {
        // Office box with cheap cloud: $0.10/h x 2 instances x 730 h = $146 a month; cloud(168) = 36 x (146 + 230)
        // = 13,536 < build(0) = 25,521.08 (see the zero-hours case), and the build only rises with usage.
        CloudSpec c = one_gpu_offer();
        c.usd_per_hour = 0.10;
        const Evaluation e = evaluate(office_box(), c, office_assumptions());
        CHECK_THAT(evaluate(office_box(), c, with_hours(office_assumptions(), 168.0)).cloud.total_usd,
                   WithinRel(13536.0, k_tight));
        CHECK_FALSE(e.break_even_hours_per_week.has_value());
        CHECK_FALSE(e.build_cheaper_above.has_value());
        CHECK(e.cheaper == Side::cloud);
    }
    SECTION("neither side depends on usage: free electricity against reserved cloud") {
        Assumptions a = office_assumptions();
        a.electricity_usd_per_kwh = 0.0;
        a.pricing = Pricing::reserved_3y;
        const Evaluation e = evaluate(office_box(), one_gpu_offer(), a);
        // build = 6,300 - 2,440 + 36 x 575.41667 = 24,575; cloud = 36 x (1,007.40 + 230) = 44,546.40
        CHECK_THAT(e.build.total_usd, WithinRel(24575.0, k_tight));
        CHECK_THAT(e.cloud.total_usd, WithinRel(44546.4, k_tight));
        CHECK_FALSE(e.break_even_hours_per_week.has_value());
        CHECK(e.cheaper == Side::build);
    }
}

TEST_CASE("break-even is absent, not NaN, when the sides are level at every usage") {
    // Build: 1 kW at load, switched off at idle, $1/kWh, nothing bought: $1 per used hour.
    // Cloud: one 1-GPU instance at $1/h on-demand: $1 per used hour.
    //   D(0) = 0 - 0 = 0; D(168) = 12 x 730 x $1 - 12 x 730 x $1 = 0: D is zero everywhere, no single crossing.
    // The engine reports no break-even (and no direction) rather than 0/0; a tie goes to the cloud.
    BuildSpec b;
    b.gpu_count = 1;
    b.gpu_tdp_w = 1000.0;
    CloudSpec c;
    c.usd_per_hour = 1.0;
    Assumptions a = bare_assumptions();
    a.electricity_usd_per_kwh = 1.0;
    CHECK(total_difference_usd(b, c, a, 0.0) == 0.0);
    CHECK(total_difference_usd(b, c, a, 168.0) == 0.0);
    for (double h : {0.0, 40.0, 168.0}) {
        CAPTURE(h);
        const Evaluation e = evaluate(b, c, with_hours(a, h));
        CHECK(all_finite(e));
        CHECK_FALSE(e.break_even_hours_per_week.has_value());
        CHECK_FALSE(e.build_cheaper_above.has_value());
        CHECK(e.cheaper == Side::cloud);
        CHECK_THAT(e.savings_usd, WithinAbs(0.0, 1e-9));
    }
}

TEST_CASE("break-even exactly at 0 and exactly at 168 hours a week") {
    SECTION("level with no usage, building cheaper above") {
        // Build: a $1,000 GPU resold at full price (residual 1, r = 0) so hardware nets to 0; facility $100/month;
        //        300 W at load, switched off at idle, $0.10/kWh. Cloud: $1/h on-demand, $100/month storage.
        //   build(0) = 1,000 - 1,000 + 12 x 100 = 1,200; cloud(0) = 12 x 100 = 1,200: level, exactly.
        //   build(168) = 1,200 + 12 x 219 kWh x 0.1 = 1,462.80 < cloud(168) = 1,200 + 12 x 730 = 9,960.
        BuildSpec b;
        b.gpu_count = 1;
        b.gpu_price_usd = 1000.0;
        b.gpu_tdp_w = 300.0;
        CloudSpec c;
        c.usd_per_hour = 1.0;
        Assumptions a = bare_assumptions();
        a.electricity_usd_per_kwh = 0.1;
        a.residual_value = 1.0;
        a.facility_usd_per_month = 100.0;
        a.cloud_storage_usd_per_month = 100.0;
        CHECK(total_difference_usd(b, c, a, 0.0) == 0.0);
        const Evaluation e = evaluate(b, c, a);
        REQUIRE(e.break_even_hours_per_week.has_value());
        CHECK(*e.break_even_hours_per_week == 0.0);
        CHECK(e.build_cheaper_above == std::optional<bool>(true));
        // At 0 hours the sides tie, and a tie goes to the cloud.
        const Evaluation at0 = evaluate(b, c, with_hours(a, 0.0));
        CHECK(at0.build.total_usd == at0.cloud.total_usd);
        CHECK(at0.cheaper == Side::cloud);
        CHECK(at0.savings_usd == 0.0);
    }
    SECTION("level at full usage, building cheaper below") {
        // Build: 1 kW, free hardware, $1/kWh, idle off: 730 kWh x $1 = $730 a month at 168 h/week, $0 at 0 h.
        // Cloud: reserved at $1/h: 730 h x $1 = $730 a month at every usage.
        //   D(0) = 0 - 12 x 730 = -8,760; D(168) = 12 x 730 - 12 x 730 = 0 -> 168 h/week, building cheaper below.
        BuildSpec b;
        b.gpu_count = 1;
        b.gpu_tdp_w = 1000.0;
        CloudSpec c;
        c.usd_per_hour = 1.0;
        Assumptions a = bare_assumptions();
        a.electricity_usd_per_kwh = 1.0;
        a.pricing = Pricing::reserved_1y;
        CHECK(total_difference_usd(b, c, a, 168.0) == 0.0);
        CHECK_THAT(total_difference_usd(b, c, a, 0.0), WithinRel(-8760.0, k_tight));
        const Evaluation e = evaluate(b, c, a);
        REQUIRE(e.break_even_hours_per_week.has_value());
        CHECK(*e.break_even_hours_per_week == 168.0);
        CHECK(e.build_cheaper_above == std::optional<bool>(false));
    }
}

// ===============================================================================================================
// Payback
// ===============================================================================================================

TEST_CASE("payback matches a brute-force month loop, undiscounted and discounted") {
    // Office box at a range of usages, horizons and rates.
    for (double r : {0.0, 0.03, 0.08, 0.25, 1.0}) {
        for (double h : {60.0, 100.0, 140.0, 168.0}) {
            for (int months : {6, 24, 36, 120}) {
                CAPTURE(r, h, months);
                Assumptions a = office_assumptions();
                a.discount_rate = r;
                a.hours_per_week = h;
                a.months = months;
                const Spec s = spec(office_box(), one_gpu_offer(), a);
                CHECK(evaluate(office_box(), one_gpu_offer(), a).payback_month == brute_payback(s));
            }
        }
    }
}

TEST_CASE("payback: a simple machine paid off month by month") {
    // $12,000 box, nothing to run it; cloud $1,000 a month in storage alone.
    BuildSpec b;
    b.base_price_usd = 11000.0;
    b.setup_usd = 1000.0;
    b.gpu_count = 1;
    CloudSpec c;
    Assumptions a = bare_assumptions();
    a.cloud_storage_usd_per_month = 1000.0;

    SECTION("r = 0: cumulative cloud spend reaches 12,000 at month 12 exactly (a tie counts)") {
        a.months = 36;
        CHECK(evaluate(b, c, a).payback_month == std::optional<int>(12));
        a.months = 12;  // on the last month of the horizon
        CHECK(evaluate(b, c, a).payback_month == std::optional<int>(12));
        a.months = 11;  // one month short
        CHECK_FALSE(evaluate(b, c, a).payback_month.has_value());
    }
    SECTION("r = 10 %: the sum of 1,000 x 1.1^(-k/12) first reaches 12,000 at month 13") {
        // A(12) = 11.4005 < 12, A(13) = 12.3024 >= 12.
        a.discount_rate = 0.10;
        a.months = 36;
        double cum = 0.0;
        int month = 0;
        while (cum < 12000.0) cum += 1000.0 * std::pow(1.1, -(++month) / 12.0);
        CHECK(month == 13);
        CHECK(evaluate(b, c, a).payback_month == std::optional<int>(13));
        a.months = 12;
        CHECK_FALSE(evaluate(b, c, a).payback_month.has_value());
    }
    SECTION("pays back in month 1 when the first month's saving covers the purchase") {
        a.cloud_storage_usd_per_month = 12000.0;  // 12,000 >= 12,000 + 0 after one month
        a.months = 1;
        CHECK(evaluate(b, c, a).payback_month == std::optional<int>(1));
        a.cloud_storage_usd_per_month = 50000.0;
        a.discount_rate = 0.5;  // 50,000 x 1.5^(-1/12) = 48,339 >= 12,000
        a.months = 24;
        CHECK(evaluate(b, c, a).payback_month == std::optional<int>(1));
    }
    SECTION("nothing to buy and the cloud costs at least as much: paid back at once") {
        b.base_price_usd = 0.0;
        b.setup_usd = 0.0;
        a.cloud_storage_usd_per_month = 0.0;  // 0 >= 0
        CHECK(evaluate(b, c, a).payback_month == std::optional<int>(1));
        a.facility_usd_per_month = 1.0;  // now the build costs more every month: never
        CHECK_FALSE(evaluate(b, c, a).payback_month.has_value());
    }
    SECTION("the cloud is cheaper every month: never") {
        a.facility_usd_per_month = 1000.0;  // equal monthly spend, 12,000 behind forever
        a.months = 600;
        CHECK_FALSE(evaluate(b, c, a).payback_month.has_value());
        a.facility_usd_per_month = 2000.0;
        CHECK_FALSE(evaluate(b, c, a).payback_month.has_value());
    }
    SECTION("discounting can put payback out of reach for any horizon") {
        // Saving $100 a month against $20,000: 200 months undiscounted. At 10 % the monthly savings are worth at
        // most 100 x v/(1 - v) = 100 x 125.405 = 12,540.54 however long we wait, v = 1.1^(-1/12).
        a.cloud_storage_usd_per_month = 100.0;
        b.base_price_usd = 20000.0;
        b.setup_usd = 0.0;
        a.months = 600;
        CHECK(evaluate(b, c, a).payback_month == std::optional<int>(200));
        a.discount_rate = 0.10;
        CHECK_FALSE(evaluate(b, c, a).payback_month.has_value());
        CHECK(evaluate(b, c, a).payback_month == brute_payback(spec(b, c, a)));
    }
}

TEST_CASE("payback does not count resale") {
    // Residual 1 would hand the whole 12,000 back, but payback only weighs what has been spent.
    BuildSpec b;
    b.base_price_usd = 12000.0;
    CloudSpec c;
    Assumptions a = bare_assumptions();
    a.cloud_storage_usd_per_month = 1000.0;
    a.months = 24;
    a.residual_value = 1.0;
    const Evaluation e = evaluate(b, c, a);
    CHECK(e.payback_month == std::optional<int>(12));
    CHECK_THAT(e.build.total_usd, WithinAbs(0.0, 1e-9));  // 12,000 - 12,000
}

// ===============================================================================================================
// Small things
// ===============================================================================================================

TEST_CASE("cheaper is the build only when strictly cheaper, savings is the absolute difference") {
    BuildSpec b;  // nothing bought, so no resale to account for
    CloudSpec c;
    Assumptions a = bare_assumptions();     // 12 months
    a.facility_usd_per_month = 100.0;       // build: 1,200 over the year
    a.cloud_storage_usd_per_month = 100.0;  // cloud: 1,200 over the year: a tie
    Evaluation e = evaluate(b, c, a);
    CHECK(e.build.total_usd == 1200.0);
    CHECK(e.cloud.total_usd == 1200.0);
    CHECK(e.cheaper == Side::cloud);
    CHECK(e.savings_usd == 0.0);
    a.cloud_storage_usd_per_month = 101.0;  // 1,212
    e = evaluate(b, c, a);
    CHECK(e.cheaper == Side::build);
    CHECK_THAT(e.savings_usd, WithinRel(12.0, k_tight));
    a.cloud_storage_usd_per_month = 99.0;  // 1,188
    e = evaluate(b, c, a);
    CHECK(e.cheaper == Side::cloud);
    CHECK_THAT(e.savings_usd, WithinRel(12.0, k_tight));
}

TEST_CASE("names of pricings, idle policies and sides") {
    CHECK(std::string(to_string(Pricing::on_demand)) == "on-demand");
    CHECK(std::string(to_string(Pricing::spot)) == "spot");
    CHECK(std::string(to_string(Pricing::reserved_1y)) == "reserved-1y");
    CHECK(std::string(to_string(Pricing::reserved_3y)) == "reserved-3y");
    CHECK(std::string(to_string(IdlePolicy::always_on)) == "always-on");
    CHECK(std::string(to_string(IdlePolicy::off)) == "off");
    CHECK(std::string(to_string(Side::build)) == "build");
    CHECK(std::string(to_string(Side::cloud)) == "cloud");
}

// ===============================================================================================================
// Properties over pseudo-random valid inputs
// ===============================================================================================================

TEST_CASE("properties hold over 500 pseudo-random valid inputs") {
    std::mt19937 rng(20240611u);
    int payback_near_ties = 0;
    int with_break_even = 0, with_payback = 0, without_payback = 0, build_cheaper = 0;
    for (int i = 0; i < 500; ++i) {
        const Case k = random_case(rng);
        INFO("case " << i << ": " << describe(k));
        const Evaluation e = evaluate(k.b, k.c, k.a);
        const Spec s = spec(k.b, k.c, k.a);

        // Every figure is finite.
        REQUIRE(all_finite(e));

        // Totals are the sum of their categories.
        const double bsum = e.build.hardware_usd + e.build.setup_usd + e.build.power_usd + e.build.staff_usd +
                            e.build.maintenance_usd + e.build.facility_usd + e.build.resale_usd;
        const double csum = e.cloud.compute_usd + e.cloud.storage_usd + e.cloud.egress_usd + e.cloud.staff_usd;
        CHECK(close(e.build.total_usd, bsum, e.build.hardware_usd + e.build.setup_usd, 1e-12));
        CHECK(close(e.cloud.total_usd, csum, 0.0, 1e-12));
        CHECK(close(e.savings_usd, std::fabs(e.build.total_usd - e.cloud.total_usd), 0.0, 1e-12));
        CHECK((e.cheaper == Side::build) == (e.build.total_usd < e.cloud.total_usd));

        // Resale is a credit and never more than the hardware.
        CHECK(e.build.resale_usd <= 0.0);
        CHECK(-e.build.resale_usd <= e.build.hardware_usd);

        // Instances cover the GPUs with fewer than one instance to spare.
        CHECK(e.cloud.instances == s.instances);
        CHECK(e.cloud.unused_gpus == s.unused);
        CHECK(e.cloud.unused_gpus >= 0);
        CHECK(e.cloud.unused_gpus < k.c.gpus_per_instance);

        // Every category agrees with the month-by-month implementation of the specification.
        const double bscale = s.hardware + s.setup + std::fabs(s.build_total);
        CHECK(close(e.used_hours_per_month, s.u, 730.0, 1e-14));
        CHECK(close(e.build.hardware_usd, s.hardware, 0.0, 1e-14));
        CHECK(close(e.build.power_usd, s.power, 0.0));
        CHECK(close(e.build.staff_usd, s.staff_build, 0.0));
        CHECK(close(e.build.maintenance_usd, s.maintenance, 0.0));
        CHECK(close(e.build.facility_usd, s.facility, 0.0));
        CHECK(close(e.build.resale_usd, s.resale, s.hardware));
        CHECK(close(e.build.total_usd, s.build_total, bscale));
        CHECK(close(e.cloud.compute_usd, s.compute, 0.0));
        CHECK(close(e.cloud.storage_usd, s.storage, 0.0));
        CHECK(close(e.cloud.egress_usd, s.egress, 0.0));
        CHECK(close(e.cloud.staff_usd, s.staff_cloud, 0.0));
        CHECK(close(e.cloud.total_usd, s.cloud_total, 0.0));
        CHECK(close(e.monthly.build_usd(), s.build_monthly, 0.0, 1e-12));
        CHECK(close(e.monthly.cloud_usd(), s.cloud_monthly, 0.0, 1e-12));

        // Per-GPU-hour figures exist exactly when there are used hours, and divide by them.
        CHECK(e.build_per_gpu_hour_usd.has_value() == (k.a.hours_per_week > 0.0));
        CHECK(e.cloud_per_gpu_hour_usd.has_value() == (k.a.hours_per_week > 0.0));
        if (e.build_per_gpu_hour_usd) {
            const double gpu_hours = static_cast<double>(k.b.gpu_count) * s.u * k.a.months;
            CHECK(close(*e.build_per_gpu_hour_usd * gpu_hours, e.build.total_usd, bscale));
            CHECK(close(*e.cloud_per_gpu_hour_usd * gpu_hours, e.cloud.total_usd, 0.0));
        }

        // Break-even is consistent with the totals at both ends of the range and at the reported hours.
        const double d0 = total_difference_usd(k.b, k.c, k.a, 0.0);
        const double d168 = total_difference_usd(k.b, k.c, k.a, 168.0);
        const Spec s0 = spec(k.b, k.c, with_hours(k.a, 0.0));
        const Spec s168 = spec(k.b, k.c, with_hours(k.a, 168.0));
        const double scale =
            std::max({s0.build_total, s0.cloud_total, s168.build_total, s168.cloud_total, s0.hardware + s0.setup});
        CHECK(close(d0, s0.build_total - s0.cloud_total, scale));
        CHECK(close(d168, s168.build_total - s168.cloud_total, scale));
        CHECK(e.break_even_hours_per_week.has_value() == e.build_cheaper_above.has_value());
        if (e.break_even_hours_per_week) {
            const double h = *e.break_even_hours_per_week;
            CHECK(h >= 0.0);
            CHECK(h <= 168.0);
            CHECK_THAT(total_difference_usd(k.b, k.c, k.a, h), WithinAbs(0.0, 1e-9 * scale));
            const Spec sh = spec(k.b, k.c, with_hours(k.a, h));
            CHECK_THAT(sh.build_total - sh.cloud_total, WithinAbs(0.0, 1e-9 * scale));
            CHECK(d0 != d168);
            if (*e.build_cheaper_above) {
                CHECK(d0 >= 0.0);
                CHECK(d168 <= 0.0);
            } else {
                CHECK(d0 <= 0.0);
                CHECK(d168 >= 0.0);
            }
        } else {
            // One side wins (or ties) at every usage.
            CHECK(((d0 > 0.0 && d168 > 0.0) || (d0 < 0.0 && d168 < 0.0) || d0 == d168));
        }

        // Payback agrees with the brute-force month loop (up to months where the loop itself is level to 1e-9).
        CHECK(payback_agrees(e.payback_month, s));
        if (e.payback_month != brute_payback(s)) ++payback_near_ties;
        (e.payback_month ? with_payback : without_payback) += 1;
        if (e.break_even_hours_per_week) ++with_break_even;
        if (e.cheaper == Side::build) ++build_cheaper;
        if (e.payback_month) {
            CHECK(*e.payback_month >= 1);
            CHECK(*e.payback_month <= k.a.months);
        }

        // On-demand and spot cloud cost never fall as hours rise; reserved never moves.
        const double h_lo = draw(rng, 0.0, 168.0);
        const double h_hi = draw(rng, h_lo, 168.0);
        const Evaluation lo = evaluate(k.b, k.c, with_hours(k.a, h_lo));
        const Evaluation hi = evaluate(k.b, k.c, with_hours(k.a, h_hi));
        CHECK(hi.cloud.total_usd >= lo.cloud.total_usd);
        if (k.a.pricing == Pricing::reserved_1y || k.a.pricing == Pricing::reserved_3y)
            CHECK(hi.cloud.total_usd == lo.cloud.total_usd);
        // With idle draw no larger than load draw (as the catalogue enforces), the build never gets cheaper
        // with more work either.
        CHECK(hi.build.total_usd >= lo.build.total_usd * (1 - 1e-15));

        // Build cost never falls as electricity gets dearer; the cloud side does not notice.
        Assumptions dearer = k.a;
        dearer.electricity_usd_per_kwh = draw(rng, k.a.electricity_usd_per_kwh, 10.0);
        const Evaluation ed = evaluate(k.b, k.c, dearer);
        CHECK(ed.build.total_usd >= e.build.total_usd);
        CHECK(ed.build.power_usd >= e.build.power_usd);
        CHECK(ed.cloud.total_usd == e.cloud.total_usd);
    }
    // Disagreements at exact-to-rounding ties would be legitimate, but should be rare.
    CHECK(payback_near_ties <= 2);
    // The draws reach every branch often enough for the checks above to mean something.
    CAPTURE(with_break_even, with_payback, without_payback, build_cheaper);
    CHECK(with_break_even >= 50);
    CHECK(with_payback >= 50);
    CHECK(without_payback >= 50);
    CHECK(build_cheaper >= 50);
    CHECK(500 - build_cheaper >= 50);
}

TEST_CASE("on-demand cloud cost rises with hours and build cost with electricity, over a sweep") {
    // A denser check of the two monotonicity properties on one realistic case each, 0..168 in 0.5 h steps.
    Assumptions a = office_assumptions();
    a.discount_rate = 0.05;
    double last_cloud = -1.0, last_build = -1.0;
    for (int step = 0; step <= 336; ++step) {
        const Evaluation e = evaluate(office_box(), one_gpu_offer(), with_hours(a, step * 0.5));
        CHECK(e.cloud.total_usd >= last_cloud);
        CHECK(e.build.total_usd >= last_build);
        last_cloud = e.cloud.total_usd;
        last_build = e.build.total_usd;
    }
    last_build = -1.0;
    for (int step = 0; step <= 100; ++step) {
        a.electricity_usd_per_kwh = step * 0.1;  // 0 .. 10 USD/kWh, the whole valid range
        const Evaluation e = evaluate(office_box(), one_gpu_offer(), a);
        CHECK(e.build.total_usd >= last_build);
        last_build = e.build.total_usd;
    }
}

TEST_CASE("evaluate: a crossing at 0 or 168 h/week with owning cheaper only outside the range is no break-even") {
    Assumptions a = bare_assumptions();  // 12 months, no discounting, idle off
    SECTION("equal at 0 h/week, the build dearer above it: no 'owning wins below 0'") {
        // No hardware and nothing at 0 h on either side: both totals are 0 there. At 168 h (730 h a month) the
        // build burns 1 kW x 730 h x $0.20 = $146 a month, the cloud $0.01 x 730 = $7.30: the build is dearer.
        BuildSpec b;
        b.gpu_count = 1;
        b.gpu_tdp_w = 1000.0;
        CloudSpec c;
        c.gpus_per_instance = 1;
        c.usd_per_hour = 0.01;
        a.electricity_usd_per_kwh = 0.2;
        const Evaluation e = evaluate(b, c, with_hours(a, 40.0));
        CHECK(e.cheaper == Side::cloud);
        CHECK_FALSE(e.break_even_hours_per_week.has_value());
        CHECK_FALSE(e.build_cheaper_above.has_value());
    }
    SECTION("equal at 168 h/week, the build dearer below it: no 'owning wins above 168'") {
        // The build: $8,760 once, no power, worth nothing after its 1-year life (no resale). The cloud: $1 x 730 h
        // x 12 months = $8,760 at 168 h, less below.
        a.useful_life_years = 1.0;
        BuildSpec b;
        b.gpu_count = 1;
        b.base_price_usd = 8760.0;
        CloudSpec c;
        c.gpus_per_instance = 1;
        c.usd_per_hour = 1.0;
        const Evaluation e = evaluate(b, c, with_hours(a, 40.0));
        CHECK(e.cheaper == Side::cloud);
        CHECK_FALSE(e.break_even_hours_per_week.has_value());
    }
}

TEST_CASE("used_hours_per_month and discounted_units: the hours of use, stated once") {
    CHECK(used_hours_per_month(168.0) == 730.0);                       // every hour of the 730-hour month
    CHECK(used_hours_per_month(84.0) == 365.0);                        // 84 x 730 / 168
    CHECK(used_hours_per_month(40.0) == Approx(173.809523809523810));  // 40 x 730 / 168
    Assumptions a;
    a.hours_per_week = 84.0;
    a.months = 24;
    a.discount_rate = 0.0;
    // 2 units an hour x 365 h a month = 730 units a month, x 24 months undiscounted = 17,520
    CHECK(discounted_units(2.0, a) == 17520.0);
    a.discount_rate = 0.1;
    // 730 x A(24), A(m) = sum of v^k for k = 1..m = (1 - v^m) / (1 / v - 1) with v = 1.1^(-1/12)
    const double v = std::pow(1.1, -1.0 / 12.0);
    CHECK(discounted_units(2.0, a) == Approx(730.0 * (1.0 - std::pow(v, 24)) / (1.0 / v - 1.0)).epsilon(1e-12));
}
