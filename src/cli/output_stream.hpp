// Writing a result that is too large to hold as one text (the cash flow's JSON): the pieces go out as they are made.
#pragma once

#include <ostream>

#include "cli_common.hpp"
#include "gpucost/util/files.hpp"

namespace gpucost::cli {

// write_result for a streamed text: to stdout as it is made (checked as check_stdout does), or to --output FILE by
// write_output_file's rules (atomically: the pieces go to the temporary file). Throws OutputError (exit 4) when the
// text cannot be written. Every error a command can report comes before its text starts, so stdout never holds
// half a result and then an error, except a failed write itself.
void write_streamed_result(const OutputOptions& options, const OutputText& text, std::ostream& out, std::ostream& warn);

}  // namespace gpucost::cli
