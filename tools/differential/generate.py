"""generate(seed) -> spec: a random valid model as plain data (format: build.py).

Scenarios: 'dynamic' (implicit solvers, every item family, closed loops), 'explicit' (springs
and CoordinateConstraints to ground only, eliminated), 'static' (every body also held by a
spring from the ground, so that the static problem is regular).  Closed loops are built at
rest (all initial velocities zero), so that every constraint is consistent at position and
velocity level; trees move with velocities consistent with their joints.
"""
import json
import os

import numpy as np

from . import connect as C
from . import geometry as G
from .topology import Model, ref
from .extras import add_decoy, add_loads, add_sensors, delete_decoys

IMPLICIT = ('GA', 'GA', 'Newmark', 'NewmarkIndex2', 'TrapezoidalIndex2')
EXPLICIT = ('ExplicitEuler', 'ExplicitMidpoint', 'RK33', 'RK44', 'RK67', 'ODE23', 'DOPRI5', 'VelocityVerlet')
EMBEDDED = ('ODE23', 'DOPRI5')
EDGES = {'dynamic': [e for e in C.EDGES],
         'static': [e for e in C.EDGES if e != 'disc'],
         'explicit': ['spring', 'cartesian', 'rbsd', 'coordinate']}
MAX_BODIES = 8


def _choose_edge(rng, scenario, dim, parent, model):
    """(edge, child kind) compatible with the parent and the model's dimension."""
    for _ in range(50):
        edge = str(rng.choice(EDGES[scenario]))
        if edge == 'disc' and (model.disc or dim != '3d'):
            continue
        if not C.parent_ok(edge, parent):
            continue
        kinds = C.child_kinds(edge, planar=(dim == '2d'))
        if dim == '3d':
            kinds = [k for k in kinds if k not in ('point2', 'rigid2')]
        elif dim == '2d':
            kinds = [k for k in kinds if k in ('point2', 'rigid2')]
        if edge == 'disc':
            kinds = ['EP', 'RotVecLG']
        if scenario == 'explicit':
            kinds = [k for k in kinds if k != 'EP']  # Exudyn: no algebraic node equations
        if scenario == 'static':
            kinds = [k for k in kinds if k != 'RotVecLG']  # Exudyn's static Newton: linear rate
        if kinds:
            return edge, str(rng.choice(kinds))
    return 'spring', ('point2' if dim == '2d' else 'point3')


def _tree(model, rng, scenario, dim, moving, decoys):
    nBodies = int(rng.integers(1, MAX_BODIES + 1))
    for _ in range(nBodies):
        bodies = model.bodies
        if not bodies or rng.random() < 0.25:
            parent = model.ground
        elif rng.random() < 0.5:
            parent = bodies[-1]
        else:
            parent = bodies[int(rng.integers(len(bodies)))]
        edge, kind = _choose_edge(rng, scenario, dim, parent, model)
        C.connect(model, parent, kind, edge, moving, scenario == 'static')
        if decoys is not None and rng.random() < 0.3:
            decoys.append(add_decoy(model))


def _random_point(model, body):
    rng = model.rng
    if body.kind in ('point3', 'point2'):
        return body.p.copy()
    local = G.random_unit(rng) * rng.uniform(0., 0.5)
    if body.planar:
        local[2] = 0.
    P = body.p + body.A @ local
    return P


def _extra_connectors(model, rng, static):
    """Springs between random pairs of bodies (or ground): they never change consistency."""
    for _ in range(int(rng.integers(0, 3))):
        before = len(model.connectors)
        b0, b1 = _pair(model, rng)
        if b1 is None:
            return
        P0, P1 = _random_point(model, b0), _random_point(model, b1)
        choice = rng.random()
        rigid = b0.rigid and b1.rigid and b1.kind != 'ground'
        if rigid and choice < 0.3:
            C.add_rbsd(model, b0, b1, P0, P1, static)
        elif choice < 0.5:
            _coordinate_spring(model, rng, b0, b1, static)
        elif choice < 0.75:
            C.add_cartesian(model, b0, b1, P0, P1, static)
        elif np.linalg.norm(P1 - P0) > 0.05:
            C.add_spring(model, b0, b1, P0, P1, static)
        model.extra += model.connectors[before:]


