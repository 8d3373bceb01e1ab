"""mutate_candidates.py: the mutation test of kdsl-synth score (issue 13 point 4).

  mutate DATASET CANDS META    one mutant per operator per (record, target) from
                               the reference texts: cpp_forward, cpp_backward,
                               cuda_forward, cuda_backward
  probe  CANDS META VERDICTS PROBES
                               for every mutant the scorer passed, a probe
                               candidate (below)
  report META VERDICTS PROBES PROBE_VERDICTS [--min-rate R]
                               counts, prints them, fails below R (percent)
  originals DATASET CANDS      the reference texts themselves, as candidates
  check-originals VERDICTS N   every one passes, compared on N input sets

Mutation operators, applied only to statement lines inside the kernel
function's thread loop (after `for (int64_t thread ...`; never helper
functions, declarations of arguments or comments), with a fixed seed per
(record id, target):
  swap      one spaced binary operator: + <-> -, * <-> /
  constant  one numeric literal: a float literal c -> c + 1, an integer
            literal after an operator n -> n + 1
  drop      one statement line removed (a declaration or a store / atomic /
            call statement)

Equivalence (decided without the scorer's verdict on the mutant):
  dead      static: the mutated or dropped line declares a name whose value
            reaches no side effect: not used by any store, atomic, call,
            condition or return, directly or through other declarations
            (live_names; a helper function call uses all its arguments)
  probe     dynamic, for mutants the scorer passed: the reference text with
            the mutation site instrumented, run on the record's input sets
            (scored as a candidate, with the same --inputs as the mutants:
            the record's spec and the sets drawn from it; only its run is
            used, it must be `pass` or `runtime_fault`). For a declaration `const T x = E;` mutated to E',
            the probe keeps the original line and adds
            `{ const T p = E'; if (memcmp(&p, &x, sizeof x)) __builtin_trap(); }`:
            it traps iff E' differs bit for bit from E in some execution. For
            a dropped or mutated non-declaration line the probe traps when the
            line is reached. A probe that does not trap shows the mutant
            computes the same bits as the reference at every execution of the
            site on every input set (or never reaches it): equivalent on them.
A mutant is semantic unless dead or probe-equivalent. Caught = any verdict
but pass. A semantic mutant that passes (its probe trapped) is a survivor:
its changed value did not reach the outputs (e.g. an unselected max or
where operand) or the scorer missed a difference; report lists each one.
"""
import glob
import json
import random
import re
import sys

TARGETS = ["cpp_forward", "cpp_backward", "cuda_forward", "cuda_backward"]
SEED = 1313
DECL = re.compile(r"^(\s*)((?:const\s+)?[\w:][\w:<>, ]*?)\s+(\w+)\s*=\s*(.*);\s*$")
ASSIGN = re.compile(r"^(\s*)()(\w+)\s*=\s*(.*);\s*$")  # a variable assigned again
BINOP = re.compile(r"(?<=\S) ([-+*/]) (?=\S)")
SWAP = {"+": "-", "-": "+", "*": "/", "/": "*"}
FLOAT = re.compile(r"(?<![\w.])(\d+\.\d*(?:[eE][-+]?\d+)?|\d+[eE][-+]?\d+)(f?)(?![\w.])")
INT = re.compile(r"(?<=[-+*/=<>] )(\d+)(?![\w.])")


def load(path):
    return [json.loads(l) for l in open(path) if l.strip()]


def body_lines(lines):
    """Indices of mutable statement lines: inside the kernel's thread loop."""
    start = next((k for k, l in enumerate(lines) if "for (int64_t thread" in l), None)
    if start is None:
        return []
    out = []
    for k in range(start + 1, len(lines)):
        s = lines[k].strip()
        if s.endswith(";") and not s.startswith("//") and not s.startswith("for ") \
                and not s.startswith("return"):
            out.append(k)
    return out


def mutate_line(op, line, rng):
    """The mutated line, or None when `op` does not apply to it."""
    m = DECL.match(line)
    rhs_at = m.start(4) if m else 0
    if op == "swap":
        hits = [h for h in BINOP.finditer(line) if h.start() >= rhs_at]
        if not hits:
            return None
        h = rng.choice(hits)
        return line[:h.start(1)] + SWAP[h.group(1)] + line[h.end(1):]
    if op == "constant":
        hits = [("f", h) for h in FLOAT.finditer(line) if h.start() >= rhs_at]
        hits += [("i", h) for h in INT.finditer(line) if h.start() >= rhs_at]
        if not hits:
            return None
        kind, h = rng.choice(hits)
        if kind == "f":
            new = repr(float(h.group(1)) + 1.0) + h.group(2)
        else:
            new = str(int(h.group(1)) + 1)
        return line[:h.start()] + new + line[h.end():]
    return ""  # drop


