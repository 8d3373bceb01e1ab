#!/usr/bin/env python3
"""Measure kdsl-translate against real Warp kernels (Warp's own tests and examples).

Finds every ``@wp.kernel`` in a directory of Python files with the ``ast`` module,
classifies each kernel as inside or outside the kdsl language by static inspection
(see KDSL_LANGUAGE below and docs/warp-corpus.md), runs the translator on the
kernels that are inside, and prints a summary.

    python3 utils/warp_corpus.py --corpus /work/warp-corpus [--translator build/bin/kdsl-translate]
                                 [--classify-only] [--features] [--json OUT]

Python 3.11, standard library only.
"""

from __future__ import annotations

import argparse
import ast
import collections
import concurrent.futures
import json
import os
import re
import subprocess
import tempfile
import sys
import time
from dataclasses import dataclass, field

# ---------------------------------------------------------------------------
# The kdsl language, as seen by the classifier.  Widen it here.
#
# Names are the attribute after the Warp module alias (``wp.X`` / ``warp.X``).
# ---------------------------------------------------------------------------


def _vec_mat_quat_names():
    vec = {f"vec{n}{s}" for n in (2, 3, 4)
           for s in ("", "h", "f", "d", "b", "ub", "s", "us", "i", "ui", "l", "ul")}
    mat = {f"mat{n}{n}{s}" for n in (2, 3, 4) for s in ("", "h", "f", "d")}
    quat = {f"quat{s}" for s in ("", "h", "f", "d")}
    return vec, mat, quat


_VEC, _MAT, _QUAT = _vec_mat_quat_names()

KDSL_LANGUAGE = {
    # Python scalar type names usable in annotations, dtype= and casts.
    "python_types": {"bool", "int", "float"},
    # wp.<name> scalar types (annotations, dtype=, casts).
    "scalar_types": {
        "bool",
        "int8", "int16", "int32", "int64",
        "uint8", "uint16", "uint32", "uint64",
        "float16", "float32", "float64", "bfloat16",
    },
    "vector_types": _VEC,
    "matrix_types": _MAT,
    "quat_types": _QUAT,
    # wp.<name>(dtype=T[, ndim=N]) and wp.<name>[T] array annotations -> rank.
    "array_types": {"array": None, "array1d": 1, "array2d": 2, "array3d": 3, "array4d": 4,
                    "indexedarray": None, "indexedarray1d": 1, "indexedarray2d": 2,
                    "indexedarray3d": 3, "indexedarray4d": 4},
    # wp.<name>(...) builtin functions.
    "builtins": {
        "tid", "abs", "sign", "min", "max", "clamp", "sqrt", "cbrt", "exp", "log", "log2", "log10",
        "pow", "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh",
        "floor", "ceil", "round", "trunc", "frac", "lerp", "smoothstep", "step", "isnan",
        "isfinite", "where", "select", "dot", "cross", "length", "length_sq", "normalize", "outer",
        "cw_mul", "cw_div", "transpose", "determinant", "inverse", "trace", "diag", "identity",
        "quat_rotate", "quat_rotate_inv", "quat_from_axis_angle", "quat_inverse", "quat_to_matrix",
        "quat_identity", "atomic_add", "atomic_sub", "atomic_min", "atomic_max", "expect_eq",
        "expect_neq", "expect_near", "constant",
        # random numbers and noise (lib/Frontend/Prelude/random.py)
        "rand_init", "randi", "randu", "randf", "randn", "sample_cdf", "sample_triangle",
        "sample_unit_ring", "sample_unit_disk", "sample_unit_sphere_surface", "sample_unit_sphere",
        "sample_unit_hemisphere_surface", "sample_unit_hemisphere", "sample_unit_square",
        "sample_unit_cube", "poisson", "noise", "pnoise", "curlnoise",
    },
    # wp.<name> constants.
    "constants": {"pi", "e", "tau", "half_pi", "inf", "nan"},
    # Keyword arguments accepted in calls: wp.<name> -> allowed keywords.  Type
    # constructors/casts accept none; a keyword anywhere else is outside.
    "builtin_kwargs": {
        "identity": {"n", "dtype"},
        "quat_identity": {"dtype"},
        "rand_init": {"seed", "offset"},
        "randi": {"state", "low", "high"},
        "randu": {"state", "low", "high"},
        "randf": {"state", "low", "high"},
        "curlnoise": {"state", "xy", "xyz", "xyzt", "octaves", "lacunarity", "gain"},
    },
    # Python builtins callable in kernels (range/reversed only as `for` iterables).
    "python_builtins": {"abs", "min", "max", "round", "pow", "int", "float", "bool", "range", "reversed"},
    # Attributes readable/writable on values (besides @wp.struct fields of the same file).
    "value_attributes": {"x", "y", "z", "w", "shape"},
    # Keyword arguments of @wp.kernel(...) / @wp.func(...) that do not change the kernel's meaning.
    "kernel_decorator_kwargs": {"enable_backward", "module"},
    "func_decorator_kwargs": {"module"},
}

WARP_TYPE_NAMES = (
    KDSL_LANGUAGE["scalar_types"] | KDSL_LANGUAGE["vector_types"]
    | KDSL_LANGUAGE["matrix_types"] | KDSL_LANGUAGE["quat_types"]
)
WARP_CALLABLES = KDSL_LANGUAGE["builtins"] | WARP_TYPE_NAMES

DEFAULT_TRANSLATOR = "build/bin/kdsl-translate"
REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Outside(Exception):
    """Raised with the first reason a kernel is outside the language."""

    def __init__(self, reason: str, node: ast.AST | None = None, detail: str | None = None):
        super().__init__(reason)
        self.reason = reason
        self.detail = detail
        self.line = getattr(node, "lineno", None)


# ---------------------------------------------------------------------------
# Per-file analysis
# ---------------------------------------------------------------------------


def dotted(node: ast.AST) -> list[str] | None:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return parts[::-1]
    return None


