// --currency CODE --usd-rate X: every figure the report computes is shown in another currency, labelled with it;
// inputs (assumptions, catalogue prices, budget gates) stay in US dollars. The properties below hold for every
// field, so a money figure a renderer forgets to convert, or converts twice, fails them.
#include <cmath>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "gpucost/io/csv_reader.hpp"
#include "gpucost/render/envelope_json.hpp"
#include "gpucost/render/money.hpp"
#include "test_support.hpp"

using gpucost::Currency;
using gpucost::test::check_golden;
using gpucost::test::run_gpucost;
using gpucost::test::stdout_of;
using nlohmann::json;

namespace {

const std::string k_mini = "data/mini_catalog.json";

std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& extra) {
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
}

bool close(double got, double want) { return std::fabs(got - want) <= 1e-12 * std::max(1.0, std::fabs(want)); }

// The sections that hold inputs (assumptions as given, in USD): their keys and values never change.
bool is_input_section(const std::string& key) {
    return key == "assumptions" || key == "assumption_overrides" || key == "assumption_sources";
}

// Walks the USD report and the converted one side by side. Outside the input sections, a key whose name carries
// the unit ("total_usd", "breakdown_usd", "usd_per_hour") must appear renamed ("total_eur") with every number
// under it times `rate`; every other key must keep its name and value, except the verdict, whose amounts are
// converted text.
void check_converted(const json& usd, const json& converted, const Currency& currency, bool money,
                     const std::string& path, int& money_fields) {
    if (usd.is_object()) {
        REQUIRE(converted.is_object());
        for (const auto& [key, value] : usd.items()) {
            if (path.empty() && key == "currency") continue;  // the envelope's label, checked by the caller
            if (is_input_section(key)) {
                INFO(path << "/" << key);
                CHECK(converted[key] == value);
                continue;
            }
            const std::string renamed = currency.field(key);
            INFO(path << "/" << key << " -> " << renamed);
            REQUIRE(converted.contains(renamed));
            if (key == "verdict") {
                CHECK(converted[renamed].get<std::string>().find(currency.code + " ") != std::string::npos);
                continue;
            }
            check_converted(value, converted[renamed], currency, money || renamed != key, path + "/" + key,
                            money_fields);
        }
        // Nothing is added: the envelope's currency label is there in either currency.
        CHECK(converted.size() == usd.size());
        return;
    }
    if (usd.is_array()) {
        REQUIRE(converted.is_array());
        REQUIRE(converted.size() == usd.size());
        for (std::size_t i = 0; i < usd.size(); ++i)
            check_converted(usd[i], converted[i], currency, money, path + "/" + std::to_string(i), money_fields);
        return;
    }
    if (money && usd.is_number()) {
        INFO(path);
        CHECK(close(converted.get<double>(), usd.get<double>() * currency.per_usd));
        ++money_fields;
        return;
    }
    INFO(path);
    CHECK(converted == usd);
}

// The converted CSV (read with the project's RFC 4180 reader): the same header with the unit renamed, and each
// money column's cells times the rate; every other cell unchanged.
void check_csv_converted(const std::string& usd_text, const std::string& converted_text, const Currency& currency) {
    const gpucost::CsvTable usd = gpucost::parse_csv(usd_text, "usd.csv");
    const gpucost::CsvTable converted = gpucost::parse_csv(converted_text, "eur.csv");
    REQUIRE(usd.rows.size() == converted.rows.size());
    REQUIRE(!usd.rows.empty());
    REQUIRE(usd.header.size() == converted.header.size());
    int money_columns = 0;
    for (std::size_t col = 0; col < usd.header.size(); ++col) {
        const std::string renamed = currency.field(usd.header[col]);
        CHECK(converted.header[col] == renamed);
        const bool money = renamed != usd.header[col];
        money_columns += money ? 1 : 0;
        for (std::size_t row = 0; row < usd.rows.size(); ++row) {
            INFO(usd.header[col] << " row " << row);
            const std::string& a = usd.rows[row].cells.at(col);
            const std::string& b = converted.rows[row].cells.at(col);
            if (money && !a.empty())
                CHECK(close(std::stod(b), std::stod(a) * currency.per_usd));
            else
                CHECK(a == b);
        }
    }
    CHECK(money_columns > 0);
}

const Currency k_eur{"EUR", 0.5};

}  // namespace

TEST_CASE("Currency::field renames the unit word only") {
    CHECK(k_eur.field("total_usd") == "total_eur");
    CHECK(k_eur.field("usd_per_hour") == "eur_per_hour");
    CHECK(k_eur.field("cloud_usd_per_hour") == "cloud_eur_per_hour");
    CHECK(k_eur.field("usd") == "eur");
    CHECK(k_eur.field("busdriver") == "busdriver");  // not a word of its own
    CHECK(k_eur.field("usdx_total") == "usdx_total");
    CHECK(k_eur.field("build_id") == "build_id");
    CHECK(Currency{}.field("total_usd") == "total_usd");  // USD: unchanged
}

