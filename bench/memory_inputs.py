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
    """`count` entries cycling through `entries`, ids suffixed, every text whole: the shipped entries carry 1-2 KB of
    provenance each (source, note, the compliance attestation's source), as a user's copied catalogue does, so the
    100,000-offer overlay is about 140 MB. (Until issue 21's fourth pass these texts were cut to 60 characters, a
    49 MB file, because the reader held the whole document.)"""
    return [dict(entries[i % len(entries)], id=f"{entries[i % len(entries)]['id']}-{tag}{i}") for i in range(count)]


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
