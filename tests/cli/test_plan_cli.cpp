// `gpucost plan` as users get it: every format of one fixture plan as goldens, the JSON's plan equal to its
// strategies' figures, a demand file through the CLI, and the errors.
#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "gpucost/render/render.hpp"
#include "gpucost/render/svg.hpp"
#include "temp_file.hpp"
#include "test_support.hpp"

using gpucost::test::check_golden;
using gpucost::test::run_gpucost;
using gpucost::test::stdout_of;
using Json = nlohmann::json;

namespace {

std::vector<std::string> plan_fixture(std::vector<std::string> extra) {
    std::vector<std::string> args = {"plan",   "--catalog", "data/mini_catalog.json", "--build", "box-a4",
                                     "--step", "13=8",      "--burst-gpus",           "2",       "--burst-hours",
                                     "50"};
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
}

std::string plan_error(const std::vector<std::string>& args, int code) {
    const auto r = run_gpucost(args);
    CHECK(r.exit_code == code);
    CHECK(r.out.empty());
    return r.err;
}

}  // namespace

TEST_CASE("plan: every format of the fixture plan (goldens)", "[plan]") {
    check_golden("plan_box_a4.txt", stdout_of(plan_fixture({})));
    check_golden("plan_box_a4.md", stdout_of(plan_fixture({"--format", "markdown"})));
    check_golden("plan_box_a4.json", stdout_of(plan_fixture({"--format", "json"})));
    check_golden("plan_box_a4.csv", stdout_of(plan_fixture({"--format", "csv"})));
    check_golden("plan_box_a4.html", stdout_of(plan_fixture({"--format", "html"})));
    CHECK(stdout_of(plan_fixture({"--format", "tsv"})) ==
          gpucost::test::tsv_from_csv(stdout_of(plan_fixture({"--format", "csv"}))));
}

TEST_CASE("plan --help: the flags and examples", "[plan]") {
    check_golden("plan_help.txt", stdout_of({"plan", "--help"}));
}

TEST_CASE("plan --format json: the plan is the cheapest strategy and serves every GPU-hour", "[plan]") {
    const Json j = Json::parse(stdout_of(plan_fixture({"--format", "json"})));
    const Json& plan = j["plan"];
    const Json& strategies = plan["strategies"];
    REQUIRE(strategies.size() == 5);
    CHECK(strategies[4]["strategy"] == "the plan");
    double demand = 0.0;
    for (const Json& m : plan["demand"]["months"]) demand += m["gpu_hours"].get<double>();
    for (const Json& s : strategies) {
        CHECK(strategies[4]["net_present_cost_usd"].get<double>() <= s["net_present_cost_usd"].get<double>() + 1e-6);
        CHECK(s["owned_gpu_hours"].get<double>() + s["committed_gpu_hours"].get<double>() +
                  s["on_demand_gpu_hours"].get<double>() ==
              Approx(demand));
        CHECK(s["unserved_gpu_hours"] == 0.0);  // --downtime cover: the backup serves what downtime loses
    }
}

TEST_CASE("plan --demand-sacct: a Slurm export through the command", "[plan]") {
    const Json j = Json::parse(stdout_of({"plan", "--catalog", "data/mini_catalog.json", "--build", "box-a4",
                                          "--demand-sacct", "data/plan/sacct_small.txt", "--format", "json"}));
    const Json& months = j["plan"]["demand"]["months"];
    REQUIRE(months.size() == 24);  // one month of history repeated over the fixture's horizon
    CHECK(months[0]["gpu_hours"].get<double>() == Approx(7.5 * 730.0 / 744.0));  // test_demand_files.cpp's case
    CHECK(months[0]["peak_gpus"] == 4);
    CHECK(j["plan"]["demand"]["source"] == "Slurm sacct data/plan/sacct_small.txt");
}

