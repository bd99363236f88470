#include "native_drop.hpp"

#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "messages.hpp"
#include "native_files.hpp"

namespace cardfit::native {

std::vector<ui::FileOutcome> open_paths(ui::App& app, const std::vector<std::string>& paths) {
  std::vector<ui::UserFile> files;
  for (const std::string& p : paths) files.push_back(ui::UserFile{p, read_file(p)});
  return ui::app_open_files(app, files);
}

std::vector<std::string> remember_overlays(std::vector<std::string> remembered, const std::vector<std::string>& paths,
                                           const std::vector<ui::FileOutcome>& outcomes) {
  for (std::size_t i = 0; i < paths.size() && i < outcomes.size(); ++i) {
    if (!outcomes[i].ok || outcomes[i].kind != FileKind::Overlay) continue;
    remembered.erase(std::remove(remembered.begin(), remembered.end(), paths[i]), remembered.end());
    remembered.push_back(paths[i]);  // applied last: reopened last
  }
  return remembered;
}

std::string overlays_setting(const std::vector<std::string>& paths) { return nlohmann::json(paths).dump(); }

std::vector<std::string> overlays_from_setting(const std::string& value) {
  const auto doc = nlohmann::json::parse(value, nullptr, false);
  std::vector<std::string> out;
  if (!doc.is_array()) return out;
  for (const auto& p : doc) {
    if (p.is_string()) out.push_back(p.get<std::string>());
  }
  return out;
}

std::vector<std::string> reopen_overlays(ui::App& app, const std::vector<std::string>& remembered) {
  if (remembered.empty()) return {};
  const std::vector<ui::FileOutcome> outcomes = open_paths(app, remembered);
  if (!app.files_loaded.empty()) app.files_loaded.insert(app.files_loaded.begin(), msg::files_reopened());
  return remember_overlays({}, remembered, outcomes);
}

std::string window_size_setting(int width, int height) { return std::to_string(width) + "x" + std::to_string(height); }

bool window_size_from_setting(const std::string& value, int& width, int& height) {
  int w = 0, h = 0;
  char x = 0, rest = 0;
  if (std::sscanf(value.c_str(), "%d%c%d%c", &w, &x, &h, &rest) != 3 || x != 'x') return false;
  if (w < 320 || w > 7680 || h < 240 || h > 4320) return false;
  width = w;
  height = h;
  return true;
}

}  // namespace cardfit::native
