// Writing a command's whole result to the file --output names, so that a reader never sees half of it.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace gpucost {

// Writes `text` to `path` by the rules of docs/output.md ("--output and stdout"):
// - a missing path or a regular file is replaced atomically: a temporary file (`.NAME.tmp-XXXXXX`, the name
//   shortened to fit NAME_MAX) in the same folder, flushed to disk, then renamed over it. A symbolic link is
//   followed: the file it names is replaced in its own folder and the link stays. The replaced file keeps its
//   permission bits (never setuid, setgid or sticky) and, where permitted, its owner and group.
// - a character device, FIFO or socket is written straight into, never replaced.
// - an existing file without write permission is refused, as a shell's `>` would refuse it.
// - when the folder takes no temporary file, or rename() fails with EBUSY or EXDEV (a bind-mounted file), an
//   existing file is overwritten in place; the returned warnings (one sentence each) say so.
// While the temporary file exists, SIGINT, SIGTERM and SIGHUP remove it before ending the program.
// Throws OutputError (exit code 4) naming the path when the text cannot be written; in the atomic case an
// existing file is then left as it was and the temporary file removed.
// A path naming one of this process's open descriptors (/dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N,
// or a link to one) is written through that descriptor, at its offset and in its mode (`>>` appends), and never
// replaced: `--output /dev/stdout > f` leaves f the file the shell opened.
std::vector<std::string> write_output_file(const std::string& path, const std::string& text);

// Where a streamed text goes, a piece at a time.
using OutputSink = std::function<void(std::string_view piece)>;
// A text produced as it is written: calls the sink with each piece in order. It may be called more than once (an
// in-place fallback writes it again) and must give the same text each time.
using OutputText = std::function<void(const OutputSink& sink)>;
// write_output_file for a text too large to hold: each piece goes straight to the temporary file (or the device),
// by the same rules, so a reader still never sees half of a replaced file.
std::vector<std::string> write_output_file(const std::string& path, const OutputText& text);

// True when both paths exist and name the same file (device and inode, links followed): `./a.json`, `a.json` and
// a link to it are one file.
bool same_file(const std::string& a, const std::string& b);

// strerror(error) in lower case, as messages print it: "no space left on device".
std::string error_reason(int error);

namespace detail {
// What the signal handler does before re-raising: unlinks the temporary file registered while one is being
// written (async-signal-safe). Exposed for tests.
void set_pending_temporary(const char* path) noexcept;
void remove_pending_temporary() noexcept;
// The handler itself: removes the temporary, restores the default action of `signal` and raises it again.
void on_fatal_signal(int signal) noexcept;
// The rename(2) write_output_file calls (nullptr: the system's), so that a test can make it fail with EBUSY or
// EXDEV, as a bind-mounted file does, without a mount.
using RenameFunction = int (*)(const char* from, const char* to);
void set_rename_function(RenameFunction rename) noexcept;
}  // namespace detail

}  // namespace gpucost
