// The result card as SVG and as PNG (card_render.hpp).
#include "card_render.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <unordered_map>

#include "messages.hpp"
#include "table_export.hpp"  // html_cell: the one escaping of text in markup

// stb (public domain / MIT), compiled here with internal linkage: Dear ImGui's own copy of
// stb_truetype in the UI is static too, and the desktop app has its own stb_image_write.
#define STBTT_STATIC
#define STB_TRUETYPE_IMPLEMENTATION
#include <stb/stb_truetype.h>
#define STB_IMAGE_WRITE_STATIC
#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STBI_WRITE_NO_STDIO
#include <stb/stb_image_write.h>
#define STB_IMAGE_STATIC
#define STB_IMAGE_IMPLEMENTATION
#define STBI_ONLY_PNG
#define STBI_NO_STDIO
#define STBI_NO_LINEAR
#define STBI_NO_HDR
#define STBI_MAX_DIMENSIONS 4096  // = kCardLogoMaxSide: larger files are refused before decoding
#include <stb/stb_image.h>

namespace cardfit {
namespace {

constexpr float kMergedFontScale = 1.15f;  // the CJK font beside the Latin one (ui/fonts.cpp)

std::string hex(CardColour c) {
  static const char* digits = "0123456789abcdef";
  std::string s = "#";
  for (std::uint8_t v : {c.r, c.g, c.b}) {
    s += digits[v >> 4];
    s += digits[v & 15];
  }
  return s;
}

struct Fonts {
  std::vector<stbtt_fontinfo> info;
  std::vector<float> merge;  // 1 for the first font, kMergedFontScale for the others

