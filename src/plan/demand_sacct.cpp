// Slurm accounting (`sacct --parsable2`) as GPUs busy hour by hour. The format follows Slurm's sacct manual
// (https://slurm.schedmd.com/sacct.html): a header line of field names, fields split by '|' with no trailing one,
// a job's row followed by its steps' rows (JobID "123.batch", "123.0"), array tasks as "123_4", times as
// YYYY-MM-DDTHH:MM:SS and "Unknown" for an end not reached. The TRES types are Slurm's
// (https://slurm.schedmd.com/tres.html: billing, cpu, energy, fs, gres, ic, license, mem, node, pages, vmem, bb).
#include <algorithm>
#include <array>
#include <charconv>
#include <fstream>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "gpucost/plan/demand.hpp"
#include "gpucost/util/error.hpp"
#include "gpucost/util/text.hpp"
#include "hourly_busy.hpp"

namespace gpucost::plan {

namespace {

constexpr std::array<std::string_view, 12> k_tres_types = {"billing", "cpu", "energy", "fs",    "gres", "ic",
                                                           "license", "mem", "node",   "pages", "vmem", "bb"};

struct Columns {
    std::size_t count = 0;
    std::size_t job = 0;
    std::size_t start = 0;
    std::size_t end = 0;
    std::size_t tres = 0;
};

void split(std::string_view line, std::vector<std::string_view>& fields) {
    fields.clear();
    std::size_t from = 0;
    for (;;) {
        const auto bar = line.find('|', from);
        fields.push_back(line.substr(from, bar == std::string_view::npos ? std::string_view::npos : bar - from));
        if (bar == std::string_view::npos) return;
        from = bar + 1;
    }
}

Columns header_columns(std::string_view line, const std::string& file) {
    std::vector<std::string_view> names;
    split(line, names);
    Columns c;
    c.count = names.size();
    const auto at = [&](std::string_view name) {
        const auto it = std::find(names.begin(), names.end(), name);
        if (it == names.end())
            throw DataError(fmt::format("{}: line 1: header: no {} field; expected the output of sacct --parsable2 "
                                        "--format=JobID,Start,End,AllocTRES, got {}",
                                        file, name, quote_value(line)));
        return static_cast<std::size_t>(it - names.begin());
    };
    c.job = at("JobID");
    c.start = at("Start");
    c.end = at("End");
    c.tres = at("AllocTRES");
    return c;
}

// The GPUs of an AllocTRES value: gres/gpu=N, or the sum of its typed gres/gpu:TYPE=N when no total is given
// (Slurm writes both; the total must not be counted twice).
std::int64_t gpus_of(std::string_view tres, std::size_t line, const std::string& file) {
    std::optional<std::int64_t> total;
    std::int64_t typed = 0;
    std::size_t from = 0;
    while (from <= tres.size() && !tres.empty()) {
        const auto comma = tres.find(',', from);
        const std::string_view item =
            tres.substr(from, comma == std::string_view::npos ? std::string_view::npos : comma - from);
        from = comma == std::string_view::npos ? tres.size() + 1 : comma + 1;
        const auto eq = item.find('=');
        const std::string_view name = item.substr(0, eq);
        const std::string_view type = name.substr(0, name.find('/'));
        if (eq == std::string_view::npos ||
            std::find(k_tres_types.begin(), k_tres_types.end(), type) == k_tres_types.end())
            throw DataError(fmt::format("{}: line {}: AllocTRES: unknown TRES {} (Slurm's types: billing, cpu, "
                                        "energy, fs, gres, ic, license, mem, node, pages, vmem, bb)",
                                        file, line, quote_value(item)));
        const bool total_gpus = name == "gres/gpu";
        if (!total_gpus && name.substr(0, 9) != "gres/gpu:") continue;
        const std::string_view value = item.substr(eq + 1);
        std::int64_t count = 0;
        const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), count);
        if (ec != std::errc() || end != value.data() + value.size() || value.empty() || count < 0)
            throw DataError(fmt::format("{}: line {}: AllocTRES: {} must be a whole number of GPUs >= 0, got {}", file,
                                        line, name, quote_value(value)));
        if (total_gpus)
            total = count;
        else
            typed += count;
    }
    return total.value_or(typed);
}

