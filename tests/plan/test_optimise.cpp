// The optimiser is exact within its space (brute-force enumeration on small cases), and the plan agrees with
// compare: one build's GPUs at h hours a week, owned as one machine or rented on demand, costs compare's totals.
#include <algorithm>
#include <functional>
#include <random>

#include <catch2/catch.hpp>

#include "gpucost/io/catalog_json.hpp"
#include "gpucost/io/embedded_catalog.hpp"
#include "gpucost/plan/optimise.hpp"
#include "gpucost/plan/supply.hpp"
#include "gpucost/report/plan_report.hpp"
#include "gpucost/report/report.hpp"
#include "gpucost/util/error.hpp"

using namespace gpucost;
using namespace gpucost::plan;

namespace {

Supply small_supply() {
    Supply s;
    s.build = {2, 9000.0, 400.0, 60.0, 6000.0, 300.0, 90.0, 1500.0};
    s.on_demand.gpus_per_instance = 1;
    s.on_demand.usd_per_hour = 2.4;
    s.on_demand.interim_usd_per_hour = 2.4;
    s.on_demand.backup_usd_per_hour = 4.8;  // the downtime cover: the 2-GPU machine's 2 instances
    s.reserved_1y_usd_per_hour = 1.7;
    s.reserved_3y_usd_per_hour = 1.2;
    Assumptions& a = s.assumptions;
    a.months = 12;
    a.electricity_usd_per_kwh = 0.15;
    a.pue = 1.3;
    a.maintenance_rate = 0.08;
    a.facility_usd_per_month = 120.0;
    a.useful_life_years = 4.0;
    a.residual_value = 0.1;
    a.staff_salary_usd = 120000.0;
    a.staff_fte_build = 0.02;
    a.staff_fte_cloud = 0.01;
    a.cloud_storage_usd_per_month = 40.0;
    return s;
}

// A demand of `months` months, each a random non-increasing curve of 0..max_peak levels (std::mt19937's raw
// output is the same on every standard library; its distributions are not, so none is used).
Demand random_demand(std::mt19937& rng, int months, std::uint32_t max_peak) {
    Demand d;
    for (int m = 0; m < months; ++m) {
        MonthLoad load;
        const auto peak = static_cast<std::uint32_t>(rng() % (max_peak + 1));
        for (std::uint32_t k = 0; k < peak; ++k) load.hours_at_least.push_back(static_cast<double>(rng() % 731));
        std::sort(load.hours_at_least.rbegin(), load.hours_at_least.rend());
        d.months.push_back(load);
    }
    return d;
}

// The least net present cost over every schedule of the space (each kind at each decision min..max), by
// cost_schedule alone.
double brute_force(const Supply& s, const Demand& d, const PlanSpace& space) {
    std::vector<Lot> slots;
    std::vector<std::pair<std::int64_t, std::int64_t>> ranges;
    for (const int month : space.decision_months)
        for (int k = 0; k < k_kind_count; ++k) {
            slots.push_back({static_cast<Kind>(k), month, 0});
            const KindRange& r = space.kinds[static_cast<std::size_t>(k)];
            ranges.emplace_back(r.min, *r.max);
        }
    double best = std::numeric_limits<double>::infinity();
    std::function<void(std::size_t)> visit = [&](std::size_t i) {
        if (i == slots.size()) {
            best = std::min(best, cost_schedule(s, d, {slots}).net_present_cost_usd);
            return;
        }
        for (std::int64_t n = ranges[i].first; n <= ranges[i].second; ++n) {
            slots[i].count = n;
            visit(i + 1);
        }
    };
    visit(0);
    return best;
}

PlanSpace space_of(std::vector<int> months, std::int64_t own, std::int64_t y1, std::int64_t y3) {
    PlanSpace space;
    space.decision_months = std::move(months);
    space.kinds = {KindRange{0, own}, KindRange{0, y1}, KindRange{0, y3}};
    return space;
}

}  // namespace