def bound_names(fn: ast.AST) -> set[str]:
    """Names bound directly in a function scope (params, assignments, defs, imports...)."""
    names: set[str] = set()
    if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        a = fn.args
        for arg in a.posonlyargs + a.args + a.kwonlyargs:
            names.add(arg.arg)
        if a.vararg:
            names.add(a.vararg.arg)
        if a.kwarg:
            names.add(a.kwarg.arg)
    body = fn.body if isinstance(fn.body, list) else [fn.body]
    glob: set[str] = set()

    def visit(node):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(child.name)
                for d in child.decorator_list:
                    visit_expr(d)
                continue
            if isinstance(child, (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
                continue
            if isinstance(child, ast.Name) and isinstance(child.ctx, (ast.Store, ast.Del)):
                names.add(child.id)
            elif isinstance(child, ast.NamedExpr) and isinstance(child.target, ast.Name):
                names.add(child.target.id)
            elif isinstance(child, (ast.Import, ast.ImportFrom)):
                for al in child.names:
                    if al.name != "*":
                        names.add(al.asname or al.name.split(".")[0])
            elif isinstance(child, ast.ExceptHandler) and child.name:
                names.add(child.name)
            elif isinstance(child, (ast.Global, ast.Nonlocal)):
                glob.update(child.names)
            visit(child)

    def visit_expr(node):
        for sub in ast.walk(node):
            if isinstance(sub, ast.NamedExpr) and isinstance(sub.target, ast.Name):
                names.add(sub.target.id)

    for stmt in body:
        wrapper = ast.Module(body=[stmt], type_ignores=[])
        visit(wrapper)
    return names - glob


@dataclass
class Binding:
    kind: str  # wpfunc kernel struct func class import const typealias other
    node: ast.AST | None = None
    detail: str = ""


@dataclass
class KernelDef:
    name: str
    node: ast.FunctionDef
    scopes: list  # enclosing FunctionDef/ClassDef nodes, outermost first
    deco: ast.AST


class FileInfo:
    def __init__(self, path: str, rel: str, tree: ast.Module):
        self.path = path
        self.rel = rel
        self.tree = tree
        self.imports: dict[str, str] = {}  # local name -> dotted module/object path
        self.star_imports: list[str] = []
        self._collect_imports()
        if "wp" not in self.imports and any(m.startswith("warp") for m in self.star_imports):
            # `from warp.tests.unittest_utils import *` re-exports `wp`.
            self.imports["wp"] = "warp"
            self.wp_from_star = True
        else:
            self.wp_from_star = False
        self.warp_names = {n for n, p in self.imports.items() if p == "warp"}
        self.module: dict[str, list[Binding]] = collections.defaultdict(list)
        self.custom_grad: set[str] = set()
        self.kernels: list[KernelDef] = []
        self.struct_fields: set[str] = set()
        self.struct_field_ann: dict[str, list[ast.AST]] = collections.defaultdict(list)
        self._collect_module_bindings()
        self._collect_kernels()
        self.raises_regions: list[tuple[str, list, ast.AST | None]] = []
        self._collect_raises_regions()
        self.func_memo: dict[int, tuple | None] = {}  # id(func) -> (reason, detail, line) or None
        self.struct_memo: dict[int, str | None] = {}
        self.const_memo: dict[str, bool] = {}

    # -- imports / canonical names -------------------------------------------------

    def _collect_imports(self):
        for node in ast.walk(self.tree):
            if isinstance(node, ast.Import):
                for al in node.names:
                    if al.asname:
                        self.imports[al.asname] = al.name
                    else:
                        top = al.name.split(".")[0]
                        self.imports.setdefault(top, top)
            elif isinstance(node, ast.ImportFrom):
                mod = ("." * node.level) + (node.module or "")
                for al in node.names:
                    if al.name == "*":
                        self.star_imports.append(mod)
                    else:
                        self.imports[al.asname or al.name] = f"{mod}.{al.name}"

    def canonical(self, node: ast.AST, local: set[str] | frozenset = frozenset()) -> str | None:
        """'warp.vec3' for wp.vec3 (any alias), 'numpy.sin' for np.sin; None for non-module chains."""
        parts = dotted(node)
        if not parts or parts[0] in local:
            return None
        head = self.imports.get(parts[0])
        if head is None:
            return None
        return ".".join([head] + parts[1:])

    def warp_attr(self, node: ast.AST, local=frozenset()) -> str | None:
        """X for wp.X (one level, any alias of warp, or `from warp import X`)."""
        c = self.canonical(node, local)
        if c and c.startswith("warp."):
            return c[5:]
        return None

    # -- module-level bindings ------------------------------------------------------

    def deco_target(self, d: ast.AST) -> tuple[str | None, ast.Call | None]:
        call = d if isinstance(d, ast.Call) else None
        target = d.func if call else d
        return self.warp_attr(target), call

    def _collect_module_bindings(self):
        for stmt in self.tree.body:
            self._bind_stmt(stmt)
        for node in ast.walk(self.tree):
            if isinstance(node, ast.ClassDef):
                for d in node.decorator_list:
                    if self.deco_target(d)[0] == "struct":
                        for s in node.body:
                            if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name):
                                self.struct_fields.add(s.target.id)
                                self.struct_field_ann[s.target.id].append(s.annotation)
            if isinstance(node, ast.FunctionDef):
                for d in node.decorator_list:
                    what, call = self.deco_target(d)
                    if what in ("func_grad", "func_replay") and call and call.args:
                        p = dotted(call.args[0])
                        if p:
                            self.custom_grad.add(p[-1])

    def _bind_stmt(self, stmt):
        m = self.module
        if isinstance(stmt, ast.FunctionDef):
            kinds = [self.deco_target(d)[0] for d in stmt.decorator_list]
            if "kernel" in kinds:
                m[stmt.name].append(Binding("kernel", stmt))
            elif "func" in kinds or "func_native" in kinds:
                m[stmt.name].append(Binding("wpfunc", stmt))
            else:
                m[stmt.name].append(Binding("func", stmt))
        elif isinstance(stmt, ast.AsyncFunctionDef):
            m[stmt.name].append(Binding("func", stmt))
        elif isinstance(stmt, ast.ClassDef):
            kinds = [self.deco_target(d)[0] for d in stmt.decorator_list]
            m[stmt.name].append(Binding("struct" if "struct" in kinds else "class", stmt))
        elif isinstance(stmt, (ast.Import, ast.ImportFrom)):
            for al in stmt.names:
                if al.name != "*":
                    m[al.asname or al.name.split(".")[0]].append(Binding("import", stmt))
        elif isinstance(stmt, (ast.Assign, ast.AnnAssign)):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            for t in targets:
                if isinstance(t, ast.Name) and stmt.value is not None:
                    m[t.id].append(Binding("assign", stmt.value))
                else:
                    for n in ast.walk(t):
                        if isinstance(n, ast.Name):
                            m[n.id].append(Binding("other", stmt))
        elif isinstance(stmt, ast.AugAssign):
            if isinstance(stmt.target, ast.Name):
                m[stmt.target.id].append(Binding("other", stmt))
        elif isinstance(stmt, (ast.If, ast.Try, ast.For, ast.While, ast.With)):
            # Conditional definitions: bind everything inside as 'other' (not a plain constant).
            for sub in ast.walk(stmt):
                if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Store):
                    m[sub.id].append(Binding("other", sub))
                elif isinstance(sub, (ast.FunctionDef, ast.ClassDef)) and sub is not stmt:
                    m[sub.name].append(Binding("other", sub))
                elif isinstance(sub, (ast.Import, ast.ImportFrom)):
                    for al in sub.names:
                        if al.name != "*":
                            m[al.asname or al.name.split(".")[0]].append(Binding("import", sub))

    def _collect_kernels(self):
        def walk(node, scopes):
            for child in ast.iter_child_nodes(node):
                if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    for d in child.decorator_list:
                        what, _ = self.deco_target(d)
                        if what == "kernel":
                            self.kernels.append(KernelDef(child.name, child, list(scopes), d))
                            break
                    walk(child, scopes + [child])
                elif isinstance(child, ast.ClassDef):
                    walk(child, scopes + [child])
                else:
                    walk(child, scopes)

        walk(self.tree, [])

    def array_rank(self, t: ast.AST | None) -> int | None:
        """Rank of an array annotation (wp.array(dtype=T, ndim=N), wp.array2d[T], ...), else None."""
        if isinstance(t, ast.Call):
            x = self.warp_attr(t.func)
            if x in KDSL_LANGUAGE["array_types"]:
                r = KDSL_LANGUAGE["array_types"][x] or 1
                for k in t.keywords:
                    if k.arg == "ndim" and isinstance(k.value, ast.Constant) and isinstance(k.value.value, int):
                        r = k.value.value
                return r
        if isinstance(t, ast.Subscript):
            x = self.warp_attr(t.value)
            if x in KDSL_LANGUAGE["array_types"]:
                return KDSL_LANGUAGE["array_types"][x] or 1
        return None

    # -- negative tests ----------------------------------------------------------------

    def _collect_raises_regions(self):
        """`with x.assertRaises*(E): body` and `x.assertRaises*(E, fn, args...)`, with their enclosing function."""

        def walk(node, fn):
            for child in ast.iter_child_nodes(node):
                if isinstance(child, (ast.With, ast.AsyncWith)):
                    for it in child.items:
                        c = it.context_expr
                        if (isinstance(c, ast.Call) and isinstance(c.func, ast.Attribute)
                                and c.func.attr.startswith("assertRaises")):
                            exc = ast.unparse(c.args[0]) if c.args else "?"
                            self.raises_regions.append((exc, child.body, fn))
                            break
                elif (isinstance(child, ast.Call) and isinstance(child.func, ast.Attribute)
                      and child.func.attr.startswith("assertRaises") and len(child.args) > 1):
                    self.raises_regions.append((ast.unparse(child.args[0]), child.args[1:], fn))
                walk(child, child if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else fn)

        walk(self.tree, None)

    def negative_test(self, kd: KernelDef) -> str | None:
        """Why a kernel looks like a negative test (Warp is expected to reject it), else None."""
        parent = next((s for s in reversed(kd.scopes) if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))), None)
        for exc, body, fn in self.raises_regions:
            nodes = [n for b in body for n in ast.walk(b)]
            if any(n is kd.node for n in nodes):
                return f"defined under assertRaises({exc})"
            refs = any(isinstance(n, ast.Name) and n.id == kd.name for n in nodes)
            if not refs:
                continue
            if parent is not None and fn is parent:
                return f"launched under assertRaises({exc}) in its enclosing function"
            if parent is None and "Codegen" in exc:
                return f"launched under assertRaises({exc})"
        return None

    # -- module-level constants -----------------------------------------------------

    def module_binding(self, name: str) -> Binding | None:
        bs = self.module.get(name)
        if not bs:
            return None
        kinds = {b.kind for b in bs}
        if kinds == {"assign"}:
            if all(self.is_const_expr(b.node) for b in bs):
                return Binding("const", bs[-1].node)
            if len(bs) == 1 and self.is_type_expr(bs[0].node):
                return Binding("typealias", bs[0].node)
            return Binding("other", bs[-1].node, "assigned a non-constant value")
        if len(bs) > 1 and kinds == {"wpfunc"}:
            return Binding("overload", bs[0].node)
        if len(kinds) > 1 or len(bs) > 1:
            return Binding("other", bs[-1].node, "bound several times")
        return bs[0]

    def is_const_expr(self, node: ast.AST, depth=0) -> bool:
        if depth > 20:
            return False
        if isinstance(node, ast.Constant):
            return isinstance(node.value, (bool, int, float))
        if isinstance(node, ast.UnaryOp):
            return self.is_const_expr(node.operand, depth + 1)
        if isinstance(node, ast.BinOp):
            return self.is_const_expr(node.left, depth + 1) and self.is_const_expr(node.right, depth + 1)
        if isinstance(node, ast.Name):
            if node.id in self.const_memo:
                return self.const_memo[node.id]
            self.const_memo[node.id] = False  # cycle guard
            b = self.module_binding(node.id)
            ok = b is not None and b.kind == "const"
            self.const_memo[node.id] = ok
            return ok
        if isinstance(node, ast.Call) and not node.keywords:
            w = self.warp_attr(node.func)
            if w == "constant" and len(node.args) == 1:
                return self.is_const_expr(node.args[0], depth + 1)
            if w in WARP_TYPE_NAMES or (isinstance(node.func, ast.Name) and node.func.id in ("int", "float", "bool")
                                         and node.func.id not in self.imports):
                return all(self.is_const_expr(a, depth + 1) for a in node.args)
        return False

    def is_type_expr(self, node: ast.AST) -> bool:
        if isinstance(node, ast.Name):
            return node.id in KDSL_LANGUAGE["python_types"]
        w = self.warp_attr(node)
        if w is not None:
            return True
        if isinstance(node, (ast.Call, ast.Subscript)):
            f = node.func if isinstance(node, ast.Call) else node.value
            return self.warp_attr(f) is not None
        return False


