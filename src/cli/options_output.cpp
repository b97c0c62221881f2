// Options that choose how a result is shown and where it goes: --format, --output, --currency, --color, --quiet.
#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <ostream>
#include <streambuf>
#include <string_view>

#include <fmt/format.h>

#include "cli_common.hpp"
#include "gpucost/api.hpp"
#include "gpucost/render/report_charts.hpp"
#include "gpucost/util/files.hpp"
#include "gpucost/util/text.hpp"
#include "output_stream.hpp"

namespace gpucost::cli {

namespace {

// A stream that drops everything written to it: where warnings go under --quiet.
class DiscardBuffer : public std::streambuf {
protected:
    int overflow(int c) override { return traits_type::not_eof(c); }
    std::streamsize xsputn(const char*, std::streamsize count) override { return count; }
};

}  // namespace

void add_quiet_option(CLI::App& command, QuietOption& option) {
    command.add_flag("-q,--quiet", option.quiet, "print no warnings (errors still go to stderr)");
}

std::ostream& warnings(const QuietOption& option, const Io& io) {
    static DiscardBuffer discard_buffer;
    static std::ostream discard(&discard_buffer);
    return option.quiet ? discard : io.err;
}

void add_format_option(CLI::App& command, FormatOptions& options, const std::string& choices) {
    command.add_option("--format", options.format, fmt::format("{} (default: table)", choices))->type_name("FORMAT");
}

Format parse_format(const std::string& text) {
    if (const std::optional<Format> format = format_named(text)) return *format;
    std::vector<std::string> names;
    for (const FormatName& f : k_formats) names.emplace_back(f.name);
    throw UsageError(fmt::format("--format: must be one of {}, got {}{}", fmt::join(names, ", "), quote_value(text),
                                 did_you_mean(text, names)));
}

// Every command takes every format name; the render dispatcher refuses one a model lacks.
Format parse_report_format(const std::string& text) { return parse_format(text); }

const char* const k_chart_formats =
    "table, json, csv, tsv, markdown, html (one self-contained page with charts) or svg (one chart: --chart NAME)";

void add_chart_option(CLI::App& command, ChartOption& option) {
    std::string names;
    for (const std::string& name : chart_names()) names += (names.empty() ? "" : ", ") + name;
    option.option = command
                        .add_option("--chart", option.chart,
                                    fmt::format("with --format svg, the chart to write: {}; with the table format, "
                                                "draw the cumulative spend in the terminal (NAME may be left out)",
                                                names))
                        ->expected(0, 1)
                        ->type_name("NAME");
}

void add_svg_chart_option(CLI::App& command, ChartOption& option, const std::string& name) {
    option.terminal = false;
    option.option =
        command.add_option("--chart", option.chart, fmt::format("with --format svg, the chart to write: {}", name))
            ->type_name("NAME");
}

void add_output_option(CLI::App& command, OutputOptions& options) {
    command
        .add_option("--output", options.output,
                    "write the result to FILE (atomically: a reader never sees half a file) instead of stdout")
        ->type_name("FILE")
        ->check([](const std::string& value) {
            return value.empty() ? std::string("must name a file, or - for stdout; got an empty name") : std::string();
        });
}

bool writes_to_stdout(const OutputOptions& options) { return options.output.empty() || options.output == "-"; }

void refuse_output_onto_inputs(const OutputOptions& output, const std::vector<InputFile>& inputs) {
    if (writes_to_stdout(output)) return;
    for (const InputFile& input : inputs)
        if (same_file(output.output, input.path))
            throw UsageError(fmt::format("--output {}: is the file {} {} reads; write the result to another file",
                                         quote_value(output.output), input.flag, quote_value(input.path)));
}

void check_stdout(std::ostream& out) {
    // The errno of the write that failed: nothing between it and here makes a system call.
    const int before = errno;
    out.flush();
    if (out) return;
    const int error = errno != 0 ? errno : before != 0 ? before : EIO;
    throw OutputError(fmt::format("stdout: cannot write: {}", error_reason(error)));
}

void write_result(const OutputOptions& options, const std::string& text, std::ostream& out, std::ostream& warn) {
    if (writes_to_stdout(options)) {
        errno = 0;
        out << text;
        check_stdout(out);
        return;
    }
    for (const std::string& warning : write_output_file(options.output, text)) print_line(warn, "warning", warning);
}

void write_streamed_result(const OutputOptions& options, const OutputText& text, std::ostream& out,
                           std::ostream& warn) {
    if (writes_to_stdout(options)) {
        errno = 0;
        text([&](std::string_view piece) {
            out.write(piece.data(), static_cast<std::streamsize>(piece.size()));
            if (!out) check_stdout(out);  // stop at the first failed piece
        });
        check_stdout(out);
        return;
    }
    for (const std::string& warning : write_output_file(options.output, text)) print_line(warn, "warning", warning);
}

void add_report_output_options(CLI::App& command, ReportOutputOptions& o, const std::string& formats) {
    add_format_option(command, o.format, formats);
    add_output_option(command, o.output);
    command
        .add_option("--currency", o.currency,
                    "show every computed money figure in this ISO 4217 currency (needs --usd-rate; default: USD)")
        ->type_name("CODE");
    o.usd_rate_option =
        command.add_option("--usd-rate", o.usd_rate, "units of --currency for one US dollar, > 0 (never fetched)")
            ->type_name("X");
    command
        .add_option("--color,--colour", o.color,
                    "colour and bold in the table: auto (a terminal, unless NO_COLOR is set), always or never")
        ->type_name("WHEN");
    add_quiet_option(command, o.quiet);
}

namespace {

Currency currency_for(const ReportOutputOptions& o) {
    const bool rate_given = o.usd_rate_option != nullptr && o.usd_rate_option->count() > 0;
    return parse_currency(o.currency, rate_given ? std::optional<std::string>(o.usd_rate) : std::nullopt);
}

bool colour_for(const ReportOutputOptions& o, const Io& io) {
    if (o.color == "always") return true;
    if (o.color == "never") return false;
    if (o.color != "auto")
        throw UsageError(fmt::format("--color: must be one of auto, always, never, got {}{}", quote_value(o.color),
                                     did_you_mean(o.color, {"auto", "always", "never"})));
    const char* no_color = std::getenv("NO_COLOR");
    const char* term = std::getenv("TERM");
    return io.terminal.stdout_is_terminal && writes_to_stdout(o.output) && (no_color == nullptr || *no_color == '\0') &&
           !(term != nullptr && std::string_view(term) == "dumb");
}

}  // namespace

ReportOutput report_output(const ReportOutputOptions& o, const Io& io) {
    ReportOutput r;
    r.format = parse_report_format(o.format.format);
    r.render.currency = currency_for(o);
    r.render.colour = colour_for(o, io);
    return r;
}

namespace {

int columns_for(const ReportOutputOptions& o, const Io& io) {
    if (!io.terminal.stdout_is_terminal || !writes_to_stdout(o.output)) return 80;
    if (const char* text = std::getenv("COLUMNS"); text != nullptr && *text != '\0') {
        char* end = nullptr;
        const long columns = std::strtol(text, &end, 10);
        if (*end == '\0' && columns >= 20 && columns <= 1000) return static_cast<int>(columns);
    }
    return io.terminal.columns > 0 ? io.terminal.columns : 80;
}

}  // namespace

ReportOutput report_output(const ReportOutputOptions& o, const ChartOption& chart, const Io& io) {
    ReportOutput r = report_output(o, io);
    const bool given = chart.option != nullptr && chart.option->count() > 0;
    if (given && r.format == Format::table && !chart.terminal)
        throw UsageError("--chart: goes with --format svg here (this command draws no chart in the terminal); "
                         "--format html has every chart");
    if (given && r.format != Format::table && r.format != Format::svg)
        throw UsageError(fmt::format("--chart: goes with --format svg (one chart) or the table (a chart in the "
                                     "terminal), not {}; --format html has every chart",
                                     to_string(r.format)));
    r.render.chart = given && chart.chart.empty() && r.format == Format::table ? "cumulative-spend" : chart.chart;
    r.render.columns = columns_for(o, io);
    return r;
}

}  // namespace gpucost::cli
