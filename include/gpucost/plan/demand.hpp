// The fleet plan's demand: GPUs busy over the horizon, each month summarised as a load-duration curve, built from
// flags, a monthly or hourly CSV, or a Slurm accounting export. Throws UsageError for bad flags and DataError for a
// bad file, each one line naming the file, line, field and value.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "gpucost/io/csv_reader.hpp"

namespace gpucost::plan {

// One month of demand as a load-duration curve over the 730-hour billing month.
struct MonthLoad {
    // hours_at_least[k - 1]: hours of the month in which at least k GPUs are busy, k = 1..peak; non-increasing,
    // each in [0, 730]. Their sum is the month's GPU-hours.
    std::vector<double> hours_at_least;

    // Hours at which at least k GPUs are busy; 0 for k beyond the peak, 730 for k <= 0.
    double hours(std::int64_t k) const noexcept;
    // The highest number of GPUs busy at once.
    std::int64_t peak_gpus() const noexcept { return static_cast<std::int64_t>(hours_at_least.size()); }
    // GPU-hours of the month: the sum of the curve.
    double gpu_hours() const noexcept;
};

// Demand over the horizon: months[m - 1] is month m.
struct Demand {
    std::vector<MonthLoad> months;
};

// A level of `gpus` GPUs busy for `hours_per_week` (compare's shape): hours_at_least = u for k = 1..gpus, u = h x
// 730 / 168.
MonthLoad level_load(std::int64_t gpus, double hours_per_week);

// The curve grown by `factor` along the GPU axis: level j of the result is busy as long as level ceil(j / factor)
// of `load` (a factor of 2 doubles every level; 1.5 on 4 GPUs gives 6). factor > 0.
MonthLoad scaled_load(const MonthLoad& load, double factor);

// The curve of one month from a histogram of hourly loads: `hours_by_busy[n]` hours with n whole GPUs busy and
// `fraction_hours[n]` extra hours of a partly busy GPU n (an hour busy 2.5 GPUs on average counts 2 for the whole
// hour and a third GPU for half of it), scaled by `scale` (730 over the calendar month's hours).
MonthLoad load_from_hours(const std::vector<double>& hours_by_busy, const std::vector<double>& fraction_hours,
                          double scale);

// `--step MONTH=GPUS`: from month `month` on, the level is `gpus`.
struct Step {
    int month = 1;
    std::int64_t gpus = 0;
};

// Demand from flags, the shape compare assumes with growth, steps and a burst on top.
struct DemandFlags {
    std::int64_t gpus = 0;          // --gpus: the level in month 1
    double hours_per_week = 168.0;  // --hours-per-week: how long the level is busy, [0, 168]
    double growth_per_year = 0.0;   // --growth-per-year: the whole curve grows by (1 + g)^((m - 1) / 12), > -1
    std::vector<Step> steps;        // --step MONTH=GPUS, any order; a later step in the same month is refused
    std::int64_t burst_gpus = 0;    // --burst-gpus: GPUs busy on top of the level ...
    double burst_hours = 0.0;       // --burst-hours: ... for this many hours a month, [0, 730]
};

// Month m's curve: the level N in force (--gpus, or the latest step at or before m) busy u = h x 730 / 168 hours,
// the burst's B GPUs on top for b hours (levels N + 1..N + B), the level's GPUs busy through the burst (levels
// 1..N: max(u, b) hours), then the whole curve grown by (1 + g)^((m - 1) / 12) (scaled_load).
// Throws UsageError naming the flag, its value and the valid range.
Demand demand_from_flags(const DemandFlags& flags, int months);

// Parses "MONTH=GPUS" (--step). Throws UsageError.
Step parse_step(std::string_view text, int months);

// A file's months set over the horizon: months 1..n are the file's; beyond them the last twelve (or all, when
// fewer) repeat, grown by (1 + g) a year: month n + i repeats month n - p + 1 + ((i - 1) mod p) grown by
// (1 + g)^(ceil(i / p) p / 12). A file longer than the horizon gives its first `months`.
Demand project(std::vector<MonthLoad> history, int months, double growth_per_year);

// A monthly CSV, `month,gpu_hours,peak_gpus` (month YYYY-MM, consecutive, in order), each month read as its peak
// busy for gpu_hours / peak hours (compare's shape at the month's peak; docs/plan.md says why). Throws DataError.
std::vector<MonthLoad> read_monthly_csv(CsvReader& reader);

// An hourly CSV, `timestamp,gpus_busy` (ISO 8601 timestamps, one row per hour, in order, no repeats; hours not
// listed had none busy), as calendar months scaled to 730 hours. Throws DataError.
std::vector<MonthLoad> read_hourly_csv(CsvReader& reader);

// The next line of a text file without its line break (a streamed reader); false at the end.
class LineSource {
public:
    virtual ~LineSource() = default;
    virtual bool next(std::string& line) = 0;
};

// Slurm `sacct --parsable2` output (header line with JobID, Start, End and AllocTRES; fields split by '|') as
// GPUs busy hour by hour, then calendar months scaled to 730 hours. Reads one line at a time: memory grows with
// the hours spanned, not the rows. Job steps (JobID with '.') are skipped (their job's row holds the allocation);
// jobs never started (Start "Unknown" or "None") and jobs without gres/gpu add nothing; a running job (End
// "Unknown") is busy until the latest Start or End in the file. Throws DataError "FILE: line N: FIELD: ...".
std::vector<MonthLoad> read_sacct(LineSource& lines, const std::string& file);

// The lines of a file, read as they are asked for. Throws DataError when it cannot be opened.
std::unique_ptr<LineSource> file_lines(const std::string& path);
// The lines of a text (for tests); the text must outlive the source.
std::unique_ptr<LineSource> text_lines(std::string_view text);

// Seconds since 1970-01-01 UTC of an ISO 8601 time "YYYY-MM-DDTHH:MM:SS" with an optional "Z" or "+HH:MM" /
// "-HH:MM" offset (without one, the time is read as UTC); empty when the text is not such a time.
std::optional<std::int64_t> parse_timestamp(std::string_view text);

}  // namespace gpucost::plan
