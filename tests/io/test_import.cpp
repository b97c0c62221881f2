// The CSV reader (RFC 4180) and `gpucost catalog import`: real-shaped SkyPilot and gpuhunt samples in
// tests/data/import/, hostile files, and the end-to-end path import -> --add-catalog -> compare.
#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "gpucost/io/catalog_json.hpp"
#include "gpucost/io/csv_reader.hpp"
#include "gpucost/io/import_csv.hpp"
#include "gpucost/model/catalog.hpp"
#include "gpucost/util/error.hpp"
#include "temp_file.hpp"
#include "test_support.hpp"

using namespace gpucost;
using Catch::Matchers::Contains;
using gpucost::test::check_golden;
using gpucost::test::run_gpucost;
using Json = nlohmann::json;

namespace {

// The DataError message parse_csv throws, or "" when it does not throw.
std::string csv_error(std::string_view text) {
    try {
        parse_csv(text, "f.csv");
    } catch (const DataError& e) {
        return e.what();
    }
    return "";
}

std::string import_error(std::string_view text, ImportFormat format = ImportFormat::skypilot) {
    const Catalog catalog = load_embedded_catalog();
    ImportRequest request{format, "f.csv", "2026-01-21", "AWS"};
    try {
        import_offers(text, request, catalog);
    } catch (const DataError& e) {
        return e.what();
    }
    return "";
}

ImportResult import_sample(const std::string& file, ImportFormat format, const std::string& provider) {
    const Catalog catalog = load_embedded_catalog();
    const ImportRequest request{format, file, "2026-01-21", provider};
    return import_offers(test::read_file(test::test_path(file)), request, catalog);
}

const CloudOffer& offer(const ImportResult& r, const std::string& id) {
    const auto it = std::find_if(r.offers.begin(), r.offers.end(), [&](const CloudOffer& o) { return o.id == id; });
    INFO("offer " << id);
    REQUIRE(it != r.offers.end());
    return *it;
}

std::optional<double> price(const CloudOffer& o, Pricing p) { return o.price(p); }

const std::string k_header =
    "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,GpuInfo,Price,SpotPrice,Region,AvailabilityZone\n";

}  // namespace

// ---- parse_csv ----

TEST_CASE("parse_csv: RFC 4180 quoting, line breaks and line numbers") {
    const CsvTable t = parse_csv("a,b,c\r\n1,\"x, y\",\"say \"\"hi\"\"\"\r\n\"multi\nline\",,3\n4,5,6", "f.csv");
    REQUIRE(t.header == std::vector<std::string>{"a", "b", "c"});
    REQUIRE(t.rows.size() == 3);
    CHECK(t.rows[0].cells == std::vector<std::string>{"1", "x, y", "say \"hi\""});
    CHECK(t.rows[0].line == 2);
    CHECK(t.rows[1].cells == std::vector<std::string>{"multi\nline", "", "3"});
    CHECK(t.rows[1].line == 3);
    CHECK(t.rows[2].line == 5);                                         // the quoted line break counts
    CHECK(t.rows[2].cells == std::vector<std::string>{"4", "5", "6"});  // no final newline needed
    CHECK(t.column("c") == std::optional<std::size_t>(2));
    CHECK_FALSE(t.column("C"));
}

TEST_CASE("parse_csv: BOM and blank lines are skipped, empty fields kept") {
    const CsvTable t = parse_csv("\xEF\xBB\xBFx,y\n\n,\n\"\",2\n\n", "f.csv");
    REQUIRE(t.header == std::vector<std::string>{"x", "y"});
    REQUIRE(t.rows.size() == 2);
    CHECK(t.rows[0].cells == std::vector<std::string>{"", ""});
    CHECK(t.rows[1].cells == std::vector<std::string>{"", "2"});
}

