#!/usr/bin/env python3
"""List Warp 1.16's builtins with their status in kdsl (issue 15's builtin count).

The names and groups below are those of every ``add_builtin("NAME", ..., group=...)`` call in Warp
v1.16.0's ``warp/_src/builtins.py`` (318 names; ``--from-warp FILE`` re-reads them from a copy of
that file). For each builtin in scope (everything but tiles and geometry queries: the groups
"Tile Primitives", "Geometry", "Volumes" and "Textures", except closest_point_edge_edge and
intersect_tri_tri, which issue 15 names), the script asks the translator:

- a *probe* kernel calls it (``x = wp.NAME()``, or a real use for the builtins that Warp's code
  generator reaches through syntax, such as ``extract`` for ``v[0]``); the builtin is *known* when
  the translator does not answer "unknown or unsupported builtin" or "not supported";
- the *tests* column lists the lit test inputs under test/ that call ``wp.NAME(`` (or use the
  syntax), so that "known" is backed by a test that checks values.

    python3 utils/warp_builtins.py [--translator build/bin/kdsl-translate] [--markdown OUT]
"""

from __future__ import annotations

import argparse
import ast
import os
import re
import subprocess
import sys
import tempfile

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

WARP_BUILTINS = {
    "Scalar Math": """
        min max clamp abs sign copysign step nonzero sin cos acos asin sqrt cbrt tan atan atan2
        sinh cosh tanh degrees radians log log2 log10 exp pow erf erfc erfinv erfcinv round rint
        trunc floor ceil frac isfinite isnan isinf
    """,
    "Vector Math": """
        dot ddot argmin argmax outer cross skew length length_sq normalize transpose inverse
        inverse_approx determinant trace diag get_diag cw_mul cw_div vector matrix
        matrix_from_cols matrix_from_rows identity svd3 svd2 qr3 eig3
    """,
    "Quaternion Math": """
        quaternion quat_identity quat_from_axis_angle quat_to_axis_angle quat_from_matrix
        quat_rpy quat_inverse quat_rotate quat_rotate_inv quat_slerp quat_to_matrix
    """,
    "Transformations": """
        transformation transform_identity transform_get_translation transform_get_rotation
        transform_set_translation transform_set_rotation transform_set_translation_copy
        transform_set_rotation_copy transform_multiply transform_point transform_vector
        transform_inverse
    """,
    "Spatial Math": """
        spatial_vector spatial_adjoint spatial_dot spatial_cross spatial_cross_dual spatial_top
        spatial_bottom spatial_jacobian spatial_mass
    """,
    "Tile Primitives": """
        tile_zeros tile_ones tile_empty tile_full tile_from_thread tile_randi tile_randf
        tile_arange tile_load tile_load_indexed tile_store tile_store_indexed tile_atomic_add
        tile_atomic_add_indexed tile_view tile_slice_indexed tile_squeeze tile_reshape
        tile_astype tile_assign assign tile untile tile_extract tile_scatter_add
        tile_scatter_masked tile_add_inplace tile_sub_inplace tile_bit_and_inplace
        tile_bit_or_inplace tile_bit_xor_inplace tile_transpose tile_broadcast tile_sum tile_dot
        tile_axpy tile_sort tile_min tile_argmin tile_max tile_argmax tile_reduce
        tile_scan_inclusive tile_scan_exclusive tile_scan_max_inclusive tile_scan_min_inclusive
        tile_map tile_bvh_query_aabb tile_bvh_query_ray tile_bvh_query_next tile_query_valid
        tile_stack tile_stack_push tile_stack_pop tile_stack_clear tile_stack_count
        tile_mesh_query_aabb tile_mesh_query_aabb_next tile_diag_add tile_matmul tile_fft
        tile_ifft tile_cholesky tile_cholesky_inplace tile_cholesky_solve
        tile_cholesky_solve_inplace tile_lower_solve tile_lower_solve_inplace tile_upper_solve
        tile_upper_solve_inplace
    """,
    "Utility": """
        dense_gemm dense_gemm_batched dense_chol dense_chol_batched dense_subs dense_solve
        dense_solve_batched range iter_next reversed printf print breakpoint tid block_dim copy
        select where array zeros store load extract index indexref assign_inplace assign_copy
        add_inplace transform_add_inplace sub_inplace transform_sub_inplace bit_and_inplace
        bit_or_inplace bit_xor_inplace expect_eq expect_neq lerp smoothstep expect_near
        lower_bound len cast tuple slice address view array_store atomic_add atomic_sub
        atomic_min atomic_max atomic_cas atomic_exch atomic_and atomic_or atomic_xor
    """,
    "Geometry": """
        bvh_query_aabb bvh_query_ray bvh_query_next bvh_query_aabb_tiled bvh_query_ray_tiled
        bvh_query_next_tiled bvh_get_group_root mesh_get_group_root mesh_query_point
        mesh_query_point_sign_parity mesh_query_point_no_sign mesh_query_furthest_point_no_sign
        mesh_query_point_sign_normal mesh_query_point_sign_winding_number mesh_query_ray
        mesh_query_ray_anyhit mesh_query_ray_count_intersections mesh_query_aabb
        mesh_query_aabb_next mesh_query_aabb_tiled mesh_query_aabb_next_tiled mesh_eval_position
        mesh_eval_velocity hash_grid_point_id intersect_tri_tri mesh_get mesh_eval_face_normal
        mesh_get_point mesh_get_velocity mesh_get_index closest_point_edge_edge hash_grid_query
        hash_grid_query_next
    """,
    "Volumes": """
        volume_sample volume_sample_grad volume_lookup volume_store volume_sample_f
        volume_sample_grad_f volume_lookup_f volume_store_f volume_sample_v volume_lookup_v
        volume_store_v volume_sample_i volume_lookup_i volume_store_i volume_sample_index
        volume_sample_grad_index volume_lookup_index volume_voxel_count volume_index_to_world
        volume_world_to_index volume_index_to_world_dir volume_world_to_index_dir
    """,
    "Textures": """
        texture_sample
    """,
    "Random": """
        rand_init randi randu randf randn sample_cdf sample_triangle sample_unit_ring
        sample_unit_disk sample_unit_sphere_surface sample_unit_sphere
        sample_unit_hemisphere_surface sample_unit_hemisphere sample_unit_square
        sample_unit_cube poisson noise pnoise curlnoise
    """,
    "Operators": """
        add sub bit_and bit_or bit_xor lshift rshift invert mul mod div div_approx floordiv pos
        neg unot
    """,
    "Code Generation": """
        static
    """,
}

