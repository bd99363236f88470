#include "result.hpp"

namespace cardfit {

std::string issue_text(const Issue& issue, Lang lang) {
  std::string text = render(issue.message, lang);
  if (issue.field.empty() || text.compare(0, issue.field.size(), issue.field) == 0) return text;
  return issue.field + ": " + text;
}

}  // namespace cardfit
