// Writing a whole output file so that a reader never sees half of it (--output FILE).
#pragma once

#include <string>

namespace gpucost {

// Writes `text` to `path` atomically: a temporary file in the same folder, flushed to disk, then renamed over
// `path`. Throws OutputError (exit code 4) naming the path when any step fails; an existing file at `path` is
// then left as it was and the temporary file is removed.
void write_file_atomically(const std::string& path, const std::string& text);

}  // namespace gpucost
