// The plan's demand from files: the monthly CSV, the hourly CSV and Slurm's sacct --parsable2, with hand-computed
// curves and one line per bad input.
#include <string>

#include <catch2/catch.hpp>

#include "gpucost/plan/demand.hpp"
#include "gpucost/util/error.hpp"

using namespace gpucost;
using namespace gpucost::plan;

namespace {

std::vector<MonthLoad> monthly(const std::string& text) {
    CsvReader reader(csv_text_source(text), "m.csv");
    return read_monthly_csv(reader);
}

std::vector<MonthLoad> hourly(const std::string& text) {
    CsvReader reader(csv_text_source(text), "h.csv");
    return read_hourly_csv(reader);
}

std::vector<MonthLoad> sacct(const std::string& text) {
    const auto lines = text_lines(text);
    return read_sacct(*lines, "s.txt");
}

template <typename Read>
std::string error_of(Read read, const std::string& text) {
    try {
        (void)read(text);
    } catch (const DataError& e) {
        return e.what();
    }
    return "no error";
}

const std::string k_sacct_header = "JobID|Start|End|AllocTRES\n";

}  // namespace

TEST_CASE("parse_timestamp: ISO 8601 with Z, an offset, or none (UTC)") {
    // 2026-03-02 is day 20,514 since 1970-01-01: 20,514 x 86,400 = 1,772,409,600
    CHECK(parse_timestamp("2026-03-02T00:00:00") == 1772409600);
    CHECK(parse_timestamp("2026-03-02T10:00:00Z") == 1772409600 + 36000);
    CHECK(parse_timestamp("2026-03-02T10:00:00+02:00") == 1772409600 + 8 * 3600);       // 08:00 UTC
    CHECK(parse_timestamp("2026-03-02T10:00:00-05:30") == 1772409600 + 36000 + 19800);  // 15:30 UTC
    CHECK_FALSE(parse_timestamp("2026-03-02 10:00:00"));
    CHECK_FALSE(parse_timestamp("2026-02-30T10:00:00"));
    CHECK_FALSE(parse_timestamp("2026-03-02T24:00:00"));
    CHECK_FALSE(parse_timestamp("2026-03-02T10:00:00+2"));
    CHECK_FALSE(parse_timestamp("Unknown"));
}

TEST_CASE("read_monthly_csv: each month its peak busy for gpu_hours / peak hours") {
    const auto m = monthly("month,gpu_hours,peak_gpus\n2026-01,1000,4\n2026-02,0,0\n2026-03,730,1\n");
    REQUIRE(m.size() == 3);
    CHECK(m[0].hours_at_least == std::vector<double>(4, 250.0));  // 1,000 / 4
    CHECK(m[1].hours_at_least.empty());
    CHECK(m[2].hours_at_least == std::vector<double>{730.0});
    // the columns may come in any order
    CHECK(monthly("peak_gpus,month,gpu_hours\n2,2026-01,100\n")[0].hours_at_least == std::vector<double>{50.0, 50.0});
}

TEST_CASE("read_monthly_csv: bad input is one line with file, line, field and value") {
    const std::string h = "month,gpu_hours,peak_gpus\n";
    CHECK(error_of(monthly, h + "2026-01,-5,2\n") == "m.csv: line 2: gpu_hours: must be >= 0, got \"-5\"");
    CHECK(error_of(monthly, h + "2026-01,lots,2\n") == "m.csv: line 2: gpu_hours: must be a number, got \"lots\"");
    CHECK(error_of(monthly, h + "2026-01,5,2.5\n") == "m.csv: line 2: peak_gpus: must be a whole number, got \"2.5\"");
    CHECK(error_of(monthly, h + "2026-01,1461,2\n") ==
          "m.csv: line 2: gpu_hours: must be at most peak_gpus x 730 = 1460, got \"1461\"");
    CHECK(error_of(monthly, h + "2026-1,5,2\n") == "m.csv: line 2: month: must be a month YYYY-MM, got \"2026-1\"");
    CHECK(error_of(monthly, h + "2026-02,5,2\n2026-01,5,2\n") ==
          "m.csv: line 3: month: months must be in order without repeats (after 2026-02), got \"2026-01\"");
    CHECK(error_of(monthly, h + "2026-02,5,2\n2026-02,5,2\n") ==
          "m.csv: line 3: month: months must be in order without repeats (after 2026-02), got \"2026-02\"");
    CHECK(error_of(monthly, h + "2026-02,5,2\n2026-04,5,2\n") ==
          "m.csv: line 3: month: months must follow each other (after 2026-02, a gap), got \"2026-04\"");
    CHECK(error_of(monthly, h) == "m.csv: no months after the header");
    CHECK(error_of(monthly, "timestamp,gpus_busy\n2026-01-01T00:00:00Z,1\n") ==
          "m.csv: line 1: header: no \"month\" column (expected month,gpu_hours,peak_gpus)");
}