OUT_OF_SCOPE_GROUPS = {"Tile Primitives", "Geometry", "Volumes", "Textures"}
IN_SCOPE_GEOMETRY = {"closest_point_edge_edge", "intersect_tri_tri", "hash_grid_query", "hash_grid_query_next",
                     "hash_grid_point_id"} | set("""
    bvh_query_aabb bvh_query_ray bvh_query_next bvh_get_group_root mesh_get_group_root mesh_query_point
    mesh_query_point_sign_parity mesh_query_point_no_sign mesh_query_furthest_point_no_sign
    mesh_query_point_sign_normal mesh_query_point_sign_winding_number mesh_query_ray mesh_query_ray_anyhit
    mesh_query_ray_count_intersections mesh_query_aabb mesh_query_aabb_next mesh_eval_position
    mesh_eval_velocity mesh_get mesh_eval_face_normal mesh_get_point mesh_get_velocity mesh_get_index
""".split())

# Builtins that Warp's code generator emits for Python syntax (or that take arguments a bare call
# cannot give): the probe is a kernel body using that syntax, and it must translate. Parameters
# available: a (1-d float array), m (2-d float array), b (1-d int32 array).
SYNTAX_PROBES = {
    "range": "for i in range(3):\n        a[i] = 1.0",
    "iter_next": "for i in range(3):\n        a[i] = 1.0",
    "reversed": "for i in reversed(range(3)):\n        a[i] = 1.0",
    "extract": "v = wp.vec3(1.0, 2.0, 3.0)\n    a[0] = v[0]",
    "index": "a[0] = a[1]",
    "load": "a[0] = a[1]",
    "address": "a[0] = a[1]",
    "indexref": "a[0] = m[1, 2]",
    "view": "r = m[1]\n    a[0] = r[2]",
    "store": "a[0] = 1.0",
    "array_store": "a[0] = 1.0",
    "assign_inplace": "v = wp.vec3(1.0, 2.0, 3.0)\n    v[0] = 4.0\n    a[0] = v[0]",
    "assign_copy": "v = wp.vec3(1.0, 2.0, 3.0)\n    v[0] = 4.0\n    a[0] = v[0]",
    "add_inplace": "a[0] += 1.0",
    "sub_inplace": "a[0] -= 1.0",
    "bit_and_inplace": "b[0] &= 1",
    "bit_or_inplace": "b[0] |= 1",
    "bit_xor_inplace": "b[0] ^= 1",
    "transform_add_inplace": "t = wp.transform_identity()\n    t += wp.transform_identity()\n    a[0] = t[0]",
    "transform_sub_inplace": "t = wp.transform_identity()\n    t -= wp.transform_identity()\n    a[0] = t[0]",
    "tuple": "t = (1.0, 2.0)\n    a[0] = t[0]",
    "slice": "v = wp.vec3(1.0, 2.0, 3.0)\n    w = v[0:2]\n    a[0] = w[1]",
    "len": "b[0] = len(a)",
    "print": "print(a[0])",
    "printf": 'wp.printf("%f\\n", a[0])',
    "static": "a[0] = wp.static(1.0 + 2.0)",
    "select": "a[0] = wp.where(a[1] > 0.0, 1.0, 2.0)",
}

