// Display names (see labels.hpp).
#include "labels.hpp"

#include <cctype>

#include "format.hpp"
#include "messages.hpp"

namespace cardfit {

std::string gpu_short_name(const Gpu& gpu) { return gpu_short_name(gpu.name.empty() ? gpu.id : gpu.name); }

std::string gpu_short_name(const std::string& gpu_name) {
  std::string name = gpu_name;
  for (const char* prefix : {"NVIDIA ", "GeForce ", "Tesla "}) {
    const std::string p = prefix;
    if (name.compare(0, p.size(), p) == 0) name.erase(0, p.size());
  }
  return name;
}

std::string precision_label(const std::string& id) {
  std::string out = id;
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

Message kv_label(const std::string& id) {
  if (id.empty() || id == "auto-16") return msg::plan_kv_auto(std::string("16"));
  if (id == "auto-32") return msg::plan_kv_auto(std::string("32"));
  return msg::common_verbatim(precision_label(id));
}

Message kv_default_label(const Catalog& catalog, const Scenario& scenario) {
  const Model* m = scenario_model(catalog, scenario);
  const std::string fixed = m ? fixed_kv_layout(*m) : std::string();
  if (!fixed.empty()) return msg::in_kv_fixed(precision_label(fixed));
  return msg::in_kv_follow();
}

std::string tokens_label(std::int64_t tokens) {
  if (tokens >= 1024 && tokens % 1024 == 0) return std::to_string(tokens / 1024) + "k";
  return format_grouped(static_cast<double>(tokens));
}

std::string count_label(double n) {
  const struct {
    double scale;
    const char* suffix;
  } units[] = {{1e12, "T"}, {1e9, "B"}, {1e6, "M"}};
  for (const auto& u : units) {
    if (n >= u.scale) return format_trimmed(n / u.scale, 2) + u.suffix;
  }
  return format_grouped(n);
}

std::string amount_range(const Money& m) {
  const std::string low = format_amount(m.low);
  const std::string high = format_amount(m.high);
  return low == high ? low : low + "-" + high;
}

Message platform_name(const Platform& p) { return msg::common_bilingual(p.name_en, p.name_zh); }

Message platform_with_product(const Message& platform_name, const Message& product) {
  return product.empty() ? platform_name : msg::opt_platform_product(platform_name, product);
}

Message tier_label(const BudgetTier& t) {
  if (t.high_cny_per_month <= 0) return msg::plan_tier_open(format_grouped(t.low_cny_per_month));
  if (t.low_cny_per_month <= 0) return msg::plan_tier_under(format_grouped(t.high_cny_per_month));
  return msg::plan_tier_range(format_grouped(t.low_cny_per_month), format_grouped(t.high_cny_per_month));
}

Message money_label(const Money& m, Currency c) {
  return c == Currency::Usd ? msg::plan_money_usd(amount_range(m)) : msg::plan_money_cny(amount_range(m));
}

Message monthly_label(const Money& m, Currency c) {
  return c == Currency::Usd ? msg::plan_monthly_usd(amount_range(m)) : msg::plan_monthly_cny(amount_range(m));
}

Message overlay_label(const std::string& file) {
  const std::size_t slash = file.find_last_of("/\\");
  return msg::opt_from_overlay(slash == std::string::npos ? file : file.substr(slash + 1));
}

}  // namespace cardfit
