// Issue 20 items 4, 8, 9 and 10 in words: the downtime and what covers it, spot carrying round-the-clock work on
// several GPUs, the discounting convention, and a rental larger than the build. Hand-set comparisons, the
// arithmetic beside them, then the shipped catalogue through every human format.
#include <algorithm>
#include <string>

#include <catch2/catch.hpp>

#include "gpucost/engine/availability.hpp"
#include "gpucost/io/catalog_json.hpp"
#include "gpucost/render/phrases.hpp"
#include "gpucost/render/render.hpp"
#include "gpucost/report/cash_flow_report.hpp"
#include "gpucost/report/report.hpp"

using namespace gpucost;

namespace {

// A comparison of a 2-GPU build over 12 months at 84 h/week, down 2 x 60 h a year.
Comparison down_twice_a_year() {
    Comparison c;
    c.build.gpu_count = 2;
    Assumptions& a = c.assumptions.values;
    a.months = 12;
    a.hours_per_week = 84.0;
    a.failures_per_machine_year = 2.0;
    a.repair_hours = 60.0;
    a.planned_maintenance_hours_per_year = 0.0;
    c.availability.downtime_hours_per_month = downtime_hours_per_month(a);  // 2 x 60 / 12 = 10 h
    c.availability.availability = availability(10.0);                       // 1 - 10 / 730 = 0.98630
    c.availability.lost_used_hours_per_month = 10.0 * 84.0 / 168.0;         // 5 h of use
    for (const CategoryInfo& info : k_categories) c.costs.push_back({info.category, 0.0});
    // 5 h a month x $20/h x 12 months = $1,200, undiscounted (the engine's figure is set here by hand).
    c.costs[static_cast<std::size_t>(Category::downtime_cover)].amount_usd = 1200.0;
    c.backup =
        BackupRental{"acme-8x-r1", "acme", 1, 20.0, Pricing::on_demand, "the cheapest like-for-like on-demand offer"};
    return c;
}

// The shipped catalogue's 8x H100 build at 40 h/week, with --build.
Report thinkmate_at_40() {
    const Catalog catalog = load_embedded_catalog();
    ComparisonRequest request;
    request.build_id = "hgx-h100-thinkmate-2024";
    request.flags.origin = "flag";
    request.flags.set(AssumptionKey::hours_per_week, 40.0);
    return build_report(catalog, request);
}

}  // namespace

TEST_CASE("downtime_inline: the downtime, its availability and the rental that covers it", "[availability]") {
    const Comparison c = down_twice_a_year();
    CHECK(c.availability.downtime_hours_per_month == 10.0);
    CHECK(human_text(downtime_inline(c), {}) ==
          "Downtime: 10.0 h a month expected (98.6% available: 2 failures a year x 60 h to repair, and 0 h of planned "
          "work a year); the 5.0 h of use it costs a month are rented from acme-8x-r1 (the cheapest like-for-like "
          "on-demand offer) at $20.00 an hour for 1 instance at its on-demand price: $1,200 over 12 months "
          "(downtime_cover; --downtime lost counts them instead).");
}

TEST_CASE("downtime_inline: under --downtime lost, the lost GPU-hours and no rental", "[availability]") {
    Comparison c = down_twice_a_year();
    c.availability.policy = DowntimePolicy::lost;
    c.availability.lost_gpu_hours = 2.0 * 5.0 * 12.0;  // g x 5 h x 12 months = 120 GPU-hours
    CHECK(human_text(downtime_inline(c), {}) ==
          "Downtime: 10.0 h a month expected (98.6% available: 2 failures a year x 60 h to repair, and 0 h of planned "
          "work a year); with --downtime lost, the 5.0 h of use it costs a month are not made up: 120 GPU-hours lost "
          "over 12 months, which the cloud side delivers.");
}

TEST_CASE("downtime_inline: nothing for a machine that never fails, and no price said when no rental has one",
          "[availability]") {
    Comparison never;
    CHECK(downtime_inline(never).empty());
    Comparison c = down_twice_a_year();
    c.backup.reset();
    CHECK(human_text(downtime_inline(c), {})
              .ends_with("; no offer has a price to rent the 5.0 h of use it costs a month, so they are not priced."));
}

TEST_CASE("spot_sentence: spot carrying round-the-clock work on several GPUs", "[availability]") {
    Comparison c;
    c.build.gpu_count = 8;
    CHECK(spot_sentence(c).empty());  // not spot
    SpotReading s;
    s.instances = 1;
    s.job_stops_per_month = 1.0 * 0.2 * 168.0 / 168.0;                    // 1 instance x 0.2 a month x 168 / 168
    s.interruption_overhead = spot_interruption_overhead(1.0, 0.2, 1.0);  // 1 x 0.2 x 1 h / 730 = 0.000274
    s.spot_overhead = 0.1;
    s.round_the_clock_multi_gpu = false;
    c.reading.spot = s;
    CHECK(spot_sentence(c).empty());  // 40 h/week: idle hours to catch up in
    c.reading.spot->round_the_clock_multi_gpu = true;
    CHECK(spot_sentence(c) ==
          "Spot carries round-the-clock work on 8 GPUs: its capacity is not guaranteed, and each reclaimed instance "
          "stops the whole job. The job stops about 0.20 times a month, and re-running lost work adds 0.03% to the "
          "billed hours (beside spot_overhead 0.1); a steady 24/7 multi-GPU job may want --pricing on-demand or a "
          "commitment.");
}