TEST_CASE("money is formatted with the currency code, the sign in front") {
    const Currency jpy{"JPY", 150};
    CHECK(gpucost::format_money(1234.6, Currency{}) == "$1,235");
    CHECK(gpucost::format_money(1234.6, k_eur) == "EUR 617");  // 1234.6 x 0.5 = 617.3
    CHECK(gpucost::format_money(-20, k_eur) == "-EUR 10");
    CHECK(gpucost::format_money(1000, jpy) == "JPY 150,000");
    CHECK(gpucost::format_money_rate(2.456, k_eur) == "EUR 1.23");    // 1.228 to cents
    CHECK(gpucost::format_money_rate(0.0824, k_eur) == "EUR 0.041");  // below one unit: three places
}

TEST_CASE("currency: converts every money field of the JSON report and renames it, nothing else changes") {
    const std::vector<std::vector<std::string>> cases = {
        {"compare", "--catalog", k_mini},
        {"compare", "--catalog", k_mini, "--build", "box-a4"},
        {"compare", "--catalog", k_mini, "--discount-rate", "0.08", "--pricing", "spot"},
        {"compare"},  // the embedded catalogue
        {"cashflow", "--catalog", k_mini, "--build", "box-b2"},
        // The tornado's and the sweep's rows are written from their CSV rows (fields_json).
        {"sensitivity", "--catalog", k_mini, "--build", "box-a4", "--range", "pue=1.2:1.9"},
        {"sweep", "--catalog", k_mini, "--build", "box-a4", "--vary", "hours_per_week=0:168:56"},
    };
    for (const auto& args : cases) {
        const json usd = json::parse(stdout_of(with(args, {"--format", "json"})));
        const json eur =
            json::parse(stdout_of(with(args, {"--format", "json", "--currency", "EUR", "--usd-rate", "0.5"})));
        CHECK(usd["currency"] == json({{"code", "USD"}, {"per_usd", 1.0}}));
        CHECK(eur["currency"] == json({{"code", "EUR"}, {"per_usd", 0.5}}));
        int money_fields = 0;
        check_converted(usd, eur, k_eur, false, "", money_fields);
        CHECK(money_fields > 0);
    }
}

TEST_CASE("json_of_field, fields_json: a row's fields as JSON, money converted and its column renamed") {
    using gpucost::Field;
    const gpucost::RowSet rows{{{"build_id", false},
                                {"total_usd", false},
                                {"pue", true},
                                {"seed", false},
                                {"flips", false},
                                {"figure", false},
                                {"payback_month", false}},
                               {},
                               {}};
    const std::vector<Field> row = {Field::of_text("box"),   Field::of_money(1000.0),
                                    Field::of_number(1.25),  Field::of_count(18446744073709551615ULL),
                                    Field::of_boolean(true), Field::of_name("owning_saves_usd"),
                                    Field::missing()};
    const gpucost::Json j = gpucost::fields_json(rows, row, k_eur, 1, rows.columns.size());
    // 1,000 USD x 0.5 = 500 EUR; the seed 2^64 - 1 stays an exact integer; not applicable is null.
    CHECK(j.dump() == R"({"total_eur":500.0,"pue":1.25,"seed":18446744073709551615,"flips":true,)"
                      R"("figure":"owning_saves_eur","payback_month":null})");
    CHECK(gpucost::json_of_field(Field::of_currency_code(), k_eur) == "EUR");
    CHECK(gpucost::json_of_field(row[0], k_eur) == "box");  // text is never guarded in JSON (CSV guards it)
}

TEST_CASE("check: the report is converted, the gates stay in US dollars as given") {
    const std::vector<std::string> args = {
        "check", "--catalog", k_mini, "--build", "box-a4", "--format", "json", "--max-build-total-usd", "60000"};
    const auto usd = run_gpucost(args);
    const auto eur = run_gpucost(with(args, {"--currency", "EUR", "--usd-rate", "0.5"}));
    REQUIRE(usd.exit_code == 1);  // 66,335 > 60,000
    REQUIRE(eur.exit_code == 1);  // the same verdict: the gate compares dollars with dollars
    CHECK(eur.err == usd.err);    // "FAIL max-build-total-usd: $66,335 > $60,000"
    const json u = json::parse(usd.out).at("check");
    const json e = json::parse(eur.out).at("check");
    CHECK(e["checks"] == u["checks"]);
    CHECK(e["comparisons"][0]["build"]["total_eur"].get<double>() ==
          Approx(u["comparisons"][0]["build"]["total_usd"].get<double>() * 0.5));
}

