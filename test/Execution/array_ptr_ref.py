"""Independent reference for Inputs/array_ptr.py (array_ptr.test).

Each kernel reinterprets memory it is given; the expected contents follow
from the row-major layout, computed here in plain Python:
reshape: src (2x3) read as 3x2, out[i] = flat[i] * 10 + 3 + 2;
write_through: the vec2 (u, v) pairs as floats, v = u + 0.5, then u += 100;
as_structs: x as Pair(a, b): out = a * b, then b = -1;
local_reinterpret: [0, 1.5, ..., 7.5] as three vec2;
null_ptr: [0 (None's address), 1 (a real array's address is not 0)];
no_gradient: loss = sum(3 x + x^2) but, as in Warp, the view from x.ptr has
no gradient, so grad x = seed * 3 (not seed * (3 + 2 x)).

usage: array_ptr_ref.py SPEC.json              expected output
       array_ptr_ref.py --merge-grads OUT.json
"""
import sys
import os

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from refcli import main  # noqa: E402


def expected(spec):
    if spec.get("kernel") == "no_gradient":
        x = spec["inputs"]["x"]["data"]
        seed = spec["backward"]["seed"]["loss"][0]
        return {"ok": True, "outputs": {"x": x, "loss": [sum(3.0 * v + v * v for v in x)],
                                        "grad.x": [seed * 3.0] * len(x), "grad.loss": [0.0]}}
    arrays = spec["arrays"]
    src = arrays["src"]["data"]
    flat = [v for row in src for v in row]
    reshaped = [v * 10.0 + 3.0 + 2.0 for v in flat]
    pairs = [[u + 100.0, u + 0.5] for u, _ in arrays["pairs"]["data"]]
    x = list(arrays["x"]["data"])
    products = [x[2 * i] * x[2 * i + 1] for i in range(len(x) // 2)]
    for i in range(len(x) // 2):
        x[2 * i + 1] = -1.0
    m = [k * 1.5 for k in range(6)]
    local = [[m[2 * i], m[2 * i + 1]] for i in range(3)]
    return {"ok": True, "outputs": {"src": src, "reshaped": reshaped, "pairs": pairs, "x": x,
                                    "products": products, "local": local, "ptrs": [0, 1]}}


if __name__ == "__main__":
    main(expected)
