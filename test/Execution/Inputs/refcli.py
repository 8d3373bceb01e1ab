"""The command line of the plain-Python references (test/Execution/*_ref.py
that compute their expected values without wpref):

  REF.py SPEC.json               prints expected(spec) as JSON;
  REF.py --merge-grads OUT.json  prints kdsl-run's OUT.json with its "grads"
                                 moved into "outputs" as "grad.NAME", the
                                 form compare.py compares with expected().
"""

import json
import sys


def merge_grads(result):
    for name, g in result.pop("grads", {}).items():
        result["outputs"]["grad." + name] = g
    return result


def main(expected):
    if sys.argv[1] == "--merge-grads":
        print(json.dumps(merge_grads(json.load(open(sys.argv[2])))))
    else:
        print(json.dumps(expected(json.load(open(sys.argv[1])))))