def _pair(model, rng):
    candidates = [model.ground] + model.bodies
    if len(candidates) < 2:
        return None, None
    i, j = sorted(rng.choice(len(candidates), size=2, replace=False))
    return candidates[i], candidates[j]


def _coordinate_spring(model, rng, b0, b1, static):
    n0 = 2 if b0.planar else 3
    n1 = 2 if b1.planar else 3
    i0, i1 = int(rng.integers(n0)), int(rng.integers(n1))
    m0 = model.ground_coordinate() if b0.kind == 'ground' else model.coordinate_marker(b0, i0)
    m1 = model.coordinate_marker(b1, i1)
    q0 = 0. if b0.kind == 'ground' else C.body_initial_coordinate(model, b0, i0)
    offset = C.body_initial_coordinate(model, b1, i1) - q0
    k = C.frequency_stiffness(rng, b1.mass)
    o = model.add('object', 'CoordinateSpringDamper', markerNumbers=[ref(m0), ref(m1)], stiffness=k,
                  damping=C.damping_of(rng, k, b1.mass),
                  offset=offset + (0. if static else rng.uniform(-0.1, 0.1)))
    model.connectors.append(o)


def _close_loops(model, rng):
    """1-2 constraints between bodies already connected (models at rest)."""
    for _ in range(int(rng.integers(1, 3))):
        b0, b1 = _pair(model, rng)
        if b1 is None:
            return
        P0 = _random_point(model, b0)
        planar = b0.planar or b1.planar
        if b1.kind in ('point3', 'point2'):
            P0 = b1.p.copy() if rng.random() < 0.5 else P0
        choice = rng.random()
        if b1.planar and (b0.planar or b0.kind == 'ground') and choice < 0.5:
            P = b1.p.copy() if b1.kind == 'point2' else _random_point(model, b1)
            m0, m1 = model.position_marker(b0, P), model.position_marker(b1, P)
            o = model.add('object', 'RevoluteJoint2D', markerNumbers=[ref(m0), ref(m1)])
        elif not planar and choice < 0.4:
            P = b1.p.copy() if b1.kind == 'point3' else _random_point(model, b1)
            m0, m1 = model.position_marker(b0, P), model.position_marker(b1, P)
            o = model.add('object', 'SphericalJoint', markerNumbers=[ref(m0), ref(m1)])
        else:
            P1 = _random_point(model, b1)
            if np.linalg.norm(P1 - P0) < 0.1:
                continue
            m0, m1 = model.position_marker(b0, P0), model.position_marker(b1, P1)
            o = model.add('object', 'DistanceConstraint', markerNumbers=[ref(m0), ref(m1)],
                          distance=float(np.linalg.norm(P1 - P0)))
        model.constraints.append(o)
        model.features.add('loop')


def _redundant(model, rng):
    """Duplicate one position-level constraint (intentional redundancy)."""
    candidates = [op for op in model.ops if op.get('id') in model.constraints
                  and op['type'] not in ('RollingDiscJoint',)]
    if not candidates:
        return False
    op = candidates[int(rng.integers(len(candidates)))]
    o = model.add('object', op['type'], **op['args'])
    model.constraints.append(o)
    model.features.add('redundant')
    return True


