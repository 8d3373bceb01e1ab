"""Counts the array stores and the `+=` array stores of `kdsl-synth show --seed 11` programs
of the quaternion, spatial and matrix categories (single-store.test). Usage:
check_single_store.py KDSL_SYNTH"""
import re, subprocess, sys
synth = sys.argv[1]
stores = plus = progs = 0
for cat in ("quaternion", "spatial", "matrix"):
    for k in range(50):
        src = subprocess.run([synth, "show", "--seed", "11", "--category", cat, str(k)],
                             capture_output=True, text=True, check=True).stdout
        progs += 1
        for line in src.split("\n"):
            if line.startswith("#"):
                continue
            if re.match(r"\s+[A-Za-z_]\w*\[[^\]]*\] \+= ", line):
                plus += 1
                print("+= store:", cat, k, line.strip())
            if re.match(r"\s+[A-Za-z_]\w*\[[^\]]*\] (\+)?= ", line):
                stores += 1
print(f"programs: {progs}, array stores: {stores}, += stores: {plus}")
