#!/usr/bin/env python3
"""Checks deploy/k8s/synth-indexed-job.yaml: it parses (PyYAML when installed, otherwise a
small reader of the subset the file uses), is an Indexed batch/v1 Job, and the pod of each
index K runs `kdsl-synth generate ... --shard K/COMPLETIONS -o DIR-K` on a mounted volume.
Prints one line per fact; exits 1 with `error: FILE: ...` on the first problem.
With --doc FILE: the ```yaml block after the "### Kubernetes Indexed Job" heading of FILE
must be the manifest, byte for byte."""
import argparse
import re
import shlex
import sys


def fail(path, msg):
    print(f"error: {path}: {msg}", file=sys.stderr)
    sys.exit(1)


def load_small(text, path):
    """The facts this check needs, read without PyYAML: scalar `key: value` lines and the
    folded (`>-`) args block. Not a YAML parser: enough for this file's own layout."""
    if "\t" in text:
        fail(path, "a tab in the indentation (YAML forbids it)")
    facts, lines = {}, text.splitlines()
    for n, line in enumerate(lines):
        body = line.split(" #")[0].rstrip() if not line.lstrip().startswith("#") else ""
        m = re.match(r"^\s*(?:- )?(\w+):\s*(.*)$", body)
        if not m:
            continue
        key, value = m.groups()
        if key == "args":
            indent = len(lines[n + 1]) - len(lines[n + 1].lstrip())
            block = []
            for more in lines[n + 2:]:
                if len(more) - len(more.lstrip()) <= indent:
                    break
                block.append(more.strip())
            facts["args"] = [" ".join(block)]
        elif key == "command":
            facts["command"] = [s.strip().strip('"') for s in value.strip("[]").split(",")]
        elif value and key not in facts:
            facts[key] = value.strip('"')
    for key in ("completions", "parallelism"):
        if key in facts:
            facts[key] = int(facts[key])
    m = re.search(r"mountPath:\s*(\S+?)\}?$", text, re.M)
    facts["mountPath"] = m.group(1) if m else None
    return facts


def load_yaml(yaml, text, path):
    try:
        doc = yaml.safe_load(text)
    except yaml.YAMLError as err:
        fail(path, f"does not parse: {err}")
    try:
        spec = doc["spec"]
        container = spec["template"]["spec"]["containers"][0]
        return {"apiVersion": doc["apiVersion"], "kind": doc["kind"],
                "completionMode": spec["completionMode"], "completions": spec["completions"],
                "parallelism": spec["parallelism"],
                "restartPolicy": spec["template"]["spec"]["restartPolicy"],
                "command": container["command"], "args": container.get("args", []),
                "mountPath": container["volumeMounts"][0]["mountPath"]}
    except (KeyError, IndexError, TypeError) as err:
        fail(path, f"lacks {err}")


def check_pod_command(facts, path):
    """The pod's command for each index: sh -c SCRIPT with JOB_COMPLETION_INDEX set."""
    argv = list(facts["command"]) + list(facts["args"])
    if argv[:2] != ["sh", "-c"] or len(argv) != 3:
        fail(path, f"the container runs {argv}, not sh -c SCRIPT")
    completions = facts["completions"]
    for k in range(completions):
        words = shlex.split(argv[2].replace("$JOB_COMPLETION_INDEX", str(k)))
        if words[:1] == ["exec"]:
            words = words[1:]
        if words[:2] != ["kdsl-synth", "generate"]:
            fail(path, f"index {k} runs {words[:2]}, not kdsl-synth generate")
        opt = {words[i]: words[i + 1] for i in range(2, len(words) - 1) if words[i].startswith("-")}
        if opt.get("--shard") != f"{k}/{completions}":
            fail(path, f"index {k} makes --shard {opt.get('--shard')}, not {k}/{completions}")
        out = opt.get("-o", "")
        if not out.startswith(facts["mountPath"].rstrip("/") + "/") or str(k) not in out:
            fail(path, f"index {k} writes {out!r}: not a directory of its own on {facts['mountPath']}")
        print(f"index {k}: --shard {opt['--shard']} -o {out}")


def check_doc(doc_path, text, path):
    doc = open(doc_path, encoding="utf-8").read()
    m = re.search(r"^### Kubernetes Indexed Job\n.*?^```yaml\n(.*?)^```", doc, re.M | re.S)
    if not m:
        fail(doc_path, "no ```yaml block under '### Kubernetes Indexed Job'")
    if m.group(1) != text:
        fail(doc_path, f"the Kubernetes Indexed Job block differs from {path}")
    print("doc: same as the manifest")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("manifest")
    ap.add_argument("--no-yaml", action="store_true", help="use the small reader even if PyYAML is there")
    ap.add_argument("--doc")
    args = ap.parse_args()
    text = open(args.manifest, encoding="utf-8").read()
    try:
        import yaml
    except ImportError:
        yaml = None
    facts = load_small(text, args.manifest) if args.no_yaml or not yaml else load_yaml(yaml, text, args.manifest)
    for key in ("apiVersion", "kind", "completionMode", "completions", "parallelism", "restartPolicy"):
        print(f"{key}: {facts.get(key)}")
    check_pod_command(facts, args.manifest)
    if args.doc:
        check_doc(args.doc, text, args.manifest)


if __name__ == "__main__":
    main()
