#!/usr/bin/env python3
"""Code generation time and size over Warp's own kernels, for one or more kdsl-translate builds.

For every kernel of a Warp corpus (Warp's tests and examples; found by utils/warp_corpus.py),
runs each translator with `FILE --kernel NAME --emit=cpp -o OUT` and `--emit=ptx` (forward +
backward unless --forward-only), times each run (wall clock; a run past --timeout is a failure),
counts the C++ lines after the prelude per source line of the kernel and the @wp.funcs it uses,
and prints per translator the distribution (median / p99 / max) of the times and of the lines
per source line, the slowest kernels, the kernels over --limit-seconds, and the kernels that
one translator translates and another does not.

    python3 bench/corpus_codegen.py --corpus /work/warp-corpus \\
        --translator before=OLD/bin/kdsl-translate --translator after=build/bin/kdsl-translate \\
        [--jobs 1] [--limit N] [--json OUT]
    python3 bench/corpus_codegen.py --from-json OUT [--inside-only]   # summary of a saved run

Python 3.11, standard library only. bench/README.md describes what it measures.
"""

from __future__ import annotations

import argparse
import ast
import collections
import concurrent.futures
import json
import math
import os
import re
import subprocess
import sys
import tempfile
import threading
import time

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(REPO_ROOT, "utils"))
import warp_corpus  # noqa: E402  (kernel discovery and classification)

PRELUDE_END = "// ---- end of prelude ----"
TARGETS = ("cpp", "ptx")


# ---------------------------------------------------------------------------
# Source lines: the kernel's def and the @wp.funcs of its file it uses, transitively
# ---------------------------------------------------------------------------


def def_lines(node: ast.AST) -> int:
    """Physical lines of a def, from the `def` line to its last line (decorators not counted)."""
    return node.end_lineno - node.lineno + 1


class SourceLines:
    """Per file: its FileInfo (warp_corpus), the kernels by (name, line) and the @wp.funcs by name."""

    def __init__(self, corpus: str):
        self.corpus = corpus
        self.files: dict[str, tuple] = {}

    def _file(self, rel: str):
        if rel not in self.files:
            path = os.path.join(self.corpus, rel)
            with open(path, encoding="utf-8") as fh:
                tree = ast.parse(fh.read(), filename=path)
            fi = warp_corpus.FileInfo(path, rel, tree)
            funcs = collections.defaultdict(list)  # every @wp.func def of the file, any scope (overloads: all)
            for node in ast.walk(tree):
                if isinstance(node, ast.FunctionDef) and any(
                        fi.deco_target(d)[0] == "func" for d in node.decorator_list):
                    funcs[node.name].append(node)
            kernels = {(kd.name, kd.node.lineno): kd.node for kd in fi.kernels}
            self.files[rel] = (kernels, funcs)
        return self.files[rel]

    def count(self, rel: str, name: str, line: int) -> tuple[int, int, list[str]]:
        """(kernel lines, kernel + funcs lines, the funcs' names). A func counts when the kernel,
        or a func it counts, names it (a call, wp.grad(f), a function value passed on)."""
        kernels, funcs = self._file(rel)
        kernel = kernels[(name, line)]
        seen: dict[int, ast.FunctionDef] = {}
        stack = [kernel]
        while stack:
            fn = stack.pop()
            for n in ast.walk(fn):
                if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and n.id in funcs:
                    for f in funcs[n.id]:
                        if id(f) not in seen and f is not fn:
                            seen[id(f)] = f
                            stack.append(f)
        used = sorted(seen.values(), key=lambda f: f.lineno)
        k = def_lines(kernel)
        return k, k + sum(def_lines(f) for f in used), [f"{f.name}:{f.lineno}" for f in used]


# ---------------------------------------------------------------------------
# Running the translators
# ---------------------------------------------------------------------------


def code_lines(path: str, target: str) -> tuple[int, int]:
    """(lines after the prelude marker, all lines) of an emitted file; PTX has no prelude."""
    with open(path, encoding="utf-8", errors="replace") as fh:
        lines = fh.read().splitlines()
    if target != "cpp":
        return len(lines), len(lines)
    for i, ln in enumerate(lines):
        if ln.strip() == PRELUDE_END:
            return len(lines) - i - 1, len(lines)
    return len(lines), len(lines)  # no marker: count everything (reported as prelude_marker=False)


