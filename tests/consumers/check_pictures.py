#!/usr/bin/env python3
"""The charts and HTML pages as real tools read them (issue 14).

    check_pictures.py GPUCOST SOURCE_DIR xml      every SVG and HTML page gpucost writes is well-formed XML
                                                  (xmllint), the pages parse as HTML (xmllint --html), and no
                                                  attribute or style refers to anything outside the file
    check_pictures.py GPUCOST SOURCE_DIR browser  headless Chromium opens the detailed page, simulate's page and
                                                  the rank page: a screenshot of the expected size that is not
                                                  blank, and a DOM with the verdict, the chart labels and (rank)
                                                  every row

Exit 77 (ctest's skip) with a message when xmllint or Chromium is missing: sh scripts/install-deps.sh --browser.
Standard library only."""
import json, os, re, shutil, struct, subprocess, sys, tempfile, zlib

GPUCOST, SOURCE, MODE = sys.argv[1], sys.argv[2], sys.argv[3]
MINI = os.path.join(SOURCE, "tests", "data", "mini_catalog.json")
SKIP = 77
ENV = dict(os.environ, GPUCOST_TODAY="2026-12-01")

# HTML5 elements libxml2's HTML parser (HTML 4) does not know: it says "Tag X invalid" and parses on.
HTML5_TAGS = {"main", "section", "figure", "figcaption", "details", "summary", "svg", "title", "desc", "defs",
              "pattern", "rect", "path", "line", "polyline", "text", "g", "circle"}


def gpucost(*args):
    r = subprocess.run([GPUCOST, *args], capture_output=True, text=True, env=ENV, timeout=60)
    if r.returncode != 0:
        sys.exit(f"FAIL: gpucost {' '.join(args)}: exit {r.returncode}: {r.stderr}")
    return r.stdout


def outputs():
    """(name, text) of every chart and page, on the fixture catalogue and on the embedded one."""
    found = []
    for label, catalog in (("mini", ["--catalog", MINI]), ("embedded", [])):
        ranked = json.loads(gpucost("compare", *catalog, "--format", "json"))["report"]
        build = ranked["comparisons"][0]["build"]["id"]
        one = ["--build", build]
        for chart in ("cumulative-spend", "cost-vs-hours", "breakdown"):
            found.append((f"{label}-{chart}.svg", gpucost("compare", *catalog, *one, "--format", "svg", "--chart", chart)))
        found.append((f"{label}-savings.svg", gpucost("compare", *catalog, "--format", "svg", "--chart", "savings")))
        found.append((f"{label}-cashflow.svg",
                      gpucost("cashflow", *catalog, *one, "--format", "svg", "--chart", "cumulative-spend")))
        found.append((f"{label}-compare-one.html", gpucost("compare", *catalog, *one, "--format", "html")))
        found.append((f"{label}-compare-all.html", gpucost("compare", *catalog, "--format", "html")))
        found.append((f"{label}-cashflow.html", gpucost("cashflow", *catalog, "--format", "html")))
        found.append((f"{label}-eur.html",
                      gpucost("compare", *catalog, *one, "--currency", "EUR", "--usd-rate", "0.92", "--format", "html")))
    match = ["--catalog", os.path.join(SOURCE, "tests", "data", "match_catalog.json"), "--workload", "llm-infer"]
    for label, args in (("fixture", match), ("embedded", ["--workload", "llm-70b-serve-mlperf"])):
        found.append((f"rank-{label}.svg", gpucost("rank", *args, "--format", "svg", "--chart", "rank")))
        found.append((f"rank-{label}.html", gpucost("rank", *args, "--format", "html")))
    ranges = ["--catalog", os.path.join(SOURCE, "tests", "data", "ranges_catalog.json")]
    one, grid = ["--build", "box-a4"], ["--vary", "hours_per_week=0:168:42", "--vary", "years=1:3:0.5"]
    found.append(("tornado.svg", gpucost("sensitivity", *ranges, *one, "--format", "svg", "--chart", "tornado")))
    found.append(("sensitivity.html", gpucost("sensitivity", *ranges, "--format", "html")))
    found.append(("sensitivity-embedded.html", gpucost("sensitivity", "--format", "html")))
    found.append(("sweep-map.svg", gpucost("sweep", *ranges, *one, *grid, "--format", "svg", "--chart", "sweep")))
    found.append(("sweep-line.svg", gpucost("sweep", *ranges, *one, "--vary", "pue=1:2:0.25", "--format", "svg",
                                            "--chart", "sweep")))
    found.append(("sweep.html", gpucost("sweep", *ranges, *grid, "--format", "html")))
    found.append(("histogram.svg", gpucost("simulate", *ranges, *one, "--draws", "20000", "--format", "svg",
                                           "--chart", "histogram")))
    found.append(("simulate.html", gpucost("simulate", *ranges, "--draws", "20000", "--format", "html")))
    found.append(("simulate-embedded.html", gpucost("simulate", "--draws", "20000", "--format", "html")))
    return found


