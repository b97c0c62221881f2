#!/usr/bin/env python3
"""Writes the inputs of bench/memory.sh (issue 21's memory goals) into a folder, from the shipped catalogue.

offers-100k.json: an overlay of 100,000 cloud offers, the shipped offers copied with their ids suffixed (same GPUs,
so the shipped workloads price them), for `rank`.
builds-2000.json: the shipped catalogue with its builds copied until there are 2,000, for `cashflow` over 600 months.
builds-2000-offers-10000.json: the same 2,000 builds and the shipped offers copied until there are 10,000, for
`compare --format json` (every build's excluded offers).
Usage: python3 bench/memory_inputs.py CATALOG_JSON OUT_DIR
"""
import json
import sys


def copies(entries, count, tag):
    """`count` entries cycling through `entries`, ids suffixed; the texts cut to a price list's size (source, note and
    the compliance attestation's source at most 60 characters): the shipped entries carry 1-2 KB of provenance each,
    which would make the file, not the command, the measure (100,000 offers: 118 MB with them, 49 MB cut; before the
    compliance source was cut too, 66 MB)."""
    out = []
    for i in range(count):
        entry = dict(entries[i % len(entries)], id=f"{entries[i % len(entries)]['id']}-{tag}{i}")
        entry["source"] = entry["source"][:60]
        if "note" in entry:
            entry["note"] = entry["note"][:60]
        if "compliance" in entry:
            entry["compliance"] = dict(entry["compliance"], source=entry["compliance"]["source"][:60])
        out.append(entry)
    return out


def main(source, out):
    with open(source, encoding="utf-8") as f:
        catalog = json.load(f)
    with open(f"{out}/offers-100k.json", "w", encoding="utf-8") as f:
        json.dump({"cloud": copies(catalog["cloud"], 100_000, "o")}, f, ensure_ascii=False)
    builds = dict(catalog, builds=copies(catalog["builds"], 2000, "b"))
    with open(f"{out}/builds-2000.json", "w", encoding="utf-8") as f:
        json.dump(builds, f, ensure_ascii=False)
    with open(f"{out}/builds-2000-offers-10000.json", "w", encoding="utf-8") as f:
        json.dump(dict(builds, cloud=copies(catalog["cloud"], 10_000, "o")), f, ensure_ascii=False)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
