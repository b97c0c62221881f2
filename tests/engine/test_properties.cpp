// Properties that hold for every valid scenario, checked over thousands of random ones: through the engine directly,
// and through the real catalogue -> report -> JSON path. Seeds are fixed, so a failure reproduces exactly; the draws
// are plain bit arithmetic on std::mt19937_64 (whose output the standard fixes), not the library's distributions
// (which it does not), so every platform draws the same scenarios.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <stdlib.h>  // mkdtemp
#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "gpucost/engine/cash_flow.hpp"
#include "gpucost/engine/cost_model.hpp"
#include "gpucost/io/catalog_json.hpp"
#include "gpucost/model/catalog.hpp"
#include "gpucost/render/render.hpp"
#include "gpucost/report/report.hpp"
#include "test_support.hpp"

using namespace gpucost;
using gpucost::test::run_gpucost;
using nlohmann::json;

namespace {

constexpr int k_scenarios = 5000;
constexpr double k_relative = 1e-9;

// Uniform draws from 64 random bits.
class Draw {
public:
    explicit Draw(std::uint64_t seed)
        : m_rng(seed) {}
    // In [0, 1): the top 53 bits as a double.
    double unit() { return static_cast<double>(m_rng() >> 11) * 0x1.0p-53; }
    double real(double lo, double hi) { return lo + (hi - lo) * unit(); }
    // In [lo, hi].
    std::int64_t integer(std::int64_t lo, std::int64_t hi) {
        return lo + static_cast<std::int64_t>(m_rng() % static_cast<std::uint64_t>(hi - lo + 1));
    }
    bool coin() { return (m_rng() >> 63) != 0; }
    std::mt19937_64& engine() { return m_rng; }

private:
    std::mt19937_64 m_rng;
};

struct Scenario {
    BuildSpec build;
    CloudSpec cloud;
    Assumptions a;
};

// Every input anywhere in its valid range, with ranges wide enough to reach the corners (0 hours, idle = tdp).
Scenario random_scenario(Draw& d) {
    Scenario s;
    s.build.gpu_count = d.integer(1, 1024);
    s.build.gpu_price_usd = d.real(0, 50'000);
    s.build.gpu_tdp_w = d.real(1, 1'500);
    s.build.gpu_idle_w = d.real(0, s.build.gpu_tdp_w);
    s.build.base_price_usd = d.real(0, 100'000);
    s.build.base_load_w = d.real(0, 5'000);
    s.build.base_idle_w = d.real(0, s.build.base_load_w);
    s.build.setup_usd = d.real(0, 20'000);
    s.cloud.gpus_per_instance = d.integer(1, 16);
    s.cloud.usd_per_hour = d.real(0.01, 120);
    Assumptions& a = s.a;
    a.hours_per_week = d.coin() ? d.real(0, 168) : static_cast<double>(d.integer(0, 168));
    a.months = static_cast<int>(d.integer(1, 120));
    a.pricing = static_cast<Pricing>(d.integer(0, k_pricing_count - 1));
    a.electricity_usd_per_kwh = d.real(0, 1);
    a.pue = d.real(1, 3);
    a.idle = d.coin() ? IdlePolicy::always_on : IdlePolicy::off;
    a.staff_salary_usd = d.real(0, 300'000);
    a.staff_fte_build = d.real(0, 2);
    a.staff_fte_cloud = d.real(0, 2);
    a.maintenance_rate = d.real(0, 0.3);
    a.facility_usd_per_month = d.real(0, 5'000);
    a.useful_life_years = d.real(0.25, 10);
    a.residual_value = d.real(0, 1);
    a.discount_rate = d.coin() ? 0.0 : d.real(0, 0.3);
    a.spot_overhead = d.real(0, 1);
    a.cloud_storage_usd_per_month = d.real(0, 2'000);
    a.cloud_egress_usd_per_month = d.real(0, 2'000);
    return s;
}

// |x - y| within k_relative of `scale` (the sum of the magnitudes that were added, which bounds the rounding).
bool close(double x, double y, double scale) { return std::fabs(x - y) <= k_relative * std::max(1.0, scale); }

// The sum of the magnitudes of the build side's terms.
double build_scale(const BuildCosts& b) {
    return b.hardware_usd + b.setup_usd + b.power_usd + b.staff_usd + b.maintenance_usd + b.facility_usd - b.resale_usd;
}

// Every figure finite, every total the sum of its categories.
void check_finite_and_summed(const Evaluation& e) {
    const BuildCosts& b = e.build;
    const CloudCosts& c = e.cloud;
    for (const double v : {b.hardware_usd,
                           b.setup_usd,
                           b.power_usd,
                           b.staff_usd,
                           b.maintenance_usd,
                           b.facility_usd,
                           b.resale_usd,
                           b.total_usd,
                           c.compute_usd,
                           c.storage_usd,
                           c.egress_usd,
                           c.staff_usd,
                           c.total_usd,
                           e.used_hours_per_month,
                           e.savings_usd,
                           e.monthly.power_usd,
                           e.monthly.staff_build_usd,
                           e.monthly.maintenance_usd,
                           e.monthly.facility_usd,
                           e.monthly.compute_usd,
                           e.monthly.storage_usd,
                           e.monthly.egress_usd,
                           e.monthly.staff_cloud_usd})
        REQUIRE(std::isfinite(v));
    for (const auto& v : {e.build_per_gpu_hour_usd, e.cloud_per_gpu_hour_usd, e.break_even_hours_per_week})
        if (v) REQUIRE(std::isfinite(*v));
    const double build_sum =
        b.hardware_usd + b.setup_usd + b.power_usd + b.staff_usd + b.maintenance_usd + b.facility_usd + b.resale_usd;
    CHECK(close(b.total_usd, build_sum, build_scale(b)));
    CHECK(close(c.total_usd, c.compute_usd + c.storage_usd + c.egress_usd + c.staff_usd, c.total_usd));
    CHECK(close(e.savings_usd, std::fabs(b.total_usd - c.total_usd), build_scale(b) + c.total_usd));
    CHECK(c.instances >= 1);
    CHECK(c.unused_gpus >= 0);
}

// --- The generated catalogue, for the report path -------------------------------------------------------------

std::string id(const char* prefix, std::size_t i) { return std::string(prefix) + std::to_string(i); }

// A valid catalogue with random GPUs, builds and offers; the assumptions block (and its sources) is the fixture's,
// with random values. Offers have random subsets of prices, and some are exact twins (equal totals) of another.
json random_catalog(Draw& d) {
    json c = json::parse(gpucost::test::read_file(gpucost::test::test_path("data/mini_catalog.json")));
    json& a = c["assumptions"];
    a["hours_per_week"] = d.real(0, 168);
    a["years"] = static_cast<double>(d.integer(1, 120)) / 12.0;
    a["pricing"] = std::vector<const char*>{"on-demand", "spot", "reserved-1y",
                                            "reserved-3y"}[static_cast<std::size_t>(d.integer(0, 3))];
    a["electricity_usd_per_kwh"] = d.real(0, 1);
    a["pue"] = d.real(1, 3);
    a["idle"] = d.coin() ? "always-on" : "off";
    a["staff_fte_build"] = d.real(0, 1);
    a["staff_fte_cloud"] = d.real(0, 1);
    a["maintenance_rate"] = d.real(0, 0.3);
    a["facility_usd_per_month"] = d.real(0, 2'000);
    a["useful_life_years"] = d.real(0.5, 8);
    a["residual_value"] = d.real(0, 1);
    a["discount_rate"] = d.coin() ? 0.0 : d.real(0, 0.2);
    a["spot_overhead"] = d.real(0, 1);

    const std::size_t gpus = static_cast<std::size_t>(d.integer(1, 6));
    c["gpus"] = json::array();
    for (std::size_t i = 0; i < gpus; ++i) {
        const double tdp = d.real(50, 1'000);
        json g = {{"id", id("gpu-", i)},
                  {"name", id("GPU ", i)},
                  {"vendor", "Random"},
                  {"vram_gb", d.real(8, 192)},
                  {"tdp_w", tdp},
                  {"idle_w", d.real(0, tdp)},
                  {"mem_bw_gbs", d.real(100, 8'000)},
                  {"source", "generated"},
                  {"as_of", "2026-01-01"}};
        g["price_usd"] = d.integer(0, 4) == 0 ? json(nullptr) : json(d.real(100, 40'000));
        c["gpus"].push_back(g);
    }
    const std::size_t builds = static_cast<std::size_t>(d.integer(1, 8));
    c["builds"] = json::array();
    for (std::size_t i = 0; i < builds; ++i) {
        const json& gpu = c["gpus"][static_cast<std::size_t>(d.integer(0, static_cast<std::int64_t>(gpus) - 1))];
        const double load = d.real(0, 3'000);
        json b = {{"id", id("build-", i)},
                  {"name", id("Build ", i)},
                  {"gpu", gpu["id"]},
                  {"gpu_count", d.integer(1, 64)},
                  {"base_price_usd", d.real(0, 50'000)},
                  {"base_load_w", load},
                  {"base_idle_w", d.real(0, load)},
                  {"setup_usd", d.real(0, 5'000)},
                  {"source", "generated"},
                  {"as_of", "2026-02-01"}};
        if (gpu["price_usd"].is_null() || d.coin()) b["gpu_price_usd"] = d.real(100, 40'000);
        c["builds"].push_back(b);
    }
    const std::size_t offers = static_cast<std::size_t>(d.integer(1, 12));
    c["cloud"] = json::array();
    for (std::size_t i = 0; i < offers; ++i) {
        json o;
        if (i > 0 && d.integer(0, 3) == 0) {
            o = c["cloud"][static_cast<std::size_t>(d.integer(0, static_cast<std::int64_t>(i) - 1))];  // a twin
        } else {
            o = {{"provider", id("Provider", static_cast<std::size_t>(d.integer(0, 2)))},
                 {"instance", id("inst.", i)},
                 {"region", id("r", static_cast<std::size_t>(d.integer(0, 2)))},
                 {"gpu", c["gpus"][static_cast<std::size_t>(d.integer(0, static_cast<std::int64_t>(gpus) - 1))]["id"]},
                 // Half are 8-GPU nodes: one holds any build's GPUs per node (at most 8 by default), so most
                 // builds find a like-for-like offer; the rest give the smaller shapes the other rules meet.
                 {"gpu_count", d.coin() ? 8 : d.integer(1, 8)},
                 {"source", "generated"},
                 {"as_of", "2026-03-01"}};
            json prices = json::object();
            for (const char* p : {"on-demand", "spot", "reserved-1y", "reserved-3y"})
                if (d.integer(0, 2) != 0) prices[p] = d.real(0.05, 100);
            if (prices.empty()) prices["on-demand"] = d.real(0.05, 100);
            o["usd_per_hour"] = prices;
        }
        o["id"] = id("offer-", i);
        c["cloud"].push_back(o);
    }
    return c;
}

// Writes `text` to `dir`/catalog.json, creating the folder.
std::string write_catalog(const std::filesystem::path& dir, const std::string& text) {
    std::filesystem::create_directories(dir);
    const std::string path = (dir / "catalog.json").string();
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

// Every occurrence of `from` in `text` replaced by `to`.
std::string replace_all(std::string text, const std::string& from, const std::string& to) {
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    return text;
}

bool all_numbers_finite(const json& value) {
    if (value.is_number()) return std::isfinite(value.get<double>());
    if (value.is_structured())
        return std::all_of(value.begin(), value.end(), [](const json& v) { return all_numbers_finite(v); });
    return true;
}

// The first line where two texts differ, for a readable failure.
std::string first_difference(const std::string& x, const std::string& y) {
    std::size_t line = 1;
    std::size_t start = 0;
    for (std::size_t i = 0; i < std::min(x.size(), y.size()); ++i) {
        if (x[i] != y[i]) {
            const auto line_of = [&](const std::string& t) { return t.substr(start, t.find('\n', start) - start); };
            return "line " + std::to_string(line) + ":\n  " + line_of(x) + "\n  " + line_of(y);
        }
        if (x[i] == '\n') {
            ++line;
            start = i + 1;
        }
    }
    return x.size() == y.size() ? "none" : "one text is a prefix of the other";
}

}  // namespace

TEST_CASE("properties of the engine over random valid scenarios") {
    Draw d(20261130);
    for (int n = 0; n < k_scenarios; ++n) {
        const Scenario s = random_scenario(d);
        INFO("scenario " << n << ": g=" << s.build.gpu_count << " c=" << s.cloud.gpus_per_instance
                         << " h=" << s.a.hours_per_week << " months=" << s.a.months << " r=" << s.a.discount_rate);
        const Evaluation e = evaluate(s.build, s.cloud, s.a);
        check_finite_and_summed(e);

        // Resale is a credit, never more than the hardware cost (residual_value <= 1, discounting only shrinks it).
        CHECK(e.build.resale_usd <= 0.0);
        CHECK(-e.build.resale_usd <= e.build.hardware_usd);
        CHECK(resale_value_usd(e.build.hardware_usd, s.a.months, s.a.useful_life_years, s.a.residual_value) <=
              e.build.hardware_usd);

        // At the reported break-even hours both totals agree.
        if (e.break_even_hours_per_week) {
            CHECK(*e.break_even_hours_per_week >= 0.0);
            CHECK(*e.break_even_hours_per_week <= k_hours_per_week);
            Assumptions at = s.a;
            at.hours_per_week = *e.break_even_hours_per_week;
            const Evaluation be = evaluate(s.build, s.cloud, at);
            INFO("break-even " << at.hours_per_week << " h/week: build " << be.build.total_usd << ", cloud "
                               << be.cloud.total_usd);
            CHECK(close(be.build.total_usd, be.cloud.total_usd, build_scale(be.build) + be.cloud.total_usd));
        }

        // Cloud cost never falls as on-demand (or any) hours rise.
        {
            Assumptions more = s.a;
            more.hours_per_week = d.real(s.a.hours_per_week, k_hours_per_week);
            CHECK(evaluate(s.build, s.cloud, more).cloud.total_usd >= e.cloud.total_usd);
            more.pricing = Pricing::on_demand;
            Assumptions fewer = s.a;
            fewer.pricing = Pricing::on_demand;
            CHECK(evaluate(s.build, s.cloud, more).cloud.total_usd >=
                  evaluate(s.build, s.cloud, fewer).cloud.total_usd);
        }

        // Build cost never falls as electricity gets dearer.
        {
            Assumptions dearer = s.a;
            dearer.electricity_usd_per_kwh = d.real(s.a.electricity_usd_per_kwh, 10);
            CHECK(evaluate(s.build, s.cloud, dearer).build.total_usd >= e.build.total_usd);
        }

        // A longer horizon never lowers either side's undiscounted total.
        {
            Assumptions shorter = s.a;
            shorter.discount_rate = 0.0;
            Assumptions longer = shorter;
            longer.months = shorter.months + static_cast<int>(d.integer(1, 120));
            const Evaluation es = evaluate(s.build, s.cloud, shorter);
            const Evaluation el = evaluate(s.build, s.cloud, longer);
            INFO(shorter.months << " -> " << longer.months << " months");
            CHECK(el.build.total_usd >= es.build.total_usd - k_relative * build_scale(es.build));
            CHECK(el.cloud.total_usd >= es.cloud.total_usd);
        }
    }
}

// Seconds of work (1,000 random catalogues parsed and reported): [slow], out of the developer's loop.
TEST_CASE("properties of reports built from random catalogues through the real loader", "[slow]") {
    Draw d(42);
    for (int n = 0; n < 1000; ++n) {
        const json text = random_catalog(d);
        INFO("catalogue " << n << ":\n" << text.dump());
        const Catalog catalog = parse_catalog(text.dump(), "generated");
        ComparisonRequest request;
        request.flags.origin = "flag";
        if (d.coin()) request.flags.set(AssumptionKey::hours_per_week, d.real(0, 168));
        Report report;
        try {
            report = build_report(catalog, request);
        } catch (const DataError& e) {
            // Only when no build has an offer at the chosen pricing, which a random catalogue may well produce.
            CHECK(std::string(e.what()).rfind("no build could be compared", 0) == 0);
            continue;
        }
        REQUIRE(!report.comparisons.empty());
        for (std::size_t i = 0; i < report.comparisons.size(); ++i) {
            const Comparison& c = report.comparisons[i];
            check_finite_and_summed(c.result);
            CHECK(-c.result.build.resale_usd <= c.result.build.hardware_usd);
            // Ranked: building's gain never rises down the list.
            if (i > 0) {
                const Evaluation& prev = report.comparisons[i - 1].result;
                CHECK(prev.cloud.total_usd - prev.build.total_usd >=
                      c.result.cloud.total_usd - c.result.build.total_usd);
            }
        }
        // The JSON renders and reads back; every number in it is finite.
        const json rendered = json::parse(render(report, Format::json));
        CHECK(all_numbers_finite(rendered));
    }
}

// Seconds of work (200 random catalogues written in two orders and compared through the CLI): [slow], out of the
// developer's loop (ctest -LE slow).
TEST_CASE("results do not depend on the order of catalogue entries", "[slow]") {
    namespace fs = std::filesystem;
    std::string base = (fs::temp_directory_path() / "gpucost-order-XXXXXX").string();
    REQUIRE(mkdtemp(base.data()) != nullptr);
    Draw d(7);
    int compared = 0;
    for (int n = 0; n < 200; ++n) {
        json original = random_catalog(d);
        json shuffled = original;
        for (const char* section : {"gpus", "builds", "cloud"}) {
            std::vector<json> entries = shuffled[section].get<std::vector<json>>();
            for (std::size_t i = entries.size(); i > 1; --i)  // Fisher-Yates with our own draws
                std::swap(entries[i - 1],
                          entries[static_cast<std::size_t>(d.integer(0, static_cast<std::int64_t>(i) - 1))]);
            shuffled[section] = entries;
        }
        // The same file name in two folders; the folder is replaced in the output before comparing.
        const std::string a = write_catalog(fs::path(base) / "a", original.dump(1));
        const std::string b = write_catalog(fs::path(base) / "b", shuffled.dump(1));
        for (const std::vector<std::string>& flags : {std::vector<std::string>{"--format", "json"},
                                                      std::vector<std::string>{"--format", "csv", "--idle", "off"}}) {
            std::vector<std::string> args_a = {"compare", "--catalog", a};
            std::vector<std::string> args_b = {"compare", "--catalog", b};
            args_a.insert(args_a.end(), flags.begin(), flags.end());
            args_b.insert(args_b.end(), flags.begin(), flags.end());
            const auto ra = run_gpucost(args_a);
            const auto rb = run_gpucost(args_b);
            INFO("catalogue " << n << ":\n" << original.dump() << "\nshuffled:\n" << shuffled.dump());
            REQUIRE(ra.exit_code == rb.exit_code);
            const std::string out_a = replace_all(ra.out, (fs::path(base) / "a").string(), "DIR");
            const std::string out_b = replace_all(rb.out, (fs::path(base) / "b").string(), "DIR");
            const std::string err_a = replace_all(ra.err, (fs::path(base) / "a").string(), "DIR");
            const std::string err_b = replace_all(rb.err, (fs::path(base) / "b").string(), "DIR");
            INFO("stdout differs at " << first_difference(out_a, out_b));
            INFO("stderr differs at " << first_difference(err_a, err_b));
            CHECK(out_a == out_b);
            CHECK(err_a == err_b);
            if (ra.exit_code == 0) ++compared;
        }
    }
    std::error_code ec;
    fs::remove_all(base, ec);
    CHECK(compared > 200);  // most random catalogues give a comparison, so the check above compared real reports
}

// The engine's month-by-month profile (engine/cash_flow.hpp) against evaluate()'s closed forms, which stay the fast
// path: each side's flows sum to its total, and the payback read off the cumulative sums is evaluate()'s month.
TEST_CASE("cash_flow_profile agrees with evaluate() over random valid scenarios") {
    Draw d(20261201);
    constexpr int k_profiles = 600;  // up to 120 months x 8 flows each
    int paybacks = 0;
    for (int n = 0; n < k_profiles; ++n) {
        const Scenario s = random_scenario(d);
        INFO("scenario " << n << ": g=" << s.build.gpu_count << " c=" << s.cloud.gpus_per_instance
                         << " h=" << s.a.hours_per_week << " months=" << s.a.months << " r=" << s.a.discount_rate);
        const Evaluation e = evaluate(s.build, s.cloud, s.a);
        const CashFlowProfile p = cash_flow_profile(e, s.a);
        const auto months = static_cast<std::size_t>(s.a.months);
        REQUIRE(p.flows.size() == 2 + 10 * months + 1);
        REQUIRE(p.months.size() == months + 1);
        double build = 0.0;
        double cloud = 0.0;
        for (const CashFlow& flow : p.flows) (flow.side == Side::build ? build : cloud) += flow.amount_usd;
        CHECK(close(build, e.build.total_usd, build_scale(e.build)));
        CHECK(close(cloud, e.cloud.total_usd, e.cloud.total_usd));
        CHECK(close(p.months.back().build_cumulative_usd, e.build.total_usd, build_scale(e.build)));
        CHECK(close(p.months.back().cloud_cumulative_usd, e.cloud.total_usd, e.cloud.total_usd));
        // Every category's flows sum to its own total in the evaluation.
        for (const CategoryInfo& info : k_categories) {
            double sum = 0.0;
            for (const CashFlow& flow : p.flows)
                if (flow.category == info.category) sum += flow.amount_usd;
            CHECK(close(sum, amount_usd(e, info.category), std::fabs(amount_usd(e, info.category))));
        }
        CHECK(payback_month(p) == e.payback_month);
        if (e.payback_month) ++paybacks;
        // Offer matching's cheaper total is evaluate()'s to the bit.
        CHECK(cloud_total_usd(s.build, s.cloud, s.a) == e.cloud.total_usd);
    }
    // The payback comparison saw both outcomes.
    CHECK(paybacks > 50);
    CHECK(paybacks < k_profiles - 50);
}
