#!/usr/bin/env python3
"""Writes the two inputs of bench/stream_memory.sh into a folder.

prices.csv: a SkyPilot vms.csv of about 17 MB (the size of AWS's), rows shaped like the samples in
tests/data/import/: zone repeats of each instance in each region, mostly CPU-only, one accelerator gpucost maps.
catalog-200.json: the shipped catalogue with its builds copied until there are 200 (ids suffixed), for a 600-month
cash flow of every build.
Usage: python3 bench/stream_inputs.py CATALOG_JSON OUT_DIR
"""
import json
import sys


def price_list(path, target_bytes=17_000_000):
    # As in SkyPilot's AWS file: each instance type in each region once per availability zone (6 here), so the
    # 222,000-odd rows collapse into far fewer offers; one instance type in 20 rents 8 H100s, the rest are CPU-only.
    header = "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,Region,GpuInfo,SpotPrice," \
             "AvailabilityZone\n"
    gpu_info = ("\"{'Gpus': [{'Name': 'H100', 'Manufacturer': 'NVIDIA', 'Count': 8.0, 'MemoryInfo': "
                "{'SizeInMiB': 81920}}], 'TotalGpuMemoryInMiB': 655360}\"")
    with open(path, "w", encoding="utf-8") as out:
        out.write(header)
        size, i = len(header), 0
        while size < target_bytes:
            region = f"region-{(i // 6) % 20}"
            zone = f"{region}{'abcdef'[i % 6]}"
            kind = (i // 120) % 2000
            if kind % 20 == 0:
                row = f"p5.{kind}xlarge,H100,8.0,192.0,2048.0,98.32,{region},{gpu_info},39.33,{zone}\n"
            else:
                row = f"m6i.{kind}xlarge,,,{kind % 128}.0,{kind % 512}.0,0.{kind % 1000:03d},{region},,0.05,{zone}\n"
            out.write(row)
            size += len(row)
            i += 1


def catalogue(source, path, builds=200):
    with open(source, encoding="utf-8") as f:
        catalog = json.load(f)
    shipped = catalog["builds"]
    catalog["builds"] = [dict(shipped[i % len(shipped)], id=f"{shipped[i % len(shipped)]['id']}-copy-{i}")
                         for i in range(builds)]
    with open(path, "w", encoding="utf-8") as f:
        json.dump(catalog, f, indent=2, ensure_ascii=False)


if __name__ == "__main__":
    price_list(f"{sys.argv[2]}/prices.csv")
    catalogue(sys.argv[1], f"{sys.argv[2]}/catalog-200.json")
