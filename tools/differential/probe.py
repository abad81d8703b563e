"""Measure which OutputVariableTypes Exudyn 1.13.6 returns for each item type of the generated
models (GetObjectOutput / GetNodeOutput / GetObjectOutputBody / GetMarkerOutput after a solve).

An output counts as supported for a type if it returned a value for every instance tried."""
import json

from .build import build, solve_model
from .generate import SUPPORTED_FILE, generate
from .runner import captured, modules, prepare

GETTERS = {
    'object': lambda mbs, i, ov: mbs.GetObjectOutput(i, ov),
    'node': lambda mbs, i, ov: mbs.GetNodeOutput(i, ov),
    'body': lambda mbs, i, ov: mbs.GetObjectOutputBody(i, ov, localPosition=[0., 0., 0.]),
    'marker': lambda mbs, i, ov: mbs.GetMarkerOutput(i, ov),
}
BODY_TYPES = ('MassPoint', 'MassPoint2D', 'ObjectRigidBody', 'ObjectRigidBody2D')


def _kind_of(kind, typ):
    if kind == 'object':
        if typ == 'ObjectGround':
            return None
        return 'body' if typ in BODY_TYPES else 'object'
    return kind if kind in ('node', 'marker') else None


def probe(seeds):
    """dict kind -> type -> sorted supported output names; also prints the table."""
    exu, U = modules('exudyn')
    names = [n for n in exu.OutputVariableType.__members__ if n != '_None']
    seen = {}
    for seed in seeds:
        spec = prepare(generate(seed))
        with captured():
            try:
                SC, mbs, reg = build(exu, U, spec)
                solve_model(exu, mbs, spec['solve'])
            except Exception:
                continue
            types = {op['id']: op['type'] for op in spec['ops'] if 'add' in op}
            for ident, (kind, index) in reg.index.items():
                k = _kind_of(kind, types[ident])
                if k is None:
                    continue
                ok = set()
                for name in names:
                    try:
                        GETTERS[k](mbs, index, getattr(exu.OutputVariableType, name))
                        ok.add(name)
                    except Exception:
                        pass
                key = (k, types[ident])
                seen[key] = ok if key not in seen else seen[key] & ok
    table = {}
    for (k, typ), ok in sorted(seen.items()):
        table.setdefault(k, {})[typ] = sorted(ok)
    return table


def main(n):
    table = probe(range(n))
    with open(SUPPORTED_FILE, 'w') as f:
        json.dump(table, f, indent=1, sort_keys=True)
        f.write('\n')
    for kind, types in table.items():
        for typ, ok in types.items():
            print('%-7s %-28s %s' % (kind, typ, ' '.join(ok)))