def declared(line):
    m = DECL.match(line)
    return m.group(3) if m else None


def live_names(lines):
    """Names whose value can reach a side effect: used by a root line (any
    line but a declaration: stores, control flow, returns, calls) or by a
    declaration that is a root itself (`[[maybe_unused]]` results of atomics,
    anything calling kdsl::atomic / kdsl::store) or that declares a live name.
    A call of a helper function counts as using all its arguments."""
    word = re.compile(r"\b[A-Za-z_]\w*\b")
    decls, live = {}, set()
    for l in lines:
        s = l.strip()
        if not s or s.startswith("//"):
            continue
        d = DECL.match(l)
        if d and "[[maybe_unused]]" not in l and "kdsl::atomic" not in l and "kdsl::store" not in l:
            decls.setdefault(d.group(3), set()).update(word.findall(d.group(4)))
        else:
            live.update(word.findall(l))
    work = list(live)
    while work:
        for n in decls.get(work.pop(), ()):
            if n not in live:
                live.add(n)
                work.append(n)
    return live


def is_dead(lines, k):
    """The line declares a value that reaches no side effect (live_names)."""
    d = DECL.match(lines[k])
    if not d or "[[maybe_unused]]" in lines[k] or "kdsl::atomic" in lines[k] \
            or "kdsl::store" in lines[k]:
        return False
    return d.group(3) not in live_names(lines)


def cmd_mutate(dataset, cands_path, meta_path):
    recs = sorted((r for f in sorted(glob.glob(dataset + "/shard-*.jsonl")) for r in load(f)),
                  key=lambda r: r["id"])
    with open(cands_path, "w") as cands, open(meta_path, "w") as meta:
        for r in recs:
            for target in TARGETS:
                text = r.get(target) or ""
                lines = text.split("\n")
                sites = body_lines(lines)
                rng = random.Random("%d:%d:%s" % (SEED, r["id"], target))
                for op in ["swap", "constant", "drop"]:
                    order = sites[:]
                    rng.shuffle(order)
                    for k in order:
                        new = mutate_line(op, lines[k], rng)
                        if new is None:
                            continue
                        mutated = lines[:k] + ([new] if op != "drop" else []) + lines[k + 1:]
                        cands.write(json.dumps({"id": r["id"], "target": target,
                                                "text": "\n".join(mutated)}) + "\n")
                        meta.write(json.dumps({"id": r["id"], "target": target, "op": op,
                                               "line": k, "old": lines[k], "new": new,
                                               "dead": is_dead(lines, k),
                                               "reference": text}) + "\n")
                        break


def cmd_probe(cands_path, meta_path, verdicts_path, probes_path):
    metas, verdicts = load(meta_path), load(verdicts_path)
    assert len(metas) == len(verdicts)
    with open(probes_path, "w") as out:
        for n, (m, v) in enumerate(zip(metas, verdicts)):
            if v["verdict"] != "pass" or m["dead"]:
                continue
            lines = m["reference"].split("\n")
            k = m["line"]
            d = DECL.match(m["old"]) or ASSIGN.match(m["old"])
            dn = (DECL.match(m["new"]) or ASSIGN.match(m["new"])) if m["new"] else None
            if d and dn and d.group(3) == dn.group(3):
                probe = ("%s{ const decltype(%s) kdsl_probe = %s; if (__builtin_memcmp(&kdsl_probe, "
                         "&%s, sizeof %s) != 0) __builtin_trap(); }") % (
                             d.group(1), d.group(3), dn.group(4), d.group(3), d.group(3))
                lines = lines[:k + 1] + [probe] + lines[k + 1:]
            else:
                indent = re.match(r"\s*", m["old"]).group(0)
                lines = lines[:k] + [indent + "__builtin_trap();"] + lines[k:]
            out.write(json.dumps({"id": m["id"], "target": m["target"], "mutant": n,
                                  "text": "\n".join(lines)}) + "\n")