TEST_CASE("plan --demand-monthly: a short file repeats over the horizon, grown", "[plan]") {
    const Json j =
        Json::parse(stdout_of({"plan", "--catalog", "data/mini_catalog.json", "--build", "box-a4", "--demand-monthly",
                               "data/plan/monthly.csv", "--growth-per-year", "1", "--format", "json"}));
    const Json& months = j["plan"]["demand"]["months"];
    REQUIRE(months.size() == 24);
    // Three months, then all three repeat grown by 2^(3/12) = 1.19 each cycle: month 5 repeats month 2's 4 GPUs
    // busy 730 h as 4 x 1.19 = 4.76 -> 4 levels; month 20 (the sixth cycle, 2^(18/12) = 2.83) month 2's as 11.
    CHECK(months[1]["peak_gpus"] == 4);
    CHECK(months[4]["peak_gpus"] == 4);
    CHECK(months[4]["gpu_hours"].get<double>() == Approx(2920.0));
    CHECK(months[19]["peak_gpus"] == 11);
    CHECK(j["plan"]["demand"]["source"] == "monthly CSV data/plan/monthly.csv");
}

TEST_CASE("plan: errors are one line with their exit code", "[plan]") {
    CHECK(plan_error({"plan", "--catalog", "data/mini_catalog.json"}, 2) ==
          "gpucost: error: plan: --build ID is required: the machine the plan may own (see gpucost catalog list)\n");
    CHECK(plan_error(plan_fixture({"--step", "40=2"}), 2) ==
          "gpucost: error: --step \"40=2\": month must be in 1..24 (the horizon), got 40\n");
    CHECK(plan_error({"plan", "--catalog", "data/mini_catalog.json", "--build", "box-a4", "--demand-sacct",
                      "data/plan/sacct_small.txt", "--demand-hourly", "x.csv"},
                     2) == "gpucost: error: plan: give one of --demand-monthly, --demand-hourly and --demand-sacct\n");
    CHECK(plan_error(plan_fixture({"--pricing", "reserved-1y"}), 2) ==
          "gpucost: error: plan: --pricing reserved-1y does not apply: the plan rents on demand (or on spot with "
          "--pricing spot) and prices 1- and 3-year commitments itself\n");
    // a file that is not what it claims: a catalogue given as sacct output
    CHECK(plan_error({"plan", "--catalog", "data/mini_catalog.json", "--build", "box-a4", "--demand-monthly",
                      "data/plan/sacct_small.txt"},
                     3) == "gpucost: error: data/plan/sacct_small.txt: line 1: header: no \"month\" column (expected "
                           "month,gpu_hours,peak_gpus)\n");
}

TEST_CASE("plan --growth-low --growth-high: the regret table in every format (goldens)", "[plan]") {
    const auto regret = [](std::vector<std::string> extra) {
        std::vector<std::string> args = {"--growth-per-year", "0.3", "--growth-low", "0", "--growth-high", "1"};
        args.insert(args.end(), extra.begin(), extra.end());
        return plan_fixture(args);
    };
    check_golden("plan_box_a4_regret.txt", stdout_of(regret({})));
    check_golden("plan_box_a4_regret.md", stdout_of(regret({"--format", "markdown"})));
    check_golden("plan_box_a4_regret.json", stdout_of(regret({"--format", "json"})));
    check_golden("plan_box_a4_regret.csv", stdout_of(regret({"--format", "csv"})));
    check_golden("plan_box_a4_regret.html", stdout_of(regret({"--format", "html"})));
    // Properties: regret is cost less the case's best, never negative; the base plan's regret under the base is 0;
    // the plan chosen for each case has no regret under it.
    const Json t = Json::parse(stdout_of(regret({"--format", "json"})))["plan"]["regret"];
    REQUIRE(t["cases"].size() == 3);
    REQUIRE(t["rows"].size() == 7);  // five strategies, the plans for low and high growth
    CHECK(t["rows"][4]["schedule"] == "the plan");
    CHECK(t["rows"][4]["regret_usd"][1] == 0.0);
    CHECK(t["rows"][5]["schedule"] == "the plan for low growth");
    CHECK(t["rows"][5]["regret_usd"][0] == 0.0);
    CHECK(t["rows"][6]["regret_usd"][2] == 0.0);
    int least = 0;
    for (const Json& row : t["rows"]) {
        for (std::size_t c = 0; c < 3; ++c) {
            CHECK(row["regret_usd"][c].get<double>() >= 0.0);
            CHECK(row["regret_usd"][c].get<double>() ==
                  Approx(row["net_present_cost_usd"][c].get<double>() -
                         t["cases"][c]["best_net_present_cost_usd"].get<double>()));
        }
        least += row["least_regret"].get<bool>() ? 1 : 0;
    }
    CHECK(least == 1);
    CHECK(plan_error(plan_fixture({"--growth-per-year", "0.3", "--growth-low", "0.5"}), 2) ==
          "gpucost: error: --growth-low: must be > -1 and <= --growth-per-year (0.3), got 0.5\n");
}