def error_message(stderr: str, rc: int) -> str:
    """The first error line (warp_corpus.first_error_line), with the line after it when it ends
    in ':' (kdsl-translate's 'GPU lowering failed:' puts the reason on the next line)."""
    first = warp_corpus.first_error_line(stderr, rc)
    if first.endswith(":"):
        lines = [ln.strip() for ln in stderr.splitlines() if ln.strip()]
        i = lines.index(first) if first in lines else -1
        if 0 <= i < len(lines) - 1:
            first += " " + lines[i + 1]
    return first


def run_one(path: str, src: str, kernel: str, target: str, out: str, args) -> dict:
    cmd = [path, src, "--kernel", kernel, f"--emit={target}", "-o", out]
    if args.forward_only:
        cmd.append("--forward-only")
    if target == "ptx" and args.arch:
        cmd.append(f"--arch={args.arch}")
    res: dict = {"ok": False}
    t0 = time.perf_counter()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=args.timeout, errors="replace")
    except subprocess.TimeoutExpired:
        res["seconds"] = round(time.perf_counter() - t0, 4)
        res["error"] = f"timeout after {args.timeout:g} s"
        res["timeout"] = True
    else:
        res["seconds"] = round(time.perf_counter() - t0, 4)
        if p.returncode == 0 and os.path.isfile(out):
            res["ok"] = True
            res["lines"], res["total_lines"] = code_lines(out, target)
            if target == "cpp":
                with open(out, encoding="utf-8", errors="replace") as fh:
                    res["prelude_marker"] = PRELUDE_END in fh.read()
        else:
            msg = error_message(p.stderr, p.returncode).replace(args.corpus + os.sep, "")
            if p.returncode < 0:
                msg = f"crashed (signal {-p.returncode}): {msg}"
            res["error"] = msg
            res["rc"] = p.returncode
    if os.path.exists(out):
        os.remove(out)
    return res


def run_kernel(idx: int, row: dict, translators: list[tuple[str, str]], tmpdir: str, args) -> dict:
    """All runs of one kernel. The translators alternate, and the one that starts alternates
    from kernel to kernel, so that load and caches hit every translator alike."""
    src = os.path.join(args.corpus, row["file"])
    order = translators if idx % 2 == 0 else translators[::-1]
    row["results"] = {name: {} for name, _ in translators}
    for target in args.targets:
        for name, path in order:
            out = os.path.join(tmpdir, f"k{idx}-{name}.{target}")
            row["results"][name][target] = run_one(path, src, row["kernel"], target, out, args)
    return row


# ---------------------------------------------------------------------------
# Summary
# ---------------------------------------------------------------------------


def pct(values: list[float], p: float) -> float:
    """Nearest-rank percentile (p in [0, 100]) of a non-empty list."""
    v = sorted(values)
    k = max(1, math.ceil(p / 100.0 * len(v)))
    return v[k - 1]


def dist(values: list[float]) -> str:
    if not values:
        return "-"
    return f"{pct(values, 50):.3f} / {pct(values, 99):.3f} / {max(values):.3f}"


def ok(row: dict, name: str, target: str) -> bool:
    return row["results"].get(name, {}).get(target, {}).get("ok", False)


def ratio(row: dict, name: str) -> float | None:
    r = row["results"][name].get("cpp", {})
    if not r.get("ok") or not row["source_lines"]:
        return None
    return r["lines"] / row["source_lines"]


def where(row: dict) -> str:
    return f"{row['file']}:{row['line']} {row['kernel']}"


