// The comparison report's renderers (table, JSON, CSV, markdown, the check report's JSON and markdown) and the
// phrases they share, from a hand-built Report: never through the catalogue or the CLI. Every figure is chosen, and
// deliberately inconsistent (a total that is not the sum of its categories, savings that are not the difference of
// the totals), so a renderer that works anything out instead of formatting the model fails here.
#include <algorithm>
#include <string>
#include <variant>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "gpucost/render/phrases.hpp"
#include "gpucost/render/render.hpp"
#include "gpucost/report/gates.hpp"
#include "gpucost/report/report.hpp"

using namespace gpucost;
using Json = nlohmann::ordered_json;

namespace {

// Options for the table format at no width limit: every column, no line wrapped (the lines as the model has them).
RenderOptions wide() {
    RenderOptions o;
    o.wide = true;
    return o;
}

// Every category's amount in k_categories order, USD: `amounts_usd` for every category but financing and tax's
// (issue 24) and a monthly rental's setup fee (issue 20 item 6a), which hold 0.
std::vector<CostRow> costs(const std::vector<double>& amounts_usd) {
    std::vector<CostRow> rows;
    std::size_t next = 0;
    for (const CategoryInfo& info : k_categories)
        rows.push_back({info.category, is_finance(info.category) || info.category == Category::cloud_setup
                                           ? 0.0
                                           : amounts_usd.at(next++)});
    return rows;
}

// Build wins: 36 months at 40 h/week on demand, no estimates.
Comparison owning_wins() {
    Comparison c;
    c.build = {"box-a4", "Box A4, \"quiet\" edition", "a4", "A4 Tensor", 4};
    c.offer = {"cheap-a4", "CloudCo", "a4.xlarge", "eu-west", "a4", 4};
    c.assumptions.values.months = 36;
    c.assumptions.values.hours_per_week = 40.0;
    c.assumptions.values.pricing = Pricing::on_demand;
    c.cloud_spec = {4, 12.3456};  // $12.35 an instance-hour, rounded to cents
    c.offer_choice = "the cheapest on-demand offer for a4";
    // hardware, setup, power, staff (build), maintenance, facility, interim cloud, resale | compute, storage,
    // egress, staff (cloud)
    c.costs = costs(
        {10'000.4, 499.6, 1'234.56, 20'000.0, 0.0, 1'500.0, 321.4, 42.6, -2'000.7, 30'000.25, 1'200.0, 0.0, 5'000.0});
    Evaluation& e = c.result;
    // The build categories sum to 31,233.86 and the cloud's to 36,200.25: the totals below are neither.
    e.build.total_usd = 12'345.678;
    e.cloud.total_usd = 55'555.4;
    e.savings_usd = 43'210.9;  // not 55,555.4 - 12,345.678 = 43,209.722
    e.cloud.instances = 1;
    e.used_hours_per_month = 173.8;
    e.build_per_gpu_hour_usd = 0.0412;
    e.break_even_hours_per_week = 117.84;
    e.build_cheaper_above = true;
    e.payback_month = 26;
    e.payback_month_if_sold = 9;
    e.cheaper = Side::build;
    c.reading.cheaper_without_resale = Side::build;  // model v2's reading, as the model has it
    c.reading.savings_without_resale_usd = 41'210.2;
    return c;
}

// Cloud wins: 24 months at 100.5 h/week on spot, two figures marked as estimates, no break-even, no payback.
Comparison renting_wins() {
    Comparison c;
    c.build = {"rig-a8", "Rig A8", "a8", "A8 Tensor", 8};
    c.offer = {"spot|a8", "SpotCo", "a8.metal", "us-east", "a8", 8};
    c.assumptions.values.months = 24;
    c.assumptions.values.hours_per_week = 100.5;
    c.assumptions.values.pricing = Pricing::spot;
    c.cloud_spec = {8, 0.5};
    c.estimates = {"GPU a8 is an estimate: list price guessed", "build rig-a8 is unverified: quote pending"};
    c.estimate_ids = {"a8", "rig-a8"};
    c.costs = costs({70'000.0, 1'000.0, 9'000.0, 0.0, 3'500.0, 0.0, 0.0, 0.0, -10'000.0, 78'000.0, 0.0, 2'000.6, 0.0});
    Evaluation& e = c.result;
    e.build.total_usd = 90'000.49;  // the categories sum to 73,500
    e.cloud.total_usd = 80'000.6;   // ... and 80,000.6: this one is the sum
    e.savings_usd = 7'777.7;        // not 90,000.49 - 80,000.6 = 9,999.89
    e.cloud.instances = 2;          // 8 GPUs fit one 8-GPU instance: chosen, not worked out
    e.cloud.unused_gpus = 8;
    c.rented_gpus = 17;  // not 2 x 8 = 16: a renderer that multiplies shows 16
    e.build_per_gpu_hour_usd = 2.456;
    e.cloud_per_gpu_hour_usd = 0.75;
    e.cheaper = Side::cloud;
    return c;
}

Report ranked() {
    Report r;
    r.header.catalog_as_of = "2026-11-01";
    r.header.catalog_source = "/data/a|b/catalog.json";
    r.header.oldest_as_of = "2026-01";
    r.header.assumptions.values.months = 36;
    r.header.assumptions.values.hours_per_week = 40.0;
    r.comparisons = {owning_wins(), renting_wins()};
    r.header.warnings = {"offer spot|a8 is 300 days old"};
    return r;
}

Report detailed() {
    Report r = ranked();
    r.detailed = true;
    r.comparisons.resize(1);
    return r;
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    for (std::size_t end = text.find('\n'); end != std::string::npos; end = text.find('\n', start)) {
        lines.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    if (start < text.size()) lines.push_back(text.substr(start));
    return lines;
}

// The `count` lines of `text` from the first that starts with `first`; empty when there is none.
std::vector<std::string> block(const std::string& text, const std::string& first, std::size_t count) {
    const std::vector<std::string> lines = lines_of(text);
    for (std::size_t i = 0; i < lines.size(); ++i)
        if (lines[i].rfind(first, 0) == 0 && i + count <= lines.size())
            return {lines.begin() + static_cast<std::ptrdiff_t>(i),
                    lines.begin() + static_cast<std::ptrdiff_t>(i + count)};
    return {};
}

bool has_line(const std::string& text, const std::string& line) {
    const std::vector<std::string> lines = lines_of(text);
    return std::find(lines.begin(), lines.end(), line) != lines.end();
}

std::vector<std::string> keys_of(const Json& object) {
    std::vector<std::string> keys;
    for (const auto& item : object.items()) keys.push_back(item.key());
    return keys;
}

Currency euro() { return {"EUR", 0.5}; }

// One check per GateUnit, and the payback gate with no value (the build never pays back).
CheckReport checked() {
    CheckReport check;
    check.report = detailed();
    const auto gate = [](const char* name, GateUnit unit, GateCheck::Value limit, GateCheck::Value value, bool passed) {
        return GateCheck{name, unit, "box-a4", "cheap-a4", std::move(limit), std::move(value), passed};
    };
    check.checks = {
        gate("max-build-total-usd", GateUnit::usd, 13'000.0, 12'345.678, true),
        gate("max-payback-months", GateUnit::months, 24.0, std::monostate{}, false),
        gate("max-age-days", GateUnit::days, 60.0, 61.0, false),
        gate("expect", GateUnit::side, std::string("cloud"), std::string("build"), false),
    };
    return check;
}

}  // namespace

TEST_CASE("render_table detail: the cost lines as the model has them, rounded, '-' for not applicable") {
    const std::string out = render_table(detailed(), wide());
    // Widths: column 1 is "cost over the horizon" (21); the amounts are at most 7 wide ("$10,000", "-$2,001").
    // Each category is its own amount rounded to whole dollars (10,000.4 -> $10,000, 499.6 -> $500, 1,234.56 ->
    // $1,235, -2,000.7 -> -$2,001); the staff line carries the build's and the cloud's staff; the cloud-only keys
    // leave the build cell empty. The totals are the model's (not the categories' sums, 31,234 and 36,200); the
    // cloud has no figure per GPU-hour, so "-"; the build's 0.0412 is below a dollar, so three decimals.
    const std::vector<std::string> expected = {
        "  cost over the horizon    build    cloud", "  hardware               $10,000",
        "  setup                     $500",          "  power                   $1,235",
        "  staff                  $20,000   $5,000", "  maintenance                 $0",
        "  facility                $1,500",          "  interim_cloud             $321",
        "  downtime_cover             $43",          "  resale                 -$2,001",
        "  compute                         $30,000", "  storage                          $1,200",
        "  egress                               $0", "  total                  $12,346  $55,555",
        "  per GPU-hour used       $0.041        -",
    };
    CHECK(block(out, "  cost over the horizon", expected.size()) == expected);
    CHECK(lines_of(out).front() == "box-a4: Box A4, \"quiet\" edition");
    CHECK(has_line(out, "  Own: 4 x A4 Tensor."));
    // $12.3456 an instance-hour -> "$12.35"; the instance count is the model's.
    CHECK(has_line(out, "  Rent: CloudCo a4.xlarge in eu-west, 4 GPU(s) each, on-demand at $12.35 per instance-hour; "
                        "1 instance(s)."));
    CHECK(has_line(out,
                   "  Over 36 months at 40.0 h/week (173.8 used hours a month), discounted monthly at 0.0% a year."));
    CHECK(has_line(out, "  Cloud offer: cheap-a4 (the cheapest on-demand offer for a4)."));
    // Savings are the model's 43,210.9 -> $43,211, not the totals' difference ($43,210).
    CHECK(
        has_line(out, "Build: owning saves $43,211 over 36 months at 40 h/week, and has paid for itself by month 26."));
    CHECK(has_line(out, "  Break-even: 117.8 h/week; owning is cheaper above it."));
    CHECK(has_line(out, "  Payback: month 26 of 36 in cash; month 9 if the machine is sold then."));
    CHECK(has_line(out, "  Without resale: owning still saves $41,210."));
    CHECK(has_line(out, "Catalogue: /data/a|b/catalog.json, as of 2026-11-01; oldest figure used: 2026-01."));
    CHECK(out.find("Note:") == std::string::npos);  // no estimates, no unused GPUs
    CHECK(out.find('\x1b') == std::string::npos);   // colour is off unless asked for
}

TEST_CASE("render_table detail: in another currency every money figure is converted, and the note says so") {
    RenderOptions options = wide();
    options.currency = euro();
    const std::string out = render_table(detailed(), options);
    // Each figure x 0.5, then rounded: 10,000.4 -> 5,000.2 -> "EUR 5,000"; 499.6 -> 249.8 -> "EUR 250"; -2,000.7 ->
    // -1,000.35 -> "-EUR 1,000" (the sign in front); totals 6,172.839 and 27,777.7; 0.0412 -> 0.0206 -> "EUR 0.021".
    // Widths: amounts up to 10 ("EUR 10,000", "-EUR 1,000").
    const std::vector<std::string> expected = {
        "  cost over the horizon       build       cloud",
        "  hardware                EUR 5,000",
        "  setup                     EUR 250",
        "  power                     EUR 617",
        "  staff                  EUR 10,000   EUR 2,500",
        "  maintenance                 EUR 0",
        "  facility                  EUR 750",
        "  interim_cloud             EUR 161",
        "  downtime_cover             EUR 21",
        "  resale                 -EUR 1,000",
        "  compute                            EUR 15,000",
        "  storage                               EUR 600",
        "  egress                                  EUR 0",
        "  total                   EUR 6,173  EUR 27,778",
        "  per GPU-hour used       EUR 0.021           -",
    };
    CHECK(block(out, "  cost over the horizon", expected.size()) == expected);
    CHECK(has_line(out, "  Rent: CloudCo a4.xlarge in eu-west, 4 GPU(s) each, on-demand at EUR 6.17 per instance-hour; "
                        "1 instance(s)."));  // 12.3456 x 0.5 = 6.1728
    CHECK(has_line(out, "Amounts in EUR at 0.5 EUR per US dollar (--usd-rate); the assumptions stay in USD as given."));
    // 43,210.9 x 0.5 = 21,605.45 -> EUR 21,605.
    CHECK(has_line(out, "Build: owning saves EUR 21,605 over 36 months at 40 h/week, and has paid for itself by month "
                        "26."));
}

TEST_CASE("render_table detail: estimates and unused GPUs become notes") {
    Report r = ranked();
    r.detailed = true;
    r.comparisons.erase(r.comparisons.begin());  // renting_wins alone
    const std::string out = render_table(r, wide());
    // Every count is the model's: 2 instances, 17 GPUs rented (the model says so), 8 unused.
    CHECK(has_line(out, "  Note: 2 instance(s) hold 17 GPUs; 8 are paid for but unused."));
    CHECK(has_line(out, "  Note: GPU a8 is an estimate: list price guessed"));
    CHECK(has_line(out, "  Note: build rig-a8 is unverified: quote pending"));
    CHECK(has_line(out, "  Break-even: none in 0-168 h/week; renting is cheaper at every usage."));
    CHECK(has_line(out, "  Payback: not within 24 months in cash; not even if the machine is sold."));
    CHECK(has_line(out, "  Without resale: renting saves $0."));
}

TEST_CASE("render_table ranked: one row per comparison in report order, '*' on those resting on an estimate") {
    const std::string out = render_table(ranked(), wide());
    // Widths: build 8 ("rig-a8 *"), rented 16 ("SpotCo 2 x 8x A8"), cloud offer 11 (its header), saves 7
    // ("$43,211"), the rest their headers; no tier in the model is "-".
    // rented: the offer's provider, GPUs per instance and GPU id in words; the model's 2 instances of rig-a8's offer
    // are named. Row 1 keeps the model's savings ($43,211) and break-even (117.84 -> "117.8 above"); row 2 has no
    // break-even and no payback ("-"), and is marked "*" for its estimates.
    const std::vector<std::string> expected = {
        "#  build     GPUs  rented            cloud offer  tier  build total  cloud total  cheaper    saves  "
        "break-even h/wk  payback month",
        "1  box-a4       4  CloudCo 4x A4     cheap-a4     -         $12,346      $55,555  build    $43,211      "
        "117.8 above             26",
        "2  rig-a8 *     8  SpotCo 2 x 8x A8  spot|a8      -         $90,000      $80,001  cloud     $7,778       "
        "         -              -",
    };
    CHECK(block(out, "#  build", expected.size()) == expected);
    CHECK(lines_of(out).front() ==
          "Build or rent: every build against its cheapest on-demand cloud offer, over 36 months at 40.0 h/week, "
          "discounted monthly at 0.0% a year"  // the report's discount_rate 0, monthly (issue 20 item 9)
    );
    CHECK(has_line(out, "* rests on a figure marked as an estimate or unverified; `--build ID` shows which."));

    Report no_estimates = ranked();
    no_estimates.comparisons[1].estimates.clear();
    const std::string plain = render_table(no_estimates);
    CHECK(plain.find("rig-a8 *") == std::string::npos);
    CHECK(plain.find("* rests on") == std::string::npos);  // no marker, no footnote
}

TEST_CASE("render_json: the model's figures at full precision, null for not applicable, category table order") {
    const std::string text = render_json(ranked());
    const Json document = Json::parse(text);
    CHECK(document["schema_version"] == 2);
    CHECK(document["catalog"] ==
          Json{{"as_of", "2026-11-01"}, {"source", "/data/a|b/catalog.json"}, {"oldest_figure_as_of", "2026-01"}});
    CHECK(document["warnings"] == Json{"offer spot|a8 is 300 days old"});
    CHECK(document["currency"] == Json{{"code", "USD"}, {"per_usd", 1.0}});  // always written
    const Json& root = document["report"];
    REQUIRE(root["comparisons"].size() == 2);

    const Json& a = root["comparisons"][0];
    // Not rounded: 12,345.678 stays 12345.678, and the text is the shortest that reads back exactly.
    CHECK(a["build"]["total_usd"].get<double>() == 12'345.678);
    CHECK(text.find("\"total_usd\": 12345.678,") != std::string::npos);
    CHECK(a["build"]["per_gpu_hour_usd"].get<double>() == 0.0412);
    CHECK(a["build"]["name"] == "Box A4, \"quiet\" edition");
    CHECK(a["build"]["gpu_count"] == 4);
    // breakdown_usd: the engine's table order, each the model's own amount (the totals are not their sums).
    CHECK(keys_of(a["build"]["breakdown_usd"]) == std::vector<std::string>{"hardware", "setup", "power", "staff",
                                                                           "maintenance", "facility", "interim_cloud",
                                                                           "downtime_cover", "resale"});
    CHECK(a["build"]["breakdown_usd"]["interim_cloud"].get<double>() == 321.4);
    CHECK(a["build"]["breakdown_usd"]["power"].get<double>() == 1'234.56);
    CHECK(a["build"]["breakdown_usd"]["resale"].get<double>() == -2'000.7);
    CHECK(keys_of(a["cloud"]["breakdown_usd"]) == std::vector<std::string>{"compute", "storage", "egress", "staff"});
    CHECK(a["cloud"]["breakdown_usd"]["compute"].get<double>() == 30'000.25);
    CHECK(a["cloud"]["breakdown_usd"]["staff"].get<double>() == 5'000.0);
    CHECK(a["cloud"]["per_gpu_hour_usd"].is_null());  // not applicable: null, not 0
    CHECK(a["cloud"]["usd_per_hour"].get<double>() == 12.3456);
    CHECK(a["cloud"]["total_usd"].get<double>() == 55'555.4);
    CHECK(a["cloud"]["pricing"] == "on-demand");
    CHECK(a["cloud"]["choice"] == "the cheapest on-demand offer for a4");
    CHECK(a["break_even"] == Json{{"kind", "owning_vs_pay_per_use"},
                                  {"hours_per_week", 117.84},
                                  {"build_cheaper_above", true},
                                  {"payback_month", 26},
                                  {"payback_month_if_sold", 9}});
    CHECK(a["without_resale"] == Json{{"cheaper", "build"},
                                      {"savings_usd", 41'210.2},
                                      {"verdict", "Without resale: owning still saves $41,210."}});
    CHECK(a["cheaper"] == "build");
    CHECK(a["savings_usd"].get<double>() == 43'210.9);  // the model's, not 43,209.722
    CHECK(a["verdict"] ==
          "Build: owning saves $43,211 over 36 months at 40 h/week, and has paid for itself by month 26.");
    CHECK(a["estimates"] == Json::array());

    const Json& b = root["comparisons"][1];
    CHECK(b["cloud"]["id"] == "spot|a8");
    CHECK(b["cloud"]["pricing"] == "spot");
    CHECK(b["cloud"]["instances"] == 2);  // the model's, not ceil(8 / 8) = 1
    CHECK(b["cloud"]["unused_gpus"] == 8);
    CHECK(b["build"]["total_usd"].get<double>() == 90'000.49);
    CHECK(b["break_even"] == Json{{"kind", "owning_vs_pay_per_use"},
                                  {"hours_per_week", nullptr},
                                  {"build_cheaper_above", nullptr},
                                  {"payback_month", nullptr},
                                  {"payback_month_if_sold", nullptr}});
    CHECK(b["estimates"] ==
          Json{"GPU a8 is an estimate: list price guessed", "build rig-a8 is unverified: quote pending"});
    CHECK(b["verdict"] ==
          "Cloud: renting saves $7,778 over 24 months at 100.5 h/week; owning does not win at any usage with these "
          "assumptions.");
}

TEST_CASE("render_json: another currency converts every money field and renames it, nothing else changes") {
    RenderOptions options;
    options.currency = euro();
    const Json document = Json::parse(render_json(ranked(), options));
    CHECK(document["currency"] == Json{{"code", "EUR"}, {"per_usd", 0.5}});
    const Json& root = document["report"];
    const Json& a = root["comparisons"][0];
    CHECK(keys_of(a["build"]) ==
          std::vector<std::string>{"id", "name", "gpu", "gpu_count", "total_eur", "per_gpu_hour_eur", "breakdown_eur"});
    // x 0.5 is exact in binary: each figure is half the model's to the last bit.
    CHECK(a["build"]["total_eur"].get<double>() == 6'172.839);
    CHECK(a["build"]["per_gpu_hour_eur"].get<double>() == 0.0206);
    CHECK(a["build"]["breakdown_eur"]["resale"].get<double>() == -1'000.35);
    CHECK(a["cloud"]["eur_per_hour"].get<double>() == 6.1728);
    CHECK(a["cloud"]["total_eur"].get<double>() == 27'777.7);
    CHECK(a["cloud"]["breakdown_eur"]["compute"].get<double>() == 15'000.125);
    CHECK(a["cloud"]["per_gpu_hour_eur"].is_null());
    CHECK(a["savings_eur"].get<double>() == 21'605.45);
    CHECK_FALSE(a.contains("savings_usd"));
    CHECK(a["cloud"]["gpus_per_instance"] == 4);  // counts are not money
    CHECK(a["break_even"]["hours_per_week"].get<double>() == 117.84);
    CHECK(a["verdict"] ==
          "Build: owning saves EUR 21,605 over 36 months at 40 h/week, and has paid for itself by month 26.");
}

TEST_CASE(
    "compare's rows as CSV: the header, RFC 4180 quoting, full precision, empty cells, estimate ids joined by ','") {
    const std::vector<std::string> lines = lines_of(render(ranked(), Format::csv));
    REQUIRE(lines.size() == 3);
    CHECK(lines[0] ==
          "build_id,build_name,gpu,gpu_count,pricing,hours_per_week,months,build_total_usd,build_per_gpu_hour_usd,"
          "build_hardware_usd,build_setup_usd,build_power_usd,build_staff_usd,build_maintenance_usd,build_facility_usd,"
          "build_resale_usd,cloud_id,cloud_provider,cloud_instance,cloud_region,cloud_gpus_per_instance,"
          "cloud_instances,cloud_unused_gpus,cloud_usd_per_hour,cloud_total_usd,cloud_per_gpu_hour_usd,"
          "cloud_compute_usd,cloud_storage_usd,cloud_egress_usd,cloud_staff_usd,break_even_hours_per_week,"
          "build_cheaper_above,payback_month,cheaper,savings_usd,estimates,build_interim_cloud_usd,"
          "payback_month_if_sold,cheaper_without_resale,savings_without_resale_usd,match_level,cloud_tier,"
          "best_marketplace_cloud_id,best_marketplace_cloud_total_usd,best_gpu_cloud_cloud_id,"
          "best_gpu_cloud_cloud_total_usd,best_hyperscaler_cloud_id,best_hyperscaler_cloud_total_usd,workload,"
          "build_throughput,cloud_throughput,throughput_ratio,equivalent_gpus,build_downtime_cover_usd,lost_gpu_hours,"
          "api_offer_id,api_usd_per_month,api_total_usd,cloud_usd_per_month,cloud_setup_fee_usd");
    // The name with a comma and quotes is quoted, its quotes doubled; the cloud's per GPU-hour is empty; no
    // estimates is an empty cell; no match level, tier or workload in the model: 13 empty cells, then no API: 3 more,
    // and billed by the hour: no monthly price or setup fee, 2 more.
    CHECK(lines[1] ==
          "box-a4,\"Box A4, \"\"quiet\"\" edition\",a4,4,on-demand,40,36,12345.678,0.0412,"
          "10000.4,499.6,1234.56,20000,0,1500,-2000.7,cheap-a4,CloudCo,a4.xlarge,eu-west,4,1,0,12.3456,55555.4,,"
          "30000.25,1200,0,5000,117.84,true,26,build,43210.9,,321.4,9,build,41210.2,,,,,,,,,,,,,,42.6,,,,,,");
    // No break-even, no payback: three empty cells; both estimate ids, in the model's order.
    CHECK(lines[2] ==
          "rig-a8,Rig A8,a8,8,spot,100.5,24,90000.49,2.456,70000,1000,9000,0,3500,0,-10000,spot|a8,SpotCo,a8.metal,"
          "us-east,8,2,8,0.5,80000.6,0.75,78000,0,2000.6,0,,,,cloud,7777.7,a8;rig-a8,0,,cloud,0,,,,,,,,,,,,,,0,,,,,,");
}

TEST_CASE("compare's rows as CSV: another currency renames the money columns and converts their cells") {
    RenderOptions options;
    options.currency = euro();
    const std::vector<std::string> lines = lines_of(render(ranked(), Format::csv, options));
    REQUIRE(lines.size() == 3);
    CHECK(lines[0].rfind("build_id,build_name,gpu,gpu_count,pricing,hours_per_week,months,build_total_eur,"
                         "build_per_gpu_hour_eur,build_hardware_eur,",
                         0) == 0);
    CHECK(lines[0].find("_usd") == std::string::npos);
    CHECK(lines[0].find(",cloud_eur_per_hour,") != std::string::npos);
    // 12,345.678 / 2, 0.0412 / 2, 10,000.4 / 2; the hours and months are not money.
    CHECK(lines[1].rfind("box-a4,\"Box A4, \"\"quiet\"\" edition\",a4,4,on-demand,40,36,6172.839,0.0206,5000.2,", 0) ==
          0);
}

TEST_CASE("compare's markdown ranked: table view's figures, pipes escaped, assumptions folded") {
    const std::string out = render(ranked(), Format::markdown);
    const std::vector<std::string> expected = {
        "| # | build | GPUs | rented | cloud offer | tier | build total | cloud total | cheaper | saves | "
        "break-even h/wk | payback month |",
        "| ---: | --- | ---: | --- | --- | --- | ---: | ---: | --- | ---: | ---: | ---: |",
        "| 1 | box-a4 | 4 | CloudCo 4x A4 | cheap-a4 | - | $12,346 | $55,555 | build | $43,211 | 117.8 above | 26 |",
        "| 2 | rig-a8 * | 8 | SpotCo 2 x 8x A8 | spot\\|a8 | - | $90,000 | $80,001 | cloud | $7,778 | - | - |",
    };
    CHECK(block(out, "| # |", expected.size()) == expected);
    CHECK(lines_of(out).front() ==
          "### Build or rent: every build against its cheapest on-demand cloud offer, over 36 months at 40.0 h/week, "
          "discounted monthly at 0.0% a year"  // the report's discount_rate 0, monthly (issue 20 item 9)
    );
    CHECK(has_line(out, "<details><summary>Assumptions</summary>"));
    CHECK(has_line(out,
                   "<sub>Catalogue: /data/a\\|b/catalog.json, as of 2026-11-01; oldest figure used: 2026-01.</sub>"));
}

TEST_CASE("compare's markdown detail: the table's outline, the cost lines, blank for not applicable, totals in bold") {
    const std::string out = render(detailed(), Format::markdown);
    CHECK(lines_of(out).front() == "## box-a4: Box A4, \"quiet\" edition");
    CHECK(has_line(out, "Rent: CloudCo a4.xlarge in eu-west, 4 GPU(s) each, on-demand at $12.35 per instance-hour; 1 "
                        "instance(s)."));
    CHECK(
        has_line(out, "Build: owning saves $43,211 over 36 months at 40 h/week, and has paid for itself by month 26."));
    const std::vector<std::string> expected = {
        "| cost over the horizon | build | cloud |",
        "| --- | ---: | ---: |",
        "| hardware | $10,000 |  |",
        "| setup | $500 |  |",
        "| power | $1,235 |  |",
        "| staff | $20,000 | $5,000 |",
        "| maintenance | $0 |  |",
        "| facility | $1,500 |  |",
        "| interim_cloud | $321 |  |",
        "| downtime_cover | $43 |  |",
        "| resale | -$2,001 |  |",
        "| compute |  | $30,000 |",
        "| storage |  | $1,200 |",
        "| egress |  | $0 |",
        "| **total** | **$12,346** | **$55,555** |",
        "| per GPU-hour used | $0.041 | - |",
    };
    CHECK(block(out, "| cost over the horizon |", expected.size()) == expected);
    CHECK(has_line(out, "Payback: month 26 of 36 in cash; month 9 if the machine is sold then."));
}

TEST_CASE("the break-even sentence: one wording in every format, the side named, never a bare '-' (issue 25)") {
    // Markdown said "Break-even: 117.8 above h/week." and "Break-even: - h/week."; the table and HTML said it right.
    Report owning = detailed();
    Report renting = detailed();
    renting.comparisons = {renting_wins()};
    for (const Format format : {Format::table, Format::markdown}) {  // HTML: the compare_box_a4.html golden
        CAPTURE(to_string(format));
        const std::string own = render(owning, format);
        CHECK(own.find("Break-even: 117.8 h/week; owning is cheaper above it.") != std::string::npos);
        const std::string rent = render(renting, format);  // no break-even: renting wins at every usage
        CHECK(rent.find("Break-even: none in 0-168 h/week; renting is cheaper at every usage.") != std::string::npos);
        for (const std::string& text : {own, rent}) {
            CHECK(text.find("above h/week") == std::string::npos);
            CHECK(text.find("Break-even: - h/week") == std::string::npos);
        }
    }
}

TEST_CASE("render_json(CheckReport): the report's JSON plus one object per gate, values as the model holds them") {
    const CheckReport check = checked();
    const Json document = Json::parse(render_json(check));
    const Json& root = document["check"];
    CHECK(root["comparisons"] == Json::parse(render_json(check.report))["report"]["comparisons"]);
    const Json expected = Json::parse(R"([
      {"name": "max-build-total-usd", "build_id": "box-a4", "cloud_id": "cheap-a4", "limit": 13000.0,
       "value": 12345.678, "passed": true},
      {"name": "max-payback-months", "build_id": "box-a4", "cloud_id": "cheap-a4", "limit": 24.0, "value": null,
       "passed": false},
      {"name": "max-age-days", "build_id": "box-a4", "cloud_id": "cheap-a4", "limit": 60.0, "value": 61.0,
       "passed": false},
      {"name": "expect", "build_id": "box-a4", "cloud_id": "cheap-a4", "limit": "cloud", "value": "build",
       "passed": false}
    ])");
    CHECK(root["checks"] == expected);
    CHECK(keys_of(root["checks"][0]) ==
          std::vector<std::string>{"name", "build_id", "cloud_id", "limit", "value", "passed"});
    CHECK(keys_of(root).back() == "checks");

    // Gates are given in US dollars and stay so in another currency; the report's figures are converted.
    RenderOptions options;
    options.currency = euro();
    const Json euros = Json::parse(render_json(check, options))["check"];
    CHECK(euros["checks"] == expected);
    CHECK(euros["comparisons"][0]["build"]["total_eur"].get<double>() == 6'172.839);
}

TEST_CASE("check's markdown: the gate summary and checks table first, money as dollars, months and days as "
          "counts, no payback as never") {
    const CheckReport check = checked();
    const std::string out = render(check, Format::markdown);
    const std::vector<std::string> expected = {
        "### Checks",
        "",
        "**3 of 4 gate checks FAILED.**",  // payback, age and expect fail; the total passes
        "",
        "| result | gate | build | cloud offer | value | limit |",
        "| --- | --- | --- | --- | ---: | ---: |",
        "| ok | max-build-total-usd | box-a4 | cheap-a4 | $12,346 | $13,000 |",
        "| **FAIL** | max-payback-months | box-a4 | cheap-a4 | never | 24 |",
        "| **FAIL** | max-age-days | box-a4 | cheap-a4 | 61 | 60 |",
        "| **FAIL** | expect | box-a4 | cheap-a4 | build | cloud |",
    };
    CHECK(block(out, "### Checks", expected.size()) == expected);
    // The checks come first (a pull-request comment's answer), then the report's markdown, the footer last.
    CHECK(out.rfind("### Checks\n", 0) == 0);
    CHECK(out.find(render(check.report, Format::markdown).substr(0, 200)) > out.find("| **FAIL** | expect |"));
    CHECK(lines_of(out).back() ==
          "<sub>Catalogue: /data/a\\|b/catalog.json, as of 2026-11-01; oldest figure used: 2026-01.</sub>");
    // In euros the gates' dollars stay dollars.
    RenderOptions options;
    options.currency = euro();
    CHECK(has_line(render(check, Format::markdown, options),
                   "| ok | max-build-total-usd | box-a4 | cheap-a4 | $12,346 | $13,000 |"));
}

TEST_CASE("render: one dispatcher, each model's own renderers through it, a format a model lacks refused") {
    const Report report = ranked();
    CHECK(render(report, Format::table) == render_table(report));
    CHECK(render(report, Format::json) == render_json(report));
    CHECK(render(report, Format::csv) == write_rows(rows_of(report), Format::csv));
    CHECK(render(report, Format::tsv) == write_rows(rows_of(report), Format::tsv));
    CHECK(render(report, Format::markdown) == write_markdown(document_of(report)));
    CHECK(render(report, Format::html) == write_html(document_of(report)));
    const CheckReport check = checked();
    CHECK(render(check, Format::table) == render_table(check.report));  // the gates' lines go to stderr
    CHECK(render(check, Format::csv) == render(check.report, Format::csv));
    CHECK(render(check, Format::json) == render_json(check));
    CHECK(render(check, Format::markdown) == write_markdown(document_of(check)));
    // check draws no chart of its own
    CHECK_THROWS_WITH(render(check, Format::svg), "--format: svg is not available for this command");
}

TEST_CASE("verdict_text: who wins, by how much, and the payback or break-even that goes with it") {
    Comparison build_wins = owning_wins();
    // 43,210.9 -> $43,211; 40 h/week is whole, so no decimal.
    CHECK(verdict_text(build_wins) ==
          "Build: owning saves $43,211 over 36 months at 40 h/week, and has paid for itself by month 26.");
    build_wins.result.payback_month.reset();
    CHECK(verdict_text(build_wins) == "Build: owning saves $43,211 over 36 months at 40 h/week; cumulative spend stays "
                                      "above the cloud's to the end, so the resale value decides it.");

    Comparison cloud_wins = renting_wins();
    // 7,777.7 -> $7,778; 100.5 h/week keeps its decimal.
    CHECK(verdict_text(cloud_wins) == "Cloud: renting saves $7,778 over 24 months at 100.5 h/week; owning does not "
                                      "win at any usage with these assumptions.");
    cloud_wins.result.break_even_hours_per_week = 117.84;  // -> 117.8
    cloud_wins.result.build_cheaper_above = true;
    CHECK(verdict_text(cloud_wins) == "Cloud: renting saves $7,778 over 24 months at 100.5 h/week; owning wins above "
                                      "117.8 h/week.");
    cloud_wins.result.break_even_hours_per_week = 3.04;  // -> 3.0
    cloud_wins.result.build_cheaper_above = false;
    CHECK(verdict_text(cloud_wins) ==
          "Cloud: renting saves $7,778 over 24 months at 100.5 h/week; owning wins below 3.0 h/week.");
    // 7,777.7 x 0.5 = 3,888.85 -> EUR 3,889.
    CHECK(verdict_text(cloud_wins, euro()) ==
          "Cloud: renting saves EUR 3,889 over 24 months at 100.5 h/week; owning wins below 3.0 h/week.");
}

TEST_CASE("break_even_text and payback_text: one decimal and the side, or '-'") {
    Evaluation e;
    CHECK(break_even_text(e) == "-");  // one side wins at every usage
    CHECK(payback_text(e) == "-");     // not within the horizon
    e.break_even_hours_per_week = 117.84;
    e.build_cheaper_above = true;
    CHECK(break_even_text(e) == "117.8 above");
    e.break_even_hours_per_week = 3.0;
    e.build_cheaper_above = false;
    CHECK(break_even_text(e) == "3.0 below");
    e.build_cheaper_above.reset();  // unknown side reads as "below", as the table always has
    CHECK(break_even_text(e) == "3.0 below");
    e.payback_month = 26;
    CHECK(payback_text(e) == "26");
    e.payback_month = 1;
    CHECK(payback_text(e) == "1");
}