TEST_CASE("parse_csv: malformed input is a DataError naming file and line") {
    CHECK(csv_error("") == "f.csv: empty; expected a header row and at least one record");
    CHECK(csv_error("\n\n") == "f.csv: empty; expected a header row and at least one record");
    CHECK(csv_error("a,b\n1,\"open\n2,3\n") == "f.csv: line 2: a quoted field is never closed (missing '\"')");
    CHECK(csv_error("a,b\n1,\"x\"y\n") ==
          "f.csv: line 2: text after the closing quote of a field (\"y\"); a quoted field must end at ',' or the end "
          "of the line");
    CHECK(csv_error("a,b\n1,x\"y\"\n") ==
          "f.csv: line 2: a quote inside an unquoted field (\"x\"); quote the whole field and double the quote (\"\")");
    CHECK(csv_error("a,b\n1,2\n3\n") == "f.csv: line 3: 1 field, but the header has 2 columns");
    CHECK(csv_error("a,b\n1,2,3\n") == "f.csv: line 2: 3 fields, but the header has 2 columns");
    CHECK(csv_error("a,a\n1,2\n") == "f.csv: line 1: column \"a\" appears twice in the header");
    CHECK(csv_error("a,,c\n1,2,3\n") == "f.csv: line 1: column 2 of the header has no name");
    CHECK(csv_error(std::string_view("a,b\n1,\0\n", 8)) ==
          "f.csv: line 2: contains a NUL byte; this is not a text CSV file");
}

// ---- import_offers ----

TEST_CASE("gpu_for_accelerator: catalogue aliases, ignoring case") {
    const Catalog catalog = load_embedded_catalog();
    REQUIRE(gpu_for_accelerator(catalog, "H100") != nullptr);
    CHECK(gpu_for_accelerator(catalog, "H100")->id == "h100-sxm");
    CHECK(gpu_for_accelerator(catalog, "a100-80gb")->id == "a100-sxm-80gb");
    CHECK(gpu_for_accelerator(catalog, "h200")->id == "h200");  // an id is a name too
    CHECK(gpu_for_accelerator(catalog, "A10G") == nullptr);
    CHECK(gpu_for_accelerator(catalog, "") == nullptr);
}

TEST_CASE("import SkyPilot vms.csv: zones collapse, spot merges, unknown accelerators are counted") {
    const ImportResult r = import_sample("data/import/skypilot_aws_vms.csv", ImportFormat::skypilot, "AWS");
    CHECK(r.rows == 16);
    CHECK(r.rows_without_gpu == 1);  // c1.medium
    CHECK(r.rows_used == 13);        // 16 - 1 CPU row - 2 A10G rows
    REQUIRE(r.unmapped.size() == 1);
    CHECK(r.unmapped[0].name == "A10G");
    CHECK(r.unmapped[0].rows == 2);
    CHECK(r.offers.size() == 11);  // 13 rows, two pairs of zones in one region each

    const CloudOffer& p5 = offer(r, "aws-p5.48xlarge-us-east-1");  // same id as the shipped offer it refreshes
    CHECK(p5.provider == "AWS");
    CHECK(p5.gpu == "h100-sxm");
    CHECK(p5.gpu_count == 8);
    CHECK(price(p5, Pricing::on_demand) == 55.04);
    CHECK_FALSE(price(p5, Pricing::spot));
    CHECK(p5.provenance.as_of == "2026-01-21");
    CHECK(p5.provenance.source.str() ==
          "SkyPilot catalogue data/import/skypilot_aws_vms.csv, imported with gpucost catalog import");
    CHECK(p5.provenance.note.str() == "Imported from 2 rows.");

    const CloudOffer& h200 = offer(r, "aws-p5en.48xlarge-us-east-1");
    CHECK(h200.gpu == "h200");
    CHECK(price(h200, Pricing::on_demand) == 63.296);
    CHECK(price(h200, Pricing::spot) == 27.1988);  // one zone had a spot price, the other none
    const CloudOffer& spot_only = offer(r, "aws-p5en.48xlarge-us-east-2");
    CHECK_FALSE(price(spot_only, Pricing::on_demand));
    CHECK(price(spot_only, Pricing::spot) == 26.5714);
    CHECK(offer(r, "aws-p4de.24xlarge-us-east-1").gpu == "a100-sxm-80gb");
    CHECK(offer(r, "aws-p4d.24xlarge-us-east-1").gpu == "a100-sxm-40gb");
    CHECK(std::is_sorted(r.offers.begin(), r.offers.end(),
                         [](const CloudOffer& a, const CloudOffer& b) { return a.id < b.id; }));
}

