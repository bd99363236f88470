// Plan options and estimate rows as CSV, Markdown or HTML (table_export.hpp).
#include "table_export.hpp"

#include "format.hpp"
#include "labels.hpp"
#include "messages.hpp"
#include "plan_rows.hpp"

namespace cardfit {
namespace {

std::string word(MsgId id, Lang lang) { return text(id, lang); }
std::string rate(double v) { return v > 0 ? format_trimmed(v, 2) : ""; }
std::string gb(std::int64_t bytes) { return format_trimmed(static_cast<double>(bytes) / 1e9, 2); }

bool is_plain_number(const std::string& s) {
  std::size_t i = s[0] == '-' || s[0] == '+' ? 1 : 0;
  bool digit = false, dot = false;
  for (; i < s.size(); ++i) {
    if (s[i] >= '0' && s[i] <= '9') digit = true;
    else if (s[i] == '.' && !dot) dot = true;
    else return false;
  }
  return digit;
}

}  // namespace

// [SECTION] Cells that stay data

// OWASP "CSV Injection": a cell a spreadsheet would read as a formula (=, +, -, @, tab, CR first)
// gets a leading apostrophe, unless it is a plain number such as "-5" or "+1.5".
std::string csv_cell(const std::string& s) {
  const bool formula = !s.empty() && std::string_view("=+-@\t\r").find(s[0]) != std::string_view::npos && !is_plain_number(s);
  const std::string v = formula ? "'" + s : s;
  if (!formula && v.find_first_of(",\"\n\r") == std::string::npos) return v;
  std::string out = "\"";
  for (char c : v) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

// Plain text in a Markdown cell: the characters Markdown and inline HTML would act on are
// backslash-escaped (CommonMark: any ASCII punctuation may be), line breaks become spaces.
std::string markdown_cell(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '\n' || c == '\r') out += ' ';
    else if (std::string_view("\\|`*_[]<>&~").find(c) != std::string_view::npos) out.append(1, '\\').append(1, c);
    else out += c;
  }
  return out;
}

// Text in an HTML or XML element or attribute: the five characters that could start markup or end
// a quoted attribute become entities (a platform named "<script>" prints as those letters);
// control characters other than tab are not XML (the card's SVG) and are dropped.
std::string html_cell(std::string_view s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default:
        if (static_cast<unsigned char>(c) >= 0x20 || c == '\t') out += c;
    }
  }
  return out;
}

TextTable plan_table(const Plan& p, Lang lang) {
  const PlanRows rows = plan_rows(p, lang);  // the CLI's table prints the same cells
  TextTable t;
  for (const PlanColumnHead& h : rows.columns) t.header.push_back(h.header);
  for (const PlanRow& r : rows.rows) {
    std::vector<std::string> cells;
    for (const Cell& c : r.cells) cells.push_back(c.words);
    t.rows.push_back(std::move(cells));
  }
  return t;
}

TextTable estimate_table(const Estimate& e, Lang lang) {
  TextTable t;
  t.header = {word(MsgId::cli_col_gpu, lang),       word(MsgId::cli_col_cards, lang),
              word(MsgId::cli_col_fit, lang),       word(MsgId::cli_col_per_card, lang),
              word(MsgId::cli_col_usable, lang),    word(MsgId::cli_col_decode, lang),
              word(MsgId::cli_col_aggregate, lang), word(MsgId::cli_col_ttft, lang),
              word(MsgId::cli_col_max_context, lang), word(MsgId::cli_col_max_conc, lang)};
  for (const GpuEstimate& g : e.gpus) {
    t.rows.push_back({g.gpu, std::to_string(g.cards), render(Message(label_of(g.fit)), lang), gb(g.per_card_bytes),
                      gb(g.usable_bytes), rate(g.decode_tokens_per_s), rate(g.aggregate_tokens_per_s), rate(g.ttft_ms),
                      std::to_string(g.max_context), std::to_string(g.max_concurrency)});
  }
  return t;
}

TextTable capability_table(const CardCapability& c, const Catalog& catalog, Lang lang) {
  TextTable t;
  t.header = {word(MsgId::cap_col_model, lang),       word(MsgId::cap_col_params, lang),
              word(MsgId::cap_col_precision, lang),   word(MsgId::cap_col_per_card, lang),
              word(MsgId::cap_col_max_context, lang), word(MsgId::cap_col_max_concurrency, lang),
              word(MsgId::cap_col_speed, lang)};
  for (const ModelCapability& m : c.models) {
    const Model* model = catalog.find_model(m.model);
    const WeightPrecision* p = catalog.find_weight_precision(m.precision);
    t.rows.push_back({model ? model->name : m.model, format_count(static_cast<double>(m.params)),
                      p ? p->name : m.precision, format_gb(static_cast<double>(m.per_card_bytes)),
                      format_grouped(static_cast<double>(m.max_context)),
                      format_grouped(static_cast<double>(m.max_concurrency)), rate(m.decode_tokens_per_s)});
  }
  return t;
}

namespace {

// Inline styles only: article editors (WeChat's, Zhihu's) keep a style attribute and drop classes,
// ids and <style> elements. Thin grey rules, a tinted header row, text that wraps on a phone.
constexpr const char* kHtmlTable = "<table style=\"border-collapse:collapse;font-size:14px;line-height:1.4\">\n";
constexpr const char* kHtmlCell = "border:1px solid #d0d7de;padding:4px 8px;text-align:left;vertical-align:top";

std::string html_table(const TextTable& t) {
  std::string out = kHtmlTable;
  auto line = [&](const std::vector<std::string>& cells, const char* tag, const char* extra) {
    out += "<tr>";
    for (const std::string& c : cells) {
      out.append("<").append(tag).append(" style=\"").append(kHtmlCell).append(extra).append("\">");
      out.append(html_cell(c)).append("</").append(tag).append(">");
    }
    out += "</tr>\n";
  };
  out += "<thead>\n";
  line(t.header, "th", ";background:#f6f8fa;font-weight:bold");
  out += "</thead>\n<tbody>\n";
  for (const auto& r : t.rows) line(r, "td", "");
  return out + "</tbody>\n</table>\n";
}

}  // namespace

std::string render_table(const TextTable& t, TableFormat format) {
  if (format == TableFormat::Html) return html_table(t);
  std::string out;
  auto line = [&](const std::vector<std::string>& cells) {
    if (format == TableFormat::Csv) {
      for (std::size_t i = 0; i < cells.size(); ++i) out += (i ? "," : "") + csv_cell(cells[i]);
      out += "\r\n";
    } else {
      out += "|";
      for (const std::string& c : cells) out += " " + markdown_cell(c) + " |";
      out += "\n";
    }
  };
  if (format != TableFormat::Csv && format != TableFormat::Markdown) return out;
  line(t.header);
  if (format == TableFormat::Markdown) {
    out += "|";
    for (std::size_t i = 0; i < t.header.size(); ++i) out += " --- |";
    out += "\n";
  }
  for (const auto& r : t.rows) line(r);
  return out;
}

}  // namespace cardfit