def outside_references(text):
    """Attribute values and style text that point outside the file."""
    bad = []
    for name, value in re.findall(r'\s([A-Za-z_:][-\w:.]*)="([^"]*)"', text):
        if name == "xmlns" and value == "http://www.w3.org/2000/svg":
            continue  # a namespace name, never fetched
        if name in ("href", "xlink:href", "src", "srcset", "action", "poster") or "://" in value:
            bad.append(f'{name}="{value}"')
    for target in re.findall(r"url\(([^)]*)\)", text):
        if not target.strip("'\" ").startswith("#"):
            bad.append(f"url({target})")
    if "@import" in text or re.search(r"<(script|link|iframe|object|embed|img)\b", text):
        bad.append("a script, link, import or embedded resource")
    return bad


def check_xml(folder):
    if shutil.which("xmllint") is None:
        print("SKIP: xmllint not installed (sh scripts/install-deps.sh --browser installs libxml2-utils)")
        return SKIP
    failures = []
    files = outputs()
    for name, text in files:
        path = os.path.join(folder, name)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        r = subprocess.run(["xmllint", "--noout", path], capture_output=True, text=True, encoding="utf-8",
                           errors="replace")
        if r.returncode != 0:
            failures.append(f"{name}: not well-formed XML:\n{r.stderr}")
        if name.endswith(".html"):
            # xmllint quotes a fixed number of bytes around each complaint, which can cut a UTF-8 character in two.
            r = subprocess.run(["xmllint", "--html", "--noout", path], capture_output=True, text=True,
                               encoding="utf-8", errors="replace")
            errors = [l for l in r.stderr.splitlines() if "parser error" in l]
            unknown = [l for l in errors if not re.search(r"Tag (\w+) invalid", l)
                       or re.search(r"Tag (\w+) invalid", l).group(1) not in HTML5_TAGS]
            if r.returncode != 0 or unknown:
                failures.append(f"{name}: xmllint --html: {unknown or r.stderr}")
        for ref in outside_references(text):
            failures.append(f"{name}: refers outside the file: {ref}")
        if name.endswith(".svg") and not ("<title id=" in text and "<desc id=" in text):
            failures.append(f"{name}: no <title> and <desc>")
    for f in failures:
        print("FAIL:", f)
    print(f"check_pictures xml: {len(files)} files, {len(failures)} failures")
    return 1 if failures else 0


def png_size_and_pixels(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"FAIL: {path} is not a PNG")
    width, height = struct.unpack(">II", data[16:24])
    idat, at = b"", 8
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        if kind == b"IDAT":
            idat += data[at + 8:at + 8 + length]
        at += 12 + length
    return width, height, zlib.decompress(idat)


