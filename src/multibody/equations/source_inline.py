"""Inlining of the generated fused module's functions into their callers, at the source level.

The functions of a fused module (fused, iterate, newton_loop, steps, ...) take every bound array
of the model as an argument, 60 to 200 of them. Numba passes an array as its whole descriptor
(data pointer, shape, strides, ...), so one call of such a function copies some 600 machine words,
and Numba does not inline these calls: on chain_spherical N=1 the calls newton_loop -> iterate ->
fused took as long as the kernels they call (perf: self time of the three callers 15 % of the run,
the fourteen kernels 13 %). ``inline_calls`` writes each call statement of a listed function as
that function's body instead: its parameters replaced by the arguments, its local names prefixed
so that they cannot meet the caller's, a final ``return x`` turned into an assignment to the
call's target. The functions stay defined (``run`` calls them for its single-call modes).

What it accepts is what the generator writes, and it checks that: a callee whose parameter is
assigned, or which returns anywhere but at its end, or a call statement it cannot read, raises
``ValueError`` rather than producing code that would compute something else.
"""
from __future__ import annotations

import ast
import re

_CALL = re.compile(r"^(?P<indent>\s*)(?:(?P<target>\w+)\s*=\s*)?(?P<name>\w+)\((?P<args>.*)\)\s*$")
_NAME = re.compile(r"(?<![\w.])([A-Za-z_]\w*)")


def _split_args(text):
    """Top-level comma-separated arguments of a call (no keywords in generated calls)."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
            if depth < 0:
                raise ValueError(f"unbalanced call arguments: {text!r}")
        elif ch == "," and depth == 0:
            out.append(text[start:i].strip())
            start = i + 1
    if depth != 0:
        raise ValueError(f"unbalanced call arguments: {text!r}")
    last = text[start:].strip()
    if last:
        out.append(last)
    if any("=" in a and not any(op in a for op in ("==", "<=", ">=", "!=")) for a in out):
        raise ValueError(f"keyword arguments are not inlined: {text!r}")
    return out


def _rename(line, mapping):
    code, hash_, comment = line.partition("#")
    code = _NAME.sub(lambda m: mapping.get(m.group(1), m.group(1)), code)
    return code + hash_ + comment


class _Function:
    def __init__(self, node, lines):
        self.name = node.name
        self.params = [a.arg for a in node.args.args]
        if node.args.vararg or node.args.kwarg or node.args.kwonlyargs or node.args.defaults:
            raise ValueError(f"{self.name}: only plain positional parameters are inlined")
        self.body_start = node.body[0].lineno - 1
        # a docstring-free body starts at its first statement; comments just above it belong to it
        while self.body_start > node.lineno and lines[self.body_start - 1].strip().startswith("#"):
            self.body_start -= 1
        self.end = node.end_lineno
        self.body = lines[self.body_start:self.end]


def _names(fn, body):
    """(tree, source, names ``body`` assigns, names it reads that are neither those nor parameters)
    of fn's body (possibly already expanded)."""
    src = f"def {fn.name}({', '.join(fn.params)}):\n" + "\n".join(body) + "\n"
    tree = ast.parse(src).body[0]
    names = [n for n in ast.walk(tree) if isinstance(n, ast.Name)]
    stored = {n.id for n in names if isinstance(n.ctx, (ast.Store, ast.Del))}
    free = {n.id for n in names if isinstance(n.ctx, ast.Load)} - stored - set(fn.params)
    return tree, src, stored, free


def _callee(fn, body):
    """The names ``body`` assigns, those it reads from the module, and the expression of its final
    ``return`` (None if it has none); raises ValueError for what cannot be inlined (a renamed
    line is rewritten token by token, so string literals, which could hold names or '#', and
    returns other than a one-line last statement are refused)."""
    tree, src, stored, free = _names(fn, body)
    bad = stored & set(fn.params)
    if bad:
        raise ValueError(f"{fn.name}: parameter(s) {sorted(bad)} assigned, not inlined")
    if any(isinstance(n, ast.Constant) and isinstance(n.value, (str, bytes)) for n in ast.walk(tree)):
        raise ValueError(f"{fn.name}: string literals are not inlined")
    returns = [n for n in ast.walk(tree) if isinstance(n, ast.Return)]
    ret = None
    if returns:
        last = tree.body[-1]
        if len(returns) > 1 or returns[0] is not last or last.lineno != last.end_lineno \
                or last.end_lineno != len(src.splitlines()):
            raise ValueError(f"{fn.name}: a return before its end or over several lines, not inlined")
        ret = ast.get_source_segment(src, last.value) if last.value is not None else "None"
    return stored, free, ret


def inline_calls(source, callees, callers):
    """``source`` with every call statement of a function named in ``callees`` replaced by its body,
    in the functions named in ``callers``. Functions are expanded in the order they are defined, so
    a callee that is also a caller carries the callees defined before it inlined (a return value
    not assigned by the call statement is dropped with its expression)."""
    lines = source.split("\n")
    tree = ast.parse(source)
    funcs = [_Function(n, lines) for n in tree.body if isinstance(n, ast.FunctionDef)]
    expanded = {}           # callee name -> (function, expanded body, its locals, its return)
    new_bodies = {}
    counter = [0]

    def expand(fn):
        out = []
        caller_names = None
        for line in fn.body:
            m = _CALL.match(line.partition("#")[0].rstrip())
            if not m or m.group("name") not in expanded:
                out.append(line)
                continue
            callee, cbody, stored, free, ret = expanded[m.group("name")]
            if caller_names is None:
                _, _, caller_stored, _ = _names(fn, fn.body)
                caller_names = caller_stored | set(fn.params)
            shadowed = free & caller_names
            if shadowed:
                # the body would read the caller's variable instead of the module's name
                raise ValueError(f"{fn.name}: its names {sorted(shadowed)} shadow what {callee.name} reads")
            args = _split_args(m.group("args"))
            if len(args) != len(callee.params):
                raise ValueError(f"{fn.name}: call of {callee.name} with {len(args)} arguments, "
                                 f"expected {len(callee.params)}")
            counter[0] += 1
            prefix = f"_i{counter[0]}_"
            indent = m.group("indent")
            mapping = {name: prefix + name for name in stored}
            for p, a in zip(callee.params, args):
                if a.isidentifier():
                    mapping[p] = a
                else:
                    mapping[p] = prefix + p
                    out.append(f"{indent}{prefix}{p} = {a}")
            base = None
            body = list(cbody)
            if ret is not None:
                body = body[:-1]
                while body and not body[-1].strip():
                    body.pop()
            for l in body:
                if not l.strip():
                    continue
                if base is None:
                    base = len(l) - len(l.lstrip())
                if len(l) - len(l.lstrip()) < base and not l.strip().startswith("#"):
                    raise ValueError(f"{callee.name}: body indentation not uniform")
                out.append(indent + _rename(l[base:] if l[:base].strip() == "" else l.lstrip(), mapping))
            if ret is not None and m.group("target") is not None:
                out.append(f"{indent}{m.group('target')} = {_rename(ret, mapping)}")
        return out

    for fn in funcs:
        body = fn.body
        if fn.name in callers:
            body = new_bodies[fn.name] = expand(fn)
        if fn.name in callees:
            expanded[fn.name] = (fn, body) + _callee(fn, body)
    for fn in sorted((f for f in funcs if f.name in new_bodies), key=lambda f: -f.body_start):
        lines[fn.body_start:fn.end] = new_bodies[fn.name]
    return "\n".join(lines)
