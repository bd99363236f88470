#!/usr/bin/env python3
"""A vendor kit (issue 29 item 6, docs/embed.md): the built page (DIST, build/web/dist) as a folder
for a vendor's own domain, with the vendor's defaults written into index.html as a JSON data block
(id="cardfit-vendor": name, page_url, accent, logo, overlay, platform; never run), its overlay and
logo as same-origin files, og:image/og:url as absolute addresses on page_url, and the one-file
offline form (cardfit-offline.html) when DIST has one. The folder is built in a temporary
directory beside OUT and renamed onto OUT; an OUT that is not an earlier kit is never replaced.
Usage: vendor_kit.py VENDOR_JSON DIST OUT
vendor.json, its logo and its overlay are checked by the native tool (`cardfit vendor --check`:
core/io/vendor.cpp, the one check the page and `cardfit card --vendor` run too); each of the core's
problems is printed in English and Chinese, naming the field. The tool is $CARDFIT_CLI, else
build/native/cardfit."""
import base64
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
ROOT = os.path.dirname(HERE)
MARK = ".cardfit-vendor-kit"  # in every kit: OUT may be replaced only when it holds this file


class KitError(Exception):
    pass


def cardfit_cli():
    """The native tool that checks vendor.json: $CARDFIT_CLI, else build/native/cardfit (make vendor-kit builds it)."""
    cli = os.environ.get("CARDFIT_CLI") or os.path.join(ROOT, "build", "native", "cardfit")
    if not os.access(cli, os.X_OK):
        raise KitError(f"{cli} is missing: build the command-line tool first (make native), or set CARDFIT_CLI")
    return cli


def check_vendor(vendor_path):
    """vendor.json and the logo and overlay it names, checked by the core (`cardfit vendor --check`,
    core/io/vendor.cpp and vendor_files.cpp): its fields as the core read them, or KitError with
    each of the core's problems in English and then Chinese."""
    cli = cardfit_cli()
    said = {}
    for lang in ("en", "zh"):
        r = subprocess.run([cli, "vendor", "--check", vendor_path, "--json", "--lang", lang], capture_output=True, text=True)
        try:
            answer = json.loads(r.stdout)
        except ValueError:
            raise KitError(f"{cli} vendor --check: {r.stderr.strip() or r.stdout.strip() or 'no answer'}")
        if r.returncode == 0 and answer.get("ok"):
            if answer.get("warnings"):  # valid, but not drawn as given (the name's characters the fonts lack)
                for l in ("en", "zh"):
                    a = answer if l == lang else json.loads(subprocess.run(
                        [cli, "vendor", "--check", vendor_path, "--json", "--lang", l], capture_output=True, text=True).stdout)
                    for w in a.get("warnings", []):
                        print(f"vendor-kit: warning: {w.get('message', '')}", file=sys.stderr)
            return answer["vendor"]
        said[lang] = [e.get("message", "") for e in answer.get("errors", [])]
    raise KitError("\n".join(said["en"] + said["zh"]))


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


def make_page(page, vendor, offline_overlay=None, offline_logo=None):
    anchor = '<script type="application/json" id="cardfit-first">'
    at = page.find(anchor)
    if at < 0:
        raise KitError("index.html: no cardfit-first block to put the vendor's defaults after (not cardfit's page?)")
    end = page.find("</script>", at) + len("</script>\n")
    block = data_block("cardfit-vendor", vendor)
    if offline_overlay is not None:
        block += data_block("cardfit-vendor-overlay", offline_overlay)
    if offline_logo is not None:  # the logo file's bytes, base64 (the page decodes them: index.html logoFromKit)
        block += data_block("cardfit-vendor-logo", base64.b64encode(offline_logo).decode("ascii"))
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
    vendor = check_vendor(vendor_path)
    if not os.path.isfile(os.path.join(dist, "index.html")):
        raise KitError(f"{dist}/index.html is missing: build the page first (make page)")
    here = os.path.dirname(os.path.abspath(vendor_path))
    out = os.path.abspath(out)
    if os.path.exists(out) and not os.path.isfile(os.path.join(out, MARK)):
        raise KitError(f"{out} exists and is not a vendor kit: not replaced")
    parent = os.path.dirname(out)
    os.makedirs(parent, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="." + os.path.basename(out) + ".tmp-", dir=parent)
    try:
        shutil.copytree(dist, tmp, dirs_exist_ok=True)
        overlay_text = None
        logo_bytes = None
        if "overlay" in vendor:
            # Checked by the core (size, JSON, an overlay the bundled catalog takes): copied as it is.
            with open(os.path.join(here, vendor["overlay"]), "rb") as f:
                data = f.read()
            overlay_text = data.decode("utf-8", "replace")
            vendor["overlay"] = "vendor-overlay.json"
            with open(os.path.join(tmp, "vendor-overlay.json"), "wb") as f:
                f.write(data)
        if "logo" in vendor:
            ext = os.path.splitext(vendor["logo"])[1]
            with open(os.path.join(here, vendor["logo"]), "rb") as f:
                data = f.read()
            logo_bytes = data
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
                write(offline, "index.html", make_page(page, vendor, overlay_text, logo_bytes))
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