TEST_CASE("import: per-zone duplicates keep the lowest price of each kind") {
    const Catalog catalog = load_embedded_catalog();
    const std::string csv = k_header + "p5.4xlarge,H100,1.0,16.0,256.0,,6.88,3.1,us-east-1,use1-az1\n"
                                       "p5.4xlarge,H100,1.0,16.0,256.0,,6.88,2.9,us-east-1,use1-az2\n"
                                       "p5.4xlarge,H100,1.0,16.0,256.0,,7.00,3.5,us-east-1,use1-az3\n";
    const ImportResult r = import_offers(csv, {ImportFormat::skypilot, "f.csv", "2026-01-21", "AWS"}, catalog);
    REQUIRE(r.offers.size() == 1);
    CHECK(price(r.offers[0], Pricing::on_demand) == 6.88);
    CHECK(price(r.offers[0], Pricing::spot) == 2.9);
    CHECK(r.offers[0].provenance.note.str() ==
          "Imported from 3 rows. on-demand is the lowest of 3 zone prices ($6.88 to $7 per hour). spot is the lowest "
          "of 3 zone prices ($2.9 to $3.5 per hour).");
}

TEST_CASE("import gpuhunt: memory tells A100s apart, spot rows merge, provider column named") {
    const ImportResult r = import_sample("data/import/gpuhunt_aws.csv", ImportFormat::gpuhunt, "");
    CHECK(r.rows == 13);
    CHECK(r.rows_without_gpu == 1);
    REQUIRE(r.unmapped.size() == 1);
    CHECK(r.unmapped[0].rows == 2);
    CHECK(r.offers.size() == 9);
    const CloudOffer& h200 = offer(r, "aws-p5en.48xlarge-us-east-1");
    CHECK(h200.provider == "AWS");  // gpuhunt's "aws"
    CHECK(price(h200, Pricing::on_demand) == 63.296);
    CHECK(price(h200, Pricing::spot) == 27.1988);
    CHECK(offer(r, "aws-p4de.24xlarge-us-east-1").gpu == "a100-sxm-80gb");  // "A100" with 80 GB
    CHECK(offer(r, "aws-p4d.24xlarge-us-east-1").gpu == "a100-sxm-40gb");   // "A100" with 40 GB
}

TEST_CASE("import: hostile rows are errors with file, line and column") {
    CHECK(import_error(k_header + "p5.4xlarge,H100,1.0,16.0,256.0,,abc,,us-east-1,use1-az1\n") ==
          "f.csv: line 2: column Price: must be a price in USD per hour, got \"abc\"");
    CHECK(import_error(k_header + "p5.4xlarge,H100,1.0,16.0,256.0,,6.88,-0.5,us-east-1,use1-az1\n") ==
          "f.csv: line 2: column SpotPrice: must be in [0, 100000] USD per hour, got \"-0.5\"");
    CHECK(import_error(k_header + "p5.4xlarge,H100,many,16.0,256.0,,6.88,,us-east-1,use1-az1\n") ==
          "f.csv: line 2: column AcceleratorCount: must be a GPU count in [0, 1000000], got \"many\"");
    CHECK_THAT(import_error("InstanceType,Price\nx,1\n"),
               Contains("f.csv: line 1: missing columns AcceleratorName, AcceleratorCount, Region, SpotPrice"));
    CHECK_THAT(import_error(k_header + "p5.4xlarge,H100,1.0,16.0,256.0,,6.88,,us-east-1,a\n"
                                       "p5.4xlarge,H100,8.0,16.0,256.0,,6.88,,us-east-1,b\n"),
               Contains("f.csv: line 3: instance \"p5.4xlarge\" in region \"us-east-1\" has 8 x h100-sxm here"));
    // Nothing mappable: an error, not an empty overlay.
    CHECK_THAT(import_error(k_header + "g5.xlarge,A10G,1.0,4.0,16.0,,1.006,,us-east-1,use1-az1\n"),
               Contains("f.csv: no row became an offer"));
    CHECK(import_error("instance_name,location,price,gpu_count,gpu_name,spot\nx,r,1,1,H100,maybe\n",
                       ImportFormat::gpuhunt) == "f.csv: line 2: column spot: must be true or false, got \"maybe\"");
}