def cmd_report(meta_path, verdicts_path, probes_path, probe_verdicts_path, min_rate):
    metas, verdicts = load(meta_path), load(verdicts_path)
    probes, pverdicts = load(probes_path), load(probe_verdicts_path)
    assert len(metas) == len(verdicts) and len(probes) == len(pverdicts)
    trapped = {}
    for p, pv in zip(probes, pverdicts):
        assert pv["verdict"] in ("pass", "runtime_fault"), (p["mutant"], pv)
        trapped[p["mutant"]] = pv["verdict"] == "runtime_fault"
    counts = {}
    per_op = {op: {"mutants": 0, "dead": 0, "probe-equivalent": 0, "semantic": 0, "caught": 0,
                   "caught on a drawn set": 0} for op in ["swap", "constant", "drop"]}
    survivors, bad = [], []
    semantic = caught = compiling_semantic = compiling_caught = 0
    for n, (m, v) in enumerate(zip(metas, verdicts)):
        verdict = v["verdict"]
        assert v["id"] == m["id"] and v["target"] == m["target"]
        key = (m["op"], verdict)
        counts[key] = counts.get(key, 0) + 1
        row = per_op[m["op"]]
        row["mutants"] += 1
        if verdict == "error":
            bad.append((n, "error verdict", v))
        d = DECL.match(m["old"])
        if m["op"] == "drop" and d and re.search(r"\b%s\b" % re.escape(d.group(3)),
                                                 "\n".join(m["reference"].split("\n")[m["line"] + 1:])):
            # the name is used later: the mutant cannot compile
            if verdict != "compile_error":
                bad.append((n, "a non-compiling mutant got %s" % verdict, m["old"]))
        if m["dead"]:
            row["dead"] += 1
            if verdict not in ("pass", "compile_error"):
                bad.append((n, "a dead-code mutant caught: %s" % verdict, m["old"]))
            continue
        if verdict == "pass" and not trapped[n]:
            row["probe-equivalent"] += 1
            continue  # equivalent on every input set (probe)
        semantic += 1
        caught += verdict != "pass"
        row["semantic"] += 1
        row["caught"] += verdict != "pass"
        at = v.get("input_set", (v.get("mismatch") or {}).get("input_set", 0))
        row["caught on a drawn set"] += verdict != "pass" and at > 0
        if verdict != "compile_error":
            compiling_semantic += 1
            compiling_caught += verdict != "pass"
        if verdict == "pass":
            survivors.append((n, m))
    total = len(metas)
    dead = sum(m["dead"] for m in metas)
    probe_eq = sum(1 for t in trapped.values() if not t)
    print("mutants: %d (dead: %d, probe-equivalent: %d, semantic: %d)" % (total, dead, probe_eq,
                                                                       semantic))
    for op in ["swap", "constant", "drop"]:
        print("  %-8s " % op + ", ".join("%s %d" % (vk, c) for (o, vk), c in sorted(counts.items())
                                         if o == op))
    for op in ["swap", "constant", "drop"]:
        row = per_op[op]
        print("  %-8s " % op + ", ".join("%s %d" % kv for kv in row.items()) +
              " (%.2f%%)" % (100.0 * row["caught"] / max(row["semantic"], 1)))
    print("caught: %d of %d semantic (%.2f%%); compiling semantic: %d of %d (%.2f%%)" % (
        caught, semantic, 100.0 * caught / max(semantic, 1), compiling_caught,
        compiling_semantic, 100.0 * compiling_caught / max(compiling_semantic, 1)))
    print("caught among all mutants: %d of %d" % (sum(v["verdict"] != "pass" for v in verdicts),
                                                  total))
    for n, m in survivors:
        print("survivor %d: record %d %s %s: %s -> %s" % (n, m["id"], m["target"], m["op"],
                                                         m["old"].strip(), m["new"].strip()))
    for b in bad:
        print("ANOMALY", b)
    rate = 100.0 * caught / max(semantic, 1)
    ok = rate >= min_rate and not bad and semantic > 0
    print("RESULT: %s" % ("ok" if ok else "FAILED"))
    return 0 if ok else 1


def cmd_originals(dataset, cands_path):
    recs = sorted((r for f in sorted(glob.glob(dataset + "/shard-*.jsonl")) for r in load(f)),
                  key=lambda r: r["id"])
    with open(cands_path, "w") as cands:
        for r in recs:
            for target in TARGETS:
                cands.write(json.dumps({"id": r["id"], "target": target, "text": r[target]}) + "\n")


def cmd_check_originals(verdicts_path, sets):
    verdicts = load(verdicts_path)
    bad = [v for v in verdicts if v["verdict"] != "pass" or v.get("input_sets") != sets]
    print("originals: %d of %d pass on %d input sets" % (len(verdicts) - len(bad), len(verdicts),
                                                         sets))
    for v in bad:
        print("ANOMALY original", v)
    return 1 if bad else 0


if __name__ == "__main__":
    a = sys.argv[1:]
    if a[0] == "mutate":
        cmd_mutate(a[1], a[2], a[3])
    elif a[0] == "probe":
        cmd_probe(a[1], a[2], a[3], a[4])
    elif a[0] == "report":
        rate = float(a[a.index("--min-rate") + 1]) if "--min-rate" in a else 99.0
        sys.exit(cmd_report(a[1], a[2], a[3], a[4], rate))
    elif a[0] == "originals":
        cmd_originals(a[1], a[2])
    elif a[0] == "check-originals":
        sys.exit(cmd_check_originals(a[1], int(a[2])))
