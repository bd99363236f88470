// `cardfit`: the command-line front end. The contract is in cli_run.cpp, the commands in
// cli_<command>.cpp.
#include <iostream>

#include "cli.hpp"

int main(int argc, char** argv) {
  cardfit::cli::Output io{std::cout, std::cerr, cardfit::cli::terminal_columns(), &std::cin};
  return cardfit::cli::run(argc, argv, io);
}