TEST_CASE("import: fractional GPUs and rows without a price are left out and counted") {
    const Catalog catalog = load_embedded_catalog();
    const std::string csv = k_header + "g6.half,L4,0.5,2.0,8.0,,0.4,,us-east-1,a\n"
                                       "g6.none,L4,1.0,4.0,16.0,,,,us-east-1,a\n"
                                       "g6.xlarge,L4,1.0,4.0,16.0,,0.8048,,us-east-1,a\n";
    const ImportRequest request{ImportFormat::skypilot, "f.csv", "2026-01-21", "AWS"};
    const ImportResult r = import_offers(csv, request, catalog);
    CHECK(r.offers.size() == 1);
    CHECK(r.rows_fractional == 1);
    CHECK(r.rows_without_price == 1);
    const auto lines = import_summary(r, request);
    // g6.xlarge in us-east-1 is a shipped offer: the import replaces it.
    CHECK(lines == std::vector<std::string>{"imported 1 offer from 1 of 3 rows of f.csv, replacing 1 offer of the "
                                            "catalogue in use and adding 0",
                                            "left out 1 row renting a fraction of a GPU",
                                            "left out 1 row with no price"});
}

// ---- the command ----

TEST_CASE("catalog import: overlay on stdout, account of every row on stderr (goldens)") {
    const auto r = run_gpucost({"catalog", "import", "--from", "skypilot", "data/import/skypilot_aws_vms.csv",
                                "--as-of", "2026-01-21", "--provider", "AWS"});
    INFO("stderr: " << r.err);
    REQUIRE(r.exit_code == 0);
    check_golden("catalog_import_skypilot.json", r.out);
    check_golden("catalog_import_skypilot.err", r.err);
    // The overlay is a valid catalogue file in its own right for --add-catalog.
    CHECK_NOTHROW(parse_catalog_overlay(r.out, "imported", load_embedded_catalog()));

    const auto g =
        run_gpucost({"catalog", "import", "--from", "gpuhunt", "data/import/gpuhunt_aws.csv", "--as-of", "2026-01-21"});
    REQUIRE(g.exit_code == 0);
    check_golden("catalog_import_gpuhunt.json", g.out);
}

TEST_CASE("catalog import: usage and data errors") {
    const auto no_date = run_gpucost(
        {"catalog", "import", "--from", "skypilot", "data/import/skypilot_aws_vms.csv", "--provider", "AWS"});
    CHECK(no_date.exit_code == 2);  // an import never invents a date
    CHECK_THAT(no_date.err, Contains("--as-of: required"));
    CHECK(run_gpucost(
              {"catalog", "import", "--from", "skypilot", "data/import/skypilot_aws_vms.csv", "--as-of", "2026-01"})
              .exit_code == 2);
    const auto no_provider = run_gpucost(
        {"catalog", "import", "--from", "skypilot", "data/import/skypilot_aws_vms.csv", "--as-of", "2026-01-21"});
    CHECK(no_provider.exit_code == 2);
    CHECK_THAT(no_provider.err, Contains("--provider: required with --from skypilot"));
    CHECK(run_gpucost({"catalog", "import", "--from", "skypilt", "x.csv", "--as-of", "2026-01-21"}).exit_code == 2);

    const auto data_error = [](const char* file) {
        const auto r = run_gpucost(
            {"catalog", "import", "--from", "skypilot", file, "--as-of", "2026-01-21", "--provider", "AWS"});
        CHECK(r.exit_code == 3);
        CHECK(r.out.empty());
        return r.err;
    };
    CHECK(data_error("data/import/bad_empty.csv") ==
          "gpucost: error: data/import/bad_empty.csv: empty; expected a header row and at least one record\n");
    CHECK_THAT(data_error("data/import/bad_missing_column.csv"),
               Contains("data/import/bad_missing_column.csv: line 1: missing column SpotPrice"));
    CHECK(data_error("data/import/bad_price.csv") ==
          "gpucost: error: data/import/bad_price.csv: line 3: column Price: must be a price in USD per hour, got "
          "\"$6.88\"\n");
    CHECK_THAT(data_error("data/import/bad_negative_price.csv"),
               Contains("bad_negative_price.csv: line 2: column SpotPrice: must be in [0, 100000]"));
    CHECK(data_error("data/import/bad_unterminated_quote.csv") ==
          "gpucost: error: data/import/bad_unterminated_quote.csv: line 2: a quoted field is never closed (missing "
          "'\"')\n");
    CHECK_THAT(data_error("data/import/no-such-file.csv"), Contains("data/import/no-such-file.csv"));
}