  explicit Fonts(const std::vector<std::string_view>& files) {
    for (std::string_view f : files) {
      const auto* data = reinterpret_cast<const unsigned char*>(f.data());
      const int offset = f.empty() ? -1 : stbtt_GetFontOffsetForIndex(data, 0);
      stbtt_fontinfo fi;
      if (offset < 0 || !stbtt_InitFont(&fi, data, offset)) continue;
      info.push_back(fi);
      merge.push_back(info.size() == 1 ? 1.0f : kMergedFontScale);
    }
  }
  // The font that has `cp` (-1: none).
  int find(std::uint32_t cp) const {
    for (std::size_t i = 0; i < info.size(); ++i) {
      if (stbtt_FindGlyphIndex(&info[i], static_cast<int>(cp)) != 0) return static_cast<int>(i);
    }
    return -1;
  }
  float scale(int font, float px) const {
    const auto i = static_cast<std::size_t>(font);
    return stbtt_ScaleForPixelHeight(&info[i], px) * merge[i];
  }
};

bool drawn(std::uint32_t cp) { return cp >= 0x20 && cp != 0x7F; }

struct Canvas {
  int w, h;
  std::vector<std::uint8_t> px;
  Canvas(int width, int height, CardColour bg)
      : w(width), h(height), px(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 3) {
    for (std::size_t i = 0; i < px.size(); i += 3) {
      px[i] = bg.r;
      px[i + 1] = bg.g;
      px[i + 2] = bg.b;
    }
  }
  void blend(int x, int y, CardColour c, int alpha) {
    if (x < 0 || y < 0 || x >= w || y >= h || alpha <= 0) return;
    std::uint8_t* p = &px[(static_cast<std::size_t>(y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(x)) * 3];
    const int a = std::min(alpha, 255);
    p[0] = static_cast<std::uint8_t>((c.r * a + p[0] * (255 - a) + 127) / 255);
    p[1] = static_cast<std::uint8_t>((c.g * a + p[1] * (255 - a) + 127) / 255);
    p[2] = static_cast<std::uint8_t>((c.b * a + p[2] * (255 - a) + 127) / 255);
  }
  void fill(int x0, int y0, int rw, int rh, CardColour c) {
    for (int y = std::max(0, y0); y < std::min(h, y0 + rh); ++y) {
      for (int x = std::max(0, x0); x < std::min(w, x0 + rw); ++x) blend(x, y, c, 255);
    }
  }
};

// Text's coverage in 17 steps: the card then has few enough colours (its flat fills and a few
// ramps between a text colour and its background) for an indexed PNG, a third of the bytes.
int quantised(int alpha) { return (alpha * 16 + 127) / 255 * 255 / 16; }

float text_width(const Fonts& fonts, const std::vector<std::uint32_t>& cps, float px) {
  float w = 0;
  for (std::uint32_t cp : cps) {
    const int f = fonts.find(cp);
    if (f < 0 || !drawn(cp)) continue;
    int advance = 0, lsb = 0;
    stbtt_GetCodepointHMetrics(&fonts.info[static_cast<std::size_t>(f)], static_cast<int>(cp), &advance, &lsb);
    w += static_cast<float>(advance) * fonts.scale(f, px);
  }
  return w;
}

void draw_text(Canvas& canvas, const Fonts& fonts, const CardText& t) {
  const std::vector<std::uint32_t> cps = code_points(t.text);
  float px = static_cast<float>(t.size);
  float width = text_width(fonts, cps, px);
  if (t.max_width > 0 && width > static_cast<float>(t.max_width)) {  // narrow it to fit
    px *= static_cast<float>(t.max_width) / width;
    width = static_cast<float>(t.max_width);
  }
  float x = static_cast<float>(t.x) - (t.align == CardAlign::Right ? width : 0.0f);
  const int strokes = t.bold ? std::max(2, t.size / 20) : 1;  // bold: the glyph drawn again 1 px on
  std::vector<unsigned char> bitmap;
  for (std::uint32_t cp : cps) {
    const int f = fonts.find(cp);
    if (f < 0 || !drawn(cp)) continue;
    const stbtt_fontinfo& info = fonts.info[static_cast<std::size_t>(f)];
    const float scale = fonts.scale(f, px);
    int advance = 0, lsb = 0;
    stbtt_GetCodepointHMetrics(&info, static_cast<int>(cp), &advance, &lsb);
    const float shift = x - std::floor(x);
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    stbtt_GetCodepointBitmapBoxSubpixel(&info, static_cast<int>(cp), scale, scale, shift, 0, &x0, &y0, &x1, &y1);
    const int gw = x1 - x0, gh = y1 - y0;
    if (gw > 0 && gh > 0) {
      bitmap.assign(static_cast<std::size_t>(gw) * static_cast<std::size_t>(gh), 0);
      stbtt_MakeCodepointBitmapSubpixel(&info, bitmap.data(), gw, gh, gw, scale, scale, shift, 0, static_cast<int>(cp));
      const int bx = static_cast<int>(std::floor(x)) + x0, by = t.baseline + y0;
      for (int yy = 0; yy < gh; ++yy) {
        for (int xx = 0; xx < gw + strokes - 1; ++xx) {
          int a = 0;  // bold: the most coverage of the glyph and its copies 1..strokes-1 px to the right
          for (int s = 0; s < strokes; ++s) {
            if (xx - s >= 0 && xx - s < gw) a = std::max(a, static_cast<int>(bitmap[static_cast<std::size_t>(yy * gw + xx - s)]));
          }
          canvas.blend(bx + xx, by + yy, t.colour, quantised(a));
        }
      }
    }
    x += static_cast<float>(advance) * scale;
  }
}

std::uint32_t crc32(const std::string& bytes, std::size_t from) {
  std::uint32_t c = 0xFFFFFFFFu;
  for (std::size_t i = from; i < bytes.size(); ++i) {
    c ^= static_cast<unsigned char>(bytes[i]);
    for (int k = 0; k < 8; ++k) c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1u)));
  }
  return c ^ 0xFFFFFFFFu;
}

void put32(std::string& out, std::uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out += static_cast<char>((v >> shift) & 0xFF);
}

