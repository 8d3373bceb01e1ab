#!/usr/bin/env python3
"""Compares what the exported kdsl-synth samples computed on a GPU
(run-synth-export.sh's gpu-results.jsonl) with the records' references (the
CPU JIT's outputs and gradients). Each record is graded by its worst value:
bit-identical, within a relative 1e-5, or within 1e-5 of the array's largest
magnitude (sums in another order: atomics, adjoints accumulated by many
threads); anything else fails. Exit status 0 iff none fails.

Usage: compare-synth-export.py DATASET GPU-RESULTS.jsonl
"""
import glob
import json
import math
import sys

LEVELS = ['bit-identical', 'rtol 1e-5', 'array-relative 1e-5', 'fail']


def flat(x):
    if isinstance(x, list):
        for y in x:
            yield from flat(y)
    elif isinstance(x, dict):
        for k in x:
            yield from flat(x[k])
    else:
        yield float(x)


def grade(reference, gpu):
    level = 0
    for kind in ('outputs', 'grads'):
        for o in reference[kind]:
            a = list(flat(o['data']))
            b = list(flat(gpu[kind].get(o['name'], [])))
            if len(a) != len(b):
                return 3, f"{kind} {o['name']}: {len(b)} values, expected {len(a)}"
            scale = max([abs(x) for x in a if not math.isnan(x)] + [1e-30])
            for k, (x, y) in enumerate(zip(a, b)):
                if x == y or (math.isnan(x) and math.isnan(y)):
                    continue
                if abs(x - y) <= 1e-5 * max(abs(x), abs(y)):
                    level = max(level, 1)
                elif abs(x - y) <= 1e-5 * scale:
                    level = max(level, 2)
                else:
                    return 3, f"{kind} {o['name']}[{k}]: gpu {y!r}, cpu {x!r}"
    return level, ''


def main():
    dataset, results = sys.argv[1], sys.argv[2]
    records = {}
    for f in sorted(glob.glob(dataset + '/shard-*.jsonl')):
        for line in open(f):
            r = json.loads(line)
            records[r['id']] = r
    counts = [0] * len(LEVELS)
    for line in open(results):
        entry = json.loads(line)
        r = records[int(entry['id'])]
        level, why = grade(r['reference'], entry['gpu']) if entry['gpu'].get('ok') else (3, 'not ok')
        counts[level] += 1
        if why:
            print(f"FAIL record {r['id']}: {why}")
    print(', '.join(f'{n} {name}' for n, name in zip(counts, LEVELS)))
    return 1 if counts[3] else 0


if __name__ == '__main__':
    sys.exit(main())
