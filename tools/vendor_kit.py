#!/usr/bin/env python3
"""A vendor kit (issue 29 item 6, docs/embed.md): the built page (DIST, build/web/dist) as a folder
for a vendor's own domain, with the vendor's defaults written into index.html as a JSON data block
(id="cardfit-vendor": name, page_url, accent, logo, overlay, platform; never run), its overlay and
logo as same-origin files, og:image/og:url as absolute addresses on page_url, and the one-file
offline form (cardfit-offline.html) when DIST has one. The folder is built in a temporary
directory beside OUT and renamed onto OUT; an OUT that is not an earlier kit is never replaced.
Usage: vendor_kit.py VENDOR_JSON DIST OUT
vendor.json is checked with the rules of core/io/vendor.cpp (the page and `cardfit card --vendor`
check it again there); each problem is printed in English and Chinese, naming the field."""
import gzip
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
NAME_MAX = 40  # core/io/vendor.hpp kVendorNameMax
URL_MAX = 200  # kVendorUrlMax
LOGO_MAX = 256 * 1024  # bytes: a header logo, not a photograph
OVERLAY_MAX = 16 << 20  # core/base/limits.hpp kMaxFileBytes
FIELDS = ("name", "page_url", "accent", "logo", "overlay", "platform")
MARK = ".cardfit-vendor-kit"  # in every kit: OUT may be replaced only when it holds this file


class KitError(Exception):
    pass


def problem(field, en, zh):
    return f"{field}: {en}\n{field}：{zh}"


def check_vendor(doc):
    """vendor.json's rules (core/io/vendor.cpp parse_vendor); [] when it is fine."""
    out = []
    if not isinstance(doc, dict):
        return [problem("vendor.json", "not a JSON object", "不是 JSON 对象")]
    for k, v in doc.items():
        if k in ("schema", "comment"):
            continue
        if k not in FIELDS:
            out.append(problem(k, "not a vendor.json field (" + ", ".join(FIELDS) + ")",
                               "不是 vendor.json 的字段（" + "、".join(FIELDS) + "）"))
        elif not isinstance(v, str):
            out.append(problem(k, "must be a string", "必须是字符串"))
    s = {k: doc.get(k) if isinstance(doc.get(k), str) else "" for k in FIELDS}
    name = s["name"]
    if not name or len(name) > NAME_MAX or any(ord(c) < 0x20 or 0x7F <= ord(c) < 0xA0 or c in "\u2028\u2029\ufffd"
                                               for c in name):
        out.append(problem("name", f"1 to {NAME_MAX} characters of text, no control characters",
                           f"1 到 {NAME_MAX} 个字符的文字，不含控制字符"))
    url = s["page_url"]
    host = re.match(r"https://([^/?#]*)", url)
    if (len(url) > URL_MAX or not host or not host.group(1) or "@" in host.group(1)
            or any(ord(c) <= 0x20 or ord(c) >= 0x7F or c in "\"'<>\\`" for c in url)):
        out.append(problem("page_url", "must be an https:// address with a host, no spaces, quotes or angle brackets, "
                           f"at most {URL_MAX} characters",
                           f"必须是带主机名的 https:// 地址，不含空格、引号或尖括号，最多 {URL_MAX} 个字符"))
    if s["accent"] and not re.fullmatch(r"#[0-9a-fA-F]{6}", s["accent"]):
        out.append(problem("accent", f"'{s['accent']}' is not a colour #RRGGBB", f"'{s['accent']}' 不是 #RRGGBB 形式的颜色"))
    for field, exts in (("logo", (".png", ".svg")), ("overlay", (".json",))):
        p = s[field]
        if p and (len(p) > 200 or p.startswith("/") or ".." in p or not re.fullmatch(r"[A-Za-z0-9._/-]+", p)
                  or not p.endswith(exts)):
            out.append(problem(field, f"a relative path of letters, digits, '-', '_', '.' and '/' ending in "
                               f"{' / '.join(exts)}, without '..'",
                               f"由字母、数字、'-'、'_'、'.' 和 '/' 组成、以 {' / '.join(exts)} 结尾、不含 '..' 的相对路径"))
    if s["platform"] and not re.fullmatch(r"[a-z0-9-]{1,64}", s["platform"]):
        out.append(problem("platform", f"'{s['platform']}' is not a platform id (lowercase letters, digits, '-')",
                           f"'{s['platform']}' 不是平台 id（小写字母、数字、'-'）"))
    return out


