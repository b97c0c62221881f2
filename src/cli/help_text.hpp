// Help text wrapped to the terminal's width (issue 25 item 8). Private to the CLI layer.
#pragma once

#include <cstddef>
#include <string>

#include "gpucost/cli.hpp"

namespace gpucost::cli {

// The width terminal text is fitted to (help, report tables and prose): 80 when stdout is not a terminal (a pipe, a
// file, a test); on a terminal COLUMNS when it is a number in 20..1000, else the terminal's own width, else 80.
std::size_t terminal_columns(const Terminal& terminal);

// `help` with every line longer than the width broken at spaces: 80 columns when stdout is not a terminal, else
// COLUMNS when it is a number in 20..1000, else the terminal's width. An option's description continues under its
// first line, an example command four columns further in; a word longer than the room is never split.
std::string wrapped_help(const std::string& help, const Terminal& terminal);

}  // namespace gpucost::cli