TEST_CASE("plan --demand-case: cases beyond growth in the regret table (golden), and their errors", "[plan]") {
    const auto cases = [](std::vector<std::string> extra) {
        std::vector<std::string> args = {"--demand-case", "no-step:steps=none", "--demand-case",
                                         "double-burst:burst-gpus=4"};
        args.insert(args.end(), extra.begin(), extra.end());
        return plan_fixture(args);
    };
    check_golden("plan_box_a4_cases.txt", stdout_of(cases({})));
    check_golden("plan_box_a4_cases.md", stdout_of(cases({"--format", "markdown"})));
    const Json t = Json::parse(stdout_of(cases({"--format", "json"})))["plan"]["regret"];
    REQUIRE(t["cases"].size() == 3);  // the base, then the named cases in the order given
    CHECK(t["cases"][0]["name"] == "base");
    CHECK(t["cases"][0]["changes"].is_null());
    CHECK(t["cases"][1]["name"] == "no-step");
    CHECK(t["cases"][1]["changes"] == "steps=none");
    REQUIRE(t["rows"].size() == 7);
    CHECK(t["rows"][5]["schedule"] == "the plan for case no-step");
    CHECK(t["rows"][5]["regret_usd"][1] == 0.0);
    CHECK(t["rows"][6]["regret_usd"][2] == 0.0);
    // With no step the demand is 4 GPUs at 84 h/week and the burst for 24 months: less than the base's.
    CHECK(t["cases"][1]["best_net_present_cost_usd"].get<double>() < t["cases"][0]["best_net_present_cost_usd"]);
    CHECK(plan_error(cases({"--demand-case", "no-step:gpus=2"}), 2) ==
          "gpucost: error: --demand-case \"no-step:gpus=2\": the name \"no-step\" is taken (low, base and high are "
          "the growth cases; each case needs a name of its own)\n");
    CHECK(plan_error({"plan", "--catalog", "data/mini_catalog.json", "--build", "box-a4", "--demand-monthly",
                      "data/plan/monthly.csv", "--demand-case", "big:gpus=8"},
                     2) == "gpucost: error: --demand-case \"big:gpus=8\": a demand file gives its own shape; a case of "
                           "it may change only growth\n");
    CHECK(plan_error(plan_fixture({"--demand-case", "x:burst-hours=800"}), 2) ==
          "gpucost: error: --demand-case \"x:burst-hours=800\": --burst-hours: must be in [0, 730] hours a month, got "
          "800\n");
    // A demand file's case of growth alone: the file's months repeated at that growth.
    const Json grown = Json::parse(
        stdout_of({"plan", "--catalog", "data/mini_catalog.json", "--build", "box-a4", "--demand-monthly",
                   "data/plan/monthly.csv", "--demand-case", "boom:growth=1", "--format", "json"}))["plan"]["regret"];
    CHECK(grown["cases"][1]["growth_per_year"] == 1.0);
}

