#include <iostream>
#include <unistd.h>

#include "gpucost/cli.hpp"

int main(int argc, char** argv) {
    gpucost::Terminal terminal;
    terminal.stdout_is_terminal = isatty(STDOUT_FILENO) == 1;
    return gpucost::run(argc, argv, std::cout, std::cerr, terminal);
}