void chunk(std::string& out, const char* type, const std::string& data) {
  put32(out, static_cast<std::uint32_t>(data.size()));
  const std::size_t from = out.size();
  out += type;
  out += data;
  put32(out, crc32(out, from));
}

// An indexed-colour PNG (colour type 3) when the canvas has at most 256 colours; "" otherwise.
std::string indexed_png(const Canvas& canvas) {
  std::unordered_map<std::uint32_t, std::uint8_t> index;
  std::string palette;
  const auto w = static_cast<std::size_t>(canvas.w), h = static_cast<std::size_t>(canvas.h);
  std::vector<unsigned char> rows((w + 1) * h);  // each row: filter type 0, then its indices
  for (std::size_t y = 0; y < h; ++y) {
    rows[y * (w + 1)] = 0;
    for (std::size_t x = 0; x < w; ++x) {
      const std::uint8_t* p = &canvas.px[(y * w + x) * 3];
      const std::uint32_t key = (static_cast<std::uint32_t>(p[0]) << 16) | (static_cast<std::uint32_t>(p[1]) << 8) | p[2];
      auto it = index.find(key);
      if (it == index.end()) {
        if (index.size() == 256) return "";
        it = index.emplace(key, static_cast<std::uint8_t>(index.size())).first;
        palette.append(reinterpret_cast<const char*>(p), 3);
      }
      rows[y * (w + 1) + 1 + x] = it->second;
    }
  }
  int length = 0;
  unsigned char* z = stbi_zlib_compress(rows.data(), static_cast<int>(rows.size()), &length, 9);
  if (z == nullptr) return "";
  const std::string compressed(reinterpret_cast<const char*>(z), static_cast<std::size_t>(length));
  STBIW_FREE(z);
  std::string png = "\x89PNG\r\n\x1a\n";
  std::string header;
  put32(header, static_cast<std::uint32_t>(canvas.w));
  put32(header, static_cast<std::uint32_t>(canvas.h));
  header += std::string("\x08\x03\x00\x00\x00", 5);  // 8 bits, indexed, deflate, no filter set, no interlace
  chunk(png, "IHDR", header);
  chunk(png, "PLTE", palette);
  chunk(png, "IDAT", compressed);
  chunk(png, "IEND", "");
  return png;
}

std::string base64(std::string_view bytes) {
  static const char* digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::size_t n = std::min<std::size_t>(3, bytes.size() - i);
    std::uint32_t v = 0;
    for (std::size_t k = 0; k < 3; ++k) v = (v << 8) | (k < n ? static_cast<std::uint8_t>(bytes[i + k]) : 0u);
    for (std::size_t k = 0; k < 4; ++k) out += k <= n ? digits[(v >> (18 - 6 * k)) & 63] : '=';
  }
  return out;
}

// The logo's pixels scaled into its box, proportions kept and centred, each box pixel the mean of
// the source pixels it covers (alpha-weighted), blended over what is there.
void draw_logo(Canvas& canvas, const CardLogo& logo) {
  if (logo.kind != CardLogoKind::Png || logo.w <= 0 || logo.h <= 0) return;
  int w = 0, h = 0, n = 0;
  stbi_uc* src = stbi_load_from_memory(reinterpret_cast<const stbi_uc*>(logo.bytes.data()),
                                       static_cast<int>(logo.bytes.size()), &w, &h, &n, 4);
  if (src == nullptr) return;
  const double scale = std::min(static_cast<double>(logo.w) / w, static_cast<double>(logo.h) / h);
  const int dw = std::max(1, static_cast<int>(w * scale)), dh = std::max(1, static_cast<int>(h * scale));
  const int x0 = logo.x + (logo.w - dw) / 2, y0 = logo.y + (logo.h - dh) / 2;
  for (int dy = 0; dy < dh; ++dy) {
    const int sy0 = dy * h / dh, sy1 = std::max(sy0 + 1, (dy + 1) * h / dh);
    for (int dx = 0; dx < dw; ++dx) {
      const int sx0 = dx * w / dw, sx1 = std::max(sx0 + 1, (dx + 1) * w / dw);
      double r = 0, g = 0, b = 0, a = 0;
      for (int sy = sy0; sy < sy1; ++sy) {
        for (int sx = sx0; sx < sx1; ++sx) {
          const stbi_uc* p = src + (static_cast<std::size_t>(sy) * static_cast<std::size_t>(w) + static_cast<std::size_t>(sx)) * 4;
          r += p[0] * p[3];
          g += p[1] * p[3];
          b += p[2] * p[3];
          a += p[3];
        }
      }
      if (a <= 0) continue;
      const double count = static_cast<double>((sx1 - sx0) * (sy1 - sy0));
      const CardColour c{static_cast<std::uint8_t>(r / a + 0.5), static_cast<std::uint8_t>(g / a + 0.5),
                         static_cast<std::uint8_t>(b / a + 0.5)};
      canvas.blend(x0 + dx, y0 + dy, c, static_cast<int>(a / count + 0.5));
    }
  }
  stbi_image_free(src);
}

