// CSV formula injection (issue 10): a text cell a spreadsheet would run as a formula gets a leading apostrophe in
// every CSV gpucost writes (compare, cashflow, catalog list), and numeric cells are never touched.
#include <string>

#include <catch2/catch.hpp>

#include "gpucost/io/csv_reader.hpp"
#include "gpucost/util/text.hpp"
#include "test_support.hpp"

using gpucost::test::run_gpucost;

namespace {

// The overlay's build name, provider, instance and region start with =, +, @ and - (tests/data/overlay/).
const std::vector<std::string> k_inputs = {"--catalog", "data/mini_catalog.json", "--add-catalog",
                                           "data/overlay/formula_cells.json"};

gpucost::CsvTable csv_of(std::vector<std::string> args) {
    args.insert(args.end(), k_inputs.begin(), k_inputs.end());
    args.insert(args.end(), {"--format", "csv"});
    const auto r = run_gpucost(args);
    REQUIRE(r.exit_code == 0);
    return gpucost::parse_csv(r.out, "out.csv");
}

std::string cell(const gpucost::CsvTable& table, std::size_t row, std::string_view column) {
    const auto index = table.column(column);
    REQUIRE(index);
    return table.rows.at(row).cells.at(*index);
}

// A text cell as write_rows makes it for CSV: guarded, then quoted.
std::string csv_text_field(std::string_view text) {
    return gpucost::csv_field(gpucost::formula_guarded(std::string(text)));
}

}  // namespace

TEST_CASE("formula_guarded, then csv_field: a leading =, +, -, @, tab or carriage return is made text, anything else "
          "as csv_field") {
    CHECK(csv_text_field("=1+1") == "'=1+1");
    CHECK(csv_text_field("+cmd|' /C calc'!A0") == "'+cmd|' /C calc'!A0");
    CHECK(csv_text_field("-2+3") == "'-2+3");
    CHECK(csv_text_field("@SUM(A1)") == "'@SUM(A1)");
    CHECK(csv_text_field("\tx") == "'\tx");
    CHECK(csv_text_field("\rx") == "\"'\rx\"");  // the carriage return still needs quoting
    CHECK(csv_text_field("=HYPERLINK(\"u\",\"v\")") == "\"'=HYPERLINK(\"\"u\"\",\"\"v\"\")\"");
    CHECK(csv_text_field("a=b") == "a=b");  // only the first character counts
    CHECK(csv_text_field("") == "");
    CHECK(csv_text_field("Lambda, Inc.") == "\"Lambda, Inc.\"");
}

TEST_CASE("compare --format csv: formula-like text cells start with an apostrophe, numbers stay numbers") {
    const auto table = csv_of({"compare", "--build", "box-b2", "--cloud", "b-1"});
    REQUIRE(table.rows.size() == 1);
    CHECK(cell(table, 0, "build_name") == "'=HYPERLINK(\"http://attacker.invalid\",\"open\")");
    CHECK(cell(table, 0, "cloud_provider") == "'+cmd|' /C calc'!A0");
    CHECK(cell(table, 0, "cloud_instance") == "'@SUM(1+1)");
    CHECK(cell(table, 0, "cloud_region") == "'-2+3");
    // A negative number is a number: the resale credit of box-b2 (a $5,000 machine with 20 % residual after a
    // 4-year life, 24 months in: 5,000 x (1 - 0.8 x 2/4) = 3,000) is written as it is.
    CHECK(cell(table, 0, "build_resale_usd") == "-3000");
    CHECK(cell(table, 0, "build_id") == "box-b2");  // ordinary text is unchanged
}

TEST_CASE("cashflow and catalog list CSVs guard their text cells too") {
    const auto flows = csv_of({"cashflow", "--build", "box-b2", "--cloud", "b-1", "--months", "1"});
    REQUIRE_FALSE(flows.rows.empty());
    CHECK(cell(flows, flows.rows.size() - 1, "amount_usd").rfind("'", 0) == std::string::npos);
    const auto list = csv_of({"catalog", "list", "cloud"});
    bool seen = false;
    for (std::size_t i = 0; i < list.rows.size(); ++i) {
        if (cell(list, i, "id") != "b-1") continue;
        seen = true;
        CHECK(cell(list, i, "provider") == "'+cmd|' /C calc'!A0");
        CHECK(cell(list, i, "region") == "'-2+3");
        CHECK(cell(list, i, "on_demand_usd_per_hour") == "0.5");
    }
    CHECK(seen);
}
