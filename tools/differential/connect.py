"""Connections of the generator: each edge places a new child body consistently with a joint,
constraint or connector to its parent (see topology.py for the Model bookkeeping)."""
import math

import numpy as np

from . import geometry as G
from .topology import RIGID3, ref

# edge -> (parent kinds, child kinds); 'any3' = ground/point3/rigid3
EDGES = {
    'spring': ('any', 'any'),
    'cartesian': ('any', 'any'),
    'rbsd': ('rigid', 'rigid'),
    'spherical': ('any3', 'any3'),
    'revolute': ('rigid3', 'rigid3'),
    'prismatic': ('rigid3', 'rigid3'),
    'generic': ('rigid3', 'rigid3'),
    'distance': ('any', 'any'),
    'coordinate': ('ground', 'any'),
    'coordvec': ('point3', 'point3'),
    'revolute2d': ('any2', 'any2'),
    'prismatic2d': ('rigid2', 'rigid2'),
    'disc': ('ground', 'rigid3'),
}


def parent_ok(edge, parent):
    allowed = EDGES[edge][0]
    k = parent.kind
    return (allowed == 'any' or k == 'ground' or
            (allowed == 'any3' and k in ('point3', 'rigid3')) or
            (allowed == 'any2' and k in ('point2', 'rigid2')) or
            (allowed == 'rigid' and k in ('rigid3', 'rigid2')) or
            (allowed == 'rigid3' and k == 'rigid3') or (allowed == 'rigid2' and k == 'rigid2') or
            (allowed == 'point3' and k == 'point3'))


def child_kinds(edge, planar):
    allowed = EDGES[edge][1]
    kinds3, kinds2 = ['point3'] + list(RIGID3), ['point2', 'rigid2']
    return {'any': kinds2 if planar else kinds3 + kinds2, 'any3': kinds3, 'rigid3': list(RIGID3),
            'any2': kinds2, 'rigid2': ['rigid2'], 'rigid': (['rigid2'] if planar else list(RIGID3)),
            'point3': ['point3']}[allowed]


def frequency_stiffness(rng, mass, static=False):
    """Stiffness giving an eigenfrequency of 2..20 rad/s (5..20 for static models)."""
    w = rng.uniform(5. if static else 2., 20.)
    return mass * w * w


def damping_of(rng, k, mass):
    return 2. * rng.uniform(0., 0.1) * math.sqrt(k * mass) if rng.random() < 0.7 else 0.


def attach_point(model, parent, planar):
    rng = model.rng
    if parent.kind in ('point3', 'point2'):
        return parent.p.copy()
    if parent.kind == 'ground':
        P = rng.uniform(-1., 1., size=3)
    else:
        local = G.random_unit(rng) * rng.uniform(0.2, 0.6)
        if parent.planar:
            local[2] = 0.
        P = parent.p + parent.A @ local
    if planar:
        P[2] = 0.
    return P


def _planar_unit(rng):
    a = rng.uniform(-math.pi, math.pi)
    return np.array([math.cos(a), math.sin(a), 0.])


def place_child(model, kind, P1, moving, vAtP1=None, wFree=(), wBase=None):
    """New child body whose body point at P1 moves with vAtP1 (random if None)."""
    rng = model.rng
    child = model.new_body(kind, np.zeros(3))
    b = np.zeros(3)
    if child.kind in ('rigid3', 'rigid2'):
        b = G.random_unit(rng) * rng.uniform(0.1, 0.5)
        if child.planar:
            b[2] = 0.
    child.p = P1 - child.A @ b
    if moving:
        if vAtP1 is None:
            vAtP1 = rng.normal(size=3) * 0.5
            wBase = rng.normal(size=3)
        w = np.zeros(3) if wBase is None else np.array(wBase, dtype=float)
        for axis in wFree:
            w = w + rng.normal() * np.asarray(axis)
        if child.planar:
            vAtP1 = np.array([vAtP1[0], vAtP1[1], 0.])
            w = np.array([0., 0., w[2]])
        if child.kind in ('point3', 'point2'):
            w = np.zeros(3)
        child.w = w
        child.v = vAtP1 - np.cross(w, P1 - child.p)
    return model.add_body(child)