# ---------------------------------------------------------------------------
# Classifier
# ---------------------------------------------------------------------------


class Checker:
    """Walks one kernel or @wp.func and raises Outside(reason) at the first unsupported thing."""

    def __init__(self, fi: FileInfo, fn: ast.FunctionDef, scopes: list, is_kernel: bool, call_stack: tuple):
        self.fi = fi
        self.fn = fn
        self.is_kernel = is_kernel
        self.call_stack = call_stack
        self.enclosing: set[str] = set()
        for s in scopes:
            if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self.enclosing |= bound_names(s)
        self.enclosing -= fi.warp_names
        self.locals = bound_names(fn)
        self.funcs_called: list[ast.FunctionDef] = []
        # Rank of array parameters that are never reassigned (to catch sub-array views a[i] of 2-d a).
        reassigned = {n.id for n in ast.walk(fn) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        self.array_rank = {a.arg: r for a in fn.args.args
                           if a.arg not in reassigned and (r := fi.array_rank(a.annotation)) is not None}

    def fail(self, reason, node=None):
        """Raise Outside; the offending source text goes in .detail (kept out of the histogram key)."""
        node = node or self.fn
        detail = None
        if node is not self.fn and hasattr(node, "lineno"):
            try:
                detail = ast.unparse(node)
            except Exception:  # noqa: BLE001 - best effort
                detail = None
            if detail and len(detail) > 80:
                detail = detail[:77] + "..."
        raise Outside(reason, node, detail)

    # -- entry -----------------------------------------------------------------------

    def check(self):
        fn = self.fn
        what = "kernel" if self.is_kernel else "func"
        allowed_kw = KDSL_LANGUAGE["kernel_decorator_kwargs" if self.is_kernel else "func_decorator_kwargs"]
        for d in fn.decorator_list:
            tgt, call = self.fi.deco_target(d)
            if tgt != what:
                name = ".".join(dotted(d.func if isinstance(d, ast.Call) else d) or ["?"])
                self.fail(f"extra decorator @{name}", d)
            if call is not None:
                if call.args:
                    self.fail(f"@wp.{what} positional argument", d)
                for kw in call.keywords:
                    if kw.arg not in allowed_kw:
                        self.fail(f"@wp.{what}({kw.arg}=...) option", d)
        a = fn.args
        if a.vararg or a.kwarg or a.kwonlyargs or a.posonlyargs:
            self.fail("*args/**kwargs/keyword-only parameters", fn)
        if a.defaults or a.kw_defaults:
            self.fail("parameter default values", fn)
        for arg in a.args:
            if arg.annotation is None:
                self.fail(f"unannotated parameter ({'generic' if not self.is_kernel else 'kernel'})", arg)
            self.check_type(arg.annotation)
        if fn.returns is not None:
            if self.is_kernel:
                if not (isinstance(fn.returns, ast.Constant) and fn.returns.value is None):
                    self.fail("kernel return annotation", fn.returns)
            else:
                self.check_type(fn.returns, allow_tuple=True, allow_none=True)
        self.block(fn.body, top=True)

    # -- types -------------------------------------------------------------------------

    def check_type(self, t: ast.AST, allow_tuple=False, allow_none=False, elem=False):
        fi = self.fi
        L = KDSL_LANGUAGE
        if isinstance(t, ast.Constant):
            if t.value is None and allow_none:
                return
            if isinstance(t.value, str):
                self.fail("string annotation", t)
            self.fail("unsupported type: constant", t)
        if isinstance(t, ast.Name):
            n = t.id
            if n in self.enclosing:
                self.fail("captures enclosing local (as type)", t)
            if n in L["python_types"] and n not in fi.imports and n not in fi.module:
                return
            imp = fi.imports.get(n)
            if imp is not None:
                if imp.startswith("warp.") and imp[5:] in WARP_TYPE_NAMES:
                    return
                if imp in ("typing.Any",):
                    self.fail("generic: typing.Any", t)
                self.fail(f"type imported from another module: {imp}", t)
            b = fi.module_binding(n)
            if b is None:
                self.fail("unresolved type name" + (" (star import)" if fi.star_imports else ""), t)
            if b.kind == "struct":
                self.check_struct(b.node)
                return
            if b.kind == "typealias":
                self.fail("module-level type alias", t)
            self.fail(f"unsupported type: module-level {b.kind}", t)
        c = fi.canonical(t, self.locals)
        if c is not None:
            if c.startswith("warp."):
                x = c[5:]
                if x in WARP_TYPE_NAMES:
                    return
                if x in L["array_types"]:
                    self.fail("generic array annotation (no dtype)", t)
                self.fail(f"unsupported type: wp.{x}", t)
            if c in ("typing.Any",):
                self.fail("generic: typing.Any", t)
            self.fail(f"unsupported type: {c}", t)
        if isinstance(t, ast.Call):
            x = fi.warp_attr(t.func, self.locals)
            if x in L["array_types"] and not elem:
                if t.args:
                    self.fail("array annotation with positional arguments", t)
                kws = {k.arg: k.value for k in t.keywords}
                if set(kws) - {"dtype", "ndim"} or "dtype" not in kws:
                    self.fail("array annotation keywords other than dtype/ndim", t)
                if "ndim" in kws:
                    nd = kws["ndim"]
                    if x not in ("array", "indexedarray") or not (
                            isinstance(nd, ast.Constant) and nd.value in (1, 2, 3, 4)):
                        self.fail("array ndim not a literal 1-4", nd)
                self.check_type(kws["dtype"], elem=True)
                return
            name = x if x is not None else ".".join(dotted(t.func) or ["?"])
            self.fail(f"unsupported type: {'wp.' if x else ''}{name}(...)", t)
        if isinstance(t, ast.Subscript):
            x = fi.warp_attr(t.value, self.locals)
            if x in L["array_types"] and not elem:
                if isinstance(t.slice, ast.Tuple):
                    # wp.array[T, N] / wp.array[T, Literal[N]]
                    nd = t.slice.elts[1] if len(t.slice.elts) == 2 else None
                    if isinstance(nd, ast.Subscript) and (dotted(nd.value) or [""])[-1] == "Literal":
                        nd = nd.slice
                    if not (isinstance(nd, ast.Constant) and nd.value in (1, 2, 3, 4)):
                        self.fail("array subscript annotation with ndim", t)
                    self.check_type(t.slice.elts[0], elem=True)
                    return
                self.check_type(t.slice, elem=True)
                return
            c = fi.canonical(t.value, self.locals)
            if allow_tuple and ((isinstance(t.value, ast.Name) and t.value.id == "tuple") or c == "typing.Tuple"):
                elts = t.slice.elts if isinstance(t.slice, ast.Tuple) else [t.slice]
                for e in elts:
                    self.check_type(e)
                return
            self.fail(f"unsupported type: {ast.unparse(t.value)}[...]", t)
        if isinstance(t, ast.Attribute):
            self.fail(f"unsupported type: attribute .{t.attr}", t)
        self.fail(f"unsupported type expression: {type(t).__name__}", t)

    def check_struct(self, cls: ast.ClassDef):
        key = id(cls)
        if key in self.fi.struct_memo:
            r = self.fi.struct_memo[key]
            if r:
                self.fail(r, cls)
            return
        self.fi.struct_memo[key] = "recursive @wp.struct"
        try:
            for d in cls.decorator_list:
                if self.fi.deco_target(d) != ("struct", None):
                    self.fail("@wp.struct with extra decorator or arguments", d)
            sub = Checker(self.fi, self.fn, [], False, self.call_stack)
            sub.locals = set()
            sub.enclosing = set()
            for i, s in enumerate(cls.body):
                if i == 0 and isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant) and isinstance(s.value.value, str):
                    continue
                if not isinstance(s, ast.AnnAssign) or not isinstance(s.target, ast.Name):
                    self.fail("@wp.struct body other than annotated fields", s)
                if s.value is not None:
                    self.fail("@wp.struct field default value", s)
                sub.check_type(s.annotation)
        except Outside as e:
            self.fi.struct_memo[key] = e.reason
            raise
        self.fi.struct_memo[key] = None

    # -- statements --------------------------------------------------------------------

    def block(self, body, top=False):
        for i, s in enumerate(body):
            if top and i == 0 and isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant) and isinstance(s.value.value, str):
                continue  # docstring
            self.stmt(s)

    def stmt(self, s):
        if isinstance(s, ast.Expr):
            if isinstance(s.value, ast.Call):
                self.expr(s.value)
                return
            if isinstance(s.value, ast.Constant) and isinstance(s.value.value, str):
                self.fail("string literal (not a docstring)", s)
            self.fail("expression statement that is not a call", s)
        elif isinstance(s, ast.Assign):
            if len(s.targets) != 1:
                self.fail("chained assignment a = b = ...", s)
            t = s.targets[0]
            if isinstance(t, ast.Tuple):
                for e in t.elts:
                    if not isinstance(e, ast.Name):
                        self.fail("tuple unpacking into non-names", e)
                if isinstance(s.value, ast.Tuple):
                    if len(s.value.elts) != len(t.elts):
                        self.fail("tuple unpacking length mismatch", s)
                    for e in s.value.elts:
                        self.expr(e)
                else:
                    self.expr(s.value)
                return
            self.target(t)
            self.expr(s.value)
        elif isinstance(s, ast.AugAssign):
            self.target(s.target)
            self.expr(s.value)
        elif isinstance(s, ast.AnnAssign):
            if not isinstance(s.target, ast.Name):
                self.fail("annotated assignment to non-name", s)
            self.check_type(s.annotation)
            if s.value is None:
                self.fail("annotated declaration without value", s)
            self.expr(s.value)
        elif isinstance(s, ast.If):
            self.expr(s.test)
            self.block(s.body)
            self.block(s.orelse)
        elif isinstance(s, ast.While):
            if s.orelse:
                self.fail("while/else", s)
            self.expr(s.test)
            self.block(s.body)
        elif isinstance(s, ast.For):
            if s.orelse:
                self.fail("for/else", s)
            if not isinstance(s.target, ast.Name):
                self.fail("for target is not a single name", s.target)
            it = s.iter
            if self.is_builtin_call(it, "reversed"):
                if it.keywords or len(it.args) != 1 or not self.is_builtin_call(it.args[0], "range"):
                    self.fail("reversed() of something other than range()", it)
                it = it.args[0]
            if not self.is_builtin_call(it, "range"):
                self.fail("for loop over something other than range()", s.iter)
            if it.keywords or not 1 <= len(it.args) <= 3:
                self.fail("range() with keywords or wrong arity", it)
            for a in it.args:
                self.expr(a)
            self.block(s.body)
        elif isinstance(s, ast.Return):
            if s.value is None:
                return
            if self.is_kernel:
                self.fail("kernel returns a value", s)
            if isinstance(s.value, ast.Tuple):
                for e in s.value.elts:
                    self.expr(e)
            else:
                self.expr(s.value)
        elif isinstance(s, (ast.Pass, ast.Break, ast.Continue)):
            return
        elif isinstance(s, ast.Assert):
            self.expr(s.test)
            if s.msg is not None:
                if isinstance(s.msg, (ast.Constant, ast.JoinedStr)):
                    self.fail("assert message string", s.msg)
                self.expr(s.msg)
        else:
            names = {
                ast.With: "with", ast.AsyncWith: "with", ast.Try: "try", ast.Raise: "raise",
                ast.Global: "global", ast.Nonlocal: "nonlocal", ast.Delete: "del",
                ast.FunctionDef: "def inside kernel/func", ast.ClassDef: "class inside kernel/func",
                ast.Import: "import inside kernel/func", ast.ImportFrom: "import inside kernel/func",
            }
            self.fail(names.get(type(s), f"statement {type(s).__name__}"), s)

    def target(self, t):
        if isinstance(t, ast.Name):
            return
        if isinstance(t, ast.Subscript):
            self.subscript(t)
            return
        if isinstance(t, ast.Attribute):
            self.attribute(t)
            return
        self.fail(f"assignment target {type(t).__name__}", t)

    # -- expressions -------------------------------------------------------------------

    def is_builtin_call(self, node, name):
        return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name
                and name not in self.locals and name not in self.enclosing
                and name not in self.fi.imports and name not in self.fi.module)

    def expr(self, e):
        if isinstance(e, ast.Constant):
            v = e.value
            if isinstance(v, bool) or isinstance(v, (int, float)) and not isinstance(v, complex):
                return
            if isinstance(v, str):
                self.fail("string literal (not a docstring)", e)
            if v is None:
                self.fail("None", e)
            self.fail(f"constant of type {type(v).__name__}", e)
        elif isinstance(e, ast.Name):
            self.name(e)
        elif isinstance(e, ast.Attribute):
            self.attribute(e)
        elif isinstance(e, ast.Subscript):
            self.subscript(e)
        elif isinstance(e, ast.Call):
            self.call(e)
        elif isinstance(e, ast.BinOp):
            self.expr(e.left)
            self.expr(e.right)
        elif isinstance(e, ast.UnaryOp):
            self.expr(e.operand)
        elif isinstance(e, ast.BoolOp):
            for v in e.values:
                self.expr(v)
        elif isinstance(e, ast.Compare):
            for op in e.ops:
                if isinstance(op, (ast.In, ast.NotIn, ast.Is, ast.IsNot)):
                    self.fail(f"operator {type(op).__name__.lower()}", e)
            self.expr(e.left)
            for c in e.comparators:
                self.expr(c)
        elif isinstance(e, ast.IfExp):
            self.expr(e.test)
            self.expr(e.body)
            self.expr(e.orelse)
        else:
            names = {
                ast.Lambda: "lambda", ast.ListComp: "comprehension", ast.SetComp: "comprehension",
                ast.DictComp: "comprehension", ast.GeneratorExp: "comprehension",
                ast.List: "list literal", ast.Dict: "dict literal", ast.Set: "set literal",
                ast.Tuple: "tuple as a value", ast.JoinedStr: "f-string", ast.Starred: "starred expression",
                ast.NamedExpr: "walrus :=", ast.Slice: "slice", ast.Yield: "yield", ast.YieldFrom: "yield",
                ast.Await: "await",
            }
            self.fail(names.get(type(e), f"expression {type(e).__name__}"), e)

    def name(self, e: ast.Name):
        """A name used as a value (not as a call target)."""
        n = e.id
        if n in self.locals:
            return
        if n in self.enclosing:
            self.fail("captures enclosing local", e)
        fi = self.fi
        if n in fi.warp_names:
            self.fail("warp module used as a value", e)
        if n in ("True", "False"):
            return
        imp = fi.imports.get(n)
        b = fi.module_binding(n)
        if imp is not None and (b is None or b.kind == "import"):
            if imp.startswith("warp.") and imp[5:] in (WARP_TYPE_NAMES | KDSL_LANGUAGE["constants"]):
                return
            self.fail("name imported from another module", e)
        if b is None:
            if n in KDSL_LANGUAGE["python_types"]:
                return  # float/int/bool as a dtype argument
            self.fail("unresolved name" + (" (star import)" if fi.star_imports else ""), e)
        if b.kind == "const":
            return
        if b.kind == "struct":
            self.check_struct(b.node)
            return
        if b.kind == "typealias":
            self.fail("module-level type alias", e)
        if b.kind in ("wpfunc", "overload"):
            self.fail("@wp.func used as a value", e)
        self.fail(f"module-level non-constant ({b.kind})", e)

    def attribute(self, e: ast.Attribute, shape_ok=False):
        fi = self.fi
        c = fi.canonical(e, self.locals | self.enclosing)
        if c is not None:
            if c.startswith("warp."):
                x = c[5:]
                if x in KDSL_LANGUAGE["constants"] or x in WARP_TYPE_NAMES:
                    return
                if x.split(".")[0] in ("tests", "examples"):
                    self.fail(f"function from another module (wp.{x.split('.')[0]}.*)", e)
                self.fail(f"wp.{x}", e)
            self.fail(f"non-warp module attribute: {c.split('.')[0]}.*", e)
        if e.attr == "shape" and not shape_ok and "shape" not in fi.struct_fields:
            self.fail("array.shape used without an index (tuple value)", e)
        if e.attr in KDSL_LANGUAGE["value_attributes"] or e.attr in fi.struct_fields:
            self.expr(e.value)
            return
        self.fail(f"attribute .{e.attr}", e)

    def subscript(self, e: ast.Subscript):
        sl = e.slice
        idx = sl.elts if isinstance(sl, ast.Tuple) else [sl]
        for i in idx:
            if isinstance(i, ast.Slice):
                self.fail("slice", i)
        w = self.fi.warp_attr(e.value, self.locals)
        if w is not None:
            self.fail(f"subscripted wp.{w}[...] in code", e)
        rank = None
        if isinstance(e.value, ast.Name):
            rank = self.array_rank.get(e.value.id)
        elif isinstance(e.value, ast.Attribute) and e.value.attr in self.fi.struct_field_ann:
            ranks = {self.fi.array_rank(a) for a in self.fi.struct_field_ann[e.value.attr]}
            rank = ranks.pop() if len(ranks) == 1 else None
        if rank is not None and len(idx) < rank:
            self.fail("partial array index (sub-array view)", e)
        if isinstance(e.value, ast.Attribute) and e.value.attr == "shape":
            self.attribute(e.value, shape_ok=True)
        else:
            self.expr(e.value)
        for i in idx:
            self.expr(i)

    def call(self, e: ast.Call):
        fi = self.fi
        f = e.func
        for a in e.args:
            if isinstance(a, ast.Starred):
                self.fail("starred call argument", a)
        if isinstance(f, ast.Name):
            n = f.id
            if n in self.locals:
                self.fail("call of a local variable", e)
            if n in self.enclosing:
                self.fail("captures enclosing local (call)", e)
            imp = fi.imports.get(n)
            b = fi.module_binding(n)
            if imp is not None and (b is None or b.kind == "import"):
                if imp.startswith("warp."):
                    return self.warp_call(imp[5:], e)
                self.fail("call of a function imported from another module", e)
            if b is None:
                if n in KDSL_LANGUAGE["python_builtins"]:
                    if n in ("range", "reversed"):
                        self.fail(f"{n}() outside a for loop", e)
                    if e.keywords:
                        self.fail(f"keyword argument in {n}()", e)
                    for a in e.args:
                        self.expr(a)
                    return
                if n in ("print", "len"):
                    self.fail(f"{n}()", e)
                self.fail("call of an unresolved name" + (" (star import)" if fi.star_imports else ""), e)
            if b.kind == "wpfunc":
                if e.keywords:
                    self.fail("keyword arguments in a @wp.func call", e)
                self.user_func(b.node, e)
                for a in e.args:
                    self.expr(a)
                return
            if b.kind == "overload":
                self.fail("@wp.func overload (several definitions)", e)
            if b.kind == "struct":
                self.check_struct(b.node)
                if e.keywords:
                    self.fail("keyword arguments in a @wp.struct constructor", e)
                for a in e.args:
                    self.expr(a)
                return
            if b.kind == "kernel":
                self.fail("calls a kernel", e)
            self.fail(f"call of a module-level {b.kind}", e)
        c = fi.canonical(f, self.locals | self.enclosing)
        if c is not None:
            if c.startswith("warp.") and "." not in c[5:]:
                return self.warp_call(c[5:], e)
            if c.startswith("warp."):
                sub = c[5:].split(".")[0]
                if sub in ("tests", "examples"):
                    self.fail(f"function from another module (wp.{sub}.*)", e)
                self.fail(f"wp.{c[5:]}", e)
            self.fail(f"call into non-warp module: {c.split('.')[0]}.*", e)
        if isinstance(f, ast.Attribute):
            self.fail(f"method call .{f.attr}()", e)
        self.fail("indirect call", e)

    def warp_call(self, x: str, e: ast.Call):
        if x == "static":
            self.fail("wp.static", e)
        if x not in WARP_CALLABLES:
            self.fail(f"wp.{x}", e)
        allowed = KDSL_LANGUAGE["builtin_kwargs"].get(x, set())
        for kw in e.keywords:
            if kw.arg not in allowed:
                self.fail(f"keyword argument wp.{x}({kw.arg}=)", e)
        if x == "constant":
            self.fail("wp.constant inside a kernel", e)
        for a in e.args:
            self.expr(a)
        for kw in e.keywords:
            self.expr(kw.value)

    def user_func(self, fn: ast.FunctionDef, call: ast.AST):
        fi = self.fi
        if fn.name in fi.custom_grad:
            self.fail("@wp.func with custom grad/replay", call)
        for d in fn.decorator_list:
            if fi.deco_target(d)[0] == "func_native":
                self.fail("wp.func_native", call)
        if fn in self.call_stack:
            self.fail("recursive @wp.func", call)
        key = id(fn)
        if key not in fi.func_memo:
            sub = Checker(fi, fn, [], False, self.call_stack + (fn,))
            try:
                sub.check()
                fi.func_memo[key] = None
            except Outside as ex:
                fi.func_memo[key] = (ex.reason if "[in @wp.func" in ex.reason else f"{ex.reason} [in @wp.func {fn.name}]",
                                     ex.detail, ex.line)
        r = fi.func_memo[key]
        if r:
            ex = Outside(r[0], None, r[1])
            ex.line = r[2]
            raise ex
        self.funcs_called.append(fn)


