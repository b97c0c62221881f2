#include <cerrno>
#include <cstdio>
#include <iostream>
#include <sys/ioctl.h>
#include <unistd.h>

#include "gpucost/cli.hpp"
#include "gpucost/util/files.hpp"

int main(int argc, char** argv) {
    gpucost::Terminal terminal;
    terminal.stdout_is_terminal = isatty(STDOUT_FILENO) == 1;
    winsize size{};
    if (terminal.stdout_is_terminal && ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0) terminal.columns = size.ws_col;
    const int code = gpucost::run(argc, argv, std::cout, std::cerr, terminal);
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
