"""mutate_candidates.py: the mutation test of kdsl-synth score (issue 13 point 4).

  mutate DATASET CANDS META    one mutant per operator per (record, target) from
                               the reference texts: cpp_forward, cpp_backward,
                               cuda_forward, cuda_backward
  probe  CANDS META VERDICTS PROBES
                               for every mutant the scorer passed, a site
                               probe; for every one it applies to, an
                               absorption probe (below)
  report META VERDICTS PROBES PROBE_VERDICTS [--min-rate R] [--min-site-rate S]
                               counts, prints them, fails below R (percent;
                               absorbed mutants not semantic) or S (absorbed
                               mutants counted semantic)
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
  dead      static: the mutated or dropped line defines a local (a
            declaration or an assignment, definition()) whose value reaches
            no side effect: not used by any store, atomic, call, condition or
            return, directly or through other definitions, in its own
            function (live_names; the condition of an `if` whose blocks only
            define locals counts once one of them is live; a helper function call uses all its
            arguments but those the helper marks [[maybe_unused]]; an
            argument read, kdsl::read_arg, is a definition)
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
  absorbed  dynamic, for mutants the scorer passed whose site probe trapped:
            the mutated line is `const T x = E;` and every line using x is a
            definition `y = F;` with F calling no helper (absorb_probe); the
            absorption probe computes E' beside x and recomputes each F with
            it, trapping when a result differs bit for bit. No trap: the
            changed value of x is absorbed by every use at every execution on
            every input set (a select whose two sides are equal, `fmod` by a
            larger divisor, a `> 0` / `> 1` condition of a value that is 0
            between the two). It is run for every mutant it applies to; a
            caught mutant whose absorption probe does not trap is an anomaly
            (the probe would be unsound).
A mutant is semantic unless dead, probe-equivalent or absorbed. Caught = any verdict
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
DECL = re.compile(r"^(\s*)((?:\[\[maybe_unused\]\]\s+)?(?:const\s+)?[\w:][\w:<>, ]*?)\s+(\w+)\s*=\s*(.*);\s*$")
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


NODECL = re.compile(r"^\s*(?:\[\[maybe_unused\]\]\s+)?([\w:][\w:<>, ]*?)\s+\w+;\s*$")


def definition(line):
    """(name, right-hand side) when `line` only defines a local: a declaration
    `T x = E;` or an assignment `x = E;` whose E has no side effect (no
    kdsl::atomic / kdsl::store; a `[[maybe_unused]]` declaration or an
    assignment only when E calls nothing: the emitter marks the unused result
    of a helper call, which may store, `[[maybe_unused]]`). None otherwise."""
    m = DECL.match(line) or ASSIGN.match(line)
    if not m or "kdsl::atomic" in line or "kdsl::store" in line:
        return None
    if m.re is DECL and m.group(2).split()[0] == "return":
        return None
    # An argument read (`kdsl::read_arg<T>(args[N])`) is a pure load.
    pure = re.fullmatch(r"kdsl::read_arg<[\w:<>, ]+>\(args\[\d+\]\)", m.group(4).strip())
    if ("[[maybe_unused]]" in line or m.re is ASSIGN) and "(" in m.group(4) and not pure:
        return None
    return m.group(3), m.group(4)


HELPER = re.compile(r"^static KDSL_FN .*?\b(\w+)\((.*)\) \{$")


def split_args(text):
    """The top-level comma-separated arguments of `text` (up to its closing
    parenthesis) and where that parenthesis is."""
    args, depth, cur = [], 0, ""
    for k, ch in enumerate(text):
        if ch in "([{<" and not (ch == "<" and depth == 0 and cur.strip() == ""):
            depth += ch in "([{"
        if ch in ")]}":
            if depth == 0:
                args.append(cur)
                return args, k
            depth -= 1
        if ch == "," and depth == 0:
            args.append(cur)
            cur = ""
        else:
            cur += ch
    return args + [cur], len(text)


def unused_helper_args(lines):
    """helper name -> positions of its `[[maybe_unused]]` parameters (the
    emitter marks a parameter its body never reads)."""
    out = {}
    for l in lines:
        m = HELPER.match(l)
        if m:
            params, _ = split_args(m.group(2) + ")")
            out[m.group(1)] = {k for k, p in enumerate(params) if "[[maybe_unused]]" in p}
    return out


def without_unused_args(line, unused):
    """`line` with the arguments a helper never reads left out of its calls."""
    for name, positions in unused.items():
        if not positions:
            continue
        at = 0
        while True:
            k = line.find(name + "(", at)
            if k < 0 or (k > 0 and (line[k - 1].isalnum() or line[k - 1] == "_")):
                break
            start = k + len(name) + 1
            args, end = split_args(line[start:])
            kept = ["" if j in positions else a for j, a in enumerate(args)]
            line = line[:start] + ",".join(kept) + line[start + end:]
            at = start
    return line


def live_names(lines, unused=None):
    """Names whose value can reach a side effect: used by a root line (any
    line but a definition (above) or a declaration without initializer:
    stores, atomics, control flow, returns, calls, member assignments) or by
    the right-hand side of a definition of a live name (every assignment of
    it: flow-insensitive, so conservative). A call of a helper function
    counts as using all its arguments."""
    word = re.compile(r"\b[A-Za-z_]\w*\b")
    decls, live = {}, set()
    if unused is None:
        unused = unused_helper_args(lines)
    # An `if (C) {` whose blocks (with its `} else {`) hold only definitions
    # (and nested such ifs) makes C live only once one of them defines a live
    # name: a condition that only chooses between values nothing uses (a
    # loop's replay in an adjoint) has no effect either.
    kinds, ifs = [], []  # per line: "def", "skip", "if" or "root"
    for k, l in enumerate(lines):
        if not HELPER.match(l):
            l = without_unused_args(l, unused)
        s = l.strip()
        if not s or s.startswith("//") or s in ("}", "} else {"):
            kinds.append(("skip", None))
            continue
        d = definition(l)
        if d:
            decls.setdefault(d[0], set()).update(word.findall(d[1]))
            kinds.append(("def", d[0]))
        elif NODECL.match(l) and NODECL.match(l).group(1) != "return":
            kinds.append(("skip", None))  # `T x;`: defines nothing yet
        elif re.fullmatch(r"if \(.*\) \{", s):
            kinds.append(("if", set(word.findall(s[3:-2]))))
            ifs.append(k)
        else:
            kinds.append(("root", None))
            live.update(word.findall(l))

    def block_end(k):
        depth, j = 0, k
        while j < len(lines):
            t = lines[j].strip()
            depth += t.count("{") - t.count("}")
            if depth == 0 and j > k and not t.startswith("} else {"):
                return j
            j += 1
        return j

    spans = {k: range(k + 1, block_end(k)) for k in ifs}
    active = set()
    for k in ifs:  # an if holding a root (a store, a break, a call) is live
        if any(kinds[j][0] == "root" for j in spans[k]):
            active.add(k)
            live.update(kinds[k][1])
    changed = True
    while changed:
        work = list(live)
        while work:
            for n in decls.get(work.pop(), ()):
                if n not in live:
                    live.add(n)
                    work.append(n)
        changed = False
        for k in ifs:
            if k in active:
                continue
            if any((kinds[j][0] == "def" and kinds[j][1] in live) or
                   (kinds[j][0] == "if" and j in active) for j in spans[k]):
                active.add(k)
                live.update(kinds[k][1])
                changed = True
    return live


def function_of(lines, k):
    """The lines of the function (a kernel entry point or a helper) that
    holds line k: locals are its own (a text of several kernels names them
    alike)."""
    def starts(l):
        return l.startswith('extern "C"') or HELPER.match(l) is not None
    first = next((j for j in range(k, -1, -1) if starts(lines[j])), 0)
    last = next((j for j in range(k + 1, len(lines)) if starts(lines[j])), len(lines))
    return lines[first:last]


def is_dead(lines, k):
    """The line only defines a local whose value reaches no side effect
    (live_names, in its own function)."""
    d = definition(lines[k])
    return bool(d) and d[0] not in live_names(function_of(lines, k), unused_helper_args(lines))


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
                                  "kind": "site", "text": "\n".join(lines)}) + "\n")
        # Absorption probes: for every mutant they apply to (not only the
        # passed ones: a caught mutant whose absorption probe does not trap
        # is an anomaly, the check of the probe's soundness).
        for n, (m, v) in enumerate(zip(metas, verdicts)):
            text = None if m["dead"] else absorb_probe(m)
            if text is not None:
                out.write(json.dumps({"id": m["id"], "target": m["target"], "mutant": n,
                                      "kind": "absorb", "text": text}) + "\n")


CALL = re.compile(r"([A-Za-z_][\w:]*)\s*\(")


def pure_rhs(rhs):
    """E calls only std:: and kdsl:: functions and casts (no helper, which
    may store): recomputing it has no side effect."""
    return all(c.startswith("std::") or c.startswith("kdsl::") or c.endswith("_cast")
               for c in CALL.findall(rhs))


def absorb_probe(m):
    """The absorption probe of a swap or constant mutant of `const T x = E;`
    (x declared once, in the kernel): the reference with `const
    decltype(x) kdsl_mut = E';` after the line, and after each line using
    x, all of them definitions `y = F;` (definition(), F pure), `{ const
    decltype(y) p = F[x := kdsl_mut]; if (memcmp(&p, &y, sizeof y))
    __builtin_trap(); }`. It traps iff some use of x computes different bits
    with the mutant's value, on some input set. None when it does not apply
    (a drop, a mutable x, a use of x that is not such a definition)."""
    if m["op"] == "drop":
        return None
    lines = m["reference"].split("\n")
    k = m["line"]
    d, dn = DECL.match(m["old"]), DECL.match(m["new"])
    if not d or not dn or d.group(3) != dn.group(3) or "const" not in d.group(2).split():
        return None
    x = d.group(3)
    use = re.compile(r"\b%s\b" % re.escape(x))
    start = next(i for i, l in enumerate(lines) if "for (int64_t thread" in l)
    users = []
    for i, l in enumerate(lines):
        if i == k or not use.search(l):
            continue
        df = definition(l)
        if i < start or i < k or not df or df[0] == x or not pure_rhs(df[1]):
            return None
        users.append(i)
    if not users:
        return None
    mut = "kdsl_mut_" + x
    out = []
    for i, l in enumerate(lines):
        out.append(l)
        indent = re.match(r"\s*", l).group(0)
        if i == k:
            out.append("%sconst decltype(%s) %s = %s;" % (indent, x, mut, dn.group(4)))
        elif i in users:
            y, rhs = definition(l)
            out.append(("%s{ const decltype(%s) kdsl_probe = %s; if (__builtin_memcmp(&kdsl_probe, "
                        "&%s, sizeof %s) != 0) __builtin_trap(); }") % (
                            indent, y, use.sub(mut, rhs), y, y))
    return "\n".join(out)


def cmd_report(meta_path, verdicts_path, probes_path, probe_verdicts_path, min_rate,
               min_site_rate):
    metas, verdicts = load(meta_path), load(verdicts_path)
    probes, pverdicts = load(probes_path), load(probe_verdicts_path)
    assert len(metas) == len(verdicts) and len(probes) == len(pverdicts)
    trapped, absorbed_at = {}, {}
    not_compiled = sum(pv["verdict"] == "compile_error" for pv in pverdicts)
    for p, pv in zip(probes, pverdicts):
        assert pv["verdict"] in ("pass", "runtime_fault") or \
            (p["kind"] == "absorb" and pv["verdict"] == "compile_error"), (p["mutant"], pv)
        if p["kind"] == "site":
            trapped[p["mutant"]] = pv["verdict"] == "runtime_fault"
        else:
            absorbed_at[p["mutant"]] = pv["verdict"] == "pass"
    absorbed = 0
    counts = {}
    per_op = {op: {"mutants": 0, "dead": 0, "probe-equivalent": 0, "absorbed": 0, "semantic": 0,
                   "caught": 0,
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
        ref = m["reference"].split("\n")
        rest = function_of(ref, m["line"])
        rest = rest[rest.index(ref[m["line"]]) + 1:] if ref[m["line"]] in rest else []
        rest = [l.split("//")[0] for l in rest]  # a comment's source line is no use
        if m["op"] == "drop" and d and re.search(r"\b%s\b" % re.escape(d.group(3)), "\n".join(rest)):
            # the name is used later in its function: the mutant cannot compile
            if verdict != "compile_error":
                bad.append((n, "a non-compiling mutant got %s" % verdict, m["old"]))
        if m["dead"]:
            row["dead"] += 1
            if verdict not in ("pass", "compile_error"):
                bad.append((n, "a dead-code mutant caught: %s" % verdict, m["old"]))
            continue
        if verdict != "pass" and absorbed_at.get(n):
            bad.append((n, "a caught mutant's absorption probe did not trap", m["old"]))
        if verdict == "pass" and not trapped[n]:
            row["probe-equivalent"] += 1
            continue  # equivalent on every input set (probe)
        if verdict == "pass" and absorbed_at.get(n):
            row["absorbed"] += 1
            absorbed += 1
            survivors.append((n, m, "absorbed"))
            continue  # its change is absorbed by every use, on every set
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
            survivors.append((n, m, "survivor"))
    total = len(metas)
    dead = sum(m["dead"] for m in metas)
    probe_eq = sum(1 for t in trapped.values() if not t)
    print("mutants: %d (dead: %d, probe-equivalent: %d, absorbed: %d, semantic: %d)" % (
        total, dead, probe_eq, absorbed, semantic))
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
    print("absorption probes: %d, not compiled %d, trapped %d; site-probe semantic (absorbed counted): %d of %d "
          "(%.2f%%)" % (len(absorbed_at), not_compiled,
                        sum(not a for a in absorbed_at.values()) - not_compiled, caught,
                        semantic + absorbed, 100.0 * caught / max(semantic + absorbed, 1)))
    for n, m, what in survivors:
        print("%s %d: record %d %s %s: %s -> %s" % (what, n, m["id"], m["target"], m["op"],
                                                   m["old"].strip(), m["new"].strip()))
    for b in bad:
        print("ANOMALY", b)
    rate = 100.0 * caught / max(semantic, 1)
    site_rate = 100.0 * caught / max(semantic + absorbed, 1)
    ok = rate >= min_rate and site_rate >= min_site_rate and not bad and semantic > 0
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
        site = float(a[a.index("--min-site-rate") + 1]) if "--min-site-rate" in a else 0.0
        sys.exit(cmd_report(a[1], a[2], a[3], a[4], rate, site))
    elif a[0] == "originals":
        cmd_originals(a[1], a[2])
    elif a[0] == "check-originals":
        sys.exit(cmd_check_originals(a[1], int(a[2])))