PROBE_FILE = """import warp as wp


@wp.kernel
def probe(a: wp.array(dtype=float), m: wp.array2d(dtype=float), b: wp.array(dtype=wp.int32)):
    {body}
"""

MISSING = re.compile(r"unknown or unsupported (builtin|Warp name)|not supported|does not support")


def parse_warp_builtins(path: str) -> dict[str, list[str]]:
    """The add_builtin("NAME", ..., group=G) calls of Warp's builtins.py, by group, in order."""
    tree = ast.parse(open(path, encoding="utf-8").read())
    groups: dict[str, list[str]] = {}
    seen = set()
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "add_builtin"
                and node.args and isinstance(node.args[0], ast.Constant)):
            continue
        name = node.args[0].value
        if name in seen:
            continue
        seen.add(name)
        group = next((k.value.value for k in node.keywords
                      if k.arg == "group" and isinstance(k.value, ast.Constant)), "Utility")
        groups.setdefault(group, []).append(name)
    return groups


def in_scope(name: str, group: str) -> bool:
    return name in IN_SCOPE_GEOMETRY or (group not in OUT_OF_SCOPE_GROUPS and not name.startswith("tile_"))


def probe(translator: str, name: str) -> tuple[str, str]:
    """('known' | 'missing', first error line) for one builtin."""
    syntax = name in SYNTAX_PROBES
    body = SYNTAX_PROBES.get(name, f"x = wp.{name}()")
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as fh:
        fh.write(PROBE_FILE.format(body=body))
        path = fh.name
    try:
        p = subprocess.run([translator, path, "--emit=mlir", "-o", os.devnull],
                           capture_output=True, text=True, timeout=30)
    finally:
        os.unlink(path)
    err = next((ln for ln in p.stderr.splitlines() if "error:" in ln), "")
    err = err.split("error:", 1)[1].strip() if err else ""
    if p.returncode == 0:
        return "known", ""
    if syntax or MISSING.search(err):
        return "missing", err
    return "known", err  # the call was type-checked (wrong arguments for a bare probe)


def tests_using(name: str, sources: dict[str, str]) -> list[str]:
    pat = re.compile(r"\bwp\." + re.escape(name) + r"\s*\(" +
                     (r"|(?<![\w.])" + re.escape(name) + r"\s*\(" if name in ("print", "len") else ""))
    return sorted(p for p, text in sources.items() if pat.search(text))


def test_sources() -> dict[str, str]:
    out = {}
    for root, _, files in os.walk(os.path.join(REPO_ROOT, "test")):
        if "fuzz-corpus" in root:
            continue
        for f in files:
            if f.endswith(".py"):
                p = os.path.join(root, f)
                out[os.path.relpath(p, REPO_ROOT)] = open(p, encoding="utf-8", errors="replace").read()
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--translator", default="build/bin/kdsl-translate")
    ap.add_argument("--from-warp", metavar="BUILTINS_PY", help="read the names from Warp's builtins.py")
    ap.add_argument("--markdown", metavar="OUT", help="write the status table as Markdown")
    args = ap.parse_args(argv)
    translator = next((c for c in (args.translator, os.path.join(REPO_ROOT, args.translator))
                       if os.path.isfile(c) and os.access(c, os.X_OK)), None)
    if translator is None:
        print(f"error: translator {args.translator} not found", file=sys.stderr)
        return 2
    groups = (parse_warp_builtins(args.from_warp) if args.from_warp
              else {g: names.split() for g, names in WARP_BUILTINS.items()})
    sources = test_sources()
    rows = []
    for group, names in groups.items():
        for name in names:
            if not in_scope(name, group):
                rows.append((group, name, "out of scope", "", []))
                continue
            status, err = probe(translator, name)
            rows.append((group, name, status, err, tests_using(name, sources) if status == "known" else []))
    total = sum(len(n) for n in groups.values())
    scoped = [r for r in rows if r[2] != "out of scope"]
    known = [r for r in scoped if r[2] == "known"]
    tested = [r for r in known if r[4] or r[1] in SYNTAX_PROBES]
    print(f"Warp builtins: {total}; outside tiles and geometry queries: {len(scoped)}; "
          f"known to kdsl: {len(known)} ({len(tested)} of them used by a test or reached through syntax)")
    for group in groups:
        miss = [r[1] for r in scoped if r[0] == group and r[2] == "missing"]
        if miss:
            print(f"  missing in {group}: {' '.join(miss)}")
    if args.markdown:
        with open(args.markdown, "w") as out:
            out.write("| group | builtin | status | tests |\n|---|---|---|---|\n")
            for group, name, status, err, tests in rows:
                note = ", ".join(os.path.basename(t) for t in tests[:3]) + (" ..." if len(tests) > 3 else "")
                if status == "known" and name in SYNTAX_PROBES:
                    note = note or "syntax (probe translates)"
                out.write(f"| {group} | `{name}` | {status} | {note} |\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
