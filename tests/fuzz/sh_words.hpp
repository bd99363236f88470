// How POSIX sh splits a command line into words, for the launch commands' property (issue 32):
// single quotes keep everything, a backslash outside them keeps the next character (cardfit
// writes a quote inside single quotes as '\''), "$NAME" is a variable and nothing else may be
// double-quoted, and any other character sh would act on outside quotes (; | & < > ( ) $ ` * ?
// [ ] { } # ~ ! and line breaks) makes the line unsafe: nullopt.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "launch.hpp"

namespace cardfit::fuzz {

inline std::optional<std::vector<ShellWord>> sh_split(std::string_view line) {
  std::vector<ShellWord> words;
  std::size_t i = 0;
  while (i < line.size()) {
    if (line[i] == ' ') {
      ++i;
      continue;
    }
    ShellWord w;
    bool quoted_var = false, any_literal = false;
    while (i < line.size() && line[i] != ' ') {
      const char c = line[i];
      if (c == '\'') {
        const std::size_t end = line.find('\'', i + 1);
        if (end == std::string_view::npos) return std::nullopt;
        w.text.append(line.substr(i + 1, end - i - 1));
        any_literal = true;
        i = end + 1;
      } else if (c == '"') {
        const std::size_t end = line.find('"', i + 1);
        if (end == std::string_view::npos || line[i + 1] != '$') return std::nullopt;
        const std::string_view name = line.substr(i + 2, end - i - 2);
        if (name.empty()) return std::nullopt;
        for (char n : name) {
          const bool ok = (n >= 'A' && n <= 'Z') || (n >= 'a' && n <= 'z') || (n >= '0' && n <= '9') || n == '_';
          if (!ok) return std::nullopt;
        }
        w.text.append(name);
        quoted_var = true;
        i = end + 1;
      } else if (c == '\\') {
        if (i + 1 >= line.size() || line[i + 1] == '\n') return std::nullopt;
        w.text += line[i + 1];
        any_literal = true;
        i += 2;
      } else if (std::string_view(";|&<>()$`*?[]{}#~!\t\n\r\v\f").find(c) != std::string_view::npos || c == '\0') {
        return std::nullopt;
      } else {
        w.text += c;
        any_literal = true;
        ++i;
      }
    }
    if (quoted_var && any_literal) return std::nullopt;  // cardfit writes a variable as a word of its own
    w.variable = quoted_var;
    words.push_back(std::move(w));
  }
  return words;
}

}  // namespace cardfit::fuzz
