#!/usr/bin/env python3
"""Writes a straight-line kernel of N statements (its body) to stdout (issue 26,
finding 19; bench/straightline.sh times the tools on it).

Each statement reads the previous local and one a few statements back,
through a mix of +, *, wp.sin and wp.max, so that the adjoint has as many
statements again and canonicalization has constants to fold:

    v0 = x[i]
    v1 = wp.sin(v0) - v0 * 0.5
    v2 = v1 * v0 + 0.25
    ...
    y[i] = v<N-3>

usage: gen_straightline.py N > kernel.py   (N >= 3)
"""
import sys

FORMS = ["v{a} * 1.001 + v{b}", "wp.sin(v{a}) - v{b} * 0.5", "v{a} * v{b} + 0.25",
         "wp.max(v{a}, v{b}) * 0.999"]


def main():
    n = int(sys.argv[1])
    if n < 3:
        sys.exit("gen_straightline.py: N must be at least 3")
    out = ["import warp as wp", "", "", "@wp.kernel",
           "def straight(x: wp.array(dtype=float), y: wp.array(dtype=float)):",
           "    i = wp.tid()", "    v0 = x[i]"]
    for k in range(1, n - 2):
        a, b = k - 1, max(0, k - 1 - (k * 7) % 5)
        out.append("    v%d = %s" % (k, FORMS[k % 4].format(a=a, b=b)))
    out.append("    y[i] = v%d" % (n - 3))
    print("\n".join(out))


if __name__ == "__main__":
    main()