void append(void* context, void* data, int size) {
  static_cast<std::string*>(context)->append(static_cast<const char*>(data), static_cast<std::size_t>(size));
}

}  // namespace

std::string card_svg(const Card& card) {
  const std::string w = std::to_string(card.width), h = std::to_string(card.height);
  std::string s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + w +
                  "\" height=\"" + h + "\" viewBox=\"0 0 " + w + " " + h + "\">\n";
  s += "<rect width=\"" + w + "\" height=\"" + h + "\" fill=\"" + hex(card.background) + "\"/>\n";
  for (const CardRect& r : card.rects) {
    s += "<rect x=\"" + std::to_string(r.x) + "\" y=\"" + std::to_string(r.y) + "\" width=\"" + std::to_string(r.w) +
         "\" height=\"" + std::to_string(r.h) + "\" fill=\"" + hex(r.fill) + "\"/>\n";
  }
  if (card.qr.size > 0) {
    const CardQr& q = card.qr;
    s += "<path fill=\"#1a1a1a\" shape-rendering=\"crispEdges\" d=\"";
    for (int row = 0; row < q.size; ++row) {
      for (int col = 0; col < q.size; ++col) {
        if (!q.at(col, row)) continue;
        s += "M" + std::to_string(q.x + col * q.module) + " " + std::to_string(q.y + row * q.module) + "h" +
             std::to_string(q.module) + "v" + std::to_string(q.module) + "h-" + std::to_string(q.module) + "z";
      }
    }
    s += "\"/>\n";
  }
  s += "<g font-family=\"'DejaVu Sans','Noto Sans CJK SC','Microsoft YaHei',sans-serif\">\n";
  for (const CardText& t : card.texts) {
    s += "<text x=\"" + std::to_string(t.x) + "\" y=\"" + std::to_string(t.baseline) + "\" font-size=\"" +
         std::to_string(t.size) + "\" fill=\"" + hex(t.colour) + "\"";
    if (t.bold) s += " font-weight=\"bold\"";
    if (t.align == CardAlign::Right) s += " text-anchor=\"end\"";
    if (t.max_width > 0 && estimate_text_width(t.text, t.size) > t.max_width) {
      s += " textLength=\"" + std::to_string(t.max_width) + "\" lengthAdjust=\"spacingAndGlyphs\"";
    }
    s += ">" + html_cell(t.text) + "</text>\n";
  }
  s += "</g>\n";
  if (card.logo.kind != CardLogoKind::None) {  // an <image>: an SVG drawn this way runs no script
    const CardLogo& l = card.logo;
    s += "<image x=\"" + std::to_string(l.x) + "\" y=\"" + std::to_string(l.y) + "\" width=\"" + std::to_string(l.w) +
         "\" height=\"" + std::to_string(l.h) + "\" preserveAspectRatio=\"xMidYMid meet\" href=\"data:image/" +
         (l.kind == CardLogoKind::Png ? "png" : "svg+xml") + ";base64," + base64(l.bytes) + "\"/>\n";
  }
  s += "</svg>\n";
  return s;
}

