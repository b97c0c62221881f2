#!/bin/sh
# Installs the Debian 12 packages gpucost needs to build and test. Safe to run again.
# Usage: sh scripts/install-deps.sh [--bench] [--fuzz] [--lint] [--browser] [--shells] [--office]
set -eu

packages="g++ cmake make ccache libcli11-dev nlohmann-json3-dev libsimdjson-dev libfmt-dev catch2 python3 python3-jsonschema python3-yaml groff-base libxlsxwriter-dev"
for arg in "$@"; do
  case "$arg" in
    --bench) packages="$packages libbenchmark-dev hyperfine python3-numpy" ;;
    --fuzz) packages="$packages clang-14 libclang-rt-14-dev" ;;
    --lint) packages="$packages clang-format-14 clang-tidy-14 git lintian" ;;  # scripts/lint.sh; lintian: the package_deb test
    # The chart and HTML consumers: xmllint validates SVG and HTML, headless Chromium renders the HTML report,
    # rsvg-convert makes docs/cumulative-spend.png from an SVG (tests/consumers/check_pictures.py).
    --browser) packages="$packages chromium libxml2-utils librsvg2-bin" ;;
    --shells) packages="$packages zsh fish" ;;  # the package_deb test syntax-checks the completions
    # The workbook test (tests/workbook/): headless LibreOffice Calc recalculates the --format xlsx workbooks,
    # openpyxl reads their totals and changes an input cell.
    --office) packages="$packages libreoffice-calc-nogui python3-openpyxl" ;;
    *) echo "install-deps.sh: unknown argument: $arg (expected --bench, --fuzz, --lint, --browser, --shells or --office)" >&2; exit 2 ;;
  esac
done

missing=""
for p in $packages; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
echo "install-deps.sh: installing$missing" >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null