def reason_category(reason: str) -> str:
    """Coarse bucket for a reason, used for the histogram of categories."""
    r = reason.split(" [in @wp.func")[0]
    t = r.removeprefix("unsupported type: ")
    if r.startswith("negative test"):
        return "negative test (Warp itself rejects the kernel)"
    if t.startswith(("wp.tile", "wp.launch_tiled", "wp.block_dim")) or "Literal" in r:
        return "tiles (wp.tile_*, wp.block_dim)"
    if t.startswith(("wp.mesh", "wp.volume", "wp.bvh", "wp.hash_grid", "wp.Texture", "wp.texture", "wp.Mesh",
                     "wp.Volume", "wp.Bvh", "wp.HashGrid", "wp.closest_point", "wp.intersect", "wp.handle")):
        return "geometry/spatial queries (mesh, volume, bvh, hash grid, texture)"
    if t.startswith(("wp.transform", "wp.spatial", "wp.quat_rpy", "wp.quat_to_axis", "wp.quat_twist")):
        return "transforms/spatial vectors"
    if t.startswith(("wp.rand", "wp.noise", "wp.pnoise", "wp.curlnoise", "wp.sample_", "wp.poisson")):
        return "random numbers"
    if t.startswith(("wp.indexedarray", "wp.fabricarray", "wp.indexedfabricarray", "wp.fixedarray", "wp.ref",
                     "wp.address_of", "wp.zeros", "wp.array")) or "partial array index" in r or "slice" == r:
        return "other array kinds / views (indexed, fabric, fixed, ref, slices)"
    if t.startswith(("wp.bfloat16", "wp.vec3ui", "wp.vec3s", "wp.types.", "wp.matrix", "wp.vector",
                     "Vector")) or r.startswith("array subscript"):
        return "other value types (bfloat16, generic vector/matrix, odd vector spellings)"
    if r.startswith(("generic", "wp.static", "@wp.func overload", "@wp.func with custom", "wp.func_native",
                     "unsupported type: wp.Function", "@wp.func used as a value", "indirect call",
                     "unannotated parameter")):
        return "generics, overloads, wp.static, custom grads, function values"
    if r.startswith("@wp.kernel(") or r.startswith("extra decorator") or "return annotation" in r:
        return "kernel decorator options / signature"
    if "captures" in r or r.startswith("call of a local"):
        return "captures enclosing-function locals (closures)"
    if r.startswith(("module-level", "call of a module-level", "call of an unresolved", "unresolved",
                     "name imported", "type imported", "function from another module", "call of a function imported",
                     "non-warp module", "call into non-warp", "method call", "attribute .")):
        return "names from elsewhere (type aliases, imports, non-constant globals, unresolved)"
    if r.startswith("wp.") or t.startswith("wp."):
        return "other unsupported wp.X builtins/types"
    return "Python constructs outside the language"


