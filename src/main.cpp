#include <iostream>

#include "gpucost/cli.hpp"

int main(int argc, char** argv) { return gpucost::run(argc, argv, std::cout, std::cerr); }
