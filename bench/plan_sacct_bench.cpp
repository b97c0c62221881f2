// Reads a Slurm `sacct --parsable2` export from stdin through the plan's streaming reader and prints the rows, the
// months found, the time taken and the peak resident memory: the reader holds the hours spanned, not the rows.
// bench/plan_sacct_memory.sh feeds it bench/sacct_rows.py's rows.
#include <chrono>
#include <iostream>
#include <string>
#include <sys/resource.h>

#include <fmt/format.h>

#include "gpucost/plan/demand.hpp"

namespace {

class StdinLines final : public gpucost::plan::LineSource {
public:
    bool next(std::string& line) override {
        if (!std::getline(std::cin, line)) return false;
        ++rows;
        return true;
    }
    long long rows = 0;
};

}  // namespace

int main() {
    std::ios::sync_with_stdio(false);
    StdinLines lines;
    const auto start = std::chrono::steady_clock::now();
    const auto months = gpucost::plan::read_sacct(lines, "stdin");
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    double gpu_hours = 0.0;
    for (const auto& m : months) gpu_hours += m.gpu_hours();
    fmt::print("lines {} months {} gpu_hours_730 {:.0f} seconds {:.2f} peak_rss_mib {:.1f}\n", lines.rows,
               months.size(), gpu_hours, took.count(), static_cast<double>(usage.ru_maxrss) / 1024.0);
    return 0;
}