def connect(model, parent, kind, edge, moving, static):
    """Add a child body of ``kind`` attached to ``parent`` by ``edge``; return the child."""
    planar = kind in ('point2', 'rigid2')
    P = attach_point(model, parent, planar)
    child = EDGE_FUNCTIONS[edge](model, parent, kind, P, moving, static)
    if static and not (edge == 'rbsd' or (edge == 'cartesian' and child.kind in ('point3', 'point2'))):
        support(model, child)
    return child


def _spring_like(model, parent, kind, P, moving, static, make):
    rng = model.rng
    d = G.random_unit(rng) * rng.uniform(0.3, 1.0)
    P1 = P + d
    if kind in ('point2', 'rigid2'):
        P1[2] = 0.
    child = place_child(model, kind, P1, moving)
    make(model, parent, child, P, P1, static)
    return child


def add_spring(model, b0, b1, P0, P1, static=False):
    rng = model.rng
    m0 = model.position_marker(b0, P0)
    m1 = model.position_marker(b1, P1)
    mass = b1.mass if b1.mass else b0.mass
    k = frequency_stiffness(rng, mass, static)
    L = float(np.linalg.norm(P1 - P0)) * (1. if static else rng.uniform(0.8, 1.2))
    args = dict(markerNumbers=[ref(m0), ref(m1)], stiffness=k, damping=damping_of(rng, k, mass),
                referenceLength=L)
    if rng.random() < 0.2 and not static:
        args['force'] = rng.uniform(-2., 2.)
    o = model.add('object', 'SpringDamper', **args)
    model.connectors.append(o)
    return o


def add_cartesian(model, b0, b1, P0, P1, static=False):
    rng = model.rng
    m0 = model.position_marker(b0, P0)
    m1 = model.position_marker(b1, P1)
    mass = b1.mass if b1.mass else b0.mass
    k = [frequency_stiffness(rng, mass, static) for _ in range(3)]
    if static:
        offset = P1 - P0
    else:
        offset = (P1 - P0) * rng.uniform(0.8, 1.2) if rng.random() < 0.7 else np.zeros(3)
    o = model.add('object', 'CartesianSpringDamper', markerNumbers=[ref(m0), ref(m1)], stiffness=k,
                  damping=[damping_of(rng, ki, mass) for ki in k], offset=offset)
    model.connectors.append(o)
    return o


def spd_stiffness(rng, body, static=False):
    """Symmetric positive definite 6x6 stiffness (translation, rotation) scaled to the body."""
    m = body.mass
    kt = frequency_stiffness(rng, m, static)
    kr = frequency_stiffness(rng, 0.05 * m, static)
    K = np.diag([kt, kt, kt, kr, kr, kr]) * rng.uniform(0.5, 1.5, size=6)
    if rng.random() < 0.5:
        B = rng.normal(size=(6, 6)) * 0.1
        K = K + np.sqrt(np.outer(np.diag(K), np.diag(K))) * (B + B.T) * 0.5
        K = 0.5 * (K + K.T)
        lmin = np.linalg.eigvalsh(K).min()
        if lmin < 0.1 * min(kt, kr):
            K = K + (0.1 * min(kt, kr) - lmin) * np.eye(6)
    return K


