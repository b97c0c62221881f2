#include "gpucost/util/files.hpp"

#include <cctype>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <iterator>
#include <optional>
#include <string_view>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

#include <climits>
#include <fmt/format.h>

#include "gpucost/util/error.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {

std::string error_reason(int error) {
    std::string text = std::strerror(error);
    if (!text.empty()) text[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(text[0])));
    return text;
}

namespace detail {
namespace {

// The temporary file a signal handler must remove: a fixed buffer, since a handler may not allocate.
char g_pending[PATH_MAX + 1] = {};
volatile std::sig_atomic_t g_armed = 0;
RenameFunction g_rename = nullptr;

}  // namespace

void set_rename_function(RenameFunction rename) noexcept { g_rename = rename; }

void set_pending_temporary(const char* path) noexcept {
    g_armed = 0;
    if (path == nullptr || std::strlen(path) > PATH_MAX) return;
    std::strcpy(g_pending, path);
    g_armed = 1;
}

void remove_pending_temporary() noexcept {
    if (g_armed == 0) return;
    g_armed = 0;
    ::unlink(g_pending);
}

void on_fatal_signal(int signal) noexcept {
    remove_pending_temporary();
    struct sigaction action {};
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    ::sigaction(signal, &action, nullptr);
    ::raise(signal);  // blocked until this handler returns; then the default action ends the program
}

}  // namespace detail

