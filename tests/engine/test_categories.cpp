// The category table (include/gpucost/engine/categories.hpp) against every output that lists categories today:
// its keys and orders reproduce the detail table, the JSON breakdowns, the CSV columns and the cash-flow rows.
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "gpucost/engine/categories.hpp"
#include "test_support.hpp"

using namespace gpucost;
using gpucost::test::read_file;
using gpucost::test::test_path;

namespace {

std::vector<std::string> keys_of(std::span<const CategoryInfo> infos) {
    std::vector<std::string> keys;
    for (const CategoryInfo& info : infos) keys.emplace_back(info.key);
    return keys;
}

// An evaluation whose every category holds a distinct amount, so a wrong column shows.
Evaluation numbered_evaluation() {
    Evaluation e;
    e.build = {1, 2, 3, 4, 5, 6, -7, 0};
    e.cloud.compute_usd = 8;
    e.cloud.storage_usd = 9;
    e.cloud.egress_usd = 10;
    e.cloud.staff_usd = 11;
    e.monthly = {21, 22, 23, 24, 25, 26, 27, 28};
    e.build.interim_cloud_usd = 12;  // model v2's fields come last in the structs
    e.monthly.interim_cloud_usd = 29;
    e.build.downtime_cover_usd = 13;  // then availability's (issue 20)
    e.monthly.downtime_cover_usd = 30;
    e.build.financing_usd = 14;  // then financing and tax (issue 24)
    e.build.interest_usd = 15;
    e.build.tax_deduction_usd = -16;
    e.build.depreciation_usd = -17;
    e.build.tax_on_sale_usd = 18;
    e.cloud.tax_deduction_usd = -19;
    e.cloud.setup_usd = 20;  // a monthly rental's setup fee (issue 20 item 6a)
    return e;
}

}  // namespace

TEST_CASE("k_categories: sides, keys and timing as today's outputs spell them") {
    CHECK(keys_of(build_categories()) == std::vector<std::string>{"hardware", "setup", "power", "staff", "maintenance",
                                                                  "facility", "interim_cloud", "downtime_cover",
                                                                  "resale", "financing", "interest", "tax_deduction",
                                                                  "depreciation", "tax_on_sale"});
    CHECK(keys_of(cloud_categories()) ==
          std::vector<std::string>{"compute", "storage", "egress", "staff", "setup_fee", "tax_deduction"});
    CHECK(categories_of(Side::build).size() + categories_of(Side::cloud).size() == k_category_count);
    CHECK(category_info(Category::hardware).timing == Timing::upfront);
    CHECK(category_info(Category::setup).timing == Timing::upfront);
    CHECK(category_info(Category::cloud_setup).timing == Timing::upfront);
    CHECK(category_info(Category::resale).timing == Timing::at_end);
    CHECK(category_info(Category::tax_on_sale).timing == Timing::at_end);
    for (const Category c : {Category::financing, Category::interest, Category::tax_deduction, Category::depreciation,
                             Category::cloud_tax_deduction})
        CHECK(category_info(c).timing == Timing::scheduled);
    for (const Category c :
         {Category::power, Category::build_staff, Category::maintenance, Category::facility, Category::interim_cloud,
          Category::downtime_cover, Category::compute, Category::storage, Category::egress, Category::cloud_staff})
        CHECK(category_info(c).timing == Timing::monthly);
    // Staff is on both sides under one key.
    CHECK(find_category(Side::build, "staff") == Category::build_staff);
    CHECK(find_category(Side::cloud, "staff") == Category::cloud_staff);
    CHECK_FALSE(find_category(Side::cloud, "power").has_value());
    CHECK_FALSE(find_category(Side::build, "compute").has_value());
}

TEST_CASE("amount_usd and monthly_usd read each category's own field") {
    const Evaluation e = numbered_evaluation();
    const std::vector<double> totals = {1, 2, 3, 4, 5, 6, 12, 13, -7, 14, 15, -16, -17, 18, 8, 9, 10, 11, 20, -19};
    // MonthlyCosts order: power, staff_build, maintenance, facility, compute, storage, egress, staff_cloud, then
    // model v2's interim cloud, then the downtime cover.
    const std::vector<double> monthly = {0, 0, 21, 22, 23, 24, 29, 30, 0, 0, 0, 0, 0, 0, 25, 26, 27, 28, 0, 0};
    for (std::size_t i = 0; i < k_category_count; ++i) {
        CAPTURE(k_categories[i].key, i);
        CHECK(amount_usd(e, static_cast<Category>(i)) == totals[i]);
        CHECK(monthly_usd(e.monthly, static_cast<Category>(i)) == monthly[i]);
    }
}

