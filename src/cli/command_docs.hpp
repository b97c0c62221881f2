// A command's manual and examples: src/cli/command_<name>.md, embedded at build time (cmake/embed_docs.cmake), so
// `--help`, the manual page and the file a reader opens on GitHub are one text. Private to the CLI layer.
#pragma once

#include <string>
#include <string_view>

namespace gpucost::cli {

// The whole file src/cli/command_<name>.md as embedded; empty when the command has none. Generated.
std::string_view command_markdown(std::string_view name) noexcept;

// The manual section of `markdown`: every line after its "# " title and before "## Examples", with leading and
// trailing blank lines dropped.
std::string manual_section(std::string_view markdown);

// The lines of the first fenced block under "## Examples" in `markdown`, each non-empty one indented two spaces,
// after an "Examples:" line: the text --help prints. Empty when there is no such block.
std::string examples_section(std::string_view markdown);

// What --help prints under a command's options: its examples (from its .md file), then the exit codes.
std::string command_footer(std::string_view name);

// The exit codes, as --help prints them (diagnostics.cpp). Declared in cli_common.hpp too, which every command
// includes with this header, so the two cannot disagree; declared here so this file needs no CLI11.
extern const char* const k_exit_codes_help;

}  // namespace gpucost::cli