# ---------------------------------------------------------------------------
# Feature census (what an in-language kernel needs from a front end)
# ---------------------------------------------------------------------------


class FeatureCensus:
    """Collects feature keys used by one kernel (plus its @wp.funcs)."""

    def __init__(self, fi: FileInfo):
        self.fi = fi
        self.keys: collections.Counter = collections.Counter()

    def add(self, k, n=1):
        self.keys[k] += n

    def run(self, kd: KernelDef, funcs: list[ast.FunctionDef]):
        fi = self.fi
        k = kd.node
        for d in k.decorator_list:
            if isinstance(d, ast.Call):
                self.add("@wp.kernel(...) with arguments")
                for kw in d.keywords:
                    self.add(f"@wp.kernel({kw.arg}=...)")
        if kd.scopes:
            self.add("kernel nested in a function" if any(isinstance(s, ast.FunctionDef) for s in kd.scopes)
                     else "kernel nested in a class")
        self.file_features()
        if not k.args.args:
            self.add("kernel without parameters")
        if funcs:
            self.add("calls a @wp.func (same file)")
        for fn in funcs:
            self.fn_features(fn)
        self.body_features(k, is_kernel=True)

    def fn_features(self, fn):
        rets = [n for n in ast.walk(fn) if isinstance(n, ast.Return) and n.value is not None]
        if fn.returns is None and rets:
            self.add("@wp.func without return annotation (inferred return type)")
        if any(isinstance(r.value, ast.Tuple) for r in rets):
            self.add("@wp.func returning a tuple (return a, b)")
        if len(rets) > 1:
            self.add("@wp.func with several return statements")
        if not rets:
            self.add("@wp.func returning nothing")
        for a in fn.args.args:
            if self.is_array_ann(a.annotation):
                self.add("@wp.func with array parameter")
            elif isinstance(a.annotation, ast.Name) and self.fi.module_binding(a.annotation.id) and \
                    self.fi.module_binding(a.annotation.id).kind == "struct":
                self.add("@wp.func with struct parameter")
        for n in ast.walk(fn):
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Name):
                b = self.fi.module_binding(n.func.id)
                if b and b.kind == "wpfunc":
                    self.add("@wp.func calling another @wp.func")
                    break
        self.body_features(fn, is_kernel=False)

    def is_array_ann(self, t):
        f = t.func if isinstance(t, ast.Call) else t.value if isinstance(t, ast.Subscript) else None
        return f is not None and self.fi.warp_attr(f) in KDSL_LANGUAGE["array_types"]

    def type_features(self, t, where):
        fi = self.fi
        if isinstance(t, ast.Call):
            x = fi.warp_attr(t.func)
            kws = sorted(k.arg for k in t.keywords)
            self.add(f"annotation wp.{x}({', '.join(k + '=' for k in kws)})")
            for k in t.keywords:
                if k.arg == "dtype":
                    self.type_features(k.value, "dtype")
        elif isinstance(t, ast.Subscript):
            x = fi.warp_attr(t.value)
            if x is not None:
                self.add(f"annotation wp.{x}[T]")
                self.type_features(t.slice, "dtype")
            else:
                self.add("return annotation tuple[...]")
        elif isinstance(t, ast.Name):
            b = fi.module_binding(t.id)
            if b is not None and b.kind == "struct":
                self.add(f"@wp.struct as {where}")
            else:
                self.add(f"Python type `{t.id}` as {where}")
        else:
            x = fi.warp_attr(t)
            if x is not None:
                self.add(f"type spelling wp.{x}")

    def body_features(self, fn, is_kernel):
        fi = self.fi
        locals_ = bound_names(fn)
        params = {a.arg: a.annotation for a in fn.args.args}
        arrays = {n for n, t in params.items() if t is not None and self.is_array_ann(t)}
        for a in fn.args.args:
            if a.annotation is not None:
                self.type_features(a.annotation, "parameter type")
        if fn.returns is not None and not isinstance(fn.returns, ast.Constant):
            self.type_features(fn.returns, "return type")
        body = fn.body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            self.add("docstring")
        for n in (n for stmt in fn.body for n in ast.walk(stmt)):
            if isinstance(n, ast.Name) and n.id in fi.warp_names:
                self.add(f"warp module referenced as `{n.id}`")
            if isinstance(n, ast.Call):
                x = fi.warp_attr(n.func, locals_)
                if x is not None:
                    if x == "tid":
                        pass
                    elif x in KDSL_LANGUAGE["scalar_types"]:
                        self.add("scalar cast/ctor wp.<scalar>(x)")
                        self.add(f"type spelling wp.{x}")
                    elif x in WARP_TYPE_NAMES:
                        kind = ("vector" if x in KDSL_LANGUAGE["vector_types"] else
                                "matrix" if x in KDSL_LANGUAGE["matrix_types"] else "quat")
                        na = len(n.args)
                        shape = "0 args (zero)" if na == 0 else "1 arg (broadcast/convert)" if na == 1 else \
                            f"{na} args"
                        self.add(f"{kind} ctor with {shape}")
                        if kind == "matrix" and na in (2, 3, 4):
                            self.add("matrix ctor from row vectors")
                        self.add(f"type spelling wp.{x}")
                    else:
                        self.add(f"wp.{x}()")
                        if x.startswith("atomic_") and not self._is_stmt_call(fn, n):
                            self.add("atomic result used as a value")
                    for kw in n.keywords:
                        self.add(f"keyword argument wp.{x}({kw.arg}=)")
                elif isinstance(n.func, ast.Name):
                    nm = n.func.id
                    b = fi.module_binding(nm)
                    if nm in KDSL_LANGUAGE["python_builtins"] and b is None and nm not in locals_ and nm not in fi.imports:
                        if nm == "range":
                            self.add(f"range() with {len(n.args)} arg(s)")
                        elif nm == "reversed":
                            self.add("reversed(range(...))")
                        else:
                            self.add(f"Python builtin {nm}()")
                    elif b is not None and b.kind == "struct":
                        self.add("struct ctor S() in code" + (" with args" if n.args else ""))
            elif isinstance(n, ast.Attribute):
                x = fi.warp_attr(n, locals_)
                if x is not None:
                    if x in KDSL_LANGUAGE["constants"]:
                        self.add(f"constant wp.{x}")
                    elif not self._is_call_func(fn, n):
                        self.add("warp type as a value (e.g. dtype=wp.float32)")
                elif isinstance(n.ctx, ast.Store) and self._through_array_elem(n.value, arrays):
                    self.add("component store through an array element a[i][j] = v / a[i].x = v")
                elif n.attr in ("x", "y", "z", "w"):
                    self.add("component .x/.y/.z/.w " + ("store" if isinstance(n.ctx, ast.Store) else "read"))
                elif n.attr == "shape":
                    self.add("array.shape[d]")
                elif n.attr in fi.struct_fields:
                    self.add("struct field " + ("store" if isinstance(n.ctx, ast.Store) else "read"))
                    if isinstance(n.value, ast.Attribute) and n.value.attr in fi.struct_fields:
                        self.add("nested struct field access a.b.c")
            elif isinstance(n, ast.Subscript):
                if isinstance(n.slice, ast.Tuple):
                    self.add(f"multi-index x[i, j{', k' if len(n.slice.elts) > 2 else ''}]")
                if isinstance(n.value, ast.Subscript):
                    self.add("chained index x[i][j]")
                if isinstance(n.slice, ast.UnaryOp) and isinstance(n.slice.op, ast.USub):
                    self.add("negative index x[-1]")
                if isinstance(n.ctx, ast.Store) and self._through_array_elem(n.value, arrays):
                    self.add("component store through an array element a[i][j] = v / a[i].x = v")
                base = n.value
                if isinstance(n.ctx, ast.Store) and isinstance(base, ast.Name):
                    self.add("array element store a[i] = v" if base.id in arrays else
                             "component store v[i] = x / m[i, j] = x (local value)")
            elif isinstance(n, ast.AugAssign):
                t = n.target
                op = type(n.op).__name__
                if isinstance(t, ast.Name):
                    self.add("augmented assignment on a local (x += ...)")
                elif isinstance(t, ast.Subscript):
                    root = t.value
                    if isinstance(root, ast.Name) and root.id in arrays:
                        self.add(f"augmented assignment on array element a[i] {op}= (atomic in Warp)")
                    else:
                        self.add("augmented assignment on component v[i] op= / m[i, j] op=")
                elif isinstance(t, ast.Attribute):
                    self.add("augmented assignment on .x/.field")
            elif isinstance(n, ast.Assign):
                if isinstance(n.targets[0], ast.Tuple):
                    if isinstance(n.value, ast.Tuple):
                        self.add("parallel assignment a, b = x, y")
                    elif isinstance(n.value, ast.Call) and fi.warp_attr(n.value.func) == "tid":
                        self.add(f"i, j... = wp.tid() ({len(n.targets[0].elts)}-d)")
                    else:
                        self.add("tuple unpacking from a call (a, b = f(x))")
                elif isinstance(n.value, ast.Call) and fi.warp_attr(n.value.func) == "tid":
                    self.add("i = wp.tid() (1-d)")
            elif isinstance(n, ast.AnnAssign):
                self.add("annotated local x: T = v")
            elif isinstance(n, ast.BinOp):
                self.add(f"binary operator {type(n.op).__name__}")
            elif isinstance(n, ast.UnaryOp):
                self.add(f"unary operator {type(n.op).__name__}")
            elif isinstance(n, ast.BoolOp):
                self.add("and/or")
            elif isinstance(n, ast.Compare) and len(n.ops) > 1:
                self.add("chained comparison a < b < c")
            elif isinstance(n, ast.IfExp):
                self.add("conditional expression x if c else y")
            elif isinstance(n, ast.While):
                self.add("while loop")
            elif isinstance(n, ast.Break):
                self.add("break")
            elif isinstance(n, ast.Continue):
                self.add("continue")
            elif isinstance(n, ast.If):
                self.add("if" + ("/else" if n.orelse else ""))
            elif isinstance(n, ast.Return) and is_kernel:
                self.add("early return in kernel")
            elif isinstance(n, ast.Assert):
                self.add("assert")
            elif isinstance(n, ast.Constant) and isinstance(n.value, float):
                self.add("float literal")
            elif isinstance(n, ast.Constant) and isinstance(n.value, bool):
                self.add("True/False literal")
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and n.id not in locals_:
                b = fi.module_binding(n.id)
                if b is not None and b.kind == "const":
                    v = b.node
                    if isinstance(v, ast.Call) and fi.warp_attr(v.func) == "constant":
                        self.add("module constant X = wp.constant(...)")
                    else:
                        self.add("module constant X = <plain Python value>")

    @staticmethod
    def _through_array_elem(node, arrays):
        """node is a[i] (or a[i].f, a[i][j]...) for an array parameter a."""
        while isinstance(node, (ast.Attribute, ast.Subscript)):
            if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id in arrays:
                return True
            node = node.value
        return False

    @staticmethod
    def _is_stmt_call(fn, call):
        return any(isinstance(s, ast.Expr) and s.value is call for s in ast.walk(fn))

    @staticmethod
    def _is_call_func(fn, node):
        return any(isinstance(c, ast.Call) and c.func is node for c in ast.walk(fn))

    def file_features(self):
        """Import spellings of the file (counted once per kernel)."""
        for stmt in ast.walk(self.fi.tree):
            if isinstance(stmt, ast.Import):
                for al in stmt.names:
                    if al.name == "warp":
                        self.add(f"file does `import warp{' as ' + al.asname if al.asname else ''}`")
            elif isinstance(stmt, ast.ImportFrom) and stmt.module == "warp":
                self.add("file does `from warp import ...`")
        if self.fi.wp_from_star:
            self.add("`wp` only bound by a star import (from warp.tests.unittest_utils import *)")