namespace {

constexpr int k_fatal_signals[] = {SIGINT, SIGTERM, SIGHUP};
constexpr int k_max_link_hops = 40;  // Linux's own limit (ELOOP)

[[noreturn]] void fail(const std::string& path, const char* step, int error,
                       const char* outcome = "; the file was not changed") {
    throw OutputError(
        fmt::format("--output {}: cannot {}: {}{}", quote_value(path), step, error_reason(error), outcome));
}

// Installs the temporary-removing handler for SIGINT, SIGTERM and SIGHUP (a signal ignored, as under nohup,
// stays ignored), and puts the old actions back when it goes.
class SignalGuard {
public:
    SignalGuard() {
        for (std::size_t i = 0; i < std::size(k_fatal_signals); ++i) {
            ::sigaction(k_fatal_signals[i], nullptr, &m_old[i]);
            if (m_old[i].sa_handler == SIG_IGN) continue;
            struct sigaction action {};
            action.sa_handler = detail::on_fatal_signal;
            sigemptyset(&action.sa_mask);
            ::sigaction(k_fatal_signals[i], &action, nullptr);
        }
    }
    SignalGuard(const SignalGuard&) = delete;
    SignalGuard& operator=(const SignalGuard&) = delete;
    ~SignalGuard() {
        detail::set_pending_temporary(nullptr);
        for (std::size_t i = 0; i < std::size(k_fatal_signals); ++i)
            ::sigaction(k_fatal_signals[i], &m_old[i], nullptr);
    }

private:
    struct sigaction m_old[std::size(k_fatal_signals)] = {};
};

// Blocks the fatal signals for one scope, so that the rename and forgetting the temporary happen together.
class SignalBlock {
public:
    SignalBlock() {
        sigset_t set;
        sigemptyset(&set);
        for (int s : k_fatal_signals) sigaddset(&set, s);
        ::sigprocmask(SIG_BLOCK, &set, &m_old);
    }
    SignalBlock(const SignalBlock&) = delete;
    SignalBlock& operator=(const SignalBlock&) = delete;
    ~SignalBlock() { ::sigprocmask(SIG_SETMASK, &m_old, nullptr); }

private:
    sigset_t m_old{};
};

// Removes the temporary file unless the rename consumed it.
class TempFile {
public:
    TempFile(std::string path, int fd)
        : m_path(std::move(path)),
          m_fd(fd) {
        detail::set_pending_temporary(m_path.c_str());
    }
    TempFile(const TempFile&) = delete;
    TempFile& operator=(const TempFile&) = delete;
    ~TempFile() {
        if (m_fd >= 0) ::close(m_fd);
        if (!m_renamed) ::unlink(m_path.c_str());
        detail::set_pending_temporary(nullptr);
    }
    int fd() const { return m_fd; }
    int release() { return std::exchange(m_fd, -1); }
    const std::string& path() const { return m_path; }
    void renamed() {
        m_renamed = true;
        detail::set_pending_temporary(nullptr);
    }

private:
    std::string m_path;
    int m_fd = -1;
    bool m_renamed = false;
};

std::string folder_of(const std::string& path) {
    const std::size_t slash = path.rfind('/');
    return slash == std::string::npos ? std::string() : path.substr(0, slash + 1);
}

// What the symbolic link `path` points to, relative to the link's folder; nothing when `path` is no link.
std::optional<std::string> link_target(const std::string& path) {
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return std::nullopt;
    char target[PATH_MAX];
    const ssize_t n = ::readlink(path.c_str(), target, sizeof target);
    if (n <= 0 || static_cast<std::size_t>(n) >= sizeof target) return std::nullopt;
    const std::string link(target, static_cast<std::size_t>(n));
    return link.front() == '/' ? link : folder_of(path) + link;
}

// The file a chain of symbolic links ends at (the path itself when it is no link). The end may not exist.
std::string follow_links(const std::string& path) {
    std::string current = path;
    for (int hop = 0; hop < k_max_link_hops; ++hop) {
        std::optional<std::string> next = link_target(current);
        if (!next) return current;
        current = std::move(*next);
    }
    fail(path, "follow its symbolic links", ELOOP);
}

// N when `path` is spelled as one of this process's descriptors: /dev/stdout, /dev/stderr, /dev/fd/N,
// /proc/self/fd/N, /proc/thread-self/fd/N or /proc/PID/fd/N with this process's PID; -1 otherwise.
int descriptor_named(const std::string& path) {
    if (path == "/dev/stdout") return STDOUT_FILENO;
    if (path == "/dev/stderr") return STDERR_FILENO;
    const std::string own = fmt::format("/proc/{}/fd/", ::getpid());
    for (const std::string_view prefix : {std::string_view("/dev/fd/"), std::string_view("/proc/self/fd/"),
                                          std::string_view("/proc/thread-self/fd/"), std::string_view(own)}) {
        if (path.rfind(prefix, 0) != 0) continue;
        const std::string_view digits = std::string_view(path).substr(prefix.size());
        if (digits.empty() || digits.size() > 9) return -1;
        int fd = 0;
        for (const char c : digits) {
            if (c < '0' || c > '9') return -1;
            fd = fd * 10 + (c - '0');
        }
        return fd;
    }
    return -1;
}

// The open descriptor a path reaches through its links by one of descriptor_named's spellings; -1 when none.
int own_descriptor(const std::string& path) {
    std::string current = path;
    for (int hop = 0; hop < k_max_link_hops; ++hop) {
        const int fd = descriptor_named(current);
        struct stat st {};
        if (fd >= 0) return ::fstat(fd, &st) == 0 ? fd : -1;
        std::optional<std::string> next = link_target(current);
        if (!next) return -1;
        current = std::move(*next);
    }
    return -1;
}

// ".NAME.tmp-XXXXXX" beside `target`, NAME cut (at a UTF-8 character boundary) so the whole fits NAME_MAX.
std::string temporary_pattern(const std::string& target) {
    const std::string folder = folder_of(target);
    std::string base = target.substr(folder.size());
    const std::size_t room = NAME_MAX - std::strlen("..tmp-XXXXXX");
    if (base.size() > room) {
        std::size_t cut = room;
        while (cut > 0 && (static_cast<unsigned char>(base[cut]) & 0xC0) == 0x80) --cut;
        base.resize(cut);
    }
    return folder + "." + base + ".tmp-XXXXXX";
}

void write_all(int fd, const OutputText& text, const std::string& path, const char* outcome) {
    text([&](std::string_view piece) {
        std::size_t written = 0;
        while (written < piece.size()) {
            const ssize_t n = ::write(fd, piece.data() + written, piece.size() - written);
            if (n < 0) {
                if (errno == EINTR) continue;
                fail(path, "write", errno, outcome);
            }
            written += static_cast<std::size_t>(n);
        }
    });
}

// Opens what is already there and writes into it: a device, FIFO or socket, or a file replaced in place.
void write_in_place(const std::string& path, const OutputText& text, bool regular) {
    const char* outcome = regular ? "; the file may be incomplete" : "";
    const int fd = ::open(path.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC | (regular ? O_TRUNC : 0));
    if (fd < 0) fail(path, "open", errno, regular ? "; the file was not changed" : "");
    try {
        write_all(fd, text, path, outcome);
        if (regular && ::fsync(fd) != 0) fail(path, "flush", errno, outcome);
    } catch (...) {
        ::close(fd);
        throw;
    }
    if (::close(fd) != 0) fail(path, "close", errno, outcome);
}

// mkstemp makes 0600: an existing file's permission bits (never setuid, setgid, sticky) and owner where
// permitted, else what a plain create would give under the umask.
void take_mode_and_owner(int fd, const std::string& path, const struct stat* existing) {
    mode_t mode = 0;
    if (existing != nullptr) {
        mode = existing->st_mode & 0777;
        if ((existing->st_uid != ::geteuid() || existing->st_gid != ::getegid()) &&
            ::fchown(fd, existing->st_uid, existing->st_gid) != 0)
            (void)::fchown(fd, static_cast<uid_t>(-1), existing->st_gid);  // a member of its group keeps the group
    } else {
        const mode_t mask = ::umask(0);
        ::umask(mask);
        mode = static_cast<mode_t>(0666) & ~mask;
    }
    if (::fchmod(fd, mode) != 0) fail(path, "set the mode of a temporary file", errno);
}

std::string in_place_warning(const std::string& path, const char* why, int error) {
    return fmt::format("--output {}: {}: {}; writing the file in place instead, not atomically", quote_value(path), why,
                       error_reason(error));
}

// long: the steps of an atomic replacement, each with its own failure and fallback, read best in one place
void replace_atomically(const std::string& path, const std::string& target, const struct stat* existing,
                        const OutputText& text, std::vector<std::string>& warnings) {
    const SignalGuard guard;
    std::string pattern = temporary_pattern(target);
    const int fd = ::mkstemp(pattern.data());
    if (fd < 0) {
        const int error = errno;
        if (existing == nullptr || (error != EACCES && error != EPERM && error != EROFS))
            fail(path, "create a temporary file in its folder", error);
        warnings.push_back(in_place_warning(path, "cannot create a temporary file in its folder", error));
        write_in_place(target, text, true);
        return;
    }
    TempFile temp(pattern, fd);
    take_mode_and_owner(fd, path, existing);
    write_all(fd, text, path, "; the file was not changed");
    if (::fsync(fd) != 0) fail(path, "flush", errno);
    if (::close(temp.release()) != 0) fail(path, "close", errno);
    int error = 0;
    {
        const SignalBlock block;
        const detail::RenameFunction rename = detail::g_rename != nullptr ? detail::g_rename : ::rename;
        if (rename(temp.path().c_str(), target.c_str()) == 0)
            temp.renamed();
        else
            error = errno;
    }
    if (error == 0) return;
    if (existing == nullptr || (error != EBUSY && error != EXDEV)) fail(path, "replace", error);
    warnings.push_back(in_place_warning(path, "cannot rename a temporary file over it", error));
    write_in_place(target, text, true);
}

}  // namespace