TEST_CASE("optimise: equals brute-force enumeration on random small cases") {
    std::mt19937 rng(20261202);
    const std::vector<PlanSpace> spaces = {space_of({1, 7}, 2, 2, 1), space_of({1, 5, 9}, 1, 1, 1),
                                           space_of({1, 4, 7, 10}, 1, 1, 0), space_of({3}, 3, 3, 2)};
    int cases = 0;
    for (const PlanSpace& space : spaces)
        for (int variant = 0; variant < 5; ++variant) {
            Supply s = small_supply();
            if (variant == 1) s.assumptions.lead_time_months = 2;
            if (variant == 2) {
                s.assumptions.discount_rate = 0.08;
                s.assumptions.discounting =
                    space.decision_months.size() % 2 == 0 ? DiscountConvention::annual : DiscountConvention::monthly;
                s.assumptions.downtime =
                    space.decision_months.size() == 3 ? DowntimePolicy::lost : DowntimePolicy::cover;
                s.assumptions.failures_per_machine_year = 3.0;
                s.assumptions.repair_hours = 48.0;
            }
            if (variant == 3) {
                s.on_demand.gpus_per_instance = 2;  // an instance of 2 GPUs: demand rounds up to whole instances
                s.assumptions.idle = IdlePolicy::off;
            }
            if (variant == 4) {
                // Spot for the rented part: cheaper, with re-runs that grow with the instances up at once.
                s.rent_pricing = Pricing::spot;
                s.on_demand.usd_per_hour = 1.1;
                s.assumptions.spot_overhead = 0.15;
                s.assumptions.spot_interruptions_per_instance_month = 3.0;
                s.assumptions.spot_restart_hours = 4.0;
            }
            const Demand d = random_demand(rng, 12, 5);
            const PlanResult plan = optimise(s, d, space);
            const double brute = brute_force(s, d, space);
            INFO("space " << cases / 5 << " variant " << variant);
            CHECK(plan.net_present_cost_usd == Approx(brute).epsilon(1e-12));
            // The schedule it returns costs what it says.
            CHECK(cost_schedule(s, d, plan.schedule).net_present_cost_usd ==
                  Approx(plan.net_present_cost_usd).epsilon(1e-12));
            ++cases;
        }
    CHECK(cases == 20);
}

TEST_CASE("optimise: refuses a space out of order, beyond the horizon, or min above max") {
    const Supply s = small_supply();
    std::mt19937 rng(1);
    const Demand d = random_demand(rng, 12, 2);
    CHECK_THROWS_WITH(optimise(s, d, space_of({7, 1}, 1, 1, 1)),
                      "plan space: decision month 1 must be after 7 and within 1..12");
    CHECK_THROWS_WITH(optimise(s, d, space_of({13}, 1, 1, 1)),
                      "plan space: decision month 13 must be after 0 and within 1..12");
    PlanSpace bad = space_of({1}, 1, 1, 1);
    bad.kinds[0].min = 2;
    CHECK_THROWS_WITH(optimise(s, d, bad), "plan space: own: the range must be 0 <= min <= max, got 2..1");
    Supply no_3y = s;
    no_3y.reserved_3y_usd_per_hour.reset();
    CHECK_THROWS_WITH(optimise(no_3y, d, fixed(Kind::commit_3y, 1)),
                      "plan space: commit-3y: the offer has no reserved-3y price");
}

namespace {

// The ways the consistency test runs compare and the plan: machines that never fail (monthly, then annual
// discounting), and machines that fail 2 times a year for 48 hours and stop 24 hours a year for planned work
// (8 h a month), their lost hours covered by the backup rental or lost.
struct Variant {
    const char* name;
    DiscountConvention discounting;
    double discount_rate;
    double failures_per_year;
    DowntimePolicy downtime;
};
constexpr Variant k_variants[] = {
    {"never fails, monthly discounting", DiscountConvention::monthly, 0.08, 0.0, DowntimePolicy::cover},
    {"never fails, annual discounting", DiscountConvention::annual, 0.08, 0.0, DowntimePolicy::cover},
    {"fails, downtime covered", DiscountConvention::monthly, 0.08, 2.0, DowntimePolicy::cover},
    {"fails, downtime lost, annual discounting", DiscountConvention::annual, 0.05, 2.0, DowntimePolicy::lost},
};

}  // namespace

TEST_CASE("plan agrees with compare: one machine or on demand, every shipped build, several hours a week") {
    const Catalog catalog = load_embedded_catalog();
    int checked = 0;
    for (const Variant& v : k_variants)
        for (const Build& build : catalog.builds)
            for (const double hours : {10.0, 40.0, 100.0, 168.0}) {
                ComparisonRequest request;
                request.build_id = build.id;
                request.flags.origin = "flag";
                request.flags.set(AssumptionKey::hours_per_week, hours);
                request.flags.set(AssumptionKey::pricing, Pricing::on_demand);
                request.flags.set(AssumptionKey::discounting, v.discounting);
                request.flags.set(AssumptionKey::discount_rate, v.discount_rate);
                request.flags.set(AssumptionKey::downtime, v.downtime);
                request.flags.set(AssumptionKey::failures_per_machine_year, v.failures_per_year);
                request.flags.set(AssumptionKey::repair_hours, 48.0);
                request.flags.set(AssumptionKey::planned_maintenance_hours_per_year,
                                  v.failures_per_year > 0 ? 24.0 : 0.0);
                const Report report = build_report(catalog, request);
                REQUIRE(report.comparisons.size() == 1);
                const Comparison& c = report.comparisons.front();
                Supply s;
                s.build = c.build_spec;
                s.on_demand = c.rental;
                s.assumptions = c.assumptions.values;
                DemandFlags f;
                f.gpus = c.build_spec.gpu_count;
                f.hours_per_week = hours;
                const Demand d = demand_from_flags(f, s.assumptions.months);
                INFO(v.name << ": " << build.id << " at " << hours << " h/week");
                const PlanResult owned = optimise(s, d, fixed(Kind::own, 1));
                CHECK(owned.net_present_cost_usd == Approx(c.result.build.total_usd).epsilon(1e-12));
                CHECK(optimise(s, d, fixed(Kind::own, 0)).net_present_cost_usd ==
                      Approx(c.result.cloud.total_usd).epsilon(1e-12));
                if (v.failures_per_year > 0 && v.downtime == DowntimePolicy::lost) {
                    // The GPU-hours lost are compare's: g x (2 x 48 + 24) / 12 h x h / 168 a working month.
                    double unserved = 0.0;
                    for (const MonthFlows& m : cost_schedule(s, d, owned.schedule).months)
                        unserved += m.unserved_gpu_hours;
                    CHECK(unserved == Approx(c.result.lost_gpu_hours).epsilon(1e-12));
                }
                ++checked;
            }
    CHECK(checked == 4 * 4 * static_cast<int>(catalog.builds.size()));
}

