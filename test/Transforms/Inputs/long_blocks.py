"""Prints kdsl IR with blocks long enough for kdsl-canonicalize's fences
(EffectFences.cpp: 256 ops or more), for canonicalize-long-blocks.test:

  @dead        a loop whose long body writes nothing: MLIR's canonicalizer
               erases it (the fence keeps it until the patterns run again);
  @trivial_if  an `if` whose long then-block folds away to its yield: the
               canonicalizer makes it a select (the fenced block is no
               trivial block until the fence is out);
  @live        a loop whose long body ends in a store, each constant add
               folded (the common case: the fence ends the dead-op scans);
  @short       the same loop with a short body (no fence).

usage: long_blocks.py [N]   (N ops per long block, default 300)
"""
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 300
out = ["module {"]


def chain(indent, first, count, prefix):
    """`count` integer ops x + 0 (each folds to x), then x * 3 + 1."""
    lines, prev = [], first
    for k in range(count):
        lines.append(f"{indent}%{prefix}{k} = arith.addi {prev}, %c0 : i64")
        prev = f"%{prefix}{k}"
    lines.append(f"{indent}%{prefix}m = arith.muli {prev}, %c3 : i64")
    lines.append(f"{indent}%{prefix}r = arith.addi %{prefix}m, %c1 : i64")
    return lines, f"%{prefix}r"


consts = ["    %c0 = arith.constant 0 : i64", "    %c1 = arith.constant 1 : i64",
          "    %c3 = arith.constant 3 : i64", "    %c0i = arith.constant 0 : index",
          "    %c1i = arith.constant 1 : index"]

out.append("  func.func @dead(%n: index, %x: i64) {")
out += consts
out.append("    scf.for %i = %c0i to %n step %c1i {")
body, _ = chain("      ", "%x", n, "d")
out += body
out += ["    }", "    return", "  }"]

out.append("  func.func @trivial_if(%c: i1, %x: i64, %y: i64) -> i64 {")
out += consts
out.append("    %r = scf.if %c -> (i64) {")
body, last = chain("      ", "%x", n, "t")
out += body[:-2]
out.append(f"      scf.yield %t{n - 1} : i64")
out += ["    } else {", "      scf.yield %y : i64", "    }", "    return %r : i64", "  }"]

for name, count in (("live", n), ("short", 8)):
    out.append(f"  func.func @{name}(%n: index, %x: i64, %m: memref<?xi64>) {{")
    out += consts
    out.append("    scf.for %i = %c0i to %n step %c1i {")
    body, last = chain("      ", "%x", count, "l")
    out += body
    out.append(f"      memref.store {last}, %m[%i] : memref<?xi64>")
    out += ["    }", "    return", "  }"]

out.append("}")
print("\n".join(out))
