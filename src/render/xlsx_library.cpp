// libxlsxwriter, loaded when the first workbook is written instead of at every start: linked, the library and the
// libcrypto it needs cost every run, `--version` included, about 1.8 ms of CPU and 140 page faults in the dynamic
// loader (docs/performance.md, "Start-up: one command's options, xlsx on demand"). Each function the renderer calls
// is defined here under its own C name and forwards to the library's. The executable exports none of these names
// (nothing linked refers to them), so the library's calls to its own functions never land here.
#include <cstring>
#include <dlfcn.h>
#include <string>
#include <xlsxwriter.h>

#include <fmt/format.h>

#include "gpucost/util/error.hpp"

namespace {

// Every function of the library the renderer uses, found once, all before the first is called.
struct Library {
    decltype(&::workbook_new_opt) new_opt = nullptr;
    decltype(&::workbook_set_properties) set_properties = nullptr;
    decltype(&::workbook_add_format) add_format = nullptr;
    decltype(&::workbook_add_worksheet) add_worksheet = nullptr;
    decltype(&::workbook_define_name) define_name = nullptr;
    decltype(&::workbook_close) close = nullptr;
    decltype(&::format_set_bold) set_bold = nullptr;
    decltype(&::format_set_bg_color) set_bg_color = nullptr;
    decltype(&::format_set_num_format) set_num_format = nullptr;
    decltype(&::worksheet_write_string) write_string = nullptr;
    decltype(&::worksheet_write_number) write_number = nullptr;
    decltype(&::worksheet_write_formula_str) write_formula_str = nullptr;
    decltype(&::worksheet_write_formula_num) write_formula_num = nullptr;
    decltype(&::worksheet_set_column) set_column = nullptr;
    decltype(&::worksheet_freeze_panes) freeze_panes = nullptr;
    decltype(&::lxw_strerror) strerror = nullptr;
};

std::string loader_reason() {
    const char* reason = dlerror();
    return reason != nullptr ? reason : "unknown reason";
}

template <typename Function>
void find(void* handle, const char* name, Function& function) {
    void* address = dlsym(handle, name);
    if (address == nullptr)
        throw gpucost::OutputError(
            fmt::format("xlsx: cannot find {} in {}: {}", name, GPUCOST_XLSXWRITER_SONAME, loader_reason()));
    std::memcpy(&function, &address, sizeof function);  // POSIX: a dlsym address converts to a function pointer
}

Library load() {
    void* handle = dlopen(GPUCOST_XLSXWRITER_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr)
        throw gpucost::OutputError(fmt::format("xlsx: cannot load {}: {}", GPUCOST_XLSXWRITER_SONAME, loader_reason()));
    Library l;
    find(handle, "workbook_new_opt", l.new_opt);
    find(handle, "workbook_set_properties", l.set_properties);
    find(handle, "workbook_add_format", l.add_format);
    find(handle, "workbook_add_worksheet", l.add_worksheet);
    find(handle, "workbook_define_name", l.define_name);
    find(handle, "workbook_close", l.close);
    find(handle, "format_set_bold", l.set_bold);
    find(handle, "format_set_bg_color", l.set_bg_color);
    find(handle, "format_set_num_format", l.set_num_format);
    find(handle, "worksheet_write_string", l.write_string);
    find(handle, "worksheet_write_number", l.write_number);
    find(handle, "worksheet_write_formula_str", l.write_formula_str);
    find(handle, "worksheet_write_formula_num", l.write_formula_num);
    find(handle, "worksheet_set_column", l.set_column);
    find(handle, "worksheet_freeze_panes", l.freeze_panes);
    find(handle, "lxw_strerror", l.strerror);
    return l;
}

// Loaded by the first call (workbook_new_opt, which starts every workbook); a failed load throws there, before
// anything is written, and is tried again by the next call.
const Library& library() {
    static const Library loaded = load();
    return loaded;
}

}  // namespace

lxw_workbook* workbook_new_opt(const char* filename, lxw_workbook_options* options) {
    return library().new_opt(filename, options);
}
lxw_error workbook_set_properties(lxw_workbook* workbook, lxw_doc_properties* properties) {
    return library().set_properties(workbook, properties);
}
lxw_format* workbook_add_format(lxw_workbook* workbook) { return library().add_format(workbook); }
lxw_worksheet* workbook_add_worksheet(lxw_workbook* workbook, const char* sheetname) {
    return library().add_worksheet(workbook, sheetname);
}
lxw_error workbook_define_name(lxw_workbook* workbook, const char* name, const char* formula) {
    return library().define_name(workbook, name, formula);
}
lxw_error workbook_close(lxw_workbook* workbook) { return library().close(workbook); }
void format_set_bold(lxw_format* format) { library().set_bold(format); }
void format_set_bg_color(lxw_format* format, lxw_color_t color) { library().set_bg_color(format, color); }
void format_set_num_format(lxw_format* format, const char* num_format) { library().set_num_format(format, num_format); }
lxw_error worksheet_write_string(lxw_worksheet* worksheet, lxw_row_t row, lxw_col_t col, const char* string,
                                 lxw_format* format) {
    return library().write_string(worksheet, row, col, string, format);
}
lxw_error worksheet_write_number(lxw_worksheet* worksheet, lxw_row_t row, lxw_col_t col, double number,
                                 lxw_format* format) {
    return library().write_number(worksheet, row, col, number, format);
}
lxw_error worksheet_write_formula_str(lxw_worksheet* worksheet, lxw_row_t row, lxw_col_t col, const char* formula,
                                      lxw_format* format, const char* result) {
    return library().write_formula_str(worksheet, row, col, formula, format, result);
}
lxw_error worksheet_write_formula_num(lxw_worksheet* worksheet, lxw_row_t row, lxw_col_t col, const char* formula,
                                      lxw_format* format, double result) {
    return library().write_formula_num(worksheet, row, col, formula, format, result);
}
lxw_error worksheet_set_column(lxw_worksheet* worksheet, lxw_col_t first_col, lxw_col_t last_col, double width,
                               lxw_format* format) {
    return library().set_column(worksheet, first_col, last_col, width, format);
}
void worksheet_freeze_panes(lxw_worksheet* worksheet, lxw_row_t row, lxw_col_t col) {
    library().freeze_panes(worksheet, row, col);
}
char* lxw_strerror(lxw_error error_num) { return library().strerror(error_num); }