std::vector<std::string> write_output_file(const std::string& path, const std::string& text) {
    return write_output_file(path, OutputText([&](const OutputSink& sink) { sink(text); }));
}

std::vector<std::string> write_output_file(const std::string& path, const OutputText& text) {
    if (path.empty() || path.back() == '/') fail(path, "write", EISDIR);
    std::vector<std::string> warnings;
    if (const int fd = own_descriptor(path); fd >= 0) {
        write_all(fd, text, path, "");  // the descriptor as it is: the shell's `>` or `>>`, a pipe, a socket
        return warnings;
    }
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
        if (S_ISDIR(st.st_mode)) fail(path, "write", EISDIR);
        write_in_place(path, text, false);  // a character device, FIFO or socket: never replaced
        return warnings;
    }
    const std::string target = follow_links(path);
    struct stat existing {};
    const bool exists = ::stat(target.c_str(), &existing) == 0;
    if (!exists && errno != ENOENT) fail(path, "write", errno);
    if (exists && ::faccessat(AT_FDCWD, target.c_str(), W_OK, AT_EACCESS) != 0) fail(path, "write", errno);
    replace_atomically(path, target, exists ? &existing : nullptr, text, warnings);
    return warnings;
}

bool same_file(const std::string& a, const std::string& b) {
    struct stat first {};
    struct stat second {};
    return ::stat(a.c_str(), &first) == 0 && ::stat(b.c_str(), &second) == 0 && first.st_dev == second.st_dev &&
           first.st_ino == second.st_ino;
}

}  // namespace gpucost
