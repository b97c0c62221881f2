// Hostile text (issue 10): control characters and bidi controls in catalogue, overlay, scenario and imported strings
// are rejected at load with their path; file names, JSON keys and arguments that reach a diagnostic are escaped.
#include <filesystem>
#include <fstream>

#include <catch2/catch.hpp>

#include "gpucost/util/text.hpp"
#include "temp_file.hpp"
#include "test_support.hpp"

using gpucost::escape_visible;
using gpucost::forbidden_character;
using gpucost::test::run_gpucost;

namespace fs = std::filesystem;

namespace {

// One hostile string each: how it is written in JSON, in raw bytes, and the code point the error names.
struct Hostile {
    const char* what;
    std::string json;  // inside a JSON string literal
    std::string raw;   // the bytes themselves
    const char* code;  // as the message writes it
};

const std::vector<Hostile>& hostile() {
    static const std::vector<Hostile> cases = {
        {"CSI erase line", "x\\u001b[2K\\rbuild saves $1,000,000", "x\x1b[2K\rbuild saves $1,000,000", "U+001B"},
        {"OSC title", "\\u001b]0;pwned\\u0007", "\x1b]0;pwned\x07", "U+001B"},
        {"CR", "aws\\rgcp", "aws\rgcp", "U+000D"},
        {"NUL", "aws\\u0000", std::string("aws\0", 4), "U+0000"},
        {"newline", "aws\\nforged line", "aws\nforged line", "U+000A"},
        {"tab", "aws\\tgcp", "aws\tgcp", "U+0009"},
        {"DEL", "aws\\u007f", "aws\x7f", "U+007F"},
        {"C1 CSI", "aws\\u009b2K",
         "aws\xC2\x9B"
         "2K",
         "U+009B"},
        {"bidi override", "\\u202egcp", "\xE2\x80\xAEgcp", "U+202E"},
        {"bidi isolate", "aws\\u2066x\\u2069", "aws\xE2\x81\xA6x\xE2\x81\xA9", "U+2066"},
    };
    return cases;
}

std::string write_file(const fs::path& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
    return path.string();
}

// An overlay of tests/data/mini_catalog.json with one offer whose provider is `provider` (JSON-escaped).
std::string overlay_with_provider(const std::string& provider) {
    return R"({ "cloud": [ { "id": "hostile-1", "provider": ")" + provider +
           R"(", "instance": "x1", "region": "r1", "gpu": "gpu-b", "gpu_count": 1, "usd_per_hour": { "on-demand": 0.5 },
      "source": "fixture", "as_of": "2026-10-01" } ] })";
}

}  // namespace

TEST_CASE("forbidden_character: C0 controls, DEL, C1 and bidi controls, tab only when not allowed, UTF-8 text passes") {
    for (const Hostile& h : hostile()) {
        INFO(h.what);
        const auto found = forbidden_character(h.raw);
        REQUIRE(found);
        CHECK(gpucost::forbidden_character_message(*found) ==
              std::string("control character ") + h.code + " is not allowed");
    }
    CHECK(!forbidden_character("aws\tgcp", true));
    CHECK(forbidden_character("aws\tgcp", false) == U'\t');
    // Printable UTF-8 around the forbidden ranges: é, no-break space, U+2029, U+2029's neighbours, €, U+206A.
    for (const char* fine :
         {"caf\xC3\xA9",
          "a\xC2\xA0"
          "b",
          "\xC2\xA1", "\xE2\x80\xA9", "\xE2\x80\xAF", "\xE2\x82\xAC", "\xE2\x81\xA5", "\xE2\x81\xAA", "plain ascii ~"})
        CHECK(!forbidden_character(fine));
}

TEST_CASE("escape_visible: controls become \\x, C1 and bidi become \\u, everything else stays as it was") {
    CHECK(escape_visible("a\x1b[2Kb") == "a\\x1b[2Kb");
    CHECK(escape_visible("x\ry\n") == "x\\x0dy\\x0a");
    CHECK(escape_visible(std::string("a\0b", 3)) == "a\\x00b");
    CHECK(escape_visible("\xE2\x80\xAEgcp\xC2\x9B") == "\\u202egcp\\u009b");
    CHECK(escape_visible("caf\xC3\xA9 C:\\path \xE2\x82\xAC") == "caf\xC3\xA9 C:\\path \xE2\x82\xAC");
    CHECK(gpucost::quote_value("\xE2\x80\xAEx\x1b") == "\"\\u202ex\\x1b\"");
}