def summarize(rows: list[dict], names: list[str], targets: list[str], over: float, top: int, out=sys.stdout):
    p = lambda *a: print(*a, file=out)  # noqa: E731
    p(f"kernels run: {len(rows)}; targets: {', '.join(targets)}; distributions are median / p99 / max")
    p("")
    w = max(len(n) for n in names)

    def table(title: str, subset: dict[str, list[dict]]):
        p(title)
        head = f"  {'translator':<{w}}  {'kernels':>7}"
        for t in targets:
            head += f"  {t + ' s':>22}"
        if "cpp" in targets:
            head += f"  {'C++ lines / source line':>24}"
        p(head)
        for n in names:
            rs = subset[n]
            line = f"  {n:<{w}}  {len(rs):>7}"
            for t in targets:
                line += f"  {dist([r['results'][n][t]['seconds'] for r in rs]):>22}"
            if "cpp" in targets:
                line += f"  {dist([x for r in rs if (x := ratio(r, n)) is not None]):>24}"
            p(line)

    # Per translator over the kernels it translates to every target; then over the kernels every
    # translator translates (the paired comparison).
    own = {n: [r for r in rows if all(ok(r, n, t) for t in targets)] for n in names}
    common = [r for r in rows if all(ok(r, n, t) for n in names for t in targets)]
    for n in names:
        counts = ", ".join(f"{t} {sum(ok(r, n, t) for r in rows)}" for t in targets)
        p(f"{n}: translates {len(own[n])} kernels to every target ({counts})")
    p("")
    table("each translator over the kernels it translates:", own)
    if len(names) > 1:
        p("")
        table(f"over the {len(common)} kernels every translator translates:", {n: common for n in names})

    for n in names:
        for t in targets:
            rs = sorted((r for r in rows if ok(r, n, t)), key=lambda r: -r["results"][n][t]["seconds"])
            p("")
            p(f"{n}: slowest {min(top, len(rs))} kernels, --emit={t}:")
            for r in rs[:top]:
                res = r["results"][n][t]
                others = "".join(f"; {m} {r['results'][m][t]['seconds']:.3f} s" if ok(r, m, t) else f"; {m} fails"
                                 for m in names if m != n)
                p(f"  {res['seconds']:8.3f} s  {res['lines']:7d} lines  {where(r)}{others}")
    if "cpp" in targets:
        for n in names:
            rs = sorted((r for r in rows if ratio(r, n) is not None), key=lambda r: -ratio(r, n))
            p("")
            p(f"{n}: most C++ lines per source line:")
            for r in rs[:top]:
                res = r["results"][n]["cpp"]
                others = "".join(f"; {m} {x:.1f}" if (x := ratio(r, m)) is not None else f"; {m} fails"
                                 for m in names if m != n)
                p(f"  {ratio(r, n):8.1f}  {res['lines']:7d} / {r['source_lines']:4d} lines  {where(r)}{others}")
    for n in names:
        slow = [(r, t) for r in rows for t in targets
                if r["results"][n].get(t) and (r["results"][n][t].get("timeout")
                                               or (ok(r, n, t) and r["results"][n][t]["seconds"] > over))]
        p("")
        p(f"{n}: kernels over {over:g} s: {len(slow)}")
        for r, t in slow:
            res = r["results"][n][t]
            p(f"  --emit={t} {res['seconds']:.3f} s{' (timeout)' if res.get('timeout') else ''}  {where(r)}")
    # Kernels one translator translates and another does not, per target.
    for a in names:
        for b in names:
            if a == b:
                continue
            lost = [(r, t) for r in rows for t in targets if ok(r, a, t) and not ok(r, b, t)]
            p("")
            p(f"translated by {a} but not by {b}: {len(lost)}")
            for r, t in lost:
                p(f"  --emit={t}  {where(r)}: {r['results'][b][t].get('error')}")
    markerless = [r for r in rows for n in names if ok(r, n, "cpp") and not r["results"][n]["cpp"].get("prelude_marker")]
    if markerless:
        p("")
        p(f"C++ without the prelude marker (all lines counted): {len(markerless)}")


# ---------------------------------------------------------------------------
# Driver
# ---------------------------------------------------------------------------


def find_rows(corpus: str, inside_only: bool) -> list[dict]:
    records, _, _ = warp_corpus.scan(corpus, None, None)
    counter = SourceLines(corpus)
    rows = []
    for rec in records:
        if inside_only and not rec.inside:
            continue
        k, total, funcs = counter.count(rec.file, rec.name, rec.line)
        rows.append({"file": rec.file, "kernel": rec.name, "line": rec.line, "qualname": rec.qualname,
                     "inside": rec.inside, "negative": rec.negative, "kernel_lines": k,
                     "source_lines": total, "funcs": funcs})
    return rows