TEST_CASE("plan --max-net-present-cost-usd: a failed gate is exit code 1, as check", "[plan]") {
    const double npc =
        Json::parse(stdout_of(plan_fixture({"--format", "json"})))["plan"]["strategies"][4]["net_present_cost_usd"]
            .get<double>();
    const auto below = run_gpucost(plan_fixture({"--max-net-present-cost-usd", fmt::format("{:.2f}", npc - 1.0)}));
    CHECK(below.exit_code == 1);
    CHECK_FALSE(below.out.empty());  // the report is written, as check writes it
    CHECK(below.err.find("FAIL max-net-present-cost-usd [plan]: ") != std::string::npos);
    const auto above = run_gpucost(plan_fixture({"--max-net-present-cost-usd", fmt::format("{:.2f}", npc + 1.0)}));
    CHECK(above.exit_code == 0);
    CHECK(above.err.find("ok max-net-present-cost-usd [plan]: ") != std::string::npos);
    CHECK(plan_error(plan_fixture({"--min-owned-utilisation", "1.5"}), 2) ==
          "gpucost: error: plan: --min-owned-utilisation: must be in [0, 1], got 1.5\n");
}

TEST_CASE("plan gates in the report: JSON checks and exit code, the markdown's summary first (golden)", "[plan]") {
    // The fixture plan: net present cost $109,002.80, dearest month $4,152.93, owned GPUs busy 50% of their hours.
    const auto gated = [](std::vector<std::string> extra) {
        std::vector<std::string> args = {"--max-monthly-usd",       "5000", "--max-net-present-cost-usd", "100000",
                                         "--min-owned-utilisation", "0.4"};
        args.insert(args.end(), extra.begin(), extra.end());
        return run_gpucost(plan_fixture(args));
    };
    const auto md = gated({"--format", "markdown"});
    CHECK(md.exit_code == 1);
    check_golden("plan_box_a4_gates.md", md.out);
    CHECK(md.out.rfind("### Checks\n\n**1 of 3 gate checks on the plan FAILED (exit code 1).**", 0) == 0);
    const auto json = gated({"--format", "json"});
    CHECK(json.exit_code == 1);
    const Json plan = Json::parse(json.out)["plan"];
    CHECK(plan["exit_code"] == 1);
    const Json& checks = plan["checks"];
    REQUIRE(checks.size() == 3);  // the gates table's order
    CHECK(checks[0]["name"] == "max-monthly-usd");
    CHECK(checks[0]["limit"] == 5000.0);
    CHECK(checks[0]["value"].get<double>() == Approx(4152.93).margin(0.005));
    CHECK(checks[0]["passed"] == true);
    CHECK(checks[1]["name"] == "max-net-present-cost-usd");
    CHECK(checks[1]["value"].get<double>() == Approx(109002.8));
    CHECK(checks[1]["passed"] == false);
    CHECK(checks[2]["name"] == "min-owned-utilisation");
    // 52,560 owned GPU-hours served of (4 GPUs x 24 months + 4 x 12) x 730 = 105,120 working
    CHECK(checks[2]["value"].get<double>() == Approx(0.5));
    CHECK(checks[2]["passed"] == true);
    // The HTML carries the same table first; without gates there is no section, and the JSON says exit code 0.
    const auto html = gated({"--format", "html"});
    CHECK(html.out.find("gate checks on the plan FAILED") < html.out.find("<h1>Fleet plan: box-a4"));
    const Json plain = Json::parse(stdout_of(plan_fixture({"--format", "json"})))["plan"];
    CHECK(plain["checks"].empty());
    CHECK(plain["exit_code"] == 0);
    CHECK(stdout_of(plan_fixture({"--format", "markdown"})).find("Checks") == std::string::npos);
}

TEST_CASE("plan --downtime lost: the work owned machines lose goes unserved, in the JSON and the table", "[plan]") {
    const auto args = plan_fixture({"--failures-per-machine-year", "2", "--repair-hours", "219", "--downtime", "lost"});
    std::vector<std::string> json_args = args;
    json_args.insert(json_args.end(), {"--format", "json"});
    const Json plan = Json::parse(stdout_of(json_args))["plan"];
    double demand = 0.0;
    for (const Json& m : plan["demand"]["months"]) demand += m["gpu_hours"].get<double>();
    for (const Json& s : plan["strategies"]) {
        // 2 x 219 h of 8,760 = 5% of each owned GPU-hour is lost: unserved is 5 / 95 of what owned machines serve.
        CHECK(s["unserved_gpu_hours"].get<double>() == Approx(s["owned_gpu_hours"].get<double>() * 5.0 / 95.0));
        CHECK(s["downtime_cover_usd"] == 0.0);
        CHECK(s["owned_gpu_hours"].get<double>() + s["committed_gpu_hours"].get<double>() +
                  s["on_demand_gpu_hours"].get<double>() + s["unserved_gpu_hours"].get<double>() ==
              Approx(demand));
    }
    CHECK(plan["strategies"][4]["unserved_gpu_hours"].get<double>() > 0.0);  // the plan owns machines
    std::string table;  // the note, its wrapped lines joined and indentation folded (prose wraps at 80 columns)
    for (const char ch : stdout_of(args))
        if ((ch != ' ' && ch != '\n') || (!table.empty() && table.back() != ' ')) table += ch == '\n' ? ' ' : ch;
    CHECK(table.find("GPU-hours of the plan's work are lost to owned downtime") != std::string::npos);
}

