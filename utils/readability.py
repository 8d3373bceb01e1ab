#!/usr/bin/env python3
"""Readability of the emitted C++ and CUDA C of a kdsl-synth dataset.

    utils/readability.py DIR                          # the emission stored in the records
    utils/readability.py DIR --reemit build/bin/kdsl-translate
                                                      # each record's source emitted again now

Per record (one kernel), from the source (Python's ast) and the emitted code
with its comments removed:
  - names: the live locals of the kernel (assigned, and read somewhere) whose
    name (or name_N, name_ for a reserved one, mangled beyond ASCII) is an
    identifier of the forward C++ / forward CUDA C;
  - adj: the float locals (declared with a float, double, half, vec or mat
    type in the forward C++) for which the backward C++ has adj_<name>
    (or adj_<name>_N); and whether the backward has any adj_ local at all
    (adj_<param> arguments are not counted);
  - grad: of those float locals, the ones with a gradient path (gradient_locals:
    a dataflow over the source's ast: the local's value depends on a read of
    a float kernel array and flows into a write of one), which are the ones
    a backward must name adj_<name>; the others' adjoints are zero or dead
    (noise and random draws of thread coordinates, values computed from
    integers, constants or scalar kernel parameters, whose adjoints kdsl does
    not return). The locals with a gradient path but no adj_<name> are
    listed by likely cause (--list FILE: one line each);
  - ratio: backward C++ tokens (comments removed) per source token of the
    kernel (Python tokens, no comments or docstrings); and with comments.
"""
import argparse
import ast
import glob
import io
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import tokenize

CPP_TOKEN = re.compile(r'[A-Za-z_]\w*|\d[\w.]*|"(?:\\.|[^"\\])*"|::|->|<<|>>|[<>=!+\-*/%&|^]=|&&|\|\||\+\+|--|\S')
IDENT = re.compile(r'[A-Za-z_]\w*')
FLOAT_DECL = re.compile(r'(?:const )?(?:float|double|kdsl::half|kdsl::vec<[^>]*>|kdsl::mat<[^>]*>) ([A-Za-z_]\w*) =')


def strip_comments(code):
    return re.sub(r'//[^\n]*', '', code)


def mangle(name):
    if re.fullmatch(r'[A-Za-z_][A-Za-z0-9_]*', name):
        return name
    out = 'kdslu_'
    for ch in name:
        if ch.isascii() and (ch.isalnum() or ch == '_'):
            out += 'ZZ' if ch == 'Z' else ch
        else:
            out += 'Z%x_' % ord(ch)
    return out


def kernel_locals(source, kernel):
    """(live locals, params) of the kernel `kernel` in `source`."""
    tree = ast.parse(source)
    fn = next((n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == kernel), None)
    if fn is None:
        return set(), set()
    params = {a.arg for a in fn.args.args}
    stored, loaded = set(), set()
    for n in ast.walk(fn):
        if isinstance(n, ast.Name):
            (stored if isinstance(n.ctx, ast.Store) else loaded).add(n.id)
    return (stored & loaded) - params, params


# Builtins through which no gradient flows (their results are integers,
# booleans, or of zero derivative): the table's Derivative None ones and
# floor and friends (KdslDerivatives.td: no contribution).
NO_GRADIENT = {
    'tid', 'sign', 'step', 'isnan', 'isfinite', 'isinf', 'len', 'argmin', 'argmax', 'lower_bound',
    'nonzero', 'atomic_exch', 'atomic_cas', 'atomic_and', 'atomic_or', 'atomic_xor', 'bit_and',
    'bit_or', 'bit_xor', 'lshift', 'rshift', 'invert', 'unot', 'floor', 'ceil', 'round', 'rint',
    'trunc', 'int', 'bool', 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32',
    'uint64', 'rand_init', 'randi', 'randu', 'identity', 'quat_identity', 'transform_identity',
    'block_dim', 'zeros', 'expect_eq', 'expect_neq', 'expect_near', 'printf', 'print'}
