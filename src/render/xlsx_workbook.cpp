// The workbook format: libxlsxwriter writes the three sheets into a temporary file, whose bytes become the output
// (the CLI then writes them atomically), so an error leaves nothing half-written where the user asked.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <functional>
#include <unistd.h>

#include <fmt/format.h>

#include "gpucost/render/xlsx.hpp"
#include "xlsx_parts.hpp"

namespace gpucost {
namespace xlsx_detail {

void check(lxw_error error, std::string_view what) {
    if (error != LXW_NO_ERROR) throw OutputError(fmt::format("xlsx: cannot write {}: {}", what, lxw_strerror(error)));
}

std::string column_letters(int col) {
    std::string letters;
    for (int n = col + 1; n > 0; n = (n - 1) / 26)
        letters.insert(letters.begin(), static_cast<char>('A' + (n - 1) % 26));
    return letters;
}

std::string cell_address(int row, int col, bool absolute) {
    const char* dollar = absolute ? "$" : "";
    return fmt::format("{}{}{}{}", dollar, column_letters(col), dollar, row + 1);
}

Formats add_formats(lxw_workbook* workbook) {
    Formats f;
    f.heading = workbook_add_format(workbook);
    format_set_bold(f.heading);
    f.usd = workbook_add_format(workbook);
    format_set_num_format(f.usd, "#,##0.00");
    f.usd_bold = workbook_add_format(workbook);
    format_set_num_format(f.usd_bold, "#,##0.00");
    format_set_bold(f.usd_bold);
    f.number = workbook_add_format(workbook);
    format_set_num_format(f.number, "General");
    f.factor = workbook_add_format(workbook);
    format_set_num_format(f.factor, "0.0000000000");
    f.input = workbook_add_format(workbook);
    format_set_bg_color(f.input, 0xFFF2CC);  // a pale yellow: the cells a reader may change
    f.input_usd = workbook_add_format(workbook);
    format_set_bg_color(f.input_usd, 0xFFF2CC);
    format_set_num_format(f.input_usd, "#,##0.00");
    return f;
}

Sheet::Sheet(lxw_workbook* workbook, const char* name)
    : m_workbook(workbook),
      m_sheet(workbook_add_worksheet(workbook, name)),
      m_name(name) {
    if (m_sheet == nullptr) throw OutputError(fmt::format("xlsx: cannot add the sheet {}", name));
}

namespace {
lxw_row_t row_of(int row) { return static_cast<lxw_row_t>(row); }
lxw_col_t col_of(int col) { return static_cast<lxw_col_t>(col); }
}  // namespace

// Excel's limit of characters in a cell, which libxlsxwriter enforces; counted here in bytes, which is stricter.
constexpr std::size_t k_max_cell_text = 32767;

void Sheet::text(int row, int col, std::string_view text, lxw_format* format) {
    std::string value(text);
    if (value.size() > k_max_cell_text) {
        // A longer text (a catalogue's source note, say) is cut at a UTF-8 character's start and marked.
        std::size_t keep = k_max_cell_text - 3;
        while (keep > 0 && (static_cast<unsigned char>(value[keep]) & 0xC0U) == 0x80U) --keep;
        value = value.substr(0, keep) + "...";
    }
    check(worksheet_write_string(m_sheet, row_of(row), col_of(col), value.c_str(), format), "a text cell");
}

void Sheet::number(int row, int col, double value, lxw_format* format) {
    check(worksheet_write_number(m_sheet, row_of(row), col_of(col), value, format), "a number cell");
}

void Sheet::formula(int row, int col, const std::string& formula, lxw_format* format, const Cached& cached) {
    const lxw_error error = std::holds_alternative<double>(cached)
                                ? worksheet_write_formula_num(m_sheet, row_of(row), col_of(col), formula.c_str(),
                                                              format, std::get<double>(cached))
                                : worksheet_write_formula_str(m_sheet, row_of(row), col_of(col), formula.c_str(),
                                                              format, std::get<std::string>(cached).c_str());
    check(error, "a formula");
}

void Sheet::name_cell(std::string_view name, int row, int col) {
    const std::string target = fmt::format("='{}'!{}", m_name, cell_address(row, col, true));
    const std::string key(name);
    check(workbook_define_name(m_workbook, key.c_str(), target.c_str()), fmt::format("the name {}", name));
}

void Sheet::name_range(std::string_view name, int first, int last, int col) {
    const std::string target =
        fmt::format("='{}'!{}:{}", m_name, cell_address(first, col, true), cell_address(last, col, true));
    const std::string key(name);
    check(workbook_define_name(m_workbook, key.c_str(), target.c_str()), fmt::format("the name {}", name));
}

void Sheet::column_width(int first, int last, double width) {
    check(worksheet_set_column(m_sheet, col_of(first), col_of(last), width, nullptr), "a column width");
}

void Sheet::freeze(int rows, int cols) { worksheet_freeze_panes(m_sheet, row_of(rows), col_of(cols)); }

}  // namespace xlsx_detail

namespace {

using namespace xlsx_detail;

// The workbook's creation time, fixed (2000-01-01T00:00:00Z) so that the same inputs give the same bytes:
// libxlsxwriter stamps the current time otherwise.
constexpr std::time_t k_workbook_created = 946684800;

// The folder for temporary files ($TMPDIR, else /tmp); OutputError when there is none.
std::filesystem::path temporary_folder() {
    std::error_code error;
    std::filesystem::path folder = std::filesystem::temp_directory_path(error);
    if (error) throw OutputError("xlsx: no folder for temporary files ($TMPDIR, else /tmp): " + error.message());
    return folder;
}

// A temporary file, removed when it goes out of scope.
class TemporaryFile {
public:
    TemporaryFile() {
        const std::filesystem::path folder = temporary_folder();
        std::string pattern = (folder / "gpucost-XXXXXX.xlsx").string();
        const int fd = mkstemps(pattern.data(), 5);
        if (fd < 0)
            throw OutputError(fmt::format("xlsx: cannot create a temporary file in {}: {} (set TMPDIR)",
                                          folder.string(), std::strerror(errno)));
        ::close(fd);
        m_path = pattern;
    }
    ~TemporaryFile() { std::remove(m_path.c_str()); }
    TemporaryFile(const TemporaryFile&) = delete;
    TemporaryFile& operator=(const TemporaryFile&) = delete;
    const std::string& path() const noexcept { return m_path; }

private:
    std::string m_path;
};

// Closes (and frees) a workbook left open by an exception.
struct WorkbookCloser {
    lxw_workbook* workbook;
    ~WorkbookCloser() {
        if (workbook != nullptr) workbook_close(workbook);
    }
};

// The bytes of the workbook libxlsxwriter wrote (stdio: GCC 12 sees a null dereference in istreambuf_iterator).
std::string read_back(const std::string& path) {
    std::FILE* in = std::fopen(path.c_str(), "rb");
    std::string bytes;
    if (in != nullptr) {
        char buffer[65536];
        for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, in)) > 0;) bytes.append(buffer, n);
        std::fclose(in);
    }
    if (bytes.empty()) throw OutputError("xlsx: cannot read back the workbook " + path);
    return bytes;
}

}  // namespace