std::int64_t time_of(std::string_view text, std::string_view field, std::size_t line, const std::string& file) {
    const auto time = parse_timestamp(text);
    if (!time)
        throw DataError(fmt::format("{}: line {}: {}: must be a time YYYY-MM-DDTHH:MM:SS or \"Unknown\", got {}", file,
                                    line, field, quote_value(text)));
    return *time;
}

class FileLines final : public LineSource {
public:
    explicit FileLines(const std::string& path)
        : m_in(path, std::ios::binary) {
        if (!m_in) throw DataError(fmt::format("{}: cannot be opened for reading", path));
    }
    bool next(std::string& line) override { return static_cast<bool>(std::getline(m_in, line)); }

private:
    std::ifstream m_in;
};

class TextLines final : public LineSource {
public:
    explicit TextLines(std::string_view text)
        : m_text(text) {}
    bool next(std::string& line) override {
        if (m_pos >= m_text.size()) return false;
        const auto nl = m_text.find('\n', m_pos);
        const auto stop = nl == std::string_view::npos ? m_text.size() : nl;
        line.assign(m_text.substr(m_pos, stop - m_pos));
        m_pos = stop + 1;
        return true;
    }

private:
    std::string_view m_text;
    std::size_t m_pos = 0;
};

}  // namespace

std::unique_ptr<LineSource> file_lines(const std::string& path) { return std::make_unique<FileLines>(path); }

std::unique_ptr<LineSource> text_lines(std::string_view text) { return std::make_unique<TextLines>(text); }

std::vector<MonthLoad> read_sacct(LineSource& lines, const std::string& file) {
    std::string line;
    if (!lines.next(line)) throw DataError(fmt::format("{}: empty; expected sacct --parsable2 output", file));
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const Columns c = header_columns(line, file);
    detail::HourlyBusy busy;
    std::vector<std::string_view> fields;
    std::optional<std::int64_t> latest;
    // Jobs still running end at the latest time in the file, known only at its end. They are as many as can run at
    // once, not as many as the rows.
    std::vector<std::pair<std::int64_t, std::int64_t>> running;
    std::size_t number = 1;
    const auto seen = [&](std::int64_t t) { latest = latest ? std::max(*latest, t) : t; };
    while (lines.next(line)) {
        ++number;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty()) continue;
        split(line, fields);
        if (fields.size() != c.count)
            throw DataError(fmt::format("{}: line {}: expected {} fields separated by '|' as in the header, got {}",
                                        file, number, c.count, fields.size()));
        if (fields[c.job].find('.') != std::string_view::npos) continue;  // a step: its job's row holds the GPUs
        const std::string_view start = fields[c.start];
        if (start == "Unknown" || start == "None") continue;  // never started
        const std::int64_t gpus = gpus_of(fields[c.tres], number, file);
        const std::int64_t start_s = time_of(start, "Start", number, file);
        seen(start_s);
        if (fields[c.end] == "Unknown") {
            if (gpus > 0) running.emplace_back(start_s, gpus);
            continue;
        }
        const std::int64_t end_s = time_of(fields[c.end], "End", number, file);
        if (end_s < start_s)
            throw DataError(fmt::format("{}: line {}: End: {} precedes Start {}", file, number,
                                        quote_value(fields[c.end]), quote_value(start)));
        seen(end_s);
        if (gpus > 0) busy.add_interval(start_s, end_s, static_cast<double>(gpus));
    }
    if (!latest) throw DataError(fmt::format("{}: no job that started, after the header", file));
    for (const auto& [start_s, gpus] : running) busy.add_interval(start_s, *latest, static_cast<double>(gpus));
    busy.touch(*latest);
    return busy.months();
}

}  // namespace gpucost::plan