def check_browser(folder):
    browser = next((shutil.which(b) for b in ("chromium", "chromium-browser", "google-chrome") if shutil.which(b)), None)
    if browser is None:
        print("SKIP: Chromium not installed (sh scripts/install-deps.sh --browser installs it)")
        return SKIP
    flags = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
             "--disable-extensions", "--window-size=1000,1400", f"--user-data-dir={folder}/profile"]

    def look(name, html, expected):
        """Screenshot one page (not blank, the window's size) and check its DOM holds every expected text."""
        page = os.path.join(folder, name + ".html")
        with open(page, "w", encoding="utf-8") as f:
            f.write(html)
        shot = os.path.join(folder, name + ".png")
        subprocess.run([browser, *flags, f"--screenshot={shot}", "file://" + page], capture_output=True, timeout=90)
        found = []
        if not os.path.exists(shot):
            found.append(f"{name}: no screenshot was written")
        else:
            width, height, pixels = png_size_and_pixels(shot)
            if (width, height) != (1000, 1400):
                found.append(f"{name}: screenshot is {width}x{height}, expected 1000x1400")
            # Blank would be one colour: white bytes and the rows' filter bytes. A page with text and charts is not.
            inked = sum(1 for b in pixels if b != 0xFF) / max(1, len(pixels))
            if len(set(pixels)) < 16 or inked < 0.01:
                found.append(f"{name}: screenshot looks blank ({len(set(pixels))} byte values, {inked:.1%} not white)")
        dom = subprocess.run([browser, *flags, "--dump-dom", "file://" + page], capture_output=True, text=True,
                             timeout=90).stdout
        found += [f"{name}: the DOM lacks {e!r}" for e in expected if e not in dom]
        return found

    one = ["--catalog", MINI, "--build", "box-a4"]
    report = json.loads(gpucost("compare", *one, "--format", "json"))["report"]
    c = report["comparisons"][0]
    failures = look("report", gpucost("compare", *one, "--format", "html"),
                    (c["verdict"], "Cumulative spend: box-a4", "Total cost against hours of use: box-a4",
                     "Cost breakdown: box-a4", f"payback: month {c['break_even']['payback_month']}",
                     "break-even: 39.1 h/week", "Own: box-a4", "Rent: pricey-a1", "Months from purchase"))
    ranged = ["simulate", "--catalog", os.path.join(SOURCE, "tests", "data", "ranges_catalog.json"), "--build",
              "box-a4", "--draws", "20000"]
    sim = json.loads(gpucost(*ranged, "--format", "json"))["simulation"]["comparisons"][0]
    counts = sim["histogram"]["counts"]
    html = gpucost(*ranged, "--format", "html")
    failures += look("simulate", html, ("How much owning saves: box-a4", "p10 ", "p50 ", "p90 ", "Draws per bin",
                                        "Owning saves (cloud total minus build total) (USD)"))
    # The page's bars carry the JSON's counts, in order.
    drawn = [int(x) for x in re.findall(r'class="bin"[^>]*data-count="([0-9]+)"', html)]
    if drawn != counts:
        failures.append(f"simulate: the page's bins {drawn} are not the JSON's counts {counts}")
    # The rank page: its verdict, the chart's title and legend, and every row, in the DOM Chromium builds.
    match = ["--catalog", os.path.join(SOURCE, "tests", "data", "match_catalog.json"), "--workload", "llm-infer"]
    ranked = json.loads(gpucost("rank", *match, "--format", "json"))["rank"]
    failures += look("rank", gpucost("rank", *match, "--format", "html"),
                     ("cheapest for this work: cloud offer " + ranked["rows"][0]["id"],
                      "Cost per million tokens: llm-infer", "own (build)", "rent (one cloud instance)",
                      *(r["id"] for r in ranked["rows"])))
    for f in failures:
        print("FAIL:", f)
    print(f"check_pictures browser: {browser}, {len(failures)} failures")
    return 1 if failures else 0


with tempfile.TemporaryDirectory(prefix="gpucost-pictures-") as folder:
    sys.exit(check_xml(folder) if MODE == "xml" else check_browser(folder))