TEST_CASE("currency: converts every money column of the CSVs and renames it") {
    const std::vector<std::string> eur = {"--currency", "EUR", "--usd-rate", "0.5"};
    for (const auto& args : std::vector<std::vector<std::string>>{
             {"compare", "--catalog", k_mini, "--format", "csv"},
             {"compare", "--catalog", k_mini, "--format", "csv", "--discount-rate", "0.08"},
             {"cashflow", "--catalog", k_mini, "--build", "box-a4", "--format", "csv"}})
        check_csv_converted(stdout_of(args), stdout_of(with(args, eur)), k_eur);
}

TEST_CASE("currency: in the table and markdown: converted, labelled, inputs left in USD (goldens)") {
    // 0.5 per dollar halves every computed figure of compare_box_a4.txt: $66,335 -> EUR 33,168 (33,167.5 rounds up).
    check_golden("compare_box_a4_eur.txt", stdout_of({"compare", "--catalog", k_mini, "--build", "box-a4", "--currency",
                                                      "EUR", "--usd-rate", "0.5"}));
    check_golden("compare_all_gbp.md", stdout_of({"compare", "--catalog", k_mini, "--format", "markdown", "--currency",
                                                  "gbp", "--usd-rate", "0.75"}));
    check_golden("cashflow_box_b2_eur.txt", stdout_of({"cashflow", "--catalog", k_mini, "--build", "box-b2",
                                                       "--currency", "EUR", "--usd-rate", "0.5"}));
}

TEST_CASE("currency: USD, or a lower-case code, changes nothing but the spelling") {
    const std::vector<std::string> args = {"compare", "--catalog", k_mini, "--format", "json"};
    CHECK(stdout_of(with(args, {"--currency", "USD"})) == stdout_of(args));
    CHECK(stdout_of(with(args, {"--currency", "usd", "--usd-rate", "1"})) == stdout_of(args));
    CHECK(stdout_of(with(args, {"--currency", "eur", "--usd-rate", "0.5"})) ==
          stdout_of(with(args, {"--currency", "EUR", "--usd-rate", "0.5"})));
}

TEST_CASE("bad --currency and --usd-rate: exit 2, one line naming the flag, the value and the range") {
    struct Case {
        std::vector<std::string> flags;
        std::string message;
    };
    const std::vector<Case> cases = {
        {{"--currency", "EUR"},
         "--currency EUR: needs --usd-rate X, how many EUR one US dollar buys (gpucost never fetches exchange rates)"},
        {{"--usd-rate", "0.9"}, "--usd-rate: needs --currency CODE, the currency the rate converts US dollars to"},
        {{"--currency", "EURO", "--usd-rate", "1"},
         "--currency: must be a three-letter ISO 4217 code such as EUR, GBP or JPY, got \"EURO\""},
        {{"--currency", "E1R", "--usd-rate", "1"},
         "--currency: must be a three-letter ISO 4217 code such as EUR, GBP or JPY, got \"E1R\""},
        {{"--currency", "€", "--usd-rate", "1"},
         "--currency: must be a three-letter ISO 4217 code such as EUR, GBP or JPY, got \"€\""},
        {{"--currency", "EUR", "--usd-rate", "0"},
         "--usd-rate: must be a number of EUR per US dollar in (0, 1e9], got \"0\""},
        {{"--currency", "EUR", "--usd-rate", "-0.9"},
         "--usd-rate: must be a number of EUR per US dollar in (0, 1e9], got \"-0.9\""},
        {{"--currency", "EUR", "--usd-rate", "nan"},
         "--usd-rate: must be a number of EUR per US dollar in (0, 1e9], got \"nan\""},
        {{"--currency", "EUR", "--usd-rate", "inf"},
         "--usd-rate: must be a number of EUR per US dollar in (0, 1e9], got \"inf\""},
        {{"--currency", "EUR", "--usd-rate", "2e9"},
         "--usd-rate: must be a number of EUR per US dollar in (0, 1e9], got \"2e9\""},
        {{"--currency", "EUR", "--usd-rate", "0,92"},
         "--usd-rate: must be a number of EUR per US dollar in (0, 1e9], got \"0,92\""},
        {{"--currency", "USD", "--usd-rate", "0.9"}, "--usd-rate: must be 1 with --currency USD, got \"0.9\""},
    };
    for (const std::string command : {"compare", "check", "cashflow"}) {
        for (const Case& c : cases) {
            const auto r = run_gpucost(with({command, "--catalog", k_mini}, c.flags));
            INFO(command << " " << c.flags.front() << " " << c.flags.back());
            CHECK(r.exit_code == 2);
            CHECK(r.err == "gpucost: error: " + c.message + "\n");
            CHECK(r.out.empty());
        }
    }
}
