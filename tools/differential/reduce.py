"""Reduce a disagreeing model: remove items (connectors, constraints, loads, sensors, deletions,
switches) one at a time, with every op that refers to them, as long as the disagreement of the
same kind stays; prints the smallest spec found."""
import copy

from .compare import compare, tolerances
from .runner import run

_REMOVABLE = ('object', 'load', 'sensor')


def _refs(x):
    if isinstance(x, str):
        return {x[1:]} if x.startswith('@') else set()
    if isinstance(x, dict):
        return set().union(*(_refs(v) for v in x.values())) if x else set()
    if isinstance(x, (list, tuple)):
        return set().union(*(_refs(v) for v in x)) if x else set()
    return set()


def without(spec, ident):
    """The spec without the op of ``ident`` and everything that refers to it (transitively)."""
    gone = {ident}
    ops = []
    for op in spec['ops']:
        if op.get('id') in gone and 'add' in op:
            continue
        if _refs(op.get('args', {})) & gone or (('delete' in op) and op.get('id') in gone):
            if 'id' in op and 'add' in op:
                gone.add(op['id'])
            continue
        ops.append(op)
    out = dict(spec, ops=ops)
    out['switches'] = [s for s in spec.get('switches', []) if s[0] not in gone]
    out['outputs'] = [o for o in spec.get('outputs', []) if o[0] not in gone]
    return out


def disagreement(spec):
    """The set of mismatching quantity classes of the state kind ('q', 'q_t', 'lambda'), or None
    where a run fails."""
    stE, ex = run('exudyn', spec)
    stM, mb = run('multibody', spec)
    if stE != 'ok' or stM != 'ok':
        return None
    bad = compare(spec, ex, mb, tolerances(spec, ex))
    return {b[1] for b in bad}


def reduce(spec, keep):
    """Greedy removal while ``keep(classes)`` holds."""
    spec = copy.deepcopy(spec)
    changed = True
    while changed:
        changed = False
        for op in reversed(list(spec['ops'])):
            if op.get('add') not in _REMOVABLE and 'delete' not in op:
                continue
            if op.get('add') == 'object' and op['type'] in ('ObjectGround',):
                continue
            trial = without(spec, op['id']) if 'add' in op else dict(spec, ops=[o for o in spec['ops'] if o is not op])
            d = disagreement(trial)
            if d is not None and keep(d):
                spec, changed = trial, True
        for s in list(spec.get('switches', [])):
            trial = dict(spec, switches=[x for x in spec['switches'] if x is not s])
            d = disagreement(trial)
            if d is not None and keep(d):
                spec, changed = trial, True
    return spec