ATOMICS = {'atomic_add', 'atomic_sub', 'atomic_min', 'atomic_max'}
INT_DTYPES = {'int', 'bool', 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64'}


def _callee(f):
    if isinstance(f, ast.Attribute):
        return f.attr
    if isinstance(f, ast.Name):
        return f.id
    return ''


def _root(e):
    while isinstance(e, (ast.Subscript, ast.Attribute)):
        e = e.value
    return e.id if isinstance(e, ast.Name) else None


def gradient_locals(source, kernel):
    """The locals of `kernel` with a gradient path: a flow-insensitive dataflow
    over the source. A local is active when a value it is assigned depends on
    a read of a float array argument (or of an array field of a struct
    argument), through arithmetic and builtins with a derivative (not through
    integer conversions, comparisons, conditions or indices); it is useful when
    it flows into a write (store, +=, atomic) of such an array. Scalar
    arguments are constants to the backward (kdsl returns no adjoint for
    them). A call of a func of the module passes its arguments' dependencies
    to its result (a read of the arrays it is given, when it is given one),
    and is a write of those arrays when the func writes an array argument."""
    tree = ast.parse(source)
    funcs = {n.name: n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
    classes = {n.name for n in ast.walk(tree) if isinstance(n, ast.ClassDef)}
    fn = funcs.get(kernel)
    if fn is None:
        return set()

    def writes_arrays(f, seen=()):
        params = {a.arg for a in f.args.args}
        for n in ast.walk(f):
            tgts = n.targets if isinstance(n, ast.Assign) else [n.target] if isinstance(n, ast.AugAssign) else []
            if any(isinstance(t, (ast.Subscript, ast.Attribute)) and _root(t) in params for t in tgts):
                return True
            if isinstance(n, ast.Call) and _callee(n.func) in ATOMICS:
                return True
            if isinstance(n, ast.Call) and _callee(n.func) in funcs and _callee(n.func) not in seen \
                    and writes_arrays(funcs[_callee(n.func)], seen + (f.name,)):
                return True
        return False

    holders = set()  # float array arguments, struct arguments, and locals naming them
    for a in fn.args.args:
        ann = a.annotation
        if isinstance(ann, ast.Call) and _callee(ann.func).startswith(('array', 'indexedarray', 'fabricarray')):
            dtype = next((k.value for k in ann.keywords if k.arg == 'dtype'), ann.args[0] if ann.args else None)
            if dtype is None or _callee(dtype) not in INT_DTYPES:
                holders.add(a.arg)
        elif _callee(ann) in classes:
            holders.add(a.arg)
    params = {a.arg for a in fn.args.args}
    SRC = '<array>'

    def deps(e):
        """Locals (and SRC: an array read) the value of `e` depends on."""
        if e is None:
            return set()
        if isinstance(e, ast.Name):
            return {e.id} if e.id not in params and e.id not in holders else set()
        if isinstance(e, ast.Subscript):
            if _root(e) in holders:
                return {SRC}
            return deps(e.value)
        if isinstance(e, ast.Attribute):
            if e.attr in ('shape', 'ndim', 'size', 'strides'):
                return set()
            if _root(e) in holders:
                # A field of a struct argument: an array (a holder), or a
                # scalar the backward has no adjoint for.
                return set()
            return deps(e.value)
        if isinstance(e, ast.Call):
            name = _callee(e.func)
            if name in NO_GRADIENT or name.startswith('rand') and name != 'randn' and name != 'randf':
                return set()
            if name in ('select', 'where'):
                args = e.args[1:]
            else:
                args = e.args
            out = set()
            for x in list(args) + [k.value for k in e.keywords]:
                out |= deps(x)
            if name in ATOMICS:
                out = {SRC} if e.args and _root(e.args[0]) in holders else out
            elif any(isinstance(x, ast.Name) and x.id in holders for x in args):
                out.add(SRC)  # a func reading an array it is given
            return out
        if isinstance(e, (ast.Compare, ast.BoolOp)) or isinstance(e, ast.UnaryOp) and isinstance(e.op, ast.Not):
            return set()
        if isinstance(e, ast.IfExp):
            return deps(e.body) | deps(e.orelse)
        if isinstance(e, ast.BinOp) and isinstance(e.op, (ast.BitAnd, ast.BitOr, ast.BitXor, ast.LShift, ast.RShift)):
            return set()
        out = set()
        for c in ast.iter_child_nodes(e):
            if isinstance(c, ast.expr):
                out |= deps(c)
        return out

    edges = {}  # local -> what its values depend on
    sinks = set()

    def assign(target, value_deps):
        if isinstance(target, (ast.Tuple, ast.List)):
            for t in target.elts:
                assign(t, value_deps)
        elif isinstance(target, ast.Name):
            edges.setdefault(target.id, set()).update(value_deps)
        elif isinstance(target, (ast.Subscript, ast.Attribute, ast.Starred)):
            r = _root(target)
            if r in holders:
                sinks.update(value_deps)
            elif r is not None:
                edges.setdefault(r, set()).update(value_deps)

    for n in ast.walk(fn):
        if isinstance(n, ast.Assign):
            d = deps(n.value)
            if isinstance(n.value, ast.Name) and n.value.id in holders:
                for t in n.targets:
                    if isinstance(t, ast.Name):
                        holders.add(t.id)
            for t in n.targets:
                assign(t, d)
        elif isinstance(n, (ast.AugAssign, ast.AnnAssign)) and n.value is not None:
            assign(n.target, deps(n.value) | (deps(n.target) if isinstance(n, ast.AugAssign) else set()))
        elif isinstance(n, ast.For):
            assign(n.target, set())
        if isinstance(n, ast.Call):
            name = _callee(n.func)
            if name in ATOMICS and n.args and _root(n.args[0]) in holders:
                for x in n.args[1:]:
                    sinks.update(deps(x))
            elif name in funcs and name != kernel and any(_root(x) in holders for x in n.args) \
                    and writes_arrays(funcs[name]):
                for x in n.args:
                    sinks.update(deps(x))
    active = set()
    changed = True
    while changed:
        changed = False
        for v, d in edges.items():
            if v not in active and (SRC in d or d & active):
                active.add(v)
                changed = True
    useful = set(sinks)
    changed = True
    while changed:
        changed = False
        for v in list(useful):
            for d in edges.get(v, ()):
                if d not in useful:
                    useful.add(d)
                    changed = True
    return active & useful


def missing_cause(source, kernel, name):
    """A likely cause of a missing adj_<name>, from the source."""
    tree = ast.parse(source)
    fn = next((n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == kernel), None)
    in_loop = False
    parts = False
    built = ''
    for loop in (n for n in ast.walk(fn) if isinstance(n, (ast.For, ast.While))):
        for n in ast.walk(loop):
            if isinstance(n, (ast.Assign, ast.AugAssign)):
                tg = n.targets if isinstance(n, ast.Assign) else [n.target]
                if any(_root(t) == name for t in tg):
                    in_loop = True
    for n in ast.walk(fn):
        if isinstance(n, ast.Assign):
            for t in n.targets:
                if isinstance(t, (ast.Subscript, ast.Attribute)) and _root(t) == name:
                    parts = True
                if isinstance(t, ast.Name) and t.id == name and isinstance(n.value, ast.Call):
                    built = _callee(n.value.func)
    if in_loop:
        return 'reassigned in a loop'
    if parts:
        return 'set component by component'
    if built in ('transform', 'spatial_vector', 'transformation', 'vec7', 'vec6', 'spatial_vectorf'):
        return 'built from parts (%s)' % built
    return 'other'


def python_tokens(source, kernel):
    tree = ast.parse(source)
    fn = next((n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == kernel), None)
    lines = source.splitlines(True)
    text = ''.join(lines[fn.lineno - 1 - len(fn.decorator_list):fn.end_lineno]) if fn else source
    skip = {tokenize.NEWLINE, tokenize.NL, tokenize.INDENT, tokenize.DEDENT, tokenize.COMMENT,
            tokenize.ENDMARKER}
    toks = [t for t in tokenize.generate_tokens(io.StringIO(text).readline) if t.type not in skip]
    # Docstrings: a string statement alone.
    return sum(1 for t in toks if not (t.type == tokenize.STRING and t.line.strip() == t.string))


def present(name, idents):
    m = mangle(name)
    if m in idents or m + '_' in idents:
        return True
    return any(re.fullmatch(re.escape(m) + r'_\d+', i) for i in idents)


def reemit(translate, source, kernel):
    """{cpp_forward, cpp_backward, cuda_forward, cuda_backward} by kdsl-translate now."""
    out = {}
    with tempfile.NamedTemporaryFile('w', suffix='.py', delete=False) as f:
        f.write(source)
        path = f.name
    try:
        for lang in ('cpp', 'cuda'):
            r = subprocess.run([translate, path, '--emit=' + lang], capture_output=True, text=True)
            if r.returncode:
                return None
            code = r.stdout.split('// ---- end of prelude ----', 1)[-1]
            parts = re.split(r'(?m)^// kernel ', code)
            for p in parts[1:]:
                head = p.split(':', 1)[0]
                key = 'backward' if head == kernel + '_backward' else 'forward' if head == kernel else None
                if key:
                    out[lang + '_' + key] = '// kernel ' + p
    finally:
        os.unlink(path)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('dir')
    ap.add_argument('--reemit', help='kdsl-translate to emit each record\'s source with')
    ap.add_argument('--limit', type=int, default=0)
    ap.add_argument('--list', help='write the float locals with a gradient path but no adj_<name> '
                    'here, one per line: record id, kernel, name, likely cause')
    args = ap.parse_args()
    records = []
    for path in sorted(glob.glob(os.path.join(args.dir, 'shard-*.jsonl'))):
        with open(path) as f:
            records += [json.loads(l) for l in f if l.strip()]
    if args.limit:
        records = records[:args.limit]
    names = {'cpp_forward': [0, 0], 'cuda_forward': [0, 0]}
    adj_float = [0, 0]
    adj_any = [0, 0]
    all_float = [0, 0]
    adj_grad = [0, 0]      # float locals with a gradient path
    all_grad = [0, 0]      # backwards naming every one of those
    adj_nograd = [0, 0]    # float locals without one that have adj_<name> anyway
    missing = []
    ratios, ratios_comments, bwd_lines = [], [], []
    used = 0
    for r in records:
        src, k = r['source'], r['kernel_name']
        code = reemit(args.reemit, src, k) if args.reemit else r
        if not code or 'cpp_forward' not in code:
            continue
        used += 1
        live, params = kernel_locals(src, k)
        for key in names:
            if key not in code:
                continue
            idents = set(IDENT.findall(strip_comments(code[key])))
            names[key][0] += sum(present(n, idents) for n in live)
            names[key][1] += len(live)
        fwd = strip_comments(code['cpp_forward'])
        floats = {n for n in live if any(re.fullmatch(re.escape(mangle(n)) + r'(_\d+)?', d)
                                         for d in FLOAT_DECL.findall(fwd))}
        bwd_code = code.get('cpp_backward')
        if bwd_code is None:
            continue
        bwd = strip_comments(bwd_code)
        bidents = set(IDENT.findall(bwd))
        adj_float[0] += sum(present('adj_' + n, bidents) for n in floats)
        adj_float[1] += len(floats)
        if floats:
            all_float[1] += 1
            all_float[0] += all(present('adj_' + n, bidents) for n in floats)
        grad = floats & gradient_locals(src, k)
        named = {n for n in grad if present('adj_' + n, bidents)}
        adj_grad[0] += len(named)
        adj_grad[1] += len(grad)
        if grad:
            all_grad[1] += 1
            all_grad[0] += named == grad
        adj_nograd[0] += sum(present('adj_' + n, bidents) for n in floats - grad)
        adj_nograd[1] += len(floats - grad)
        missing += [(r.get('id', ''), k, n, missing_cause(src, k, n)) for n in sorted(grad - named)]
        adj_locals = {i for i in bidents if i.startswith('adj_')} - {'adj_' + mangle(p) for p in params}
        adj_any[1] += 1
        adj_any[0] += bool(adj_locals)
        st = python_tokens(src, k)
        if st:
            ratios.append(len(CPP_TOKEN.findall(bwd)) / st)
            ratios_comments.append(len(CPP_TOKEN.findall(bwd_code)) / st)
        bwd_lines.append(bwd_code.count('\n'))

    def pct(a):
        return '%.1f%% (%d/%d)' % (100.0 * a[0] / a[1], a[0], a[1]) if a[1] else 'n/a'

    print('records: %d (%s)' % (used, 'emitted now by ' + args.reemit if args.reemit else 'stored emission'))
    print('live local names in forward C++:    ' + pct(names['cpp_forward']))
    print('live local names in forward CUDA C: ' + pct(names['cuda_forward']))
    print('float locals with adj_<name> in backward C++: ' + pct(adj_float))
    print('backwards with adj_ for every float local:    ' + pct(all_float))
    print('backwards with adj_ locals:                   ' + pct(adj_any))
    print('float locals with a gradient path (value from a float array read, flowing into a float '
          'array write):')
    print('  with adj_<name> in backward C++:            ' + pct(adj_grad))
    print('  backwards with adj_ for every one:           ' + pct(all_grad))
    print('float locals without a gradient path, with adj_<name> anyway: ' + pct(adj_nograd))
    causes = {}
    for m in missing:
        causes[m[3]] = causes.get(m[3], 0) + 1
    print('gradient-path float locals without adj_<name>, by likely cause: ' +
          (', '.join('%s %d' % c for c in sorted(causes.items(), key=lambda c: -c[1])) or 'none'))
    if args.list:
        with open(args.list, 'w') as f:
            for m in missing:
                f.write('%s %s %s: %s\n' % m)
    if ratios:
        print('backward C++ tokens per source token: median %.2f, mean %.2f, max %.1f '
              '(with comments: median %.2f)' % (statistics.median(ratios), statistics.mean(ratios),
                                                 max(ratios), statistics.median(ratios_comments)))
        print('backward C++ lines: median %d, max %d' % (statistics.median(bwd_lines), max(bwd_lines)))


if __name__ == '__main__':
    sys.exit(main())
