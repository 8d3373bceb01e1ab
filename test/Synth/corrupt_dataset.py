"""corrupt_dataset.py KDSL_SYNTH WORKDIR: the scripted corruption test of a
kdsl-synth dataset (issue 12, section 2).
corrupt_dataset.py --apply KIND DIR SHARD...: applies one kind of damage.

For every kind of damage (a shard truncated mid-line or at a line boundary,
emptied, a line dropped, a line duplicated, a shard deleted, its stats file
deleted or garbled), applied to several sets of shards:
  - `validate`, `stats` and `merge` exit non-zero, their error names a damaged
    file, and `merge` leaves no output directory (nor a temporary one);
  - re-running the `generate` command restores a directory byte-identical to
    an uninterrupted run (which `validate` accepts), and `stats` and `merge`
    accept it.
"""
import filecmp
import os
import shutil
import subprocess
import sys

SYNTH, WORK = sys.argv[1], sys.argv[2]  # or --apply, KIND
GENERATE = ["generate", "-n", "16", "--shard-size", "4", "--seed", "3", "--jobs", "1",
            "--no-clang-check"]


def run(*args):
    return subprocess.run([SYNTH, *args], capture_output=True, text=True)


def shard(d, s):
    return os.path.join(d, f"shard-{s:05d}.jsonl")


def stats(d, s):
    return os.path.join(d, f"shard-{s:05d}.stats.json")


def rewrite_lines(path, change):
    with open(path, "rb") as f:
        lines = f.read().split(b"\n")[:-1]
    assert len(lines) >= 3, (path, len(lines))
    with open(path, "wb") as f:
        f.write(b"".join(l + b"\n" for l in change(lines)))


def truncate_mid_line(d, s):
    with open(shard(d, s), "rb") as f:
        data = f.read()
    second = data.index(b"\n") + 1
    cut = second + (data.index(b"\n", second) - second) // 2  # the middle of line 2
    with open(shard(d, s), "wb") as f:
        f.write(data[:cut])


def empty(d, s):
    open(shard(d, s), "wb").close()


def garble_stats(d, s):
    with open(stats(d, s), "w") as f:
        f.write('{"written":"x"}')


KINDS = {
    "truncate-mid-line": truncate_mid_line,
    "truncate-last-line": lambda d, s: rewrite_lines(shard(d, s), lambda l: l[:-1]),
    "empty": empty,
    "drop-line": lambda d, s: rewrite_lines(shard(d, s), lambda l: l[:1] + l[2:]),
    "duplicate-line": lambda d, s: rewrite_lines(shard(d, s), lambda l: l[:2] + l[1:]),
    "delete-shard": lambda d, s: os.remove(shard(d, s)),
    "delete-stats": lambda d, s: os.remove(stats(d, s)),
    "garble-stats": garble_stats,
}
SHARD_SETS = [[0], [3], [1, 2]]


def same_tree(a, b):
    cmp = filecmp.dircmp(a, b)
    if cmp.left_only or cmp.right_only:
        return False
    _, mismatch, errors = filecmp.cmpfiles(a, b, cmp.common_files, shallow=False)
    return not mismatch and not errors


def main():
    shutil.rmtree(WORK, ignore_errors=True)
    os.makedirs(WORK)
    full = os.path.join(WORK, "full")
    r = run(*GENERATE, "-o", full)
    assert r.returncode == 0, r.stderr
    # validate rebuilds every record: once here; a restored directory is
    # byte-identical to this one.
    r = run("validate", full)
    assert r.returncode == 0, r.stdout + r.stderr
    problems = []
    for kind, damage in KINDS.items():
        for shards in SHARD_SETS:
            case = f"{kind}@{','.join(map(str, shards))}"
            d = os.path.join(WORK, case)
            shutil.copytree(full, d)
            for s in shards:
                damage(d, s)
            damaged_names = [f"shard-{s:05d}" for s in shards]
            for cmd in (["validate", d], ["stats", d], ["merge", "-o", d + ".merged", d]):
                r = run(*cmd)
                if r.returncode == 0:
                    problems.append(f"{case}: {cmd[0]} exits 0")
                    continue
                if not any(n in r.stderr for n in damaged_names):
                    problems.append(f"{case}: {cmd[0]}'s error names no damaged file: {r.stderr!r}")
                leftovers = [n for n in os.listdir(WORK) if n.startswith(case + ".merged")]
                if cmd[0] == "merge" and leftovers:
                    problems.append(f"{case}: the failed merge left {leftovers}")
            r = run(*GENERATE, "-o", d)
            if r.returncode != 0:
                problems.append(f"{case}: the resumed generate fails: {r.stderr!r}")
            elif not same_tree(full, d):
                problems.append(f"{case}: the resumed dataset differs from an uninterrupted run")
            else:
                for cmd in (["stats", d], ["merge", "-o", d + ".merged", d]):
                    r = run(*cmd)
                    if r.returncode != 0:
                        problems.append(f"{case}: after resuming, {cmd[0]} fails: {r.stderr!r}")
                if os.path.isdir(d + ".merged") and not same_tree(full, d + ".merged"):
                    problems.append(f"{case}: the merge of the resumed dataset differs")
            shutil.rmtree(d, ignore_errors=True)
            shutil.rmtree(d + ".merged", ignore_errors=True)
    for p in problems:
        print(p)
    print(f"corrupt_dataset: {len(KINDS) * len(SHARD_SETS)} cases, {len(problems)} problems")
    sys.exit(1 if problems else 0)


if SYNTH == "--apply":
    for s in sys.argv[4:]:
        KINDS[WORK](sys.argv[3], int(s))
else:
    main()