bool card_logo_png_readable(std::string_view bytes) {
  int w = 0, h = 0, n = 0;
  return bytes.size() > 8 && bytes.size() < (1u << 30) &&
         stbi_info_from_memory(reinterpret_cast<const stbi_uc*>(bytes.data()), static_cast<int>(bytes.size()), &w, &h, &n) != 0 &&
         w >= 1 && h >= 1 && w <= kCardLogoMaxSide && h <= kCardLogoMaxSide;
}

namespace {
void add_missing(const Fonts& fonts, std::string_view text, std::vector<std::uint32_t>& missing) {
  for (std::uint32_t cp : code_points(text)) {
    if (drawn(cp) && cp != ' ' && fonts.find(cp) < 0 && std::find(missing.begin(), missing.end(), cp) == missing.end()) {
      missing.push_back(cp);
    }
  }
}
}  // namespace

std::vector<std::uint32_t> card_missing_glyphs(const Card& card, const std::vector<std::string_view>& files) {
  const Fonts fonts(files);
  std::vector<std::uint32_t> missing;
  for (const CardText& t : card.texts) add_missing(fonts, t.text, missing);
  return missing;
}

std::string code_point_list(const std::vector<std::uint32_t>& cps) {
  static const char* digits = "0123456789ABCDEF";
  std::string out;
  for (std::uint32_t c : cps) {
    if (!out.empty()) out += ", ";
    out += utf8(c);
    std::string hex;
    for (std::uint32_t v = c; v != 0 || hex.size() < 4; v >>= 4) hex.insert(hex.begin(), digits[v & 15]);
    out += " (U+" + hex + ")";
  }
  return out;
}

std::vector<std::uint32_t> missing_glyphs(std::string_view text, const std::vector<std::string_view>& files) {
  const Fonts fonts(files);
  std::vector<std::uint32_t> missing;
  add_missing(fonts, text, missing);
  return missing;
}

Result<std::string> card_image(const Card& card, const std::vector<std::string_view>& files, CardImage kind) {
  const Fonts fonts(files);
  if (fonts.info.empty() || card.width <= 0 || card.height <= 0) {
    return Result<std::string>::failure({{"card", msg::err_card_font()}});
  }
  Canvas canvas(card.width, card.height, card.background);
  for (const CardRect& r : card.rects) canvas.fill(r.x, r.y, r.w, r.h, r.fill);
  if (card.qr.size > 0) {
    const CardQr& q = card.qr;
    for (int row = 0; row < q.size; ++row) {
      for (int col = 0; col < q.size; ++col) {
        if (q.at(col, row)) canvas.fill(q.x + col * q.module, q.y + row * q.module, q.module, q.module, {0, 0, 0});
      }
    }
  }
  for (const CardText& t : card.texts) draw_text(canvas, fonts, t);
  draw_logo(canvas, card.logo);
  std::string out;
  int ok = 0;
  if (kind == CardImage::Jpg) {
    ok = stbi_write_jpg_to_func(append, &out, canvas.w, canvas.h, 3, canvas.px.data(), 90);
  } else {
    out = indexed_png(canvas);
    if (!out.empty()) return Result<std::string>::success(std::move(out));
    stbi_write_png_compression_level = 9;
    ok = stbi_write_png_to_func(append, &out, canvas.w, canvas.h, 3, canvas.px.data(), canvas.w * 3);
  }
  if (!ok) return Result<std::string>::failure({{"card", msg::err_card_font()}});
  return Result<std::string>::success(std::move(out));
}

Result<std::string> card_png(const Card& card, const std::vector<std::string_view>& fonts) {
  return card_image(card, fonts, CardImage::Png);
}

}  // namespace cardfit