namespace xlsx_detail {

std::string workbook_file_bytes(const std::string& title_text,
                                const std::function<void(lxw_workbook*, const Formats&)>& fill) {
    const TemporaryFile file;
    std::string tmpdir = temporary_folder().string();
    lxw_workbook_options options{};
    options.tmpdir = tmpdir.data();
    WorkbookCloser closer{workbook_new_opt(file.path().c_str(), &options)};
    if (closer.workbook == nullptr) throw OutputError("xlsx: cannot start a workbook (out of memory)");
    std::string title = title_text;
    std::string author = "gpucost";
    lxw_doc_properties properties{};
    properties.title = title.data();
    properties.author = author.data();
    properties.created = k_workbook_created;
    check(workbook_set_properties(closer.workbook, &properties), "the document properties");
    fill(closer.workbook, add_formats(closer.workbook));
    lxw_workbook* workbook = closer.workbook;
    closer.workbook = nullptr;
    check(workbook_close(workbook), "the workbook " + file.path());
    return read_back(file.path());
}

}  // namespace xlsx_detail

namespace {

std::string workbook_bytes(const Comparison& c) {
    return workbook_file_bytes(fmt::format("gpucost: build {} against offer {}", c.build.id, c.offer.id),
                               [&](lxw_workbook* workbook, const Formats& formats) {
                                   // Summary first, so a spreadsheet opens on the verdict; the formulas name cells
                                   // of the later sheets.
                                   Sheet summary(workbook, "Summary");
                                   Sheet cash_flow(workbook, "Cash flow");
                                   Sheet assumptions(workbook, "Assumptions");
                                   write_assumptions_sheet(assumptions, c, formats);
                                   write_cash_flow_sheet(cash_flow, c, formats);
                                   write_summary_sheet(summary, c, formats);
                               });
}

}  // namespace

std::string render_xlsx(const Report& report, const RenderOptions& options) {
    if (report.comparisons.size() != 1)
        throw UsageError(fmt::format("--format xlsx: writes one comparison, this run has {}: name one build with "
                                     "--build ID",
                                     report.comparisons.size()));
    if (!options.currency.is_usd())
        throw UsageError("--format xlsx: the workbook's formulas count in USD; drop --currency and --usd-rate");
    return workbook_bytes(report.comparisons.front());
}

std::string render_xlsx(const CashFlowReport& cash_flow, const RenderOptions& options) {
    return render_xlsx(cash_flow.report, options);
}

}  // namespace gpucost