TEST_CASE("read_hourly_csv: hours of a calendar month, scaled to 730") {
    // February 2026 has 672 hours: scale 730 / 672. Hours: 2, 2.5 (2 whole + half a third), 1 (03:00 at +01:00).
    const auto m = hourly("timestamp,gpus_busy\n2026-02-01T00:00:00Z,2\n2026-02-01T01:00:00Z,2.5\n"
                          "2026-02-01T03:00:00+01:00,1\n");
    REQUIRE(m.size() == 1);
    const double s = 730.0 / 672.0;
    // H(1) = 3 h, H(2) = 2 h, H(3) = 0.5 h: 5.5 GPU-hours = 2 + 2.5 + 1
    CHECK(m[0].hours_at_least == std::vector<double>{3.0 * s, 2.0 * s, 0.5 * s});
    CHECK(m[0].gpu_hours() == Approx(5.5 * s));
}

TEST_CASE("read_hourly_csv: bad input is one line with file, line, field and value") {
    const std::string h = "timestamp,gpus_busy\n";
    CHECK(error_of(hourly, h + "2026-02-01T01:00:00Z,1\n2026-02-01T00:00:00Z,1\n") ==
          "h.csv: line 3: timestamp: hours must be in order without repeats, got \"2026-02-01T00:00:00Z\"");
    CHECK(error_of(hourly, h + "2026-02-01T01:00:00Z,1\n2026-02-01T01:00:00Z,1\n") ==
          "h.csv: line 3: timestamp: hours must be in order without repeats, got \"2026-02-01T01:00:00Z\"");
    CHECK(error_of(hourly, h + "yesterday,1\n") ==
          "h.csv: line 2: timestamp: must be an ISO 8601 time such as 2026-01-31T13:00:00Z, got \"yesterday\"");
    CHECK(error_of(hourly, h + "2026-02-01T01:00:00Z,-1\n") == "h.csv: line 2: gpus_busy: must be >= 0, got \"-1\"");
}

TEST_CASE("read_sacct: jobs, steps, array tasks, typed GPUs, running and pending jobs (tests/data/plan)") {
    const auto lines = file_lines(std::string(GPUCOST_TESTS_DIR) + "/data/plan/sacct_small.txt");
    const auto m = read_sacct(*lines, "sacct_small.txt");
    REQUIRE(m.size() == 1);
    // By hour (UTC): 10:00 job 100's 2; 11:00 2 + 101_1's 1 (gres/gpu=1, its typed a100=1 not added again) +
    // 101_2's typed 1 for half the hour = 3.5; 12:00 100's 2 for half + 103 (running, to 13:00, the latest End) = 2.
    // Steps (100.batch, 100.extern), the CPU job 102 and the pending 104 add nothing.
    // H(1) = 3, H(2) = 3, H(3) = 1, H(4) = 0.5 hours; March has 744 hours.
    const double s = 730.0 / 744.0;
    CHECK(m[0].hours_at_least == std::vector<double>{3.0 * s, 3.0 * s, 1.0 * s, 0.5 * s});
    CHECK(m[0].gpu_hours() == Approx(7.5 * s));  // 2 + 3.5 + 2
}

