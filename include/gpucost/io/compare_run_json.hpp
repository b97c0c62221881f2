// Reading back a `compare --format json` or `check --format json` output, for `gpucost diff`.
#pragma once

#include <string>
#include <string_view>

#include "gpucost/model/compare_run.hpp"

namespace gpucost {

// The run in `text` (read from `file`). `schema_version` is the JSON schema version this program writes; a run of
// another version is refused rather than misread. Throws DataError (exit 3) with one line for text that is not
// JSON, not a gpucost JSON output, another command's output or another schema version, and ValidationError (exit 3)
// naming every missing or mistyped field at its JSON path.
CompareRun parse_compare_run(std::string_view text, const std::string& file, int schema_version);

// The same for the file at `path`; throws DataError when it cannot be read.
CompareRun load_compare_run(const std::string& path, int schema_version);

}  // namespace gpucost
