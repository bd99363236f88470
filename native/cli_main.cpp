// `cardfit`: the command-line front end. The contract is in cli_run.cpp, the commands in
// cli_<command>.cpp.
#include <iostream>
#include <string>
#include <vector>

#include "cli.hpp"
#include "os.hpp"

int main(int argc, char** argv) {
  // Windows: the same bytes as on Linux ("\n", UTF-8) and UTF-8 arguments (os.hpp).
  cardfit::native::os::binary_stdio();
  std::vector<std::string> args = cardfit::native::os::arguments(argc, argv);
  std::vector<char*> ptrs;
  for (auto& a : args) ptrs.push_back(a.data());
  ptrs.push_back(nullptr);
  cardfit::cli::Output io{std::cout, std::cerr, cardfit::cli::terminal_columns(), &std::cin};
  return cardfit::cli::run(static_cast<int>(args.size()), ptrs.data(), io);
}
