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
    if ratios:
        print('backward C++ tokens per source token: median %.2f, mean %.2f, max %.1f '
              '(with comments: median %.2f)' % (statistics.median(ratios), statistics.mean(ratios),
                                                 max(ratios), statistics.median(ratios_comments)))
        print('backward C++ lines: median %d, max %d' % (statistics.median(bwd_lines), max(bwd_lines)))


if __name__ == '__main__':
    sys.exit(main())
