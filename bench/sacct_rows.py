#!/usr/bin/env python3
"""Writes a synthetic Slurm `sacct --parsable2` export to stdout: a header, then N rows shaped as Slurm documents
them (https://slurm.schedmd.com/sacct.html): each job's row followed by its batch step's, array tasks as 123_4,
some jobs without GPUs, some still running (End Unknown). Times spread over one year from 2026-01-01. Nothing here
was measured: it is a load for bench/plan_sacct_memory.sh. Usage: sacct_rows.py ROWS"""
import sys

rows = int(sys.argv[1])
out = sys.stdout
out.write("JobID|JobName|Partition|State|Start|End|AllocTRES\n")
YEAR_S = 365 * 86400
written = 0
job = 1000
state = 12345
while written < rows:
    state = (state * 6364136223846793005 + 1442695040888963407) % (1 << 64)
    start = (state >> 20) % YEAR_S
    length = 600 + (state >> 8) % 86400
    gpus = (state >> 40) % 9  # 0..8: a ninth of the jobs ask for no GPU
    def stamp(t):
        days, rest = divmod(t, 86400)
        # 2026 is not a leap year: month lengths for the date
        month_days = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        month = 0
        while days >= month_days[month]:
            days -= month_days[month]
            month += 1
        return "2026-%02d-%02dT%02d:%02d:%02d" % (month + 1, days + 1, rest // 3600, rest // 60 % 60, rest % 60)
    jid = "%d_%d" % (job, state % 7) if state % 5 == 0 else str(job)
    end = "Unknown" if state % 1000 == 0 else stamp(min(start + length, YEAR_S - 1))
    tres = "billing=8,cpu=8,mem=64G,node=1" + (",gres/gpu=%d" % gpus if gpus else "")
    out.write("%s|train|gpu|%s|%s|%s|%s\n" % (jid, "RUNNING" if end == "Unknown" else "COMPLETED", stamp(start), end, tres))
    out.write("%s.batch|batch||COMPLETED|%s|%s|%s\n" % (jid, stamp(start), end, tres))
    written += 2
    job += 1
out.flush()