def add_rbsd(model, b0, b1, P0, P1, static=False):
    rng = model.rng
    m0, M0 = model.rigid_marker(b0, P0)
    m1, M1 = model.rigid_marker(b1, P1)
    J = G.rz(rng.uniform(-3, 3)) if (b0.planar or b1.planar) else G.random_rotation(rng)
    K = spd_stiffness(rng, b1 if b1.mass else b0, static)
    args = dict(markerNumbers=[ref(m0), ref(m1)], stiffness=K,
                damping=K * rng.uniform(0., 0.02) if rng.random() < 0.7 else np.zeros((6, 6)),
                rotationMarker0=M0.T @ J, rotationMarker1=M1.T @ J)
    if static:
        args['offset'] = np.concatenate([J.T @ (np.asarray(P1) - P0), np.zeros(3)])
    elif rng.random() < 0.3:
        args['offset'] = rng.uniform(-0.05, 0.05, size=6)
    o = model.add('object', 'RigidBodySpringDamper', **args)
    model.connectors.append(o)
    return o


def edge_spring(model, parent, kind, P, moving, static):
    return _spring_like(model, parent, kind, P, moving, static, add_spring)


def edge_cartesian(model, parent, kind, P, moving, static):
    return _spring_like(model, parent, kind, P, moving, static, add_cartesian)


def edge_rbsd(model, parent, kind, P, moving, static):
    rng = model.rng
    if rng.random() < 0.5:
        child = place_child(model, kind, P.copy(), moving)
        add_rbsd(model, parent, child, P, P.copy(), static)
        return child
    return _spring_like(model, parent, kind, P, moving, static, add_rbsd)


def support(model, child):
    """Spring from the ground holding every coordinate of child (static models)."""
    P1 = child.p + (child.A @ (G.random_unit(model.rng) * 0.2) if child.kind in ('rigid3', 'rigid2') else 0.)
    if child.planar:
        P1[2] = 0.
    if child.kind in ('rigid3', 'rigid2'):
        add_rbsd(model, model.ground, child, P1.copy(), P1, static=True)
    else:
        add_cartesian(model, model.ground, child, P1 + model.rng.uniform(-0.2, 0.2, size=3) * [1, 1, 0],
                      P1, static=True)


def _joint_child(model, parent, kind, P, P1, moving, tFree, rFree):
    """Child at P1 moving consistently: free translations tFree, free rotations rFree (global)."""
    rng = model.rng
    v = parent.velocity_at(P) + sum((rng.normal() * 0.5 * np.asarray(t) for t in tFree), np.zeros(3))
    return place_child(model, kind, P1, moving, vAtP1=v, wFree=rFree, wBase=parent.w)


def edge_spherical(model, parent, kind, P, moving, static):
    rng = model.rng
    axes = [1, 1, 1] if rng.random() < 0.6 else [int(rng.random() < 0.6) for _ in range(3)]
    if not any(axes):
        axes[int(rng.integers(3))] = 1
    tFree = [np.eye(3)[i] for i in range(3) if not axes[i]]
    P1 = P + sum((rng.uniform(-0.3, 0.3) * t for t in tFree), np.zeros(3))
    child = _joint_child(model, parent, kind, P, P1, moving, tFree, np.eye(3))
    m0 = model.position_marker(parent, P)
    m1 = model.position_marker(child, P1)
    o = model.add('object', 'SphericalJoint', markerNumbers=[ref(m0), ref(m1)], constrainedAxes=axes)
    model.constraints.append(o)
    return child


def _frame_joint(model, parent, kind, P, moving, static, flags, typ, extra=None):
    """Joint with frame J (global) and constrained axes ``flags`` (x, y, z, rx, ry, rz in J)."""
    rng = model.rng
    J = G.random_rotation(rng)
    tFree = [J[:, i] for i in range(3) if not flags[i]]
    rFree = [J[:, i] for i in range(3) if not flags[3 + i]]
    P1 = P + sum((rng.uniform(-0.3, 0.3) * t for t in tFree), np.zeros(3))
    child = _joint_child(model, parent, kind, P, P1, moving, tFree, rFree)
    m0, M0 = model.rigid_marker(parent, P)
    m1, M1 = model.rigid_marker(child, P1)
    args = dict(markerNumbers=[ref(m0), ref(m1)], rotationMarker0=M0.T @ J, rotationMarker1=M1.T @ J)
    args.update(extra or {})
    o = model.add('object', typ, **args)
    model.constraints.append(o)
    if typ == 'RevoluteJointZ' and rng.random() < (0.9 if static else 0.4):
        add_torsional(model, child, m0, m1, M0.T @ J, M1.T @ J, static)
    if typ == 'PrismaticJointX' and rng.random() < (0.9 if static else 0.4):
        add_linear(model, child, m0, m1, M0.T @ J[:, 0], float(J[:, 0] @ (P1 - P)), static)
    return child