TEST_CASE("hostile text: a catalogue or overlay string is rejected at load with its JSON path, for every kind") {
    const gpucost::test::TempDir folder("catalog");
    const fs::path& dir = folder.path;
    for (const Hostile& h : hostile()) {
        INFO(h.what);
        const std::string overlay = write_file(dir / "overlay.json", overlay_with_provider(h.json));
        const auto r = run_gpucost({"compare", "--catalog", "data/mini_catalog.json", "--add-catalog", overlay});
        CHECK(r.exit_code == 3);
        CHECK(r.out.empty());
        CHECK(r.err ==
              "gpucost: error: " + overlay + ": /cloud/0/provider: control character " + h.code + " is not allowed\n");
    }
    // A whole catalogue: the mini catalogue with a GPU's name made hostile.
    std::string catalog = gpucost::test::read_file(gpucost::test::test_path("data/mini_catalog.json"));
    const std::size_t name = catalog.find("\"name\": \"");
    REQUIRE(name != std::string::npos);
    catalog.insert(name + 9, "\\u001b[31m");
    const std::string file = write_file(dir / "catalog.json", catalog);
    const auto r = run_gpucost({"catalog", "validate", file});
    CHECK(r.exit_code == 3);
    CHECK(r.err.find(": control character U+001B is not allowed\n") != std::string::npos);
    CHECK(r.err.find('\x1b') == std::string::npos);
    // A tab is prose in a note, and allowed there alone.
    const std::string noted = overlay_with_provider("aws");
    const std::string with_note =
        write_file(dir / "note.json", noted.substr(0, noted.find("\"source\"")) + "\"note\": \"a\\tb\", " +
                                          noted.substr(noted.find("\"source\"")));
    CHECK(run_gpucost({"catalog", "validate", "--catalog", "data/mini_catalog.json", "--add-catalog", with_note})
              .exit_code == 0);
}

TEST_CASE("hostile text: a scenario string is rejected at load with its JSON path") {
    const gpucost::test::TempDir folder("scenario");
    const fs::path& dir = folder.path;
    for (const Hostile& h : hostile()) {
        INFO(h.what);
        const std::string scenario = write_file(dir / "s.json", "{ \"build\": \"box-a4" + h.json + "\" }");
        const auto r = run_gpucost({"compare", "--catalog", "data/mini_catalog.json", "--scenario", scenario});
        CHECK(r.exit_code == 3);
        CHECK(r.err == "gpucost: error: " + scenario + ": /build: control character " + h.code + " is not allowed\n");
    }
}

TEST_CASE("hostile text: an imported price-list cell is rejected with its line and column") {
    const gpucost::test::TempDir folder("import");
    const fs::path& dir = folder.path;
    const std::string header = "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,GpuInfo,Price,SpotPrice,"
                               "Region,AvailabilityZone\n";
    for (const Hostile& h : hostile()) {
        INFO(h.what);
        const std::string csv = write_file(dir / "vms.csv", header + "\"g5." + h.raw + "\",A10G,1.0,4.0,16.0,,1.006,," +
                                                                "us-east-1,use1-az1\n");
        const auto r =
            run_gpucost({"catalog", "import", "--from", "skypilot", "--provider", "aws", "--as-of", "2026-11-30", csv});
        CHECK(r.exit_code == 3);
        const std::string expected =
            h.code == std::string("U+0000")
                ? "line 2: contains a NUL byte; this is not a text CSV file\n"
                : std::string("line 2: column InstanceType: control character ") + h.code + " is not allowed\n";
        CHECK(r.err == "gpucost: error: " + csv + ": " + expected);
    }
}

TEST_CASE("hostile text: file names, JSON keys and arguments reach a diagnostic escaped, never raw") {
    const gpucost::test::TempDir folder("diagnostics");
    const fs::path& dir = folder.path;
    // A file name: missing, so its name is all the error shows.
    const std::string missing = (dir / "x\x1b[2K\xE2\x80\xAE.json").string();
    auto r = run_gpucost({"compare", "--catalog", missing});
    CHECK(r.exit_code == 3);
    CHECK(r.err.find(escape_visible(missing)) != std::string::npos);
    CHECK(r.err.find("\\x1b[2K\\u202e.json") != std::string::npos);
    CHECK(!forbidden_character(r.err.substr(0, r.err.size() - 1)));
    // A JSON key in an error pointer: an unknown key is warned about at its path.
    const std::string overlay = overlay_with_provider("aws");
    const std::string keyed =
        write_file(dir / "keyed.json", overlay.substr(0, overlay.find("\"source\"")) + "\"n\\u001b]0;t\\u0007\": 1, " +
                                           overlay.substr(overlay.find("\"source\"")));
    r = run_gpucost({"catalog", "validate", "--catalog", "data/mini_catalog.json", "--add-catalog", keyed});
    CHECK(r.exit_code == 0);
    CHECK(r.err == "gpucost: warning: " + keyed + ": /cloud/0/n\\x1b]0;t\\x07: unknown key, ignored\n");
    // An argument echoed in an error.
    r = run_gpucost({"compare", "--catalog", "data/mini_catalog.json", "--build", "box\xE2\x80\xAE\x1b[2K"});
    CHECK(r.exit_code != 0);
    CHECK(r.err.find("box\\u202e\\x1b[2K") != std::string::npos);
    CHECK(!forbidden_character(r.err.substr(0, r.err.size() - 1)));
}