def check_logo(data, ext):
    if len(data) > LOGO_MAX:
        raise KitError(problem("logo", f"{len(data)} bytes: at most {LOGO_MAX}", f"{len(data)} 字节：最多 {LOGO_MAX}"))
    if ext == ".png" and not data.startswith(b"\x89PNG\r\n\x1a\n"):
        raise KitError(problem("logo", "not a PNG file", "不是 PNG 文件"))
    if ext == ".svg":
        text = data.decode("utf-8", "replace")
        # Opened on its own (not as an <img>), an SVG runs its scripts on the vendor's origin.
        if "<svg" not in text or re.search(r"<script|<foreignObject|javascript:|\son[a-z]+\s*=", text, re.I):
            raise KitError(problem("logo", "an SVG without scripts, event attributes or foreignObject",
                                   "不含脚本、事件属性或 foreignObject 的 SVG"))


def data_block(element_id, value):
    """A <script type="application/json"> block: JSON that no '<', '>' or '&' in a string can end."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    for c, esc in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"), ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        text = text.replace(c, esc)
    return f'<script type="application/json" id="{element_id}">{text}</script>\n'


def set_meta(page, attr, key, value):
    """<meta ATTR="KEY" content="VALUE"> (HTML-escaped), replaced or added before </head>."""
    tag = f'<meta {attr}="{key}" content="{html.escape(value, quote=True)}">'
    pattern = re.compile(rf'<meta {attr}="{re.escape(key)}" content="[^"]*">')
    if pattern.search(page):
        return pattern.sub(lambda _: tag, page, count=1)
    return page.replace("</head>", tag + "\n</head>", 1)


def make_page(page, vendor, offline_overlay=None):
    anchor = '<script type="application/json" id="cardfit-first">'
    at = page.find(anchor)
    if at < 0:
        raise KitError("index.html: no cardfit-first block to put the vendor's defaults after (not cardfit's page?)")
    end = page.find("</script>", at) + len("</script>\n")
    block = data_block("cardfit-vendor", vendor)
    if offline_overlay is not None:
        block += data_block("cardfit-vendor-overlay", offline_overlay)
    page = page[:end] + block + page[end:]
    base = vendor["page_url"].split("?")[0].split("#")[0]
    base = base if base.endswith("/") else base[: base.rfind("/") + 1]
    # Crawlers (Facebook, WeChat's share card, Slack) want absolute addresses (docs/embed.md).
    page = set_meta(page, "property", "og:image", base + "og-image.png")
    page = set_meta(page, "itemprop", "image", base + "og-image.png")
    page = set_meta(page, "property", "og:url", vendor["page_url"])
    page = set_meta(page, "property", "og:site_name", vendor["name"])
    if vendor.get("accent"):
        page = set_meta(page, "name", "theme-color", vendor["accent"])
    title = re.search(r"<title>(.*?)</title>", page, re.S)
    if title:
        page = page.replace(title.group(0), f"<title>{html.escape(vendor['name'])} · {title.group(1)}</title>", 1)
    return page


def build(vendor_path, dist, out):
    try:
        with open(vendor_path, encoding="utf-8") as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        raise KitError(problem(vendor_path, f"cannot read it as JSON ({e})", f"无法作为 JSON 读取（{e}）"))
    problems = check_vendor(doc)
    if problems:
        raise KitError("\n".join(problems))
    if not os.path.isfile(os.path.join(dist, "index.html")):
        raise KitError(f"{dist}/index.html is missing: build the page first (make page)")
    here = os.path.dirname(os.path.abspath(vendor_path))
    vendor = {k: doc[k] for k in FIELDS if doc.get(k)}
    out = os.path.abspath(out)
    if os.path.exists(out) and not os.path.isfile(os.path.join(out, MARK)):
        raise KitError(f"{out} exists and is not a vendor kit: not replaced")
    parent = os.path.dirname(out)
    os.makedirs(parent, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="." + os.path.basename(out) + ".tmp-", dir=parent)
    try:
        shutil.copytree(dist, tmp, dirs_exist_ok=True)
        overlay_text = None
        if "overlay" in vendor:
            with open(os.path.join(here, vendor["overlay"]), "rb") as f:
                data = f.read(OVERLAY_MAX + 1)
            if len(data) > OVERLAY_MAX:
                raise KitError(problem("overlay", "larger than 16 MiB", "大于 16 MiB"))
            try:
                overlay_text = data.decode("utf-8")
                json.loads(overlay_text)
            except ValueError as e:
                raise KitError(problem("overlay", f"not JSON ({e})", f"不是 JSON（{e}）"))
            vendor["overlay"] = "vendor-overlay.json"
            with open(os.path.join(tmp, "vendor-overlay.json"), "wb") as f:
                f.write(data)
        if "logo" in vendor:
            ext = os.path.splitext(vendor["logo"])[1]
            with open(os.path.join(here, vendor["logo"]), "rb") as f:
                data = f.read(LOGO_MAX + 1)
            check_logo(data, ext)
            vendor["logo"] = "vendor-logo" + ext
            with open(os.path.join(tmp, vendor["logo"]), "wb") as f:
                f.write(data)
        with open(os.path.join(dist, "index.html"), encoding="utf-8") as f:
            page = f.read()
        write(tmp, "index.html", make_page(page, vendor))
        # What index.html changed, again: the CSP line, the service worker's digests, the
        # precompressed copies (a stale .br would be served instead), the offline file.
        if os.path.isfile(os.path.join(dist, "csp.txt")):
            run(sys.executable, os.path.join(HERE, "page_csp.py"), os.path.join(tmp, "index.html"), os.path.join(tmp, "csp.txt"))
        if os.path.isfile(os.path.join(dist, "sw.js")):
            run(sys.executable, os.path.join(HERE, "make_sw.py"), tmp)
        if os.path.isfile(os.path.join(dist, "cardfit-offline.html")):
            offline = tempfile.mkdtemp(prefix=".offline-", dir=tmp)
            try:
                write(offline, "index.html", make_page(page, vendor, overlay_text))
                for name in ("cardfit.js", "cardfit.wasm"):
                    shutil.copyfile(os.path.join(dist, name), os.path.join(offline, name))
                run(sys.executable, os.path.join(HERE, "make_offline.py"), offline, os.path.join(tmp, "cardfit-offline.html"))
            finally:
                shutil.rmtree(offline)
        for name in ("index.html", "sw.js", "csp.txt", "cardfit-offline.html"):
            for ext in (".gz", ".br"):
                if os.path.exists(os.path.join(tmp, name + ext)):
                    os.remove(os.path.join(tmp, name + ext))
            if os.path.exists(os.path.join(dist, name + ".gz")):
                with open(os.path.join(tmp, name), "rb") as f:
                    data = f.read()
                with open(os.path.join(tmp, name + ".gz"), "wb") as f:
                    f.write(gzip.compress(data, compresslevel=9, mtime=0))
        write(tmp, MARK, "made by tools/vendor_kit.py (make vendor-kit); this folder may be replaced by the next kit\n")
        os.chmod(tmp, 0o755)
        if os.path.exists(out):
            old = tempfile.mkdtemp(prefix="." + os.path.basename(out) + ".old-", dir=parent)
            os.rmdir(old)
            os.rename(out, old)
            os.rename(tmp, out)
            shutil.rmtree(old)
        else:
            os.rename(tmp, out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return vendor


def write(folder, name, text):
    with open(os.path.join(folder, name), "w", encoding="utf-8") as f:
        f.write(text)


def run(*argv):
    r = subprocess.run(argv, capture_output=True, text=True)
    if r.returncode != 0:
        raise KitError(f"{os.path.basename(argv[1])}: {r.stderr.strip() or r.stdout.strip()}")


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    vendor_path, dist, out = sys.argv[1:]
    try:
        vendor = build(vendor_path, dist, out)
    except KitError as e:
        print(f"vendor-kit: {e}", file=sys.stderr)
        sys.exit(1)
    except OSError as e:
        print(f"vendor-kit: {e}", file=sys.stderr)
        sys.exit(1)
    print(f"vendor-kit: {out} for {vendor['page_url']}"
          + (" (with cardfit-offline.html)" if os.path.exists(os.path.join(out, "cardfit-offline.html")) else ""))


if __name__ == "__main__":
    main()