TEST_CASE("read_sacct: a time with an offset is read in UTC, and a job crossing months splits") {
    // 2026-03-31T23:00:00-02:00 is 2026-04-01T01:00Z: all of the job's 2 hours fall in April (720 hours).
    const auto m = sacct(k_sacct_header + "7|2026-03-31T23:00:00-02:00|2026-04-01T01:00:00-02:00|gres/gpu=4\n");
    REQUIRE(m.size() == 1);
    CHECK(m[0].hours_at_least == std::vector<double>(4, 2.0 * 730.0 / 720.0));
    // 23:30 to 00:30 UTC across the month's end: half an hour in each month, 744 and 720 hours.
    const auto two = sacct(k_sacct_header + "8|2026-03-31T23:30:00Z|2026-04-01T00:30:00Z|gres/gpu=1\n");
    REQUIRE(two.size() == 2);
    CHECK(two[0].hours_at_least == std::vector<double>{0.5 * 730.0 / 744.0});
    CHECK(two[1].hours_at_least == std::vector<double>{0.5 * 730.0 / 720.0});
}

TEST_CASE("read_sacct: rows in any time order give the same months, and no month before the first job") {
    const std::string early = "1|2026-05-01T00:00:00|2026-05-01T02:00:00|gres/gpu=1\n";
    const std::string late = "2|2026-05-30T00:00:00|2026-05-30T01:00:00|gres/gpu=3\n";
    const auto forward = sacct(k_sacct_header + early + late);
    const auto backward = sacct(k_sacct_header + late + early);
    REQUIRE(forward.size() == 1);  // May only, though the span grew ahead of need at its front
    CHECK(backward.size() == 1);
    // H(1) = 2 + 1 = 3 hours, H(2) = H(3) = 1 hour, of May's 744
    const double s = 730.0 / 744.0;
    CHECK(forward[0].hours_at_least == std::vector<double>{3.0 * s, 1.0 * s, 1.0 * s});
    CHECK(backward[0].hours_at_least == forward[0].hours_at_least);
}

TEST_CASE("read_sacct: bad input is one line with file, line, field and value") {
    const std::string& h = k_sacct_header;
    CHECK(error_of(sacct, h + "9|2026-03-02T12:00:00|2026-03-02T11:00:00|gres/gpu=1\n") ==
          "s.txt: line 2: End: \"2026-03-02T11:00:00\" precedes Start \"2026-03-02T12:00:00\"");
    CHECK(error_of(sacct, h + "9|2026-03-02T10:00:00|2026-03-02T11:00:00|cpu=4,warp=2\n") ==
          "s.txt: line 2: AllocTRES: unknown TRES \"warp=2\" (Slurm's types: billing, cpu, energy, fs, gres, ic, "
          "license, mem, node, pages, vmem, bb)");
    CHECK(error_of(sacct, h + "9|2026-03-02T10:00:00|2026-03-02T11:00:00|gres/gpu=two\n") ==
          "s.txt: line 2: AllocTRES: gres/gpu must be a whole number of GPUs >= 0, got \"two\"");
    CHECK(error_of(sacct, h + "9|2026-03-02 10:00|2026-03-02T11:00:00|gres/gpu=1\n") ==
          "s.txt: line 2: Start: must be a time YYYY-MM-DDTHH:MM:SS or \"Unknown\", got \"2026-03-02 10:00\"");
    CHECK(error_of(sacct, h + "9|2026-03-02T10:00:00|gres/gpu=1\n") ==
          "s.txt: line 2: expected 4 fields separated by '|' as in the header, got 3");
    CHECK(error_of(sacct, "month,gpu_hours,peak_gpus\n2026-01,5,1\n") ==
          "s.txt: line 1: header: no JobID field; expected the output of sacct --parsable2 "
          "--format=JobID,Start,End,AllocTRES, got \"month,gpu_hours,peak_gpus\"");
    CHECK(error_of(sacct, "") == "s.txt: empty; expected sacct --parsable2 output");
    CHECK(error_of(sacct, h + "104|Unknown|Unknown|\n") == "s.txt: no job that started, after the header");
}
