#include <cerrno>
#include <cstdio>
#include <iostream>
#include <new>
#include <sys/ioctl.h>
#include <unistd.h>

#include "gpucost/cli.hpp"
#include "gpucost/util/error.hpp"
#include "gpucost/util/files.hpp"

int main(int argc, char** argv) {
    gpucost::Terminal terminal;
    terminal.stdout_is_terminal = isatty(STDOUT_FILENO) == 1;
    winsize size{};
    if (terminal.stdout_is_terminal && ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0) terminal.columns = size.ws_col;
    int code = 0;
    try {
        code = gpucost::run(argc, argv, std::cout, std::cerr, terminal);
    } catch (const std::bad_alloc&) {
        // run() catches every error, but wording one allocates: when that fails too, a fixed line, no allocation.
        std::fputs("gpucost: error: ", stderr);
        std::fputs(gpucost::k_out_of_memory_message, stderr);
        std::fputs("\n", stderr);
        return static_cast<int>(gpucost::ExitCode::out_of_memory);
    }
    // run() flushed and checked std::cout; this catches anything left in C's stdout buffer, which exit() would
    // otherwise flush without a word when the write fails.
    errno = 0;
    if (code != 4 && (std::fflush(stdout) != 0 || std::ferror(stdout) != 0)) {
        std::cerr << "gpucost: error: stdout: cannot write: " << gpucost::error_reason(errno != 0 ? errno : EIO)
                  << "\n";
        return 4;
    }
    return code;
}
