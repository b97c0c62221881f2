// cashflow --layout focus: a CSV shaped after FinOps FOCUS (issue 25), checked for its columns, the allowed values
// of its enumerated columns (FOCUS_Spec specification/columns/chargecategory.md and chargefrequency.md), dated
// charge periods, and money that adds up to the nominal cash flow.
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "test_support.hpp"

using gpucost::test::check_golden;
using gpucost::test::run_gpucost;

namespace {

std::vector<std::string> split(const std::string& line, char separator) {
    std::vector<std::string> fields;
    std::string field;
    std::istringstream in(line);
    while (std::getline(in, field, separator)) fields.push_back(field);
    if (!line.empty() && line.back() == separator) fields.emplace_back();
    return fields;
}

// Each column's place, by its name.
std::map<std::string, std::size_t> column_index(const std::vector<std::string>& header) {
    std::map<std::string, std::size_t> at;
    for (std::size_t i = 0; i < header.size(); ++i) at[header[i]] = i;
    return at;
}

}  // namespace

TEST_CASE("cashflow --layout focus: FOCUS columns, allowed values, dated periods, money that adds up") {
    const auto r = run_gpucost({"cashflow", "--catalog", "data/mini_catalog.json", "--build", "box-b2", "--months", "3",
                                "--start", "2027-11", "--layout", "focus", "--format", "tsv"});
    REQUIRE(r.exit_code == 0);
    std::istringstream lines(r.out);
    std::string line;
    std::getline(lines, line);
    const std::vector<std::string> header = split(line, '\t');
    std::map<std::string, std::size_t> at = column_index(header);
    for (const char* column :
         {"BillingAccountId", "BillingPeriodStart", "BillingPeriodEnd", "ChargePeriodStart", "ChargePeriodEnd",
          "BilledCost", "EffectiveCost", "ListCost", "BillingCurrency", "ChargeCategory", "ChargeFrequency",
          "ChargeDescription", "ServiceName", "ProviderName", "ResourceId", "x_Forecast"})
        CHECK(at.count(column) == 1);
    for (const std::string& name : header)  // FOCUS's names, or gpucost's own behind the x_ prefix
        CHECK((name.rfind("x_", 0) == 0 || (name[0] >= 'A' && name[0] <= 'Z')));
    const std::set<std::string> categories = {"Usage", "Purchase", "Tax", "Credit", "Adjustment"};
    const std::set<std::string> frequencies = {"One-Time", "Recurring", "Usage-Based"};
    std::map<std::string, double> billed;  // by side
    int rows = 0;
    while (std::getline(lines, line)) {
        const std::vector<std::string> f = split(line, '\t');
        REQUIRE(f.size() == header.size());
        CAPTURE(line);
        CHECK(categories.count(f[at["ChargeCategory"]]) == 1);
        CHECK(frequencies.count(f[at["ChargeFrequency"]]) == 1);
        if (f[at["ChargeCategory"]] == "Purchase") CHECK(f[at["ChargeFrequency"]] != "Usage-Based");
        CHECK(f[at["x_Forecast"]] == "true");
        CHECK(f[at["BillingCurrency"]] == "USD");
        CHECK(f[at["ChargePeriodStart"]].size() == 20);  // 2027-11-01T00:00:00Z
        CHECK(f[at["ChargePeriodStart"]] < f[at["ChargePeriodEnd"]]);
        CHECK(f[at["BilledCost"]] != "0");  // a bill lists what is charged
        billed[f[at["x_Side"]]] += std::stod(f[at["BilledCost"]]);
        ++rows;
    }
    // Month 0: hardware; months 1-3: power, staff, maintenance (build) and compute, storage, egress, staff (cloud);
    // month 3: the resale. Setup, facility and the backup rentals are $0 here: 1 + 3 x 3 + 3 x 4 + 1 = 23 rows.
    CHECK(rows == 23);
    // Build: $5,000 + 3 x $1,121.97 - resale $5,000 x (1 - 0.8 x 3 / 48) = $4,750 -> $3,615.90; cloud 3 x $940.
    CHECK(billed["build"] == Approx(5000.0 + 3 * (80.3 + 1000.0 + 5000.0 * 0.1 / 12.0) - 4750.0));
    CHECK(billed["cloud"] == Approx(2820.0));
}

TEST_CASE("cashflow --layout focus: golden, in euros") {
    const auto r = run_gpucost({"cashflow", "--catalog", "data/mini_catalog.json", "--build", "box-b2", "--months", "3",
                                "--start", "2027-11", "--layout", "focus", "--format", "csv"});
    REQUIRE(r.exit_code == 0);
    check_golden("cashflow_box_b2_focus.csv", r.out);
    const auto euros =
        run_gpucost({"cashflow", "--catalog", "data/mini_catalog.json", "--build", "box-b2", "--months", "3", "--start",
                     "2027-11", "--layout", "focus", "--format", "csv", "--currency", "EUR", "--usd-rate", "0.5"});
    REQUIRE(euros.exit_code == 0);
    // The hardware's $5,000 is EUR 2,500, in a column whose name stays FOCUS's.
    CHECK(euros.out.find(",BilledCost,") != std::string::npos);
    CHECK(euros.out.find(",2500,2500,2500,2500,EUR,Purchase,") != std::string::npos);
}

TEST_CASE("cashflow --layout focus: tax rows are Tax, loan payments and the resale Purchase") {
    // chargecategory.md: Tax is "taxes that are levied by the relevant authorities including refunds", Purchase
    // "the acquisition of a service or resource ... including refunds", Credit what "the service provider" grants.
    const auto r = run_gpucost({"cashflow", "--catalog", "data/mini_catalog.json", "--build", "box-b2", "--months", "3",
                                "--start", "2027-11", "--layout", "focus", "--format", "tsv", "--financing", "loan",
                                "--loan-rate", "0.08", "--tax-rate", "0.21"});
    REQUIRE(r.exit_code == 0);
    std::istringstream lines(r.out);
    std::string line;
    std::getline(lines, line);
    const std::vector<std::string> header = split(line, '\t');
    std::map<std::string, std::size_t> at = column_index(header);
    std::map<std::string, std::set<std::string>> seen;  // "side/category" -> "ChargeCategory/ChargeFrequency"
    while (std::getline(lines, line)) {
        const std::vector<std::string> f = split(line, '\t');
        REQUIRE(f.size() == header.size());
        seen[f[at["x_Side"]] + "/" + f[at["x_Category"]]].insert(f[at["ChargeCategory"]] + "/" +
                                                                 f[at["ChargeFrequency"]]);
        if (f[at["x_Category"]] == "resale") CHECK(std::stod(f[at["BilledCost"]]) < 0.0);
    }
    using Set = std::set<std::string>;
    CHECK(seen["build/tax_deduction"] == Set{"Tax/Recurring"});
    CHECK(seen["build/depreciation"] == Set{"Tax/Recurring"});
    CHECK(seen["cloud/tax_deduction"] == Set{"Tax/Recurring"});
    CHECK(seen["build/financing"] == Set{"Purchase/One-Time", "Purchase/Recurring"});  // drawn in month 0, repaid
    CHECK(seen["build/interest"] == Set{"Purchase/Recurring"});
    CHECK(seen["build/resale"] == Set{"Purchase/One-Time"});
    CHECK(seen["build/power"] == Set{"Usage/Recurring"});
    CHECK(seen["cloud/compute"] == Set{"Usage/Usage-Based"});
    for (const auto& [key, classes] : seen)
        for (const std::string& c : classes) CHECK(c.rfind("Credit", 0) != 0);
}
