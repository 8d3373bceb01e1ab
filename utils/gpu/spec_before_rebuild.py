#!/usr/bin/env python3
"""Prints a kdsl-run spec cut before its first {"rebuild": name} launch entry.

GPU bundles carry each object (hash grid, BVH, mesh, volume) as kdsl-run built
it before the first launch; a rebuild or refit between launches needs a
builder on the GPU host, which the runner does not have, and kdsl-run
--write-bundle refuses such specs (docs/gpu-suite.md). make-bundle.sh uses
this to bundle the part of a spec that runs before the first rebuild.

    spec_before_rebuild.py SPEC.json > CUT.json
"""
import json
import sys

spec = json.load(open(sys.argv[1]))
launches = spec.get("launches", [])
for i, launch in enumerate(launches):
    if "rebuild" in launch:
        spec["launches"] = launches[:i]
        break
json.dump(spec, sys.stdout)
print()