def _solve(rng, scenario, model):
    if scenario == 'static':
        return {'kind': 'static', 'nLoadSteps': int(rng.integers(1, 6)),
                'loadStepGeometric': bool(rng.random() < 0.2), 'sensorPeriod': 0.01}
    h = float(rng.choice([0.002, 0.005, 0.01]))
    if model.disc:
        h = float(rng.choice([0.001, 0.002]))
    nSteps = int(rng.integers(20, 201))
    if scenario == 'explicit':
        solver = str(rng.choice(EXPLICIT))
        solve = {'kind': 'explicit', 'solver': solver, 'h': h, 'nSteps': nSteps,
                 'automaticStepSize': bool(solver in EMBEDDED and rng.random() < 0.6),
                 'adaptiveStep': bool(solver in EMBEDDED and rng.random() < 0.8),
                 'tol': float(10. ** rng.uniform(-8, -4)), 'minimumStepSize': h * 1e-3,
                 'computeEndOfStepAccelerations': bool(rng.random() < 0.7),
                 'useLieGroupIntegration': bool(rng.random() < 0.7 or 'NodeRigidBodyRotVecLG' in model.features)}
    else:
        solve = {'kind': 'dynamic', 'solver': str(rng.choice(IMPLICIT)), 'h': h, 'nSteps': nSteps,
                 'rho': float(rng.uniform(0., 1.)),
                 'computeInitialAccelerations': bool(rng.random() < 0.85)}
        if solve['solver'] == 'Newmark' or (solve['solver'] == 'NewmarkIndex2' and rng.random() < 0.5):
            # numerical damping (gamma > 1/2): the undamped index-3 Newmark method is unstable
            gamma = 0.5 + float(rng.uniform(0.05, 0.3))
            solve.update(newmarkGamma=gamma, newmarkBeta=0.25 * (gamma + 0.5) ** 2)
    k = int(rng.choice([1, max(1, nSteps // 10), max(1, nSteps // 5), max(1, nSteps // 7)]))
    solve['sensorPeriod'] = float('%.15g' % (h * k))
    return solve


def _switches(model, rng, scenario, solve):
    """Times at half steps (half load steps) at which activeConnector changes."""
    if rng.random() > 0.3:
        return []
    if scenario == 'static':
        items, n, dt = list(model.extra), solve['nLoadSteps'], 1. / solve['nLoadSteps']
    else:
        items, n, dt = list(model.connectors), solve['nSteps'], solve['h']
        if scenario == 'dynamic':
            items += [c for c in model.constraints if model.types[c] != 'RollingDiscJoint']
    if not items or n < 2:
        return []
    switches = []
    for ident in rng.choice(items, size=min(len(items), int(rng.integers(1, 3))), replace=False):
        ident = str(ident)
        tOff = (int(rng.integers(1, n)) - 0.5) * dt
        switches.append([ident, float('%.15g' % tOff), False])
        if ident in model.connectors and rng.random() < 0.5 and tOff + dt < n * dt:
            tOn = (int(rng.integers(int(tOff / dt) + 1, n)) + 0.5) * dt
            switches.append([ident, float('%.15g' % tOn), True])
    model.features.add('switch')
    return switches


def generate(seed):
    """Random valid model (plain data) for ``seed``; see the module docstring."""
    rng = np.random.default_rng(seed)
    scenario = str(rng.choice(['dynamic', 'explicit', 'static'], p=[0.55, 0.25, 0.2]))
    dim = str(rng.choice(['3d', '2d', 'mixed'], p=[0.5, 0.3, 0.2]))
    model = Model(rng)
    model.extra = []
    loops = scenario != 'explicit' and rng.random() < 0.25
    decoys = [] if rng.random() < 0.35 else None
    _tree(model, rng, scenario, dim, not loops and scenario != 'static', decoys)
    _extra_connectors(model, rng, scenario == 'static')
    if loops:
        _close_loops(model, rng)
    redundant = scenario == 'dynamic' and rng.random() < 0.04 and _redundant(model, rng)
    add_loads(model, rng, dim, scenario)
    solve = _solve(rng, scenario, model)
    if redundant:
        solve['redundant'] = True
    add_sensors(model, rng)
    if decoys:
        delete_decoys(model, rng, decoys)
    switches = _switches(model, rng, scenario, solve)
    outputs = [[o, supported('object', model.types[o])]
               for o in model.constraints + model.connectors]
    features = sorted(model.features | {scenario, dim, solve.get('solver', 'static')})
    return {'seed': int(seed), 'scenario': scenario, 'ops': model.ops, 'switches': switches,
            'solve': solve, 'outputs': [o for o in outputs if o[1]], 'features': features}


_SUPPORTED = None
SUPPORTED_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'supported_outputs.json')


def supported(kind, typ):
    """OutputVariableType names Exudyn 1.13.6 returns for an item type (measured by `probe`)."""
    global _SUPPORTED
    if _SUPPORTED is None:
        _SUPPORTED = {}
        if os.path.exists(SUPPORTED_FILE):
            with open(SUPPORTED_FILE) as f:
                _SUPPORTED = json.load(f)
    table = _SUPPORTED.get(kind)
    if table is None:
        return []
    return list(table.get(typ, []))