def add_torsional(model, child, m0, m1, R0, R1, static=False):
    rng = model.rng
    k = frequency_stiffness(rng, 0.05 * child.mass)
    o = model.add('object', 'TorsionalSpringDamper', markerNumbers=[ref(m0), ref(m1)], stiffness=k,
                  damping=damping_of(rng, k, 0.05 * child.mass), rotationMarker0=R0, rotationMarker1=R1,
                  offset=0. if static else rng.uniform(-0.3, 0.3))
    model.connectors.append(o)


def add_linear(model, child, m0, m1, axis0, x, static=False):
    rng = model.rng
    k = frequency_stiffness(rng, child.mass)
    o = model.add('object', 'LinearSpringDamper', markerNumbers=[ref(m0), ref(m1)], stiffness=k,
                  damping=damping_of(rng, k, child.mass), axisMarker0=axis0,
                  offset=x + (0. if static else rng.uniform(-0.1, 0.1)))
    model.connectors.append(o)


def edge_revolute(model, parent, kind, P, moving, static):
    return _frame_joint(model, parent, kind, P, moving, static, [1, 1, 1, 1, 1, 0], 'RevoluteJointZ')


def edge_prismatic(model, parent, kind, P, moving, static):
    return _frame_joint(model, parent, kind, P, moving, static, [0, 1, 1, 1, 1, 1], 'PrismaticJointX')


def edge_generic(model, parent, kind, P, moving, static):
    rng = model.rng
    flags = [int(rng.random() < 0.7) for _ in range(6)]
    return _frame_joint(model, parent, kind, P, moving, static, flags, 'GenericJoint', {'constrainedAxes': flags})


def edge_distance(model, parent, kind, P, moving, static):
    rng = model.rng
    u = _planar_unit(rng) if kind in ('point2', 'rigid2') else G.random_unit(rng)
    P1 = P + u * rng.uniform(0.3, 1.0)
    if kind in ('point2', 'rigid2'):
        P1[2] = 0.
    d = P1 - P
    n = d / np.linalg.norm(d)
    tFree = [t - (t @ n) * n for t in np.eye(3)]
    child = _joint_child(model, parent, kind, P, P1, moving, tFree, np.eye(3))
    m0 = model.position_marker(parent, P)
    m1 = model.position_marker(child, P1)
    o = model.add('object', 'DistanceConstraint', markerNumbers=[ref(m0), ref(m1)],
                  distance=float(np.linalg.norm(d)))
    model.constraints.append(o)
    return child


def edge_coordinate(model, parent, kind, P, moving, static):
    """Child held by CoordinateConstraints of some translational coordinates to the ground."""
    rng = model.rng
    planar = kind in ('point2', 'rigid2')
    n = 2 if planar else 3
    fixed = [i for i in range(n) if rng.random() < 0.5] or [int(rng.integers(n))]
    if kind == 'rigid2' and rng.random() < 0.3:
        fixed.append(2)
    child = _spring_like(model, model.ground, kind, P, moving, static, lambda *a: None)
    for i in fixed:
        if moving and i < 3 and not (planar and i == 2):
            child.v[i] = 0.
        elif moving:
            child.w[2] = 0.
    _fix_velocities(model, child)
    for i in fixed:
        constrain_coordinate(model, child, i)
    return child


