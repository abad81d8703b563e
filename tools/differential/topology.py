"""Bodies, markers and the connections between them, emitted as spec operations.

A ``Model`` collects the spec's ``ops`` while it tracks, for every body, its actual initial
configuration (node position p, rotation A, velocity v, angular velocity w, all global), so
that every joint is created consistent with it: the markers of a joint meet at one global
point and the joint frames are given by rotationMarker0/1 (or by the markers' localHT).
"""
import math

import numpy as np

from . import geometry as G

PREFIX = {'node': 'n', 'object': 'o', 'marker': 'm', 'load': 'l', 'sensor': 's'}
RIGID3 = ('EP', 'Rxyz', 'RotVecLG')


def _data(x):
    """numpy -> plain data (rounded to 15 significant digits for compact JSON)."""
    if isinstance(x, np.ndarray):
        return _data(x.tolist())
    if isinstance(x, (list, tuple)):
        return [_data(v) for v in x]
    if isinstance(x, (float, np.floating)):
        return float('%.15g' % x)
    if isinstance(x, (np.integer,)):
        return int(x)
    if isinstance(x, np.bool_):
        return bool(x)
    return x


def ref(ident):
    return '@' + ident


class Body:
    """One body of the model: kind in ground/point3/point2/rigid3/rigid2."""

    def __init__(self, kind, param=None, p=None, A=None, v=None, w=None):
        self.kind, self.param = kind, param
        self.p = np.zeros(3) if p is None else np.asarray(p, dtype=float)
        self.A = np.eye(3) if A is None else np.asarray(A, dtype=float)
        self.v = np.zeros(3) if v is None else np.asarray(v, dtype=float)
        self.w = np.zeros(3) if w is None else np.asarray(w, dtype=float)
        self.obj = self.node = None
        self.mass = 0.
        self.planar = kind in ('point2', 'rigid2')

    @property
    def rigid(self):
        return self.kind in ('rigid3', 'rigid2', 'ground')

    def velocity_at(self, P):
        return self.v + np.cross(self.w, np.asarray(P) - self.p)


