"""Issue 32 on a generated dataset, from the records' sources (Python's own parser, independent
of kdsl's analysis): every kernel is named for what it does (its record's kernel_name is the
kernel's `def`, no per-index k<N> names, no f<N>_ / S<N> symbols), names are unique within a file,
module constants are written where used, and no program of the free generator (motif null) holds
an expression nested six or more calls and operators deep. Prints the counts.

    check_names.py DATASET_DIR"""
import ast
import glob
import json
import re
import sys


def chain(n):
    """1 for + and -, 2 for * and /: a chain of one kind (a + b - c) is one level."""
    if isinstance(n, ast.BinOp):
        return 1 if isinstance(n.op, (ast.Add, ast.Sub)) else 2 if isinstance(n.op, (ast.Mult, ast.Div)) else 0
    return 0


def depth(node):
    """The deepest nesting of calls and operators under `node` (a minus before a literal adds
    none; a chain of + and - or of * and / is one level), as `kdsl-synth stats --realism`
    counts it."""
    best = 0

    def visit(n, d, parent):
        nonlocal best
        counts = isinstance(n, (ast.Call, ast.BinOp, ast.Compare, ast.BoolOp, ast.IfExp)) or (
            isinstance(n, ast.UnaryOp) and not isinstance(n.operand, ast.Constant))
        if chain(n) and chain(parent) == chain(n) and parent.left is n:
            counts = False
        if counts:
            d += 1
            best = max(best, d)
        for c in ast.iter_child_nodes(n):
            visit(c, d, n)

    visit(node, 0, None)
    return best


def main():
    records = [json.loads(l) for f in sorted(glob.glob(sys.argv[1] + "/shard-*.jsonl")) for l in open(f)]
    names, with_constant, free, free_deep = set(), 0, 0, 0
    for r in records:
        tree = ast.parse(r["source"])
        defs = [n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))]
        kernels = [n.name for n in tree.body if isinstance(n, ast.FunctionDef)
                   and any(ast.unparse(d).startswith("wp.kernel") for d in n.decorator_list)]
        # The source's kernels are those the spec launches (a program of several: kernel_name is
        # the first), each defined once.
        launched = list(dict.fromkeys(l["kernel"] for l in r["spec"]["launches"]))
        assert kernels == launched and kernels[0] == r["kernel_name"], (r["id"], kernels, launched)
        assert not re.fullmatch(r"k\d+", r["kernel_name"]), r["id"]
        assert not any(re.fullmatch(r"(f\d+_\w*|S\d+\w*)", d) for d in defs), (r["id"], defs)
        # Kernels and structs are unique and no func takes their name (a func is defined once
        # per overload).
        funcs = [n.name for n in tree.body if isinstance(n, ast.FunctionDef) and n.name not in kernels]
        others = kernels + [n.name for n in tree.body if isinstance(n, ast.ClassDef)]
        assert len(set(others)) == len(others) and not set(others) & set(funcs), (r["id"], defs)
        # Module constants are used.
        constants = [t.id for n in tree.body if isinstance(n, ast.Assign) for t in n.targets]
        for c in constants:
            assert len(re.findall(r"\b" + c + r"\b", r["source"])) >= 2, (r["id"], c)
        with_constant += bool(constants)
        names.add(r["kernel_name"])
        if r["motif"] is None:
            free += 1
            d = max(depth(n) for n in tree.body if isinstance(n, ast.FunctionDef))
            free_deep += d >= 6
    print(f"check_names: {len(records)} records, {len(names)} kernel names, "
          f"{with_constant} with a module constant, {free} free, {free_deep} of them 6 deep")


main()
