// Options that choose how a result is shown and where it goes: --format, --output, --currency, --color, --quiet.
#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <ostream>
#include <streambuf>
#include <string_view>
#include <utility>

#include <fmt/format.h>

#include "cli_common.hpp"
#include "gpucost/api.hpp"
#include "gpucost/render/report_charts.hpp"
#include "gpucost/util/files.hpp"
#include "gpucost/util/text.hpp"
#include "help_text.hpp"
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
    add_named_flag(command, "-q,--quiet", option.quiet, "print no warnings (errors still go to stderr)");
}

std::ostream& warnings(const QuietOption& option, const Io& io) {
    static DiscardBuffer discard_buffer;
    static std::ostream discard(&discard_buffer);
    return option.quiet ? discard : io.err;
}

void add_format_option(CLI::App& command, FormatOptions& options, const std::string& choices) {
    options.option =
        add_named_option(command, "--format", options.format,
                         fmt::format("{} (default: the one --output FILE's extension names, else table)", choices))
            ->type_name("FORMAT");
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

const char* const k_workbook_formats =
    "table, json, csv, tsv, markdown, html (one self-contained page with charts), svg (one chart: --chart NAME) or "
    "xlsx (a workbook with live formulas: --output FILE.xlsx)";

void add_chart_option(CLI::App& command, ChartOption& option) {
    std::string names;
    for (const std::string& name : chart_names()) names += (names.empty() ? "" : ", ") + name;
    option.option = add_named_option(command, "--chart", option.chart,
                                     fmt::format("with --format svg, the chart to write: {}; with the table format, "
                                                 "draw the cumulative spend in the terminal (NAME may be left out)",
                                                 names))
                        ->expected(0, 1)
                        ->type_name("NAME");
}

void add_svg_chart_option(CLI::App& command, ChartOption& option, const std::string& name) {
    option.terminal = false;
    option.option = add_named_option(command, "--chart", option.chart,
                                     fmt::format("with --format svg, the chart to write: {}", name))
                        ->type_name("NAME");
}

void add_output_option(CLI::App& command, OutputOptions& options) {
    add_named_option(command, "-o,--output", options.output,
                     "write the result to FILE (atomically: a reader never sees half a file) instead of stdout")
        ->type_name("FILE")
        ->check([](const std::string& value) {
            return value.empty() ? std::string("must name a file, or - for stdout; got an empty name") : std::string();
        });
}

bool writes_to_stdout(const OutputOptions& options) { return options.output.empty() || options.output == "-"; }

namespace {

// Extensions that are not a format's own name; any other extension names the format of that name where the
// command has one (".json", ".csv", ".html", ".svg"), so a new format needs an entry here only for another spelling.
constexpr std::array<std::pair<std::string_view, std::string_view>, 4> k_extension_formats = {{
    {"md", "markdown"},
    {"txt", "table"},
    {"htm", "html"},
    {"text", "table"},
}};

// The format `path`'s extension names in the command's list, with the extension as written (".md"); empty when it
// names none.
std::optional<std::pair<Format, std::string>> format_of_extension(const std::string& path,
                                                                  Format (*parse)(const std::string&)) {
    const std::string extension = std::filesystem::path(path).extension().string();
    if (extension.size() < 2) return std::nullopt;
    std::string name = extension.substr(1);
    std::transform(name.begin(), name.end(), name.begin(),
                   [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; });
    for (const auto& [spelling, format] : k_extension_formats)
        if (name == spelling) {
            name = format;
            break;
        }
    try {
        return std::pair{parse(name), extension};
    } catch (const UsageError&) {  // not a format of this command: the extension says nothing
        return std::nullopt;
    }
}

}  // namespace

Format output_format(const FormatOptions& format, const OutputOptions& output, Format (*parse)(const std::string&)) {
    const bool given = format.option != nullptr && format.option->count() > 0;
    const auto inferred = writes_to_stdout(output) ? std::nullopt : format_of_extension(output.output, parse);
    if (!given) return inferred ? inferred->first : parse(format.format);
    const Format asked = parse(format.format);
    if (inferred && inferred->first != asked && inferred->first != Format::table)  // any text fits a .txt
        throw UsageError(fmt::format("--format {} conflicts with --output {}, whose extension {} means --format {}; "
                                     "drop --format, or name the file for the format",
                                     format.format, quote_value(output.output), quote_value(inferred->second),
                                     to_string(inferred->first)));
    return asked;
}

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
    add_named_option(command, "--currency", o.currency,
                     "show every computed money figure in this ISO 4217 currency (needs --usd-rate; default: USD)")
        ->type_name("CODE");
    o.usd_rate_option = add_named_option(command, "--usd-rate", o.usd_rate,
                                         "units of --currency for one US dollar, > 0 (never fetched)")
                            ->type_name("X");
    add_named_option(command, "--color,--colour", o.color,
                     "colour and bold in the table: auto (a terminal, unless NO_COLOR is set), always or never")
        ->type_name("WHEN");
    add_named_flag(command, "--wide", o.wide,
                   "show every column of the table and wrap no line (default: fit the terminal's width, 80 "
                   "columns when not a terminal, leaving out the least important columns and naming them)");
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

// Help's width rule (terminal_columns), and 80 for a file written with --output.
int columns_for(const ReportOutputOptions& o, const Io& io) {
    return writes_to_stdout(o.output) ? static_cast<int>(terminal_columns(io.terminal)) : 80;
}

}  // namespace

ReportOutput report_output(const ReportOutputOptions& o, const Io& io) {
    ReportOutput r;
    r.format = output_format(o.format, o.output, parse_report_format);
    if (r.format == Format::xlsx && writes_to_stdout(o.output) && io.terminal.stdout_is_terminal)
        throw UsageError("--format xlsx: a workbook is binary and stdout is a terminal; write it with "
                         "--output FILE.xlsx or pipe it into a file");
    r.render.currency = currency_for(o);
    r.render.colour = colour_for(o, io);
    r.render.columns = columns_for(o, io);
    r.render.wide = o.wide;
    return r;
}

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
    return r;
}

}  // namespace gpucost::cli