TEST_CASE("plan agrees with compare --pricing spot: renting on spot, every shipped build with a spot offer") {
    const Catalog catalog = load_embedded_catalog();
    int checked = 0;
    for (const Build& build : catalog.builds)
        for (const double hours : {10.0, 40.0, 168.0})
            for (const double interruptions : {-1.0, 3.0}) {  // -1: the catalogue's default rate
                ComparisonRequest request;
                request.build_id = build.id;
                request.flags.origin = "flag";
                request.flags.set(AssumptionKey::hours_per_week, hours);
                request.flags.set(AssumptionKey::pricing, Pricing::spot);
                request.match.level = MatchLevel::gpu;  // same GPU, several instances as one where needed
                request.flags.set(AssumptionKey::discount_rate, 0.08);
                if (interruptions >= 0.0)
                    request.flags.set(AssumptionKey::spot_interruptions_per_instance_month, interruptions);
                std::optional<Report> report;
                try {
                    report = build_report(catalog, request);
                } catch (const DataError&) {
                    // Skipped only where no offer rents the build's GPU on spot.
                    CHECK(std::none_of(catalog.cloud.begin(), catalog.cloud.end(), [&](const CloudOffer& o) {
                        return o.gpu == build.gpu && o.price(Pricing::spot).has_value();
                    }));
                    continue;
                }
                const Comparison& c = report->comparisons.front();
                Supply s;
                s.build = c.build_spec;
                s.on_demand = c.rental;
                s.assumptions = c.assumptions.values;
                s.rent_pricing = Pricing::spot;
                DemandFlags f;
                f.gpus = c.build_spec.gpu_count;
                f.hours_per_week = hours;
                const Demand d = demand_from_flags(f, s.assumptions.months);
                INFO(build.id << " on " << c.offer.id << " at " << hours << " h/week");
                CHECK(optimise(s, d, fixed(Kind::own, 0)).net_present_cost_usd ==
                      Approx(c.result.cloud.total_usd).epsilon(1e-9));
                ++checked;
            }
    CHECK(checked > 0);
}

TEST_CASE("build_plan_report: the shipped defaults, failures per GPU included, give compare's totals") {
    // No failure flag: each build's failures_per_machine_year is the catalogue's failures_per_gpu_year x its GPUs,
    // as compare resolves it, and plan's figures are compare's under it.
    const Catalog catalog = load_embedded_catalog();
    int checked = 0;
    for (const Build& build : catalog.builds) {
        ComparisonRequest request;
        request.build_id = build.id;
        const Report report = build_report(catalog, request);
        const Comparison& c = report.comparisons.front();
        PlanInput input;
        input.decide_every_months = c.assumptions.values.months;  // one decision: month 1
        const PlanReport plan = build_plan_report(catalog, request, input);
        const Assumptions& a = plan.supply.assumptions;
        INFO(build.id);
        REQUIRE(a.failures_per_gpu_year > 0.0);
        CHECK(a.failures_per_machine_year ==
              Approx(a.failures_per_gpu_year * static_cast<double>(build.gpu_count)).epsilon(1e-15));
        CHECK(a.failures_per_machine_year == c.assumptions.values.failures_per_machine_year);
        CHECK(plan.strategies.front().costs.net_present_cost_usd == Approx(c.result.cloud.total_usd).epsilon(1e-12));
        CHECK(optimise(plan.supply, plan.demand, fixed(Kind::own, 1)).net_present_cost_usd ==
              Approx(c.result.build.total_usd).epsilon(1e-12));
        ++checked;
    }
    CHECK(checked == static_cast<int>(catalog.builds.size()));
}