def _fix_velocities(model, body):
    """Rewrite the last node op's initialVelocities after a velocity change."""
    for op in reversed(model.ops):
        if op.get('id') == body.node:
            _, rot_t = (None, None) if body.kind != 'rigid3' else model._rotation_parameters(body)
            if body.kind in ('point3', 'point2'):
                vel = body.v[:3 if body.kind == 'point3' else 2]
            elif body.kind == 'rigid2':
                vel = [body.v[0], body.v[1], body.w[2]]
            else:
                vel = np.concatenate([body.v, rot_t])
            op['args']['initialVelocities'] = [float('%.15g' % x) for x in vel]
            return


def constrain_coordinate(model, body, i):
    """CoordinateConstraint of coordinate i of body's node to the ground; the node's initial
    coordinate i is moved into its reference coordinate (explicit solvers eliminate the
    coordinate to zero)."""
    rng = model.rng
    _zero_initial_coordinate(model, body, i)
    q = 0.
    factor = 1. if rng.random() < 0.6 else rng.uniform(0.5, 2.)
    mc = model.coordinate_marker(body, i)
    o = model.add('object', 'CoordinateConstraint', markerNumbers=[ref(model.ground_coordinate()), ref(mc)],
                  factor1=factor, offset=factor * q)
    model.constraints.append(o)
    return o


def _zero_initial_coordinate(model, body, i):
    for op in model.ops:
        if op.get('id') == body.node:
            a = op['args']
            a['referenceCoordinates'][i] = float('%.15g' % (a['referenceCoordinates'][i] + a['initialCoordinates'][i]))
            a['initialCoordinates'][i] = 0.
            return


def body_initial_coordinate(model, body, i):
    for op in model.ops:
        if op.get('id') == body.node:
            return op['args']['initialCoordinates'][i]
    raise KeyError(body.node)


def edge_coordvec(model, parent, kind, P, moving, static):
    """Point child on a CoordinateVectorConstraint (total coordinates) to a point parent or ground."""
    rng = model.rng
    rows = int(rng.integers(1, 3))
    child = _spring_like(model, parent, 'point3', P, moving, static, lambda *a: None)
    X1 = rng.normal(size=(rows, 3))
    Y1 = rng.normal(size=(rows, 3)) * 0.3 if rng.random() < 0.3 else np.zeros((0, 0))
    q1 = child.p
    J1 = X1 + (2. * Y1 * q1 if Y1.size else 0.)
    if parent.kind == 'ground':
        if model._groundCoordinates is None:
            n = model.add('node', 'NodePointGround', referenceCoordinates=[0., 0., 0.])
            model._groundCoordinates = model.add('marker', 'MarkerNodeCoordinates', nodeNumber=ref(n))
        m0, X0, c0, v0 = model._groundCoordinates, np.zeros((0, 0)), np.zeros(rows), np.zeros(rows)
    else:
        m0 = model.add('marker', 'MarkerNodeCoordinates', nodeNumber=ref(parent.node))
        X0 = rng.normal(size=(rows, 3))
        c0, v0 = X0 @ parent.p, X0 @ parent.v
    if moving:
        child.v = child.v - np.linalg.pinv(J1) @ (J1 @ child.v - v0)
        _fix_velocities(model, child)
    m1 = model.add('marker', 'MarkerNodeCoordinates', nodeNumber=ref(child.node))
    offset = X1 @ q1 + (Y1 @ (q1 * q1) if Y1.size else 0.) - c0
    args = dict(markerNumbers=[ref(m0), ref(m1)], scalingMarker0=X0, scalingMarker1=X1, offset=offset)
    if Y1.size:
        args['quadraticTermMarker1'] = Y1
    o = model.add('object', 'CoordinateVectorConstraint', **args)
    model.constraints.append(o)
    return child