def parse_translator(s: str) -> tuple[str, str]:
    name, sep, path = s.partition("=")
    if not sep or not name or not path:
        raise argparse.ArgumentTypeError(f"expected NAME=PATH, got '{s}'")
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        raise argparse.ArgumentTypeError(f"{path}: not an executable file")
    return name, os.path.abspath(path)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", help="directory of Warp Python files (Warp's tests and examples)")
    ap.add_argument("--translator", action="append", type=parse_translator, default=[], metavar="NAME=PATH",
                    help="a kdsl-translate binary and its name in the report (repeat to compare builds)")
    ap.add_argument("--targets", default="cpp,ptx", help="comma-separated --emit targets (default cpp,ptx)")
    ap.add_argument("--forward-only", action="store_true", help="pass --forward-only (default: forward + backward)")
    ap.add_argument("--arch", help="pass --arch= to the PTX runs")
    ap.add_argument("--inside-only", action="store_true",
                    help="only the kernels utils/warp_corpus.py classifies as inside the language "
                         "(default: every distinct kernel; those that do not translate are counted apart)")
    ap.add_argument("--jobs", type=int, default=1, help="kernels in parallel (default 1)")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per run; past it, a failure (default 60)")
    ap.add_argument("--limit", type=int, help="only the first N kernels (a quick check)")
    ap.add_argument("--only", metavar="REGEX", help="only the kernels whose 'FILE:KERNEL' REGEX searches")
    ap.add_argument("--over", type=float, default=2.0, help="list the kernels slower than this (default 2 s)")
    ap.add_argument("--top", type=int, default=5, help="slowest kernels listed per translator and target (default 5)")
    ap.add_argument("--json", metavar="OUT", help="write the per-kernel rows to OUT")
    ap.add_argument("--from-json", metavar="IN", help="print the summary of a saved --json run; run nothing")
    args = ap.parse_args(argv)

    if args.from_json:
        with open(args.from_json, encoding="utf-8") as fh:
            saved = json.load(fh)
        rows = [r for r in saved["rows"] if r["inside"] or not args.inside_only]
        if args.limit:
            rows = rows[:args.limit]
        summarize(rows, list(saved["translators"]), saved["targets"], args.over, args.top)
        return 0

    if not args.corpus or not os.path.isdir(args.corpus):
        ap.error("--corpus DIR is required (a directory)")
    if not args.translator:
        ap.error("give at least one --translator NAME=PATH")
    names = [n for n, _ in args.translator]
    if len(set(names)) != len(names):
        ap.error("translator names must differ")
    args.corpus = os.path.abspath(args.corpus)
    args.targets = [t for t in args.targets.split(",") if t]
    for t in args.targets:
        if t not in ("cpp", "cuda", "ptx", "llvm", "mlir"):
            ap.error(f"unknown target '{t}'")

    rows = find_rows(args.corpus, args.inside_only)
    if args.only:
        rows = [r for r in rows if re.search(args.only, f"{r['file']}:{r['kernel']}")]
    if args.limit:
        rows = rows[:args.limit]
    print(f"corpus: {args.corpus}: {len(rows)} kernels", file=sys.stderr)

    done = 0
    lock = threading.Lock()
    t0 = time.monotonic()

    def work(item):
        nonlocal done
        idx, row = item
        run_kernel(idx, row, args.translator, tmpdir, args)
        with lock:
            done += 1
            if done % 25 == 0 or done == len(rows):
                print(f"  {done}/{len(rows)} kernels, {time.monotonic() - t0:.0f} s", file=sys.stderr)

    with tempfile.TemporaryDirectory(prefix="kdsl-corpus-codegen-") as tmpdir:
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            list(pool.map(work, enumerate(rows)))

    print(f"corpus: {args.corpus}")
    for n, path in args.translator:
        print(f"translator {n}: {path}")
    print(f"runs: {'--forward-only' if args.forward_only else 'forward + backward'}, jobs {args.jobs}, "
          f"timeout {args.timeout:g} s, {time.monotonic() - t0:.0f} s in all")
    summarize(rows, names, args.targets, args.over, args.top)

    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump({"corpus": args.corpus, "translators": dict(args.translator), "targets": args.targets,
                       "forward_only": args.forward_only, "timeout": args.timeout, "rows": rows}, fh, indent=1)
            fh.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