# ---------------------------------------------------------------------------
# Driver
# ---------------------------------------------------------------------------


@dataclass
class Record:
    file: str
    name: str
    line: int
    qualname: str
    nested: bool
    inside: bool = False
    reason: str | None = None
    reason_line: int | None = None
    detail: str | None = None  # source text of the first unsupported thing
    note: str | None = None
    negative: str | None = None  # why it looks like a test that Warp itself rejects
    status: str | None = None  # pass / fail / timeout / not-run
    error: str | None = None
    seconds: float | None = None
    features: list = field(default_factory=list)
    # Warp's self-checking test kernels: no parameters, and the body checks with wp.expect_* or assert.
    selfcheck: bool = False
    run_status: str | None = None  # --run-selfcheck: pass / fail / timeout
    run_error: str | None = None
    generic_float32: bool | None = None  # untyped generic kernel: translates given float32 for Any


def is_selfcheck(node: ast.FunctionDef) -> bool:
    a = node.args
    if a.args or a.posonlyargs or a.kwonlyargs or a.vararg or a.kwarg:
        return False
    for n in ast.walk(node):
        if isinstance(n, ast.Assert):
            return True
        if isinstance(n, ast.Call):
            f = n.func
            name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
            if name.startswith("expect_"):
                return True
    return False


