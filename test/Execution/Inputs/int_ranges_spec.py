"""Prints a launch spec of int_ranges.py's `ints` kernel: every input at the
edge of its type's range, or as NAME=JSON arguments override (spec-int-ranges.test)."""
import json
import sys

inputs = {
    "i8": [-128],
    "u8": [255],
    "i32": [-2147483648],
    "i64": [9223372036854775807],
    "u64": [18446744073709551615],
    "v": [[0, 0, 2147483647]],
    "s8": -128,
    "su8": 255,
    "s32": 2147483647,
    "sv": [0, -32768],
    "out": {"zeros": 3},
}
for arg in sys.argv[1:]:
    name, value = arg.split("=", 1)
    inputs[name] = json.loads(value)
print(json.dumps({"kernel": "ints", "dim": 1, "inputs": inputs}))