TEST_CASE("hostile text: a file name reaches the table, markdown and HTML escaped, never obeyed (issue 21)") {
    const gpucost::test::TempDir folder("file-names");
    const fs::path& dir = folder.path;
    const std::string catalog =
        write_file(dir / "c\x1b[2J.json", gpucost::test::read_file(gpucost::test::test_path("data/mini_catalog.json")));
    const std::string shown = escape_visible(catalog);  // ".../c\x1b[2J.json"
    for (const char* format : {"table", "markdown", "html"}) {
        INFO(format);
        const auto r = run_gpucost({"compare", "--catalog", catalog, "--format", format});
        REQUIRE(r.exit_code == 0);
        CHECK(r.out.find('\x1b') == std::string::npos);  // the screen is never cleared
        CHECK(r.out.find(shown) != std::string::npos);   // the name is shown, its ESC as \x1b
    }
    // An overlay's name, and the detailed view of one build.
    const std::string overlay = write_file(dir / "o\xE2\x80\xAE<b>.json", overlay_with_provider("aws"));
    for (const char* format : {"table", "markdown", "html"}) {
        INFO(format);
        const auto r = run_gpucost({"compare", "--catalog", "data/mini_catalog.json", "--add-catalog", overlay,
                                    "--build", "box-b2", "--format", format});
        REQUIRE(r.exit_code == 0);
        CHECK(r.out.find("\xE2\x80\xAE") == std::string::npos);  // no bidi override reaches the reader
        if (std::string(format) != "table") CHECK(r.out.find("<b>") == std::string::npos);  // text, not markup
        CHECK(r.out.find(std::string(format) == "table" ? "o\\u202e<b>.json" : "o\\u202e&lt;b&gt;.json") !=
              std::string::npos);
    }
}

TEST_CASE("hostile text: a scenario file's name, in the assumptions' \"from\" column, is escaped (issue 21)") {
    const gpucost::test::TempDir folder("scenario-name");
    const fs::path& dir = folder.path;
    const std::string scenario = write_file(dir / "s\x1b<i>.json", R"({"hours_per_week": 50})");
    const std::vector<std::string> args = {"compare",    "--catalog", "data/mini_catalog.json",
                                           "--scenario", scenario,    "--build",
                                           "box-a4",     "--wide",    "--format"};
    for (const auto& [format, shown] : std::vector<std::pair<std::string, std::string>>{
             {"table", "s\\x1b<i>.json"}, {"markdown", "s\\x1b&lt;i&gt;.json"}, {"html", "s\\x1b&lt;i&gt;.json"}}) {
        std::vector<std::string> a = args;
        a.push_back(format);
        const auto r = run_gpucost(a);
        INFO(format);
        REQUIRE(r.exit_code == 0);
        CHECK(r.out.find('\x1b') == std::string::npos);
        CHECK(r.out.find(shown) != std::string::npos);
    }
}

TEST_CASE("hostile text: rank's --region and --provider reach markdown as text, never as HTML (issue 21)") {
    const std::vector<std::string> rank = {"rank", "--catalog", "data/match_catalog.json", "--workload", "llm-infer"};
    auto with = [&](std::vector<std::string> extra) {
        std::vector<std::string> args = rank;
        args.insert(args.end(), extra.begin(), extra.end());
        return run_gpucost(args);
    };
    const auto md = with({"--region", "<img src=x>", "--format", "markdown"});
    REQUIRE(md.exit_code == 0);
    CHECK(md.out.find("<img") == std::string::npos);
    CHECK(md.out.find("&lt;img src=x&gt;") != std::string::npos);
    const auto html = with({"--provider", "<img src=x>", "--format", "html"});
    REQUIRE(html.exit_code == 0);
    CHECK(html.out.find("<img") == std::string::npos);
    const auto table = with({"--provider", "a\x1b[2Jb"});
    REQUIRE(table.exit_code == 0);
    CHECK(table.out.find('\x1b') == std::string::npos);
    CHECK(table.out.find("a\\x1b[2Jb") != std::string::npos);
}

TEST_CASE("hostile text: the catalogue's top-level note and a range's note are checked like every string (issue 21)") {
    const gpucost::test::TempDir folder("notes");
    const fs::path& dir = folder.path;
    for (const Hostile& h : hostile()) {
        if (h.code == std::string("U+0009")) continue;  // a tab is prose: allowed in a note
        INFO(h.what);
        const std::string top = write_file(dir / "top.json", "{\"note\": \"" + h.json + "\", \"cloud\": []}");
        auto r = run_gpucost({"catalog", "validate", "--catalog", "data/mini_catalog.json", "--add-catalog", top});
        CHECK(r.exit_code == 3);
        CHECK(r.err.rfind("gpucost: error: " + top + ": /note: control character " + h.code + " is not allowed\n", 0) ==
              0);
        const std::string ranged = write_file(
            dir / "range.json",
            R"({"assumption_ranges": {"hours_per_week": {"low": 10, "high": 100, "note": ")" + h.json + "\"}}}");
        r = run_gpucost({"catalog", "validate", "--catalog", "data/mini_catalog.json", "--add-catalog", ranged});
        CHECK(r.exit_code == 3);
        CHECK(r.err.rfind("gpucost: error: " + ranged + ": /assumption_ranges/hours_per_week/note: control character " +
                              h.code + " is not allowed\n",
                          0) == 0);  // then validate's summary line
    }
}