TEST_CASE("plan --format svg: the two charts (goldens), their figures the JSON's", "[plan]") {
    const std::string capacity = stdout_of(plan_fixture({"--format", "svg", "--chart", "capacity"}));
    const std::string spend = stdout_of(plan_fixture({"--format", "svg", "--chart", "cumulative-spend"}));
    check_golden("plan_box_a4_capacity.svg", capacity);
    check_golden("plan_box_a4_spend.svg", spend);
    const Json plan = Json::parse(stdout_of(plan_fixture({"--format", "json"})))["plan"];
    // Each strategy's line ends at its net present cost, as the JSON writes it (data_number: the shortest exact).
    for (const Json& s : plan["strategies"]) {
        const std::string npc = gpucost::data_number(s["net_present_cost_usd"].get<double>());
        CAPTURE(s["strategy"], npc);
        const auto series = spend.find("data-key=\"" + s["strategy"].get<std::string>() + "\"");
        REQUIRE(series != std::string::npos);
        const auto end = spend.find("\"", spend.find("data-y=\"", series) + 8);
        CHECK(spend.substr(end - npc.size(), npc.size()) == npc);
    }
    // Month 1's demand peak is the JSON's; owned blue and renting vermilion.
    CHECK(capacity.find("data-month=\"1\" data-owned-gpus=") != std::string::npos);
    CHECK(capacity.find(fmt::format("data-peak-gpus=\"{}\"", plan["demand"]["months"][0]["peak_gpus"].get<int>())) !=
          std::string::npos);
    CHECK(capacity.find("#0072B2") != std::string::npos);
    CHECK(capacity.find("#D55E00") != std::string::npos);
    // The page has both.
    const std::string html = stdout_of(plan_fixture({"--format", "html"}));
    CHECK(html.find("data-chart=\"capacity\"") != std::string::npos);
    CHECK(html.find("data-chart=\"cumulative-spend\"") != std::string::npos);
    CHECK(plan_error(plan_fixture({"--format", "svg"}), 2) ==
          "gpucost: error: --chart: none given, and --format svg writes one chart; this report has: capacity, "
          "cumulative-spend\n");
    CHECK(plan_error(plan_fixture({"--format", "svg", "--chart", "spend"}), 2) ==
          "gpucost: error: --chart: \"spend\" is not a chart of this report (did you mean \"cumulative-spend\"?); this "
          "report has: capacity, cumulative-spend\n");
}

TEST_CASE("plan --monthly: the plan's cash flow month by month (golden), adding up to its cash by year", "[plan]") {
    const std::string csv = stdout_of(plan_fixture({"--monthly", "--format", "csv"}));
    check_golden("plan_box_a4_monthly.csv", csv);
    const Json plan = Json::parse(stdout_of(plan_fixture({"--monthly", "--format", "json"})))["plan"];
    const Json& months = plan["plan_cash_flow"];
    const Json& best = plan["strategies"][4];
    REQUIRE(months.size() >= 25);  // months 0..24 (more while a commitment bills past the horizon)
    std::vector<double> by_year(best["cash_by_year_usd"].size(), 0.0);
    for (const Json& m : months) {
        const auto k = m["month"].get<std::size_t>();
        by_year[k == 0 ? 0 : (k - 1) / 12] += m["total_usd"].get<double>();
    }
    for (std::size_t y = 0; y < by_year.size(); ++y)
        CHECK(by_year[y] == Approx(best["cash_by_year_usd"][y].get<double>()));
    CHECK(months.back()["cumulative_discounted_usd"] == best["net_present_cost_usd"]);
    CHECK(months[0]["purchase_usd"].get<double>() > 0.0);  // the fixture's plan buys in month 1
    CHECK(stdout_of(plan_fixture({"--monthly"})).find("The plan month by month") != std::string::npos);
    CHECK(Json::parse(stdout_of(plan_fixture({"--format", "json"})))["plan"].count("plan_cash_flow") == 0);
}