class Model:
    """Spec operations under construction plus the bookkeeping the generator needs."""

    def __init__(self, rng):
        self.rng = rng
        self.ops = []
        self.counter = {k: 0 for k in PREFIX}
        self.types = {}
        self.bodies = []
        self.constraints, self.connectors, self.loads = [], [], []
        self.coordinateMarkers = []  # (marker id, node id) of translational coordinates
        self.features = set()
        self.ground = Body('ground')
        self.ground.obj = self.add('object', 'ObjectGround', referencePosition=[0., 0., 0.])
        self._groundCoordinate = None
        self._groundCoordinates = None
        self.disc = False
        self.decoyIds = set()

    def add(self, kind, typ, **args):
        ident = PREFIX[kind] + str(self.counter[kind])
        self.counter[kind] += 1
        self.ops.append({'add': kind, 'id': ident, 'type': typ,
                         'args': {k: _data(v) for k, v in args.items()}})
        self.types[ident] = typ
        self.features.add(typ)
        return ident

    # ----------------------------------------------------------------- ground coordinates
    def ground_coordinate(self):
        """MarkerNodeCoordinate of a NodePointGround (for CoordinateConstraints to ground)."""
        if self._groundCoordinate is None:
            n = self.add('node', 'NodePointGround', referenceCoordinates=[0., 0., 0.])
            self._groundCoordinate = self.add('marker', 'MarkerNodeCoordinate', nodeNumber=ref(n),
                                              coordinate=0)
        return self._groundCoordinate

    # ----------------------------------------------------------------- bodies
    def add_body(self, body):
        """Node and body object of ``body`` (configuration already set)."""
        rng = self.rng
        body.mass = m = float(rng.uniform(0.5, 3.))
        nodeArgs = self._node_coordinates(body)
        if body.kind == 'point3':
            body.node = self.add('node', 'NodePoint', **nodeArgs)
            body.obj = self.add('object', 'MassPoint', mass=m, nodeNumber=ref(body.node))
        elif body.kind == 'point2':
            body.node = self.add('node', 'NodePoint2D', **nodeArgs)
            body.obj = self.add('object', 'MassPoint2D', mass=m, nodeNumber=ref(body.node))
        elif body.kind == 'rigid2':
            body.node = self.add('node', 'NodeRigidBody2D', **nodeArgs)
            a, b = rng.uniform(0.2, 0.8, size=2)
            com = rng.uniform(-0.15, 0.15, size=2) if rng.random() < 0.5 else np.zeros(2)
            J = m * (a * a + b * b) / 12. + m * float(com @ com)
            body.obj = self.add('object', 'ObjectRigidBody2D', mass=m, inertia=J, centerOfMass=com,
                                nodeNumber=ref(body.node))
        else:
            nodeType = {'EP': 'NodeRigidBodyEP', 'Rxyz': 'NodeRigidBodyRxyz',
                        'RotVecLG': 'NodeRigidBodyRotVecLG'}[body.param]
            body.node = self.add('node', nodeType, **nodeArgs)
            J = G.principal_inertia(rng, m)
            Jc = np.diag(J)
            if rng.random() < 0.5:
                R = G.random_rotation(rng)
                Jc = R @ Jc @ R.T
            com = rng.uniform(-0.15, 0.15, size=3) if rng.random() < 0.5 else np.zeros(3)
            body.obj = self.add('object', 'ObjectRigidBody', mass=m,
                                inertia=G.inertia6(G.inertia_at_reference(Jc, m, com)),
                                centerOfMass=com, nodeNumber=ref(body.node))
        self.bodies.append(body)
        return body

    def _node_coordinates(self, body):
        """reference/initial coordinates and initial velocities; the reference configuration
        differs from the initial one for about half of the nodes."""
        rng = self.rng
        shift = rng.random() < 0.5
        if body.kind in ('point3', 'point2'):
            n = 3 if body.kind == 'point3' else 2
            q = body.p[:n]
            qRef = q + (rng.uniform(-0.3, 0.3, size=n) if shift else 0.)
            return dict(referenceCoordinates=qRef, initialCoordinates=q - qRef,
                        initialVelocities=body.v[:n])
        if body.kind == 'rigid2':
            theta = math.atan2(body.A[1, 0], body.A[0, 0])
            q = np.array([body.p[0], body.p[1], theta])
            qRef = q + (rng.uniform(-0.3, 0.3, size=3) if shift else 0.)
            return dict(referenceCoordinates=qRef, initialCoordinates=q - qRef,
                        initialVelocities=[body.v[0], body.v[1], body.w[2]])
        rot, rot_t = self._rotation_parameters(body)
        q = np.concatenate([body.p, rot])
        qRef = q + (rng.uniform(-0.2, 0.2, size=len(q)) if shift else 0.)
        if shift and body.param == 'EP':
            qRef[3:] /= np.linalg.norm(qRef[3:])
        return dict(referenceCoordinates=qRef, initialCoordinates=q - qRef,
                    initialVelocities=np.concatenate([body.v, rot_t]))

    def _rotation_parameters(self, body):
        if body.param == 'EP':
            e = G.matrix_to_ep(body.A)
            return e, G.ep_t_from_omega(e, body.w)
        if body.param == 'Rxyz':
            t = body.rxyz
            return t, np.linalg.solve(G.rxyz_g(t), body.w)
        return body.rotvec, body.A.T @ body.w

    def new_body(self, kind, p, A=None, v=None, w=None):
        """Body of kind 'point3', 'point2', 'rigid2' or one of RIGID3 with a random orientation
        (if A is None) at node position p; returns the Body (not yet added)."""
        rng = self.rng
        if kind in RIGID3:
            body = Body('rigid3', kind, p, v=v, w=w)
            if A is not None:
                body.A = A
            if kind == 'Rxyz':
                body.rxyz = (G.rxyz_from_matrix(body.A) if A is not None
                             else rng.uniform(-1.2, 1.2, size=3))
                body.A = G.rxyz_to_matrix(body.rxyz)
            elif kind == 'RotVecLG':
                body.rotvec = (G.matrix_to_rotvec(body.A) if A is not None
                               else G.random_unit(rng) * rng.uniform(0., 2.5))
                body.A = G.rotvec_to_matrix(body.rotvec)
            elif A is None:
                body.A = G.random_rotation(rng)
            return body
        body = Body(kind, None, p, v=v, w=w)
        if kind == 'rigid2':
            body.A = G.rz(rng.uniform(-math.pi, math.pi)) if A is None else A
        if body.planar:
            body.p = np.array([body.p[0], body.p[1], 0.])
        return body

    # ----------------------------------------------------------------- markers
    def position_marker(self, body, P):
        """Position marker at the global point P (the node point for mass points)."""
        rng = self.rng
        if body.kind == 'ground':
            return self.add('marker', 'MarkerBodyPosition', bodyNumber=ref(body.obj), localPosition=P)
        local = body.A.T @ (np.asarray(P) - body.p)
        if body.kind in ('point3', 'point2') or np.linalg.norm(local) < 1e-12:
            if rng.random() < 0.5:
                return self.add('marker', 'MarkerNodePosition', nodeNumber=ref(body.node))
            return self.add('marker', 'MarkerBodyPosition', bodyNumber=ref(body.obj),
                            localPosition=[0., 0., 0.])
        if rng.random() < 0.25:
            return self.add('marker', 'MarkerBodyRigid', bodyNumber=ref(body.obj), localPosition=local)
        return self.add('marker', 'MarkerBodyPosition', bodyNumber=ref(body.obj), localPosition=local)

    def rigid_marker(self, body, P, allowRotation=True):
        """Rigid marker at the global point P; returns (marker id, global marker rotation)."""
        rng = self.rng
        local = body.A.T @ (np.asarray(P) - body.p)
        R = np.eye(3)
        if allowRotation and rng.random() < 0.4:
            R = G.rz(rng.uniform(-3., 3.)) if body.planar else G.random_rotation(rng)
        if body.kind != 'ground' and np.linalg.norm(local) < 1e-12 and rng.random() < 0.5:
            args = {}
            if not np.allclose(R, np.eye(3)):
                args['localHT'] = _ht(R, np.zeros(3))
            return self.add('marker', 'MarkerNodeRigid', nodeNumber=ref(body.node), **args), body.A @ R
        if np.allclose(R, np.eye(3)):
            return self.add('marker', 'MarkerBodyRigid', bodyNumber=ref(body.obj), localPosition=local), body.A
        return self.add('marker', 'MarkerBodyRigid', bodyNumber=ref(body.obj), localHT=_ht(R, local)), body.A @ R

    def coordinate_marker(self, body, coordinate):
        marker = self.add('marker', 'MarkerNodeCoordinate', nodeNumber=ref(body.node), coordinate=coordinate)
        return marker

    def mass_marker(self, body):
        return self.add('marker', 'MarkerBodyMass', bodyNumber=ref(body.obj))


def _ht(R, t):
    H = np.eye(4)
    H[:3, :3] = R
    H[:3, 3] = t
    return H