def qualname(kd: KernelDef) -> str:
    return ".".join([s.name for s in kd.scopes] + [kd.name])


def scan(corpus: str, census: collections.Counter | None, census_occ: collections.Counter | None):
    records: list[Record] = []
    file_errors = []
    stats = collections.Counter()
    for root, dirs, files in os.walk(corpus):
        dirs.sort()
        for fname in sorted(files):
            if not fname.endswith(".py"):
                continue
            path = os.path.join(root, fname)
            rel = os.path.relpath(path, corpus)
            try:
                with open(path, encoding="utf-8") as fh:
                    src = fh.read()
                tree = ast.parse(src, filename=path)
            except (SyntaxError, UnicodeDecodeError) as ex:
                file_errors.append((rel, str(ex)))
                continue
            stats["files"] += 1
            fi = FileInfo(path, rel, tree)
            if fi.kernels:
                stats["files with kernels"] += 1
            by_name = collections.defaultdict(list)
            for kd in fi.kernels:
                by_name[kd.name].append(kd)
            stats["kernel definitions"] += len(fi.kernels)
            for name, kds in by_name.items():
                kd = kds[0]
                rec = Record(rel, name, kd.node.lineno, qualname(kd), bool(kd.scopes))
                rec.selfcheck = is_selfcheck(kd.node)
                if len(kds) > 1:
                    rec.note = (f"ambiguous: {len(kds)} kernels named {name} (lines "
                                f"{', '.join(str(k.node.lineno) for k in kds)}); classified by the first")
                    stats["ambiguous names"] += 1
                ch = Checker(fi, kd.node, kd.scopes, True, ())
                try:
                    ch.check()
                    rec.inside = True
                except Outside as ex:
                    rec.reason = ex.reason
                    rec.reason_line = ex.line
                    rec.detail = ex.detail
                neg = fi.negative_test(kd)
                if neg:
                    rec.negative = neg
                    if rec.inside:
                        rec.inside = False
                        rec.reason = "negative test: Warp is expected to reject it"
                        rec.reason_line = kd.node.lineno
                if rec.inside and census is not None:
                    fc = FeatureCensus(fi)
                    seen, funcs = set(), []
                    stack = list(ch.funcs_called)
                    while stack:
                        f = stack.pop()
                        if id(f) in seen:
                            continue
                        seen.add(id(f))
                        funcs.append(f)
                        sub = Checker(fi, f, [], False, ())
                        try:
                            sub.check()
                        except Outside:
                            pass
                        stack.extend(sub.funcs_called)
                    fc.run(kd, funcs)
                    rec.features = sorted(fc.keys)
                    for k2, v in fc.keys.items():
                        census[k2] += 1
                        census_occ[k2] += v
                records.append(rec)
    return records, file_errors, stats


def first_error_line(stderr: str, rc: int) -> str:
    lines = [ln.strip() for ln in stderr.splitlines() if ln.strip()]
    for ln in lines:
        if "error:" in ln:
            return ln
    if lines:
        return lines[0]
    return f"exit status {rc}, no message"


EMIT = "mlir"
VALIDATE = False
CUDA_BIN = "/usr/local/cuda/bin"


def validate_output(path: str, timeout: float):
    """The issue's acceptance for GPU text: ptxas accepts the PTX for sm_80 and sm_90; nvcc compiles
    the CUDA C for both (as test/Target/cuda-nvcc.test, warnings are errors). Returns an error
    message, or None."""
    for arch in ("sm_80", "sm_90"):
        if EMIT == "ptx":
            cmd = [os.path.join(CUDA_BIN, "ptxas"), f"-arch={arch}", path, "-o", os.devnull]
        else:
            cmd = [os.path.join(CUDA_BIN, "nvcc"), "-std=c++17", f"-arch={arch}", "-c", path, "-o", os.devnull,
                   "-Werror", "all-warnings"]
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout * 6, errors="replace")
        except subprocess.TimeoutExpired:
            return f"{os.path.basename(cmd[0])} {arch}: timeout"
        if p.returncode != 0:
            return f"{os.path.basename(cmd[0])} {arch}: " + first_error_line(p.stdout + p.stderr, p.returncode)
    return None


def run_translator(translator: str, corpus: str, rec: Record, timeout: float):
    out = os.devnull
    tmp = None
    if VALIDATE:
        fd, tmp = tempfile.mkstemp(suffix=".cu" if EMIT == "cuda" else ".ptx")
        os.close(fd)
        out = tmp
    cmd = [translator, os.path.join(corpus, rec.file), f"--emit={EMIT}", "--kernel", rec.name, "-o", out]
    t0 = time.monotonic()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, errors="replace")
    except subprocess.TimeoutExpired:
        rec.status, rec.error = "timeout", f"timeout after {timeout:g} s"
    else:
        if p.returncode == 0:
            rec.status = "pass"
            if tmp:
                err = validate_output(tmp, timeout)
                if err:
                    rec.status, rec.error = "fail", err
        else:
            rec.status = "fail"
            msg = first_error_line(p.stderr, p.returncode).replace(corpus + os.sep, "")
            if p.returncode < 0:
                msg = f"crashed (signal {-p.returncode}): {msg}"
            rec.error = msg
            if "gives it no types" in msg:
                retry_generic(cmd, rec, timeout)
    if tmp:
        os.unlink(tmp)
    rec.seconds = round(time.monotonic() - t0, 3)


def retry_generic(cmd: list, rec: Record, timeout: float):
    """A generic kernel whose file gives it no types (Warp infers them from wp.launch in host code,
    which kdsl does not see): try again with float32 for every Any. A success is counted apart
    ("translates given float32"), never as a plain pass."""
    try:
        p = subprocess.run(cmd + ["--kernel-types", "Any=wp.float32"], capture_output=True, text=True,
                           timeout=timeout, errors="replace")
    except subprocess.TimeoutExpired:
        return
    rec.generic_float32 = p.returncode == 0


def run_selfcheck(runner: str, corpus: str, rec: Record, timeout: float):
    """Runs a self-checking kernel with kdsl-run at dim 1 from the unchanged file."""
    spec = json.dumps({"kernel": rec.name, "dim": 1, "inputs": {}})
    cmd = [runner, os.path.join(corpus, rec.file), "-", "--threads=1", f"--timeout={timeout:g}"]
    try:
        p = subprocess.run(cmd, input=spec, capture_output=True, text=True, timeout=timeout + 30, errors="replace")
    except subprocess.TimeoutExpired:
        rec.run_status, rec.run_error = "timeout", f"timeout after {timeout:g} s"
        return
    try:
        ok = p.returncode == 0 and json.loads(p.stdout).get("ok") is True
    except ValueError:
        ok = False
    rec.run_status = "pass" if ok else "fail"
    if not ok:
        try:
            rec.run_error = json.loads(p.stdout).get("error", "")
        except ValueError:
            rec.run_error = first_error_line(p.stderr, p.returncode)
        rec.run_error = (rec.run_error or "").replace(corpus + os.sep, "")


FAILURE_CATEGORIES = [
    # (category, regex on the first error line), first match wins.
    ("tiles (another issue)", r"'wp\.tile|wp\.tile_|tile_"),
    ("geometry queries and textures (another issue)",
     r"'wp\.(mesh|bvh|hash_grid|volume|texture)|'wp\.handle'|Texture[123]D|wp\.Volume|wp\.Mesh|wp\.Bvh|wp\.HashGrid"),
    ("other array kinds (Fabric arrays, local arrays: Warp's fixedarray, arrays from pointers)",
     r"wp\.(ref|indexedarray|fabricarray|indexedfabricarray|fabricarrayarray|indexedfabricarrayarray|fixedarray)\b|"
     r"fixed-size local array|from a raw uint64 pointer"),
    ("bfloat16", r"bfloat16"),
    ("native snippets (@wp.func_native)", r"func_native"),
    ("function values (wp.Function parameters, funcs as values)",
     r"wp\.Function|is a function and must be called|cannot be called|wp\.grad\b|'wp\.grad'"),
    ("generic kernel without types in the file", r"gives it no types"),
    ("values only host code knows (factory parameters, host loop variables, globals)",
     r"parameter of the enclosing function|loop variable of host code|module-level value is host code|"
     r"is not a constant, @wp\.func|is not a @wp\.func or @wp\.struct|is not defined"),
    ("wp.static beyond kdsl's evaluator", r"wp\.static\(\)"),
    ("array slices", r"slices are not supported|slice"),
    ("kernels returning values", r"cannot return"),
]


def failure_category(msg: str) -> str:
    for cat, pat in FAILURE_CATEGORIES:
        if re.search(pat, msg or ""):
            return cat
    m = re.search(r"unknown or unsupported builtin '(wp\.\w+)'", msg or "")
    return f"missing builtin {m.group(1)}" if m else "other"


def error_key(msg: str) -> str:
    """The message after 'error:', with quoted names and numbers blurred, for grouping."""
    m = msg.split("error:", 1)[1].strip() if "error:" in msg else msg
    m = re.sub(r"'[^']*'", "'…'", m)
    m = re.sub(r"`[^`]*`", "`…`", m)
    m = re.sub(r"\b\d+\b", "N", m)
    return m


