// `diff` in every format: the document (table, markdown for a pull-request comment, HTML), the rows (CSV, TSV) and
// the JSON. JSON and rows keep full precision and list every build; the document shows the builds that changed.
#pragma once

#include <string>

#include "gpucost/render/render.hpp"
#include "gpucost/report/diff.hpp"

namespace gpucost {

// The diff for people: a summary line, the two runs, the builds that changed (verdict, what owning saves and its
// change, each total's change, break-even and payback before and after), and the assumptions that differ.
Document document_of(const DiffReport& report);
// One row per build in either run (docs/output.md, "diff"), new columns at the end.
RowSet rows_of(const DiffReport& report);
// The envelope with the body "diff" (docs/diff.schema.json).
std::string render_json(const DiffReport& report, const RenderOptions& options = {});
extern template std::string render(const DiffReport&, Format, const RenderOptions&);

// The schema_version this program's JSON outputs carry (the envelope's), for readers outside the JSON writers.
int json_schema_version() noexcept;

}  // namespace gpucost
