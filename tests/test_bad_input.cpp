// Trust under bad input: every hostile file or flag ends in one clean line on stderr that names the place and the
// problem, the documented exit code (3 for data, 2 for flags) and nothing at all on stdout. Never a crash.
// Bad catalogues are variants of tests/data/mini_catalog.json, made at test time in a temporary folder.
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "test_support.hpp"

using gpucost::test::read_file;
using gpucost::test::run_gpucost;
using gpucost::test::test_path;
using nlohmann::json;

namespace fs = std::filesystem;

namespace {

// A fresh folder under the system's temporary folder, removed with everything in it at the end of the test.
class TempDir {
public:
    TempDir() {
        std::string pattern = (fs::temp_directory_path() / "gpucost-bad-input-XXXXXX").string();
        if (mkdtemp(pattern.data()) == nullptr) FAIL("cannot create a temporary folder from " << pattern);
        m_path = pattern;
    }
    ~TempDir() {
        std::error_code ec;
        fs::permissions(m_path, fs::perms::owner_all, fs::perm_options::add, ec);
        fs::remove_all(m_path, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    // Writes `text` to a file in the folder; returns its path.
    std::string write(const std::string& name, const std::string& text) const {
        const std::string path = (m_path / name).string();
        std::ofstream(path, std::ios::binary) << text;
        return path;
    }
    std::string path() const { return m_path.string(); }

private:
    fs::path m_path;
};

json mini_catalog() { return json::parse(read_file(test_path("data/mini_catalog.json"))); }

// Asserts the whole contract of a failed run: the exit code, stderr exactly `message`, stdout empty.
void check_fails(const std::vector<std::string>& args, int exit_code, const std::string& message) {
    const auto r = run_gpucost(args);
    INFO("gpucost " << args.front() << " ... " << args.back());
    CHECK(r.exit_code == exit_code);
    CHECK(r.err == message);
    CHECK(r.out.empty());
}

// "gpucost compare --catalog FILE" fails with exit code 3 and exactly "gpucost: error: FILE: <what>".
void check_catalog_fails(const std::string& file, const std::string& what) {
    check_fails({"compare", "--catalog", file}, 3, "gpucost: error: " + file + ": " + what + "\n");
}

// One bad catalogue: the mini catalogue with one change, and the one line it must produce after "FILE: ".
struct Variant {
    const char* name;
    std::function<void(json&)> change;
    const char* message;
};

std::function<void(json&)> set(const char* pointer, json value) {
    return [pointer, value](json& c) { c[json::json_pointer(pointer)] = value; };
}

std::function<void(json&)> erase(const char* pointer) {
    return [pointer](json& c) {
        const json::json_pointer p(pointer);
        c.at(p.parent_pointer()).erase(p.back());
    };
}

// The mini catalogue as text, with the first `from` replaced by `to` (for what nlohmann cannot write: NaN, 1e400).
std::string mini_with(const std::string& from, const std::string& to) {
    std::string text = read_file(test_path("data/mini_catalog.json"));
    const std::size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("bad catalogue values: exit 3, one line with the JSON path, the value and the valid range") {
    // Every variant changes one field of a valid catalogue, so exactly one problem may be reported.
    const std::vector<Variant> variants = {
        // Wrong types.
        {"string for a number", set("/gpus/0/tdp_w", "500"),
         "/gpus/0/tdp_w: must be a number in (0, 100000] W, got the string \"500\""},
        {"boolean for a number", set("/builds/0/base_price_usd", true),
         "/builds/0/base_price_usd: must be a number in [0, 1000000000] USD, got the boolean true"},
        {"null for a required number", set("/gpus/1/vram_gb", nullptr),
         "/gpus/1/vram_gb: must be a number in (0, 100000] GB, got null"},
        {"object for a list", set("/builds", json::object()), "/builds: must be a list, got an object"},
        {"number for a string", set("/gpus/0/name", 5), "/gpus/0/name: must be a string, got 5"},
        {"list for the assumptions object", set("/assumptions", json::array()),
         "/assumptions: must be an object of assumptions, got an array"},
        {"string for a price list", set("/cloud/1/usd_per_hour", "3"),
         "/cloud/1/usd_per_hour: must be an object with at least one of on-demand, spot, reserved-1y, reserved-3y, "
         "got the string \"3\""},
        {"empty string for a required string", set("/cloud/2/provider", ""), "/cloud/2/provider: must not be empty"},
        // Counts.
        {"negative GPU count", set("/builds/0/gpu_count", -4), "/builds/0/gpu_count: must be in [1, 1000000], got -4"},
        {"zero GPU count", set("/cloud/0/gpu_count", 0), "/cloud/0/gpu_count: must be in [1, 1000000], got 0"},
        {"fractional GPU count", set("/builds/0/gpu_count", 2.5), "/builds/0/gpu_count: must be a whole number, got 2.5"},
        {"GPU count of 10^12", set("/builds/1/gpu_count", 1'000'000'000'000),
         "/builds/1/gpu_count: must be in [1, 1000000], got 1000000000000"},
        {"GPU count of 2^64", set("/cloud/2/gpu_count", 18446744073709551615ull),
         "/cloud/2/gpu_count: must be in [1, 1000000], got 1.8446744073709552e+19"},
        // Ids and references.
        {"duplicate id in one section", set("/builds/1/id", "box-a4"),
         "/builds/1/id: duplicate id \"box-a4\" (first at /builds/0)"},
        {"duplicate id across sections", set("/cloud/0/id", "gpu-a"),
         "/cloud/0/id: duplicate id \"gpu-a\" (first at /gpus/0)"},
        {"id with a space", set("/builds/0/id", "box a4"),
         "/builds/0/id: must be 1 to 100 letters, digits, '.', '_', '-' or '+', got \"box a4\""},
        {"build naming a GPU that does not exist", set("/builds/0/gpu", "gpu-aa"),
         "/builds/0/gpu: unknown GPU \"gpu-aa\" (did you mean \"gpu-a\"?)"},
        {"build of a GPU without a price", set("/gpus/0/price_usd", nullptr),
         "/builds/0/gpu_price_usd: missing; GPU \"gpu-a\" has no price_usd, so the build must give its own "
         "gpu_price_usd"},
        // Prices.
        {"offer with no prices", set("/cloud/1/usd_per_hour", json::object()),
         "/cloud/1/usd_per_hour: has no price; give at least one of on-demand, spot, reserved-1y, reserved-3y"},
        {"unknown pricing key", set("/cloud/1/usd_per_hour/spott", 1),
         "/cloud/1/usd_per_hour/spott: unknown pricing (did you mean \"spot\"?); expected one of on-demand, spot, "
         "reserved-1y, reserved-3y"},
        {"zero hourly price", set("/cloud/1/usd_per_hour/on-demand", 0),
         "/cloud/1/usd_per_hour/on-demand: must be in (0, 10000000] USD/h, got 0"},
        {"negative hourly price", set("/cloud/2/usd_per_hour/spot", -0.3),
         "/cloud/2/usd_per_hour/spot: must be in (0, 10000000] USD/h, got -0.3"},
        // Power.
        {"idle_w above tdp_w", set("/gpus/0/idle_w", 600), "/gpus/0/idle_w: must not exceed tdp_w (500 W), got 600"},
        {"base_idle_w above base_load_w", set("/builds/1/base_idle_w", 250),
         "/builds/1/base_idle_w: must not exceed base_load_w (200 W), got 250"},
        {"tdp_w given in kW", set("/gpus/1/tdp_w", 400000), "/gpus/1/tdp_w: must be in (0, 100000] W, got 400000"},
        // Assumptions out of range.
        {"PUE below 1", set("/assumptions/pue", 0.9), "/assumptions/pue: must be in [1, 5], got 0.9"},
        {"residual value above 1", set("/assumptions/residual_value", 1.5),
         "/assumptions/residual_value: must be in [0, 1], got 1.5"},
        {"hours per week above 168", set("/assumptions/hours_per_week", 169),
         "/assumptions/hours_per_week: must be in [0, 168] h/week, got 169"},
        {"a 0-year horizon", set("/assumptions/years", 0), "/assumptions/years: must be in (0, 50] years, got 0"},
        {"a horizon under one month", set("/assumptions/years", 0.01),
         "/assumptions/years: must be at least 1 month (1/12 year), got 0.01"},
        {"negative electricity price", set("/assumptions/electricity_usd_per_kwh", -0.1),
         "/assumptions/electricity_usd_per_kwh: must be in [0, 10] USD/kWh, got -0.1"},
        {"discount rate as a percentage", set("/assumptions/discount_rate", 8),
         "/assumptions/discount_rate: must be in [0, 1] per year, got 8"},
        {"unknown pricing choice", set("/assumptions/pricing", "ondemand"),
         "/assumptions/pricing: must be one of on-demand, spot, reserved-1y, reserved-3y, got \"ondemand\""},
        {"build overriding a choice of the comparison", set("/builds/1/assumptions/hours_per_week", 10),
         "/builds/1/assumptions/hours_per_week: is a choice of the comparison, not a property of a build; set it with "
         "a flag instead"},
        {"missing sources of the assumptions", erase("/assumptions/sources"),
         "/assumptions/sources: missing; expected an object giving the source of every assumption's default"},
        {"missing source of one assumption", erase("/assumptions/sources/pue"),
         "/assumptions/sources/pue: missing; expected a non-empty string"},
        {"missing assumption", erase("/assumptions/idle"),
         "/assumptions/idle: missing; expected a non-empty string"},
        // The document.
        {"unsupported schema_version", set("/schema_version", 2),
         "/schema_version: unsupported version 2; this gpucost reads version 1"},
        {"schema_version as a string", set("/schema_version", "1"),
         "/schema_version: must be a number in [1, 1000000], got the string \"1\""},
        {"as_of that is not a date", set("/as_of", "2026-02-30"),
         "/as_of: must be a date YYYY-MM-DD or YYYY-MM, got \"2026-02-30\""},
        {"entry as_of with month 13", set("/gpus/1/as_of", "2025-13"),
         "/gpus/1/as_of: must be a date YYYY-MM-DD or YYYY-MM, got \"2025-13\""},
        {"estimate without a note", erase("/gpus/1/note"),
         "/gpus/1/note: missing; an entry marked \"estimate\" must say why in a note"},
        {"currency other than USD", set("/currency", "EUR"),
         "/currency: must be \"USD\" (catalogue prices are kept in US dollars), got \"EUR\""},
        {"missing section", erase("/cloud"), "/cloud: missing; expected a list (it may be empty)"},
        {"entry that is not an object", set("/cloud/1", "pricey-a1"),
         "/cloud/1: must be an object, got the string \"pricey-a1\""},
        {"control characters in a value", set("/assumptions/pricing", "on\ndemand\x01"),
         "/assumptions/pricing: must be one of on-demand, spot, reserved-1y, reserved-3y, got \"on\\x0ademand\\x01\""},
    };
    TempDir dir;
    for (const Variant& v : variants) {
        SECTION(v.name) {
            json catalog = mini_catalog();
            v.change(catalog);
            check_catalog_fails(dir.write("catalog.json", catalog.dump(2)), v.message);
        }
    }
}

TEST_CASE("bad catalogue files: exit 3, one line naming the file, the position and the problem") {
    TempDir dir;
    SECTION("an empty file") { check_catalog_fails(dir.write("c.json", ""), "the file is empty; expected a JSON object"); }
    SECTION("whitespace only") {
        check_catalog_fails(dir.write("c.json", " \n\t\r\n  "), "the file is empty; expected a JSON object");
    }
    SECTION("truncated JSON") {
        // {"schema_version": 1, "gpus": [  is 32 bytes: the input ends where a value should start, column 32.
        check_catalog_fails(dir.write("c.json", "{\"schema_version\": 1, \"gpus\": ["),
                            "line 1, column 32: invalid JSON: syntax error while parsing value - unexpected end of "
                            "input; expected '[', '{', or a literal");
    }
    SECTION("a UTF-8 byte-order mark") {
        check_catalog_fails(dir.write("c.json", "\xEF\xBB\xBF" + read_file(test_path("data/mini_catalog.json"))),
                            "line 1, column 1: the file starts with a UTF-8 byte-order mark; save it as UTF-8 "
                            "without BOM");
    }
    SECTION("binary garbage") {
        // Raw bytes never reach the terminal: they are shown as \xNN.
        check_catalog_fails(dir.write("c.json", std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16)),
                            "line 1, column 1: invalid JSON: syntax error while parsing value - invalid literal; "
                            "last read: '\\x89'");
    }
    SECTION("invalid UTF-8 in a string") {
        check_catalog_fails(dir.write("c.json", "{\"note\": \"caf\xC3\x28\"}"),
                            "line 1, column 15: invalid JSON: syntax error while parsing value - invalid string: "
                            "ill-formed UTF-8 byte; last read: '\"caf\\xc3('");
    }
    SECTION("a lone UTF-16 surrogate escape") {
        check_catalog_fails(dir.write("c.json", R"({"note": "\ud800x"})"),
                            "line 1, column 17: invalid JSON: syntax error while parsing value - invalid string: "
                            "surrogate U+D800..U+DBFF must be followed by U+DC00..U+DFFF; last read: '\"\\ud800x'");
    }
    SECTION("a list at the top") {
        check_catalog_fails(dir.write("c.json", "[1, 2]"),
                            "/: must be a JSON object with gpus, builds and cloud, got an array");
    }
    SECTION("NaN, Infinity and -Infinity, which JSON does not allow") {
        // "tdp_w": 500 sits on line 23 of the fixture; the value starts at column 92.
        const std::string at = "line 23, column 92: invalid JSON: ";
        check_catalog_fails(dir.write("nan.json", mini_with("\"tdp_w\": 500", "\"tdp_w\": NaN")),
                            at + "NaN is not a JSON number; write a finite number");
        check_catalog_fails(dir.write("inf.json", mini_with("\"tdp_w\": 500", "\"tdp_w\": Infinity")),
                            at + "Infinity is not a JSON number; write a finite number");
        check_catalog_fails(dir.write("minus_inf.json", mini_with("\"tdp_w\": 500", "\"tdp_w\": -Infinity")),
                            at + "-Infinity is not a JSON number; write a finite number");
    }
    SECTION("a number beyond double, 1e400") {
        // The same place as above; and gpu_count's value on line 31 starts at column 75.
        check_catalog_fails(dir.write("c.json", mini_with("\"tdp_w\": 500", "\"tdp_w\": 1e400")),
                            "line 23, column 92: the number 1e400 is too large to represent; numbers must be finite");
        check_catalog_fails(dir.write("d.json", mini_with("\"gpu_count\": 4", "\"gpu_count\": -1e400")),
                            "line 31, column 75: the number -1e400 is too large to represent; numbers must be finite");
    }
    SECTION("arrays nested 100,000 levels deep") {
        const std::size_t levels = 100'000;
        // The 65th '[' (byte 64, column 65) is one level more than the 64 allowed.
        check_catalog_fails(dir.write("c.json", std::string(levels, '[') + std::string(levels, ']')),
                            "line 1, column 65: nested more than 64 levels deep; a catalogue needs 4");
        check_catalog_fails(dir.write("d.json", "{\"gpus\": " + std::string(levels, '[')),
                            "line 1, column 73: nested more than 64 levels deep; a catalogue needs 4");
    }
    SECTION("a 50 MB file: a huge string where a number belongs") {
        json catalog = mini_catalog();
        catalog["gpus"][0]["tdp_w"] = std::string(50'000'000, 'x');
        // quote_value cuts a value at 60 characters, so the message stays one line.
        check_catalog_fails(dir.write("c.json", catalog.dump()),
                            "/gpus/0/tdp_w: must be a number in (0, 100000] W, got the string \"" +
                                std::string(60, 'x') + "...\"");
    }
    SECTION("a 50 MB file of garbage") {
        check_catalog_fails(dir.write("c.json", "{" + std::string(50'000'000, '\x01')),
                            "line 1, column 2: invalid JSON: syntax error while parsing object key - invalid literal; "
                            "last read: '{<U+0001>'; expected string literal");
    }
    SECTION("a directory instead of a file") { check_catalog_fails(dir.path(), "is a directory, not a file"); }
    SECTION("a file that does not exist") { check_catalog_fails(dir.path() + "/missing.json", "no such file"); }
    SECTION("a path through a file") {
        const std::string file = dir.write("c.json", "{}");
        check_catalog_fails(file + "/catalog.json", "no such file");
    }
}

TEST_CASE("an unreadable catalogue file: exit 3 with the system's reason") {
    TempDir dir;
    SECTION("permission denied (chmod 000)") {
        const std::string file = dir.write("c.json", read_file(test_path("data/mini_catalog.json")));
        REQUIRE(chmod(file.c_str(), 0) == 0);
        if (access(file.c_str(), R_OK) == 0) {
            // root (and CAP_DAC_OVERRIDE) reads any file: this case cannot fail there, so it does not run.
            WARN("skipped: running as a user who can read a chmod 000 file (root?); the read error is checked below");
        } else {
            check_catalog_fails(file, "cannot be read: permission denied");
        }
    }
    SECTION("a read error (EIO from /proc/self/mem)") {
        // Reading /proc/self/mem at offset 0 fails with EIO for everyone, root included.
        if (!fs::exists("/proc/self/mem")) {
            WARN("skipped: no /proc/self/mem on this system");
        } else {
            check_catalog_fails("/proc/self/mem", "cannot be read: input/output error");
        }
    }
}

TEST_CASE("bad flags: exit 2, one line naming the flag, the value and the valid range") {
    const std::string mini = test_path("data/mini_catalog.json");
    const auto compare = [&](std::vector<std::string> flags) {
        std::vector<std::string> args = {"compare", "--catalog", mini};
        args.insert(args.end(), flags.begin(), flags.end());
        return args;
    };
    struct FlagCase {
        std::vector<std::string> flags;
        const char* message;
    };
    const std::vector<FlagCase> cases = {
        {{"--hours-per-week", "nan"}, "--hours-per-week: must be a number in [0, 168], got \"nan\""},
        {{"--hours-per-week", "NaN"}, "--hours-per-week: must be a number in [0, 168], got \"NaN\""},
        {{"--hours-per-week", "inf"}, "--hours-per-week: must be a number in [0, 168], got \"inf\""},
        {{"--hours-per-week", "-inf"}, "--hours-per-week: must be a number in [0, 168], got \"-inf\""},
        {{"--hours-per-week", "1e400"}, "--hours-per-week: must be a number in [0, 168], got \"1e400\""},
        {{"--hours-per-week", "0x10"}, "--hours-per-week: must be a number in [0, 168], got \"0x10\""},
        {{"--hours-per-week", ""}, "--hours-per-week: must be a number in [0, 168], got \"\""},
        {{"--hours-per-week", "forty"}, "--hours-per-week: must be a number in [0, 168], got \"forty\""},
        {{"--hours-per-week", "40h"}, "--hours-per-week: must be a number in [0, 168], got \"40h\""},
        {{"--hours-per-week", " 40"}, "--hours-per-week: must be a number in [0, 168], got \" 40\""},
        {{"--hours-per-week", "1,000"}, "--hours-per-week: must be a number in [0, 168], got \"1,000\""},
        {{"--hours-per-week", "169"}, "--hours-per-week: must be in [0, 168], got 169"},
        {{"--hours-per-week", "-1"}, "--hours-per-week: must be in [0, 168], got -1"},
        {{"--electricity-usd-per-kwh", "inf"}, "--electricity-usd-per-kwh: must be a number in [0, 10], got \"inf\""},
        {{"--electricity-usd-per-kwh", "-0.1"}, "--electricity-usd-per-kwh: must be in [0, 10], got -0.1"},
        {{"--pue", "0.9"}, "--pue: must be in [1, 5], got 0.9"},
        {{"--residual-value", "1.5"}, "--residual-value: must be in [0, 1], got 1.5"},
        {{"--discount-rate", "nan"}, "--discount-rate: must be a number in [0, 1], got \"nan\""},
        {{"--years", "0"}, "--years: must be in (0, 50], got 0"},
        {{"--years", "0.01"}, "--years: must be at least 1 month (1/12 year), got 0.01"},
        {{"--years", "1e400"}, "--years: must be a number in (0, 50], got \"1e400\""},
        {{"--months", "0"}, "--months: must be a whole number in [1, 600], got \"0\""},
        {{"--months", "2.5"}, "--months: must be a whole number in [1, 600], got \"2.5\""},
        {{"--months", "601"}, "--months: must be a whole number in [1, 600], got \"601\""},
        {{"--months", "inf"}, "--months: must be a whole number in [1, 600], got \"inf\""},
        {{"--months", "12", "--years", "2"}, "--years excludes --months; see 'gpucost --help'"},
        {{"--pricing", "ondemand"}, "--pricing: must be one of on-demand, spot, reserved-1y, reserved-3y, got \"ondemand\""},
        {{"--idle", "sometimes"}, "--idle: must be one of always-on, off, got \"sometimes\""},
        {{"--format", "xml"}, "--format: must be one of table, json, csv, markdown, got \"xml\""},
        {{"--hours-per-wek", "40"},
         "unknown option \"--hours-per-wek\" (did you mean \"--hours-per-week\"?); see 'gpucost compare --help'"},
        {{"--hours-per-week"}, "--hours-per-week: 1 required NUMBER missing; see 'gpucost --help'"},
        // Every bad flag is reported, one per line, in the order of the assumption table.
        {{"--pue", "0", "--hours-per-week", "x"},
         "--hours-per-week: must be a number in [0, 168], got \"x\"\ngpucost: error: --pue: must be in [1, 5], got 0"},
    };
    for (const FlagCase& c : cases) {
        INFO("flags: " << c.flags.front() << " " << c.flags.back());
        check_fails(compare(c.flags), 2, std::string("gpucost: error: ") + c.message + "\n");
    }
}