TEST_CASE("plan --pricing spot: the rented part on spot, with its sentence (golden)", "[plan]") {
    const std::vector<std::string> args = {"plan",
                                           "--catalog",
                                           "data/mini_catalog.json",
                                           "--build",
                                           "box-b2",
                                           "--step",
                                           "13=6",
                                           "--pricing",
                                           "spot",
                                           "--spot-interruptions-per-instance-month",
                                           "2",
                                           "--spot-restart-hours",
                                           "3"};
    check_golden("plan_box_b2_spot.txt", stdout_of(args));
    auto json_args = args;
    json_args.insert(json_args.end(), {"--format", "json"});
    const Json j = Json::parse(stdout_of(json_args))["plan"];
    CHECK(j["offer"]["id"] == "b-1");
    CHECK(j["offer"]["rent_pricing"] == "spot");
    CHECK(j["offer"]["rent_usd_per_hour"] == 0.3);
    CHECK(j["offer"]["on_demand_usd_per_hour"].is_null());
    const Json& spot = j["strategies"][0];
    CHECK(spot["strategy"] == "all spot");
    // All spot, no discounting. Months 1-12: 2 GPUs x 84 h/week = 365 h a month, one 1-GPU instance each (j = 1, 2);
    // billed (365 + 365) x 1.25 (the fixture's spot_overhead) + (1 + 3) x 365 x 2 x 3 / 730 = 912.5 + 12 = 924.5 h
    // x 0.3 $ = 277.35 $. Months 13-24: 6 instances: 2,190 x 1.25 + 36 x 365 x 6 / 730 = 2,737.5 + 108 = 2,845.5 h
    // = 853.65 $. Each month storage and egress 75 $ and cloud staff 0.05 x 120,000 / 12 = 500 $:
    // 12 x (277.35 + 575) + 12 x (853.65 + 575) = 10,228.20 + 17,143.80 = 27,372 $.
    CHECK(spot["net_present_cost_usd"].get<double>() == Approx(27372.0));
    CHECK(spot["on_demand_gpu_hours"].get<double>() == Approx(12 * 730.0 + 12 * 2190.0));
    // The capacity chart names the rented part spot, not on demand.
    auto svg_args = args;
    svg_args.insert(svg_args.end(), {"--format", "svg", "--chart", "capacity"});
    const std::string svg = stdout_of(svg_args);
    CHECK(svg.find("spot (at the month") != std::string::npos);
    CHECK(svg.find("on demand") == std::string::npos);
}

TEST_CASE("plan: a bad demand file is one line and nothing is written, an existing output left as it was", "[plan]") {
    // The month 2026-02 twice: the error names the file, the line, the field and the value.
    const gpucost::test::TempFile demand("month,gpu_hours,peak_gpus\n2026-01,100,2\n2026-02,100,2\n2026-02,50,1\n",
                                         "demand.csv");
    const std::string file = demand.path.string();
    const std::string out = (demand.path.parent_path() / "plan.json").string();
    { std::ofstream(out) << "before\n"; }
    const auto r = run_gpucost({"plan", "--catalog", "data/mini_catalog.json", "--build", "box-a4", "--demand-monthly",
                                file, "--format", "json", "--output", out});
    CHECK(r.exit_code == 3);
    CHECK(r.out.empty());
    CHECK(r.err == "gpucost: error: " + file +
                       ": line 4: month: months must be in order without repeats (after 2026-02), got \"2026-02\"\n");
    CHECK(gpucost::test::read_file(out) == "before\n");
}