def print_hist(title, counter, limit=None, total=None):
    print(title)
    items = counter.most_common(limit)
    w = max((len(str(v)) for _, v in items), default=1)
    for k, v in items:
        pct = f" ({100.0 * v / total:5.1f}%)" if total else ""
        print(f"  {v:>{w}}{pct}  {k}")
    rest = len(counter) - len(items)
    if rest > 0:
        print(f"  ... {rest} more")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", required=True, help="directory of Warp Python files (e.g. warp/tests + warp/examples)")
    ap.add_argument("--translator", default=DEFAULT_TRANSLATOR,
                    help=f"kdsl-translate binary (default {DEFAULT_TRANSLATOR}, relative to cwd or the repo root)")
    ap.add_argument("--classify-only", action="store_true", help="classify kernels; do not run the translator")
    ap.add_argument("--emit", default="mlir", choices=["mlir", "llvm", "cpp", "cuda", "ptx"],
                    help="what the translator emits (default mlir; llvm/cpp/cuda/ptx also build the adjoints)")
    ap.add_argument("--json", metavar="OUT", help="write all per-kernel records to OUT")
    ap.add_argument("--jobs", type=int, default=2, help="parallel translator runs (default 2, at most 2)")
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds per translator run (default 10)")
    ap.add_argument("--features", action="store_true",
                    help="print the census of language features used by inside-language kernels")
    ap.add_argument("--top", type=int, default=15, help="rows in the reason histograms (default 15)")
    ap.add_argument("--min-pass-rate", type=float, metavar="PCT",
                    help="exit 1 when the pass rate of inside-language kernels is below PCT")
    ap.add_argument("--list", choices=("inside", "outside", "fail"), help="also list kernels of this kind")
    ap.add_argument("--all", action="store_true",
                    help="run the translator on every kernel, not only those inside the classifier's language, "
                         "and report the pass rate over all of them (issue 15's measure)")
    ap.add_argument("--run-selfcheck", action="store_true",
                    help="also run Warp's self-checking test kernels (no parameters; wp.expect_* or assert) "
                         "that translate with kdsl-run at dim 1, and report how many pass")
    ap.add_argument("--validate", action="store_true",
                    help="with --emit ptx: ptxas must accept each kernel's PTX for sm_80 and sm_90; with --emit "
                         "cuda: nvcc must compile its CUDA C for both without warnings (a failure counts as fail)")
    args = ap.parse_args(argv)
    global EMIT, VALIDATE
    EMIT = args.emit
    VALIDATE = args.validate
    if VALIDATE and EMIT not in ("ptx", "cuda"):
        ap.error("--validate needs --emit ptx or --emit cuda")

    corpus = os.path.abspath(args.corpus)
    if not os.path.isdir(corpus):
        ap.error(f"--corpus {args.corpus}: not a directory")

    census, census_occ = collections.Counter(), collections.Counter()
    records, file_errors, stats = scan(corpus, census, census_occ)
    inside = [r for r in records if r.inside]
    outside = [r for r in records if not r.inside]
    # Kernels inside the language that Warp's own tests expect to be rejected: run, but not in the pass rate.
    negatives = [r for r in outside if r.reason and r.reason.startswith("negative test")]

    translator = None
    if not args.classify_only:
        for cand in (args.translator, os.path.join(REPO_ROOT, args.translator)):
            if os.path.isfile(cand) and os.access(cand, os.X_OK):
                translator = os.path.abspath(cand)
                break
        if translator is None:
            print(f"error: translator {args.translator} not found (build it, or pass --classify-only)", file=sys.stderr)
            return 2
        jobs = max(1, min(args.jobs, 2))
        todo = records if args.all else inside + negatives
        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
            list(pool.map(lambda r: run_translator(translator, corpus, r, args.timeout), todo))
    for r in records:
        if r.status is None:
            r.status = "not-run"

    # ---- summary
    print(f"corpus: {corpus}")
    print(f"files parsed: {stats['files']} ({stats['files with kernels']} with kernels)"
          + (f"; {len(file_errors)} unparsable" if file_errors else ""))
    for rel, err in file_errors:
        print(f"  unparsable: {rel}: {err}")
    print(f"kernel definitions: {stats['kernel definitions']}; "
          f"kernels (distinct file+name): {len(records)}; ambiguous names: {stats['ambiguous names']}")
    print(f"outside the language: {len(outside)}")
    print(f"inside the language:  {len(inside)}")
    print()
    print_hist(f"top reasons for outside (first unsupported thing, {len(outside)} kernels):",
               collections.Counter(r.reason.split(" [in @wp.func")[0] for r in outside), args.top, len(outside))
    print()
    print_hist("outside by category:", collections.Counter(reason_category(r.reason) for r in outside),
               None, len(outside))
    if args.list == "outside":
        print("\noutside kernels:")
        for r in outside:
            print(f"  {r.file}:{r.reason_line or r.line}: {r.qualname}: {r.reason}"
                  + (f"  `{r.detail}`" if r.detail else ""))
    if args.list == "inside":
        print("\ninside kernels:")
        for r in inside:
            print(f"  {r.file}:{r.line}: {r.qualname}" + (f"  [{r.note}]" if r.note else ""))

    if args.features:
        print()
        print(f"feature census over {len(inside)} inside-language kernels (kernels using it, occurrences):")
        w = max((len(str(v)) for v in census.values()), default=1)
        for k, v in sorted(census.items(), key=lambda kv: (-kv[1], kv[0])):
            print(f"  {v:>{w}}  {census_occ[k]:>6}  {k}")

    rc = 0
    if not args.classify_only:
        passed = [r for r in inside if r.status == "pass"]
        failed = [r for r in inside if r.status != "pass"]
        rate = 100.0 * len(passed) / len(inside) if inside else 0.0
        print()
        print(f"translator: {translator}")
        print(f"passed: {len(passed)}  failed: {len(failed)}  pass rate: {rate:.1f}% "
              f"of {len(inside)} inside-language kernels")
        if args.run_selfcheck:
            runner = os.path.join(os.path.dirname(translator), "kdsl-run")
            checks = [r for r in records if r.selfcheck and r.status == "pass"]
            with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
                list(pool.map(lambda r: run_selfcheck(runner, corpus, r, args.timeout), checks))
            n_self = sum(r.selfcheck for r in records)
            n_pass = sum(r.run_status == "pass" for r in checks)
            print(f"self-checking kernels: {n_self}; translated: {len(checks)}; "
                  f"run with kdsl-run at dim 1 and passed: {n_pass} of {len(checks)}")
            for r in checks:
                if r.run_status != "pass":
                    print(f"      {r.file}:{r.line} {r.qualname}: {r.run_status}: {r.run_error}")
        if args.min_pass_rate is not None:
            ok = rate >= args.min_pass_rate
            print(f"target: pass rate >= {args.min_pass_rate:g}%: {'met' if ok else 'NOT met'}")
            rc = 0 if ok else 1
        if negatives:
            rejected = [r for r in negatives if r.status == "fail"]
            print(f"negative tests (inside the language, Warp rejects them; not in the pass rate): "
                  f"{len(negatives)}, rejected by the translator: {len(rejected)}")
            for r in negatives:
                print(f"      {r.file}:{r.line} {r.qualname}: {r.status}" + (f": {r.error}" if r.error else ""))
        if args.all:
            all_passed = sum(r.status == "pass" for r in records)
            print(f"all kernels: passed {all_passed} of {len(records)} "
                  f"({100.0 * all_passed / len(records):.1f}%)" if records else "all kernels: none")
            failed = [r for r in records if r.status != "pass" and r.status != "not-run"]
            print_hist("failures by category:", collections.Counter(failure_category(r.error) for r in failed),
                       None, len(failed))
            untyped = [r for r in failed if r.generic_float32 is not None]
            if untyped:
                print(f"generic kernels whose file gives no types (not counted as passed): {len(untyped)}; "
                      f"translate given --kernel-types Any=wp.float32: {sum(r.generic_float32 for r in untyped)}")
        groups = collections.defaultdict(list)
        for r in failed:
            groups[error_key(r.error or "")].append(r)
        if groups:
            print("\nfailures grouped by error message:")
            for key, rs in sorted(groups.items(), key=lambda kv: -len(kv[1])):
                print(f"  [{len(rs)}] {key}")
                for r in rs[:5]:
                    print(f"      {r.file}:{r.line} {r.qualname}: {r.error}")
                if len(rs) > 5:
                    print(f"      ... {len(rs) - 5} more")
        if args.list == "fail":
            print("\nfailing kernels:")
            for r in failed:
                print(f"  {r.file}:{r.line}: {r.qualname}: {r.error}")

    if args.json:
        out = {
            "corpus": corpus,
            "translator": translator,
            "classify_only": args.classify_only,
            "language": {k: sorted(v) if isinstance(v, (set, frozenset)) else
                         ({kk: sorted(vv) for kk, vv in v.items()} if isinstance(v, dict) and
                          all(isinstance(vv, set) for vv in v.values()) else v)
                         for k, v in KDSL_LANGUAGE.items()},
            "counts": {
                "kernels": len(records),
                "kernel_definitions": stats["kernel definitions"],
                "outside": len(outside),
                "inside": len(inside),
                "passed": sum(r.status == "pass" for r in inside),
                "failed": sum(r.status not in ("pass", "not-run") for r in inside),
                "negative_tests": len(negatives),
            },
            "feature_census": dict(sorted(census.items(), key=lambda kv: -kv[1])),
            "file_errors": file_errors,
            "kernels": [r.__dict__ for r in records],
        }
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(out, fh, indent=1)
            fh.write("\n")
    return rc


if __name__ == "__main__":
    sys.exit(main())