def edge_revolute2d(model, parent, kind, P, moving, static):
    rng = model.rng
    child = _joint_child(model, parent, kind, P, P.copy(), moving, [], [np.array([0., 0., 1.])])
    m0 = model.position_marker(parent, P)
    m1 = model.position_marker(child, P)
    o = model.add('object', 'RevoluteJoint2D', markerNumbers=[ref(m0), ref(m1)])
    model.constraints.append(o)
    if parent.rigid and child.kind == 'rigid2' and rng.random() < (0.9 if static else 0.4):
        r0, M0 = model.rigid_marker(parent, P)
        r1, M1 = model.rigid_marker(child, P)
        J = G.rz(rng.uniform(-3., 3.))
        add_torsional(model, child, r0, r1, M0.T @ J, M1.T @ J, static)
    return child


def edge_prismatic2d(model, parent, kind, P, moving, static):
    rng = model.rng
    a = _planar_unit(rng)
    n = np.array([-a[1], a[0], 0.])
    P1 = P + rng.uniform(-0.3, 0.3) * a
    constrainRotation = bool(rng.random() < 0.7)
    child = _joint_child(model, parent, kind, P, P1, moving, [a],
                         [] if constrainRotation else [np.array([0., 0., 1.])])
    m0, M0 = model.rigid_marker(parent, P)
    m1, M1 = model.rigid_marker(child, P1)
    o = model.add('object', 'PrismaticJoint2D', markerNumbers=[ref(m0), ref(m1)], axisMarker0=M0.T @ a,
                  normalMarker1=M1.T @ n, constrainRotation=constrainRotation)
    model.constraints.append(o)
    if rng.random() < (0.9 if static else 0.4):
        add_linear(model, child, m0, m1, M0.T @ a, float(a @ (P1 - P)), static)
    return child


def edge_disc(model, parent, kind, P, moving, static):
    """Rigid body rolling without slip on the plane z = 0 (RollingDiscJoint, gravity -z)."""
    rng = model.rng
    r = rng.uniform(0.2, 0.5)
    psi, tilt = rng.uniform(-math.pi, math.pi), rng.uniform(-0.3, 0.3)
    w1 = np.array([math.cos(psi) * math.cos(tilt), math.sin(psi) * math.cos(tilt), math.sin(tilt)])
    axisLocal = G.random_unit(rng)
    A = G.orthonormal_from(w1, rng) @ G.orthonormal_from(axisLocal, rng).T
    ez = np.array([0., 0., 1.])
    w2 = np.cross(w1, ez)
    w2 /= np.linalg.norm(w2)
    w3 = np.cross(w1, w2)
    contact = np.array([P[0], P[1], 0.])
    center = contact - r * w3
    child = model.new_body(kind, np.zeros(3), A=A)
    b = G.random_unit(rng) * rng.uniform(0., 0.1)
    child.p = center - child.A @ b
    if moving:
        child.w = rng.uniform(-6., 6.) * w1 + rng.uniform(-1., 1.) * ez
        vc = -np.cross(child.w, r * w3)
        child.v = vc - np.cross(child.w, center - child.p)
    model.add_body(child)
    m0 = model.add('marker', 'MarkerBodyRigid', bodyNumber=ref(model.ground.obj), localPosition=[0., 0., 0.])
    m1 = model.add('marker', 'MarkerBodyRigid', bodyNumber=ref(child.obj), localPosition=child.A.T @ (center - child.p))
    axes = [1, 1, 1] if rng.random() < 0.8 else [0, 1, 1]
    o = model.add('object', 'RollingDiscJoint', markerNumbers=[ref(m0), ref(m1)], discRadius=r,
                  discAxis=child.A.T @ w1, planeNormal=ez, constrainedAxes=axes)
    model.constraints.append(o)
    model.disc = True
    return child


EDGE_FUNCTIONS = {
    'spring': edge_spring, 'cartesian': edge_cartesian, 'rbsd': edge_rbsd, 'spherical': edge_spherical,
    'revolute': edge_revolute, 'prismatic': edge_prismatic, 'generic': edge_generic,
    'distance': edge_distance, 'coordinate': edge_coordinate, 'coordvec': edge_coordvec,
    'revolute2d': edge_revolute2d, 'prismatic2d': edge_prismatic2d, 'disc': edge_disc,
}