TEST_CASE("catalog import end to end: import, then compare with the imported offer") {
    const gpucost::test::TempDir folder("import");
    const std::string overlay = (folder.path / "overlay.json").string();
    const auto imported = run_gpucost({"catalog", "import", "--from", "skypilot", "data/import/skypilot_aws_vms.csv",
                                       "--as-of", "2026-01-21", "--provider", "AWS", "--output", overlay});
    INFO("stderr: " << imported.err);
    REQUIRE(imported.exit_code == 0);
    CHECK(imported.out.empty());  // written to --output

    // Every assumption that reaches the cloud side is pinned, so the shipped catalogue's defaults do not matter.
    const std::vector<std::string> pinned = {"--hours-per-week",
                                             "168",
                                             "--years",
                                             "1",
                                             "--staff-salary-usd",
                                             "100000",
                                             "--staff-fte-cloud",
                                             "0.05",
                                             "--cloud-storage-usd-per-month",
                                             "100",
                                             "--cloud-egress-usd-per-month",
                                             "0",
                                             "--spot-overhead",
                                             "0",
                                             "--discount-rate",
                                             "0",
                                             "--storage-tb",  // model v2: the shipped builds' disks, priced per TB
                                             "0",
                                             "--on-demand-overhead",
                                             "0",
                                             "--cloud-price-change-per-year",
                                             "0",
                                             "--format",
                                             "json"};
    const auto compare = [&](const std::string& pricing) {
        std::vector<std::string> args = {
            "compare",   "--add-catalog", overlay, "--build", "hgx-h200-8gpu", "--cloud", "aws-p5en.48xlarge-us-east-1",
            "--pricing", pricing};
        args.insert(args.end(), pinned.begin(), pinned.end());
        const auto r = run_gpucost(args);
        INFO("stderr: " << r.err);
        REQUIRE(r.exit_code == 0);
        return Json::parse(r.out).at("report").at("comparisons").at(0).at("cloud");
    };
    // 168 h/week x 730 / 168 = 730 h a month x 12 = 8,760 h; 8 GPUs fit one 8-GPU instance.
    const Json od = compare("on-demand");
    CHECK(od.at("usd_per_hour").get<double>() == 63.296);
    CHECK(od.at("instances") == 1);
    CHECK(od.at("breakdown_usd").at("compute").get<double>() == Approx(63.296 * 8760));  // 554,472.96
    CHECK(od.at("breakdown_usd").at("staff").get<double>() == Approx(100000 * 0.05));    // 5,000
    CHECK(od.at("breakdown_usd").at("storage").get<double>() == Approx(1200));           // 100 x 12
    CHECK(od.at("total_usd").get<double>() == Approx(554472.96 + 5000 + 1200));
    const Json spot = compare("spot");
    // 24/7 for 12 months on one spot instance: 8,760 h plus the re-run of 0.2 interruptions a month of 1 hour each
    // (12 x 0.2 x 1 = 2.4 h, the shipped spot assumptions), spot_overhead 0 here: 8,762.4 h x $27.1988 = $238,326.77
    CHECK(spot.at("breakdown_usd").at("compute").get<double>() == Approx(27.1988 * (8760 + 12 * 0.2 * 1.0)));
}

TEST_CASE("parse_csv rejects bytes that are not UTF-8, naming the line (found by fuzz_import)") {
    // 0xff never starts a UTF-8 sequence; 0xc3 0x28 is a lead byte without its continuation; 0xed 0xa0 0x80 a
    // surrogate; 0xc0 0xaf an overlong '/'. Fields end up in JSON, which cannot hold them.
    CHECK(csv_error("a,b\n1,\xff\n") == "f.csv: line 2: byte 0xff is not valid UTF-8; save the file as UTF-8");
    CHECK(csv_error("a,b\n1,2\n\xc3(,x\n") == "f.csv: line 3: byte 0xc3 is not valid UTF-8; save the file as UTF-8");
    CHECK(csv_error("a\n\xed\xa0\x80\n") == "f.csv: line 2: byte 0xed is not valid UTF-8; save the file as UTF-8");
    CHECK(csv_error("a\n\xc0\xaf\n") == "f.csv: line 2: byte 0xc0 is not valid UTF-8; save the file as UTF-8");
    CHECK(csv_error("name\nH100 \xc3\xa9t\xc3\xa9 \xe2\x82\xac \xf0\x9f\x9a\x80\n").empty());  // real UTF-8 passes
}