TEST_CASE("k_category_rows: the detail table's lines, staff paired across sides") {
    REQUIRE(k_category_rows.size() == 18);
    std::vector<std::string> keys;
    for (const CategoryRow& row : k_category_rows) keys.emplace_back(row.key);
    CHECK(keys == std::vector<std::string>{"hardware", "setup", "power", "staff", "maintenance", "facility",
                                           "interim_cloud", "downtime_cover", "resale", "financing", "interest",
                                           "tax_deduction", "depreciation", "tax_on_sale", "compute", "storage",
                                           "egress", "setup_fee"});
    CHECK(k_category_rows[3].build == Category::build_staff);
    CHECK(k_category_rows[3].cloud == Category::cloud_staff);
    CHECK(k_category_rows[11].build == Category::tax_deduction);  // the tax deduction is on both sides too
    CHECK(k_category_rows[11].cloud == Category::cloud_tax_deduction);
    CHECK(k_category_rows[0].build == Category::hardware);
    CHECK_FALSE(k_category_rows[0].cloud.has_value());
    CHECK_FALSE(k_category_rows[14].build.has_value());
    CHECK(k_category_rows[14].cloud == Category::compute);
}

TEST_CASE("category table matches the golden outputs of compare") {
    SECTION("detail table: the lines between the header and the total") {
        std::istringstream text(read_file(test_path("golden/compare_box_a4.txt")));
        std::vector<std::string> keys;
        bool inside = false;
        for (std::string line; std::getline(text, line);) {
            std::istringstream words(line);
            std::string first;
            words >> first;
            if (line.find("cost over the horizon") != std::string::npos) {
                inside = true;
            } else if (inside && first == "total") {
                break;
            } else if (inside) {
                keys.push_back(first);
            }
        }
        // A run without financing or tax leaves their rows out (shows_category), and an hourly offer its setup fee.
        std::vector<std::string> expected;
        for (const CategoryRow& row : k_category_rows)
            if (!is_finance(row.build ? *row.build : *row.cloud) && row.cloud != Category::cloud_setup)
                expected.emplace_back(row.key);
        CHECK(keys == expected);
    }
    SECTION("JSON breakdown_usd of each side, in key order") {
        const auto report = nlohmann::ordered_json::parse(read_file(test_path("golden/compare_box_a4.json")));
        const auto& comparison = report.at("report").at("comparisons").at(0);
        for (const Side side : {Side::build, Side::cloud}) {
            std::vector<std::string> keys;
            for (const auto& item : comparison.at(to_string(side)).at("breakdown_usd").items())
                keys.push_back(item.key());
            std::vector<std::string> expected;
            for (const CategoryInfo& info : categories_of(side))
                if (!is_finance(info.category) && info.category != Category::cloud_setup)
                    expected.emplace_back(info.key);
            CHECK(keys == expected);
        }
    }
    SECTION("CSV: <side>_<key>_usd columns, in order") {
        std::istringstream header(read_file(test_path("golden/compare_all.csv")).substr(0, 2000));
        std::string line;
        std::getline(header, line);
        std::vector<std::string> columns;
        std::istringstream cells(line);
        for (std::string cell; std::getline(cells, cell, ',');) columns.push_back(cell);
        for (const Side side : {Side::build, Side::cloud}) {
            std::vector<std::string> found;
            for (const std::string& column : columns)
                for (const CategoryInfo& info : categories_of(side))
                    if (column == std::string(to_string(side)) + "_" + info.key + "_usd") found.emplace_back(info.key);
            // The CSV contract adds columns at the end only: model v2's interim cloud, then issue 20's downtime cover.
            std::vector<std::string> expected;
            for (const CategoryInfo& info : categories_of(side))
                if (info.category != Category::interim_cloud && info.category != Category::downtime_cover &&
                    info.category != Category::cloud_setup && !is_finance(info.category))
                    expected.emplace_back(info.key);
            if (side == Side::build) expected.insert(expected.end(), {"interim_cloud", "downtime_cover"});
            if (side == Side::cloud) expected.emplace_back("setup_fee");  // issue 20 item 6a, at the very end
            CHECK(found == expected);
        }
    }
}
