#include "gpucost/util/files.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

#include <fmt/format.h>

#include "gpucost/util/error.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {
namespace {

[[noreturn]] void fail(const std::string& path, const char* step, int error) {
    throw OutputError(fmt::format("--output {}: cannot {}: {}; the file was not changed", quote_value(path), step,
                                  std::strerror(error)));
}

// Removes the temporary file unless the rename consumed it.
class TempFile {
public:
    explicit TempFile(std::string path)
        : m_path(std::move(path)) {}
    TempFile(const TempFile&) = delete;
    TempFile& operator=(const TempFile&) = delete;
    ~TempFile() {
        if (m_fd >= 0) ::close(m_fd);
        if (!m_renamed) ::unlink(m_path.c_str());
    }
    int& fd() { return m_fd; }
    const std::string& path() const { return m_path; }
    void renamed() { m_renamed = true; }

private:
    std::string m_path;
    int m_fd = -1;
    bool m_renamed = false;
};

}  // namespace

void write_file_atomically(const std::string& path, const std::string& text) {
    if (path.empty() || path.back() == '/') fail(path, "write", EISDIR);
    const std::size_t slash = path.rfind('/');
    const std::string folder = slash == std::string::npos ? "." : path.substr(0, slash + 1);
    const std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
    // In the same folder, so that rename() is atomic (same file system); the dot hides it from `ls`.
    std::string pattern = (slash == std::string::npos ? "" : folder) + "." + base + ".tmp-XXXXXX";
    std::vector<char> name(pattern.begin(), pattern.end());
    name.push_back('\0');
    const int fd = ::mkstemp(name.data());
    if (fd < 0) fail(path, "create a temporary file in its folder", errno);
    TempFile temp(name.data());
    temp.fd() = fd;

    // mkstemp makes 0600; keep an existing file's mode, else what a plain create would give under the umask.
    struct stat existing {};
    mode_t mode = 0;
    if (::stat(path.c_str(), &existing) == 0) {
        if (S_ISDIR(existing.st_mode)) fail(path, "write", EISDIR);
        mode = existing.st_mode & 07777;
    } else {
        const mode_t mask = ::umask(0);
        ::umask(mask);
        mode = static_cast<mode_t>(0666) & ~mask;
    }
    if (::fchmod(fd, mode) != 0) fail(path, "set the mode of a temporary file", errno);

    std::size_t written = 0;
    while (written < text.size()) {
        const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
        if (n < 0) {
            if (errno == EINTR) continue;
            fail(path, "write", errno);
        }
        written += static_cast<std::size_t>(n);
    }
    if (::fsync(fd) != 0) fail(path, "flush", errno);
    temp.fd() = -1;
    if (::close(fd) != 0) fail(path, "close", errno);
    if (::rename(temp.path().c_str(), path.c_str()) != 0) fail(path, "replace", errno);
    temp.renamed();
}

}  // namespace gpucost