TEST_CASE("discounting_inline: the convention in force and the rate", "[availability]") {
    Assumptions a;
    a.discount_rate = 0.08;
    CHECK(human_text(discounting_inline(a), {}) == "discounted monthly at 8.0% a year");
    a.discounting = DiscountConvention::annual;
    CHECK(human_text(discounting_inline(a), {}) ==
          "discounted at each year's end (--discounting annual) at 8.0% a year");
}

TEST_CASE("per_gpu_scaled_inline: a rental larger than the build, and the same at its price per GPU",
          "[availability]") {
    Comparison c;
    CHECK(per_gpu_scaled_inline(c).empty());  // like for like in size
    PerGpuScaled p;
    p.build_gpus = 4;
    p.rented_gpus = 8;
    p.usd_per_hour = 4 * 3.0;  // $24/h for 8 GPUs is $3 a GPU-hour; x 4 GPUs = $12/h
    p.result.cheaper = Side::cloud;
    p.result.savings_usd = 1234.0;
    c.per_gpu_scaled = p;
    CHECK(human_text(per_gpu_scaled_inline(c), {}) ==
          "Not like for like in size: the rental holds 8 GPUs for the build's 4. At its price per GPU-hour for 4 GPUs "
          "($12.00 an hour), renting saves $1,234.");
}

TEST_CASE("availability words: the shipped catalogue's 8x H100 build says its downtime and discounting everywhere",
          "[availability]") {
    const Report report = thinkmate_at_40();
    const Comparison& c = report.comparisons.front();
    // (1.38 failures x 168 h + 12 h) / 12 = 20.32 h a month; 1 - 20.32 / 730 = 97.2%; x 40 / 168 = 4.84 h of use.
    CHECK(c.availability.downtime_hours_per_month == Approx(20.32));
    const std::string words = human_text(downtime_inline(c), {});
    CHECK(words.starts_with("Downtime: 20.3 h a month expected (97.2% available: 1.38 failures a year x 168 h"));
    CHECK(words.find("the 4.8 h of use it costs a month are rented from " + c.backup->offer_id) != std::string::npos);
    for (const Format format : {Format::table, Format::markdown, Format::html}) {
        // Its wrapped lines joined, indentation folded (the table wraps prose at 80 columns).
        std::string out;
        for (const char ch : render(report, format))
            if ((ch != ' ' && ch != '\n') || (!out.empty() && out.back() != ' ')) out += ch == '\n' ? ' ' : ch;
        INFO(to_string(format));
        CHECK(out.find("Downtime: 20.3 h a month expected") != std::string::npos);
        CHECK(out.find("discounted monthly at 9.0% a year") != std::string::npos);  // the catalogue's 0.09
    }
}

TEST_CASE("cashflow says what compare's verdict says beside it: size, spot, downtime and discounting",
          "[availability]") {
    Report report = thinkmate_at_40();
    Comparison& c = report.comparisons.front();
    // Hand-set readings the shipped run does not have (the renderers only read the report): the rental twice the
    // build's size, and spot carrying round-the-clock work (as down_twice_a_year's neighbours above).
    PerGpuScaled p;
    p.build_gpus = 8;
    p.rented_gpus = 16;
    p.usd_per_hour = 8 * 3.0;  // $3 a GPU-hour x 8 GPUs
    p.result.cheaper = Side::build;
    p.result.savings_usd = 4321.0;
    c.per_gpu_scaled = p;
    SpotReading s;
    s.instances = 2;
    s.job_stops_per_month = 0.4;
    s.spot_overhead = 0.1;
    s.round_the_clock_multi_gpu = true;
    c.reading.spot = s;
    const CashFlowReport cash_flow{report, {}};
    for (const Format format : {Format::table, Format::markdown, Format::html}) {
        std::string out;  // wrapped lines joined, indentation folded
        for (const char ch : render(cash_flow, format))
            if ((ch != ' ' && ch != '\n') || (!out.empty() && out.back() != ' ')) out += ch == '\n' ? ' ' : ch;
        INFO(to_string(format));
        CHECK(out.find("Not like for like in size: the rental holds 16 GPUs for the build") != std::string::npos);
        CHECK(out.find("owning saves $4,321.") != std::string::npos);
        CHECK(out.find("Spot carries round-the-clock work on 8 GPUs") != std::string::npos);
        CHECK(out.find("Downtime: 20.3 h a month expected") != std::string::npos);
        CHECK(out.find("The disc. columns are discounted monthly at 9.0% a year.") != std::string::npos);
    }
}
