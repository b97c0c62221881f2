#!/bin/sh
# Size of the render layer for the nine report models of the 97af829 baseline (compare/check, rank, simulate,
# sensitivity, sweep, cashflow, assumptions, catalog list, catalog show), at any commit, so the figure in
# issue 19's note can be checked: sh scripts/render_size.sh [REV...] (default: 97af829 HEAD).
# What counts: every file under src/render/ and include/gpucost/render/ (shared writers, charts, phrases included),
# less the files of outputs added after the baseline, named by prefix: plan* (gpucost plan), diff* (gpucost diff),
# export_rates* (gpucost export-rates) and xlsx* (the workbook). "code" is lines that are neither blank nor a
# // comment. A renderer function is a namespace-scope definition of document_of, rows_of or render_<format>
# (render_cash_flow_<format>, render_listing_<format> and render_entry_<format> at the baseline): one model in one
# format, in a .cpp file (declarations are not counted). "per-format" is the lines of the files that write one human
# or spreadsheet format (table, markdown, HTML, CSV, TSV): the baseline's per-model renderers for those formats and
# their helpers (*_table, *_text, *_markdown, *_html, *_csv, markdown_table, html_page, text_table), or today's
# generic writers (write_*, writer_parts.hpp, text_table); JSON and SVG, written per model then and now, are not in it.
set -eu
[ $# -gt 0 ] || set -- 97af829 HEAD
printf '%-10s %6s %7s %7s %10s %11s\n' commit files lines code renderers per-format
for rev in "$@"; do
    files=$(git ls-tree -r --name-only "$rev" src/render include/gpucost/render |
        grep -Ev '/(plan|diff|export_rates|xlsx)[^/]*$') || true
    n=0 lines=0 code=0 fns=0 per_format=0
    for f in $files; do
        text=$(git show "$rev:$f")
        n=$((n + 1))
        lines=$((lines + $(printf '%s\n' "$text" | wc -l)))
        case ${f##*/} in
            write_*.cpp | writer_parts.hpp | text_table.* | markdown_table.* | html_page.* | *_table.cpp | *_text.cpp | \
                *_markdown.cpp | *_html.cpp | *_csv.cpp)
                per_format=$((per_format + $(printf '%s\n' "$text" | wc -l))) ;;
        esac
        code=$((code + $(printf '%s\n' "$text" | grep -Evc '^[[:space:]]*(//.*)?$' || true)))
        case $f in *.cpp) ;; *) continue ;; esac
        fns=$((fns + $(printf '%s\n' "$text" | grep -v ';$' |
            grep -Ec '^(std::string|Document|RowSet) (document_of|rows_of|render_((cash_flow|listing|entry)_)?(table|json|csv|tsv|markdown|html|svg))\(' || true)))
    done
    printf '%-10s %6d %7d %7d %10d %11d\n' "$(git rev-parse --short "$rev")" "$n" "$lines" "$code" "$fns" "$per_format"
done
