"""Spring-dampers between rigid markers (equations/rigid_connectors.py): generalized forces
and their Jacobians vs finite differences, torque balance, activeConnector."""
import numpy as np
import pytest

import multibody as exu
from multibody.utilities import (HomogeneousTransformation, LinearSpringDamper, MarkerBodyRigid, NodeGenericData,
                                 NodeRigidBodyEP, NodeRigidBodyRotVecLG, NodeRigidBodyRxyz, ObjectGround,
                                 ObjectRigidBody, RigidBodySpringDamper, RotationMatrix2EulerParameters,
                                 RotationMatrixX, RotationMatrixY, RotationMatrixZ, RotXYZ2RotationMatrix,
                                 TorsionalSpringDamper)

# central differences of smooth functions with step 1e-6: truncation ~1e-12 x third derivatives,
# round-off ~1e-10 x |Q|; the marker-space Jacobians themselves are central differences with 1e-7
JAC_RTOL = 1e-6


def _model(intrinsic=False, user=False, node_types=("EP", "Rxyz")):
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    g = mbs.AddObject(ObjectGround())
    bodies = []
    for k, (nt, pos, rot) in enumerate(zip(node_types, ([0., -1., 0.], [0.6, -1.2, 0.1]),
                                           ([0.2, -0.1, 0.3], [-0.1, 0.2, 0.1]))):
        A = RotXYZ2RotationMatrix(rot)
        if nt == "EP":
            n = mbs.AddNode(NodeRigidBodyEP(referenceCoordinates=pos + list(RotationMatrix2EulerParameters(A))))
        elif nt == "Rxyz":
            n = mbs.AddNode(NodeRigidBodyRxyz(referenceCoordinates=pos + rot))
        else:
            n = mbs.AddNode(NodeRigidBodyRotVecLG(referenceCoordinates=pos + [0.1, 0.2, -0.3]))
        bodies.append(mbs.AddObject(ObjectRigidBody(nodeNumber=n, mass=1. + k, inertia=[1, 1, 1, 0, 0, 0])))
    mG = mbs.AddMarker(MarkerBodyRigid(bodyNumber=g, localPosition=None,
                                       localHT=HomogeneousTransformation(RotationMatrixX(0.3), [0.1, 0., 0.])))
    mA = mbs.AddMarker(MarkerBodyRigid(bodyNumber=bodies[0], localPosition=None,
                                       localHT=HomogeneousTransformation(RotationMatrixY(-0.2), [0., 0.2, 0.])))
    mB = mbs.AddMarker(MarkerBodyRigid(bodyNumber=bodies[1], localPosition=None,
                                       localHT=HomogeneousTransformation(RotationMatrixZ(0.4), [-0.2, 0., 0.1])))
    K = np.diag([400., 500., 600., 30., 40., 50.])
    K[0, 1] = K[1, 0] = 50.
    K[3, 5] = K[5, 3] = 5.
    D = 0.01 * K + 0.1 * np.ones((6, 6))

    def uf(mbs, t, i, d, r, v, w, Kk, Dd, R0, R1, off):
        u = np.array(list(d) + list(r)) - np.array(off)
        fm = np.array(Kk) @ u + np.array(Dd) @ np.array(list(v) + list(w))
        fm[1] += 10. * u[1] ** 3
        return list(fm)

    mbs.AddObject(RigidBodySpringDamper(markerNumbers=[mG, mA], stiffness=K, damping=D,
                                        offset=[0., -0.9, 0.02, 0.05, -0.03, 0.1],
                                        rotationMarker0=RotationMatrixZ(0.2), useIntrinsicFormulation=intrinsic,
                                        springForceTorqueUserFunction=uf if user else 0))
    mbs.AddObject(RigidBodySpringDamper(markerNumbers=[mA, mB], stiffness=0.5 * K, damping=D,
                                        useIntrinsicFormulation=intrinsic))
    mbs.AddObject(LinearSpringDamper(markerNumbers=[mA, mB], stiffness=200., damping=3., offset=0.2,
                                     axisMarker0=list(np.array([1., 0.2, 0.]) / np.sqrt(1.04)), force=5.))
    nd = mbs.AddNode(NodeGenericData(numberOfDataCoordinates=1, initialCoordinates=[0.]))
    mbs.AddObject(TorsionalSpringDamper(markerNumbers=[mA, mB], nodeNumber=nd, stiffness=3., damping=0.05,
                                        offset=0.1, torque=0.3, rotationMarker1=RotationMatrixY(0.05)))
    mbs.Assemble()
    return mbs


def _state(mbs, seed=1):
    c = mbs._compiled
    rng = np.random.default_rng(seed)
    q = 0.05 * rng.standard_normal(c.n_ode2)
    v = rng.standard_normal(c.n_ode2)
    return c, q, v


def _group_Q(c, q, v, t=0.3, frozen_B=None, frozen_vel=None):
    """Connector Q_LHS per group (list of (n, L)); frozen_B: (groups' B at the base point) -> B^T W
    with the marker velocities frozen_vel = (vel, omega) of the base point (K leaves out dJ/dq)."""
    eq = c.equations
    eq.update_kinematics(q, v, t)
    if frozen_vel is not None:
        eq.markers.vel[:] = frozen_vel[0]
        eq.markers.omega[:] = frozen_vel[1]
    out = []
    for k, g in enumerate(c.connector_groups):
        Q = np.zeros((g.n, g.L))
        if frozen_B is None:
            g.evaluate(eq.markers, t, Q)
        else:
            from multibody.equations.rigid_connectors import MarkerState
            W = g._W(MarkerState(eq.markers, g.m0, g.m1), t)
            Q = np.einsum("ndl,nd->nl", frozen_B[k], W)
        out.append(Q)
    return out


def _lie_rows(c):
    """Global indices (m, 3) of the rotation coordinates of NodeRigidBodyRotVecLG nodes."""
    from multibody.equations.rigid import NodeRigidBodyRotVecLGGroup
    rows = [g.ltg_nodes[:, 3:6] for g in c.node_groups if isinstance(g, NodeRigidBodyRotVecLGGroup)]
    return np.concatenate(rows) if rows else np.zeros((0, 3), dtype=int)


def _perturb(c, q, j, h, lie):
    """q with coordinate j changed by h; a RotVecLG rotation coordinate by composition
    nu <- log(exp(nu) exp(h e_k)) (its virtual rotation is local, as Jrot = A)."""
    from multibody.kernels import rotations as rk
    out = q.copy()
    hit = np.nonzero(lie == j)
    if not len(hit[0]):
        out[j] += h
        return out
    r, k = hit[0][0], hit[1][0]
    idx = lie[r]
    A, dA = np.empty((3, 3)), np.empty((3, 3))
    rk.rotvec_rotation_matrix(c.q_ref[idx] + q[idx], A)
    e = np.zeros(3)
    e[k] = h
    rk.rotvec_rotation_matrix(e, dA)
    nu = np.empty(3)
    rk.rotvec_from_rotation_matrix(A @ dA, nu)
    out[idx] = nu - c.q_ref[idx]
    return out


def _check_jacobians(mbs):
    c, q, v = _state(mbs)
    lie = _lie_rows(c)
    t = 0.3
    eq = c.equations
    eq.update_kinematics(q, v, t)
    Bs = [g.B(eq.markers) for g in c.connector_groups]
    vel0 = (eq.markers.vel.copy(), eq.markers.omega.copy())
    ltgs = [g.ltg(eq.markers) for g in c.connector_groups]
    KD = []
    for g in c.connector_groups:
        Q = np.zeros((g.n, g.L))
        Kc, Dc = np.zeros((g.n, g.L, g.L)), np.zeros((g.n, g.L, g.L))
        g.evaluate(eq.markers, t, Q, Kc, Dc)
        KD.append((Kc, Dc))
    h = 1e-6
    for which in ("q", "v"):
        for j in range(c.n_ode2):
            dq = np.zeros(c.n_ode2)
            dq[j] = h
            if which == "q":
                Qp = _group_Q(c, _perturb(c, q, j, h, lie), v, t, frozen_B=Bs, frozen_vel=vel0)
                Qm = _group_Q(c, _perturb(c, q, j, -h, lie), v, t, frozen_B=Bs, frozen_vel=vel0)
            else:
                Qp = _group_Q(c, q, v + dq, t)
                Qm = _group_Q(c, q, v - dq, t)
            for k, g in enumerate(c.connector_groups):
                fd = (Qp[k] - Qm[k]) / (2 * h)
                M = KD[k][0] if which == "q" else KD[k][1]
                # column of coordinate j in each item's local ordering
                col = np.zeros((g.n, g.L))
                for i in range(g.n):
                    for l in np.nonzero(ltgs[k][i] == j)[0]:
                        col[i] += M[i, :, l]
                scale = max(1.0, np.abs(M).max())
                np.testing.assert_allclose(col, fd, rtol=0, atol=JAC_RTOL * scale,
                                           err_msg=f"{type(g).__name__} d/d{which}[{j}]")


@pytest.mark.parametrize("intrinsic", [False, True])
def test_jacobians_vs_finite_differences(intrinsic):
    """K = B^T dW/dx B (marker Jacobians frozen) and D = dQ/dq_t (exact) vs central differences.

    Rxyz nodes: every coordinate change is a rotation (Euler parameters off the unit sphere are not,
    so EP bodies are checked through D only, in test_damping_jacobian_is_exact_system_level)."""
    _check_jacobians(_model(intrinsic=intrinsic, node_types=("Rxyz", "Rxyz")))


def test_jacobians_rotveclg_and_user_function():
    _check_jacobians(_model(user=True, node_types=("RotVecLG", "Rxyz")))


def test_damping_jacobian_is_exact_system_level():
    """Velocities enter only through v = J(q) q_t: D equals the finite difference of the whole Q,
    at unit Euler parameters (off unit length a marker's angular velocity is A G_loc q_t, Exudyn's
    body-frame form, and D keeps the Jacobian G: a Newton-matrix approximation of the drift's size)."""
    mbs = _model()
    c, q, v = _state(mbs, seed=3)
    for node in range(mbs.systemData.NumberOfNodes()):
        if mbs.GetNode(node)["nodeType"] == "RigidBodyEP":
            ep = slice(mbs.GetNodeODE2Index(node) + 3, mbs.GetNodeODE2Index(node) + 7)
            ref = np.asarray(mbs.GetNode(node)["referenceCoordinates"][3:])
            q[ep] = (ref + q[ep]) / np.linalg.norm(ref + q[ep]) - ref
    eq = c.equations
    eq.update_kinematics(q, v, 0.)
    eq.constraints(np.zeros(c.n_ae))
    J = eq.jacobian(0., 0., 1., 0., 0., 0., dense=True)[:c.n_ode2, :c.n_ode2]
    h = 1e-6
    fd = np.zeros_like(J)
    for j in range(c.n_ode2):
        dv = np.zeros(c.n_ode2)
        dv[j] = h
        eq.update_kinematics(q, v + dv, 0.)
        fp = eq.ode2_rhs()
        eq.update_kinematics(q, v - dv, 0.)
        fm = eq.ode2_rhs()
        fd[:, j] = -(fp - fm) / (2 * h)
    # the bodies' gyroscopic D is in J too; their own tests cover it; compare the total
    np.testing.assert_allclose(J, fd, rtol=0, atol=JAC_RTOL * max(1., np.abs(fd).max()))


def test_torque_balance_and_action_reaction():
    """Between two free bodies, the net generalized translational force is zero (action = reaction)."""
    mbs = _model(node_types=("Rxyz", "Rxyz"))
    c, q, v = _state(mbs, seed=5)
    eq = c.equations
    eq.update_kinematics(q, v, 0.)
    # connector group rows 1 (rbsd between the bodies), linear, torsional: translational forces cancel
    for g in c.connector_groups:
        Q = np.zeros((g.n, g.L))
        g.evaluate(eq.markers, 0., Q)
        ltg = g.ltg(eq.markers)
        for i in range(g.n):
            if (ltg[i] < 0).any() and g.m0[i] == 0:
                continue
            K = c.K
            if (ltg[i, :K] < 0).all():     # ground marker
                continue
            np.testing.assert_allclose(Q[i, :3] + Q[i, K:K + 3], 0., atol=1e-10)


def test_inactive_connector_gives_zero_force():
    mbs = _model()
    c, q, v = _state(mbs)
    eq = c.equations
    for o in range(mbs.systemData.NumberOfObjects()):
        if "SpringDamper" in mbs.GetObject(o)["objectType"]:
            mbs.SetObjectParameter(o, "activeConnector", False)
    eq.update_kinematics(q, v, 0.)
    for g in c.connector_groups:
        Q = np.zeros((g.n, g.L))
        g.evaluate(eq.markers, 0., Q)
        assert not Q.any()


def test_linear_spring_damper_axis_must_be_unit():
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    g = mbs.AddObject(ObjectGround())
    n = mbs.AddNode(NodeRigidBodyRxyz(referenceCoordinates=[1, 0, 0, 0, 0, 0]))
    b = mbs.AddObject(ObjectRigidBody(nodeNumber=n, mass=1, inertia=[1, 1, 1, 0, 0, 0]))
    m0 = mbs.AddMarker(MarkerBodyRigid(bodyNumber=g))
    m1 = mbs.AddMarker(MarkerBodyRigid(bodyNumber=b))
    mbs.AddObject(LinearSpringDamper(markerNumbers=[m0, m1], stiffness=1., axisMarker0=[2., 0., 0.]))
    with pytest.raises(exu.ModelError if hasattr(exu, "ModelError") else ValueError, match="normalized"):
        mbs.Assemble()


def _two_bodies():
    """A system with two rigid bodies (Euler parameters, Rxyz) and three rigid markers: mG on the
    ground, mA and mB on the bodies."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    g = mbs.AddObject(ObjectGround())
    bodies = []
    for k, (node, pos) in enumerate(((NodeRigidBodyEP, [0., -1., 0.] + list(RotationMatrix2EulerParameters(
            RotXYZ2RotationMatrix([0.2, -0.1, 0.3])))), (NodeRigidBodyRxyz, [0.6, -1.2, 0.1, -0.1, 0.2, 0.1]))):
        n = mbs.AddNode(node(referenceCoordinates=pos))
        bodies.append(mbs.AddObject(ObjectRigidBody(nodeNumber=n, mass=1. + k, inertia=[1, 1, 1, 0.1, 0, 0],
                                                    centerOfMass=[0.01, -0.02, 0.03])))
    mG = mbs.AddMarker(MarkerBodyRigid(bodyNumber=g, localPosition=[0.1, 0., 0.]))
    mA, mB = (mbs.AddMarker(MarkerBodyRigid(bodyNumber=b, localPosition=[0., 0.2, 0.])) for b in bodies)
    return mbs, mG, mA, mB


def _user_model():
    """The three spring-dampers with user functions, Euler-parameter and Rxyz bodies; a second
    RigidBodySpringDamper to the ground (both of its group on the ground: marker 0 not perturbed)."""
    mbs, mG, mA, mB = _two_bodies()
    calls = []

    def rbsd(mbs, t, i, d, r, v, w, K, D, R0, R1, off):
        calls.append(('rbsd', i))
        u = np.array(list(d) + list(r)) - np.array(off)
        fm = np.array(K) @ u + np.array(D) @ np.array(list(v) + list(w))
        fm[0] += 20. * u[0] ** 3
        return list(fm)

    def linear(mbs, t, i, d, v, k, c, off):
        calls.append(('linear', i))
        return k * (d - off) + c * v + 30. * d ** 3

    def torsional(mbs, t, i, phi, om, k, c, off):
        calls.append(('torsional', i))
        return k * (phi - off) + c * om + 0.1 * np.sin(phi)
    K = np.diag([400., 500., 600., 30., 40., 50.])
    K[0, 1] = K[1, 0] = 50.
    for m in (mA, mB):
        mbs.AddObject(RigidBodySpringDamper(markerNumbers=[mG, m], stiffness=K, damping=0.01 * K,
                                            offset=[0., -0.9, 0.02, 0.05, -0.03, 0.1],
                                            springForceTorqueUserFunction=rbsd))
    mbs.AddObject(LinearSpringDamper(markerNumbers=[mA, mB], stiffness=200., damping=3., offset=0.2,
                                     springForceUserFunction=linear))
    mbs.AddObject(TorsionalSpringDamper(markerNumbers=[mA, mB], stiffness=3., damping=0.05, offset=0.1,
                                        springTorqueUserFunction=torsional))
    mbs.Assemble()
    return mbs, calls


def test_batched_marker_jacobians_equal_perturbation_by_perturbation():
    """marker_jacobians evaluates all perturbed marker states in one pass of the force laws (their
    user functions called row by row): every perturbed row is the state ``perturbed`` gives, and
    dW/dx, dW/dw equal the forward differences of the group evaluated one perturbation at a time,
    bit for bit, except the columns of a marker that is on the ground for the whole group, which
    are not perturbed (zero). One user-function call per item and direction: 24 (12 with a
    marker on the ground), none at the unperturbed state when its W is given."""
    from multibody.equations.rigid_connectors import FD_STEP, MarkerState
    mbs, calls = _user_model()
    c, q, v = _state(mbs, seed=7)
    eq = c.equations
    eq.update_kinematics(q, v, 0.2)
    for g in c.connector_groups:
        s = MarkerState(eq.markers, g.m0, g.m1)
        batched = s.forward_differences(FD_STEP)
        for j in range(24):
            one = s.perturbed(j, FD_STEP)
            rows = slice(j * g.n, (j + 1) * g.n)
            for name in MarkerState.__slots__:
                np.testing.assert_array_equal(getattr(batched, name)[rows], getattr(one, name),
                                              err_msg=f"{type(g).__name__} {name} j={j}")
        B = g.B(eq.markers)
        W0 = g._W(s, 0.2)
        del calls[:]
        S, Dv = g.marker_jacobians(s, 0.2, B, W0)
        on_ground = not B[:, :6].any()
        assert len(calls) == g.n * (12 if on_ground else 24), type(g).__name__
        for j in range(24):
            dW = (g._W(s.perturbed(j, FD_STEP), 0.2) - W0) / FD_STEP
            got = S[:, :, j] if j < 12 else Dv[:, :, j - 12]
            if on_ground and j % 12 < 6:
                assert not got.any()
            else:
                np.testing.assert_array_equal(got, dW, err_msg=f"{type(g).__name__} j={j}")
        del calls[:]
        S1, Dv1 = g.marker_jacobians(s, 0.2, B)          # W0 evaluated there: one call more per item
        assert len(calls) == g.n * (13 if on_ground else 25), type(g).__name__
        np.testing.assert_array_equal(S1, S)
        np.testing.assert_array_equal(Dv1, Dv)


def test_user_function_calls_of_a_newton_matrix():
    """The Newton-matrix blocks of a group with user functions call each item's: a
    RigidBodySpringDamper once at the point and once per moving marker direction (12 with its
    other marker on the ground, as test_batched_...), the scalar laws (Linear-, Torsional-)
    four times (the point, the linearization's point and its two slopes)."""
    mbs, calls = _user_model()
    c, q, v = _state(mbs, seed=9)
    eq = c.equations
    eq.update_kinematics(q, v, 0.2)
    expected = {"RigidBodySpringDampers": 13, "LinearSpringDampers": 4, "TorsionalSpringDampers": 4}
    for g in c.connector_groups:
        L = g.L
        del calls[:]
        g.evaluate(eq.markers, 0.2, np.zeros((g.n, L)), np.zeros((g.n, L, L)), np.zeros((g.n, L, L)))
        assert len(calls) == g.n * expected[type(g).__name__], type(g).__name__
        assert sorted(calls) == sorted(calls[:g.n] * expected[type(g).__name__])


def test_marker_jacobians_follow_parameter_changes():
    """The tiled copy of a group (its items once per direction) is kept between Jacobians and made
    again when a parameter changes in place (SetObjectParameter: stiffness, activeConnector)."""
    from multibody.equations.rigid_connectors import MarkerState
    mbs, calls = _user_model()
    c, q, v = _state(mbs, seed=5)
    eq = c.equations
    eq.update_kinematics(q, v, 0.2)
    g = next(g for g in c.connector_groups if type(g).__name__ == "LinearSpringDampers")
    s = MarkerState(eq.markers, g.m0, g.m1)
    before = g.marker_jacobians(s, 0.2)
    assert g.marker_jacobians(s, 0.2)[0] is not before[0]
    for name, value in (("stiffness", 400.), ("activeConnector", False)):
        mbs.SetObjectParameter(int(g.items[0]), name, value)
        assert c.object_group.get(int(g.items[0]), (g,))[0] is g and mbs.systemIsConsistent
        got = g.marker_jacobians(s, 0.2)
        g.__dict__.pop("_tiled_kept")
        fresh = g.marker_jacobians(s, 0.2)
        for a, b, c0 in zip(got, fresh, before):
            np.testing.assert_array_equal(a, b, err_msg=name)
            assert (a != c0).any(), name
        before = got
    assert not before[0].any() and not before[1].any()          # inactive: W = 0


def _spring_dampers(user_functions):
    """Two bodies (Euler parameters, Rxyz), a RigidBodySpringDamper to the ground, a Linear- and a
    TorsionalSpringDamper between them; with ``user_functions`` each has one that repeats its
    built-in force law."""
    mbs, mG, mA, mB = _two_bodies()
    K = np.diag([400., 500., 600., 30., 40., 50.])
    K[0, 1] = K[1, 0] = 50.

    def rbsd(mbs, t, i, d, r, v, w, K, D, R0, R1, off):
        return list(np.array(K) @ (np.array(list(d) + list(r)) - np.array(off))
                    + np.array(D) @ np.array(list(v) + list(w)))

    def linear(mbs, t, i, d, v, k, c, off):
        return k * (d - off) + c * v

    def torsional(mbs, t, i, phi, om, k, c, off):
        return k * (phi - off) + c * om
    uf = user_functions
    mbs.AddObject(RigidBodySpringDamper(markerNumbers=[mG, mA], stiffness=K, damping=0.01 * K,
                                        offset=[0., -0.9, 0.02, 0.05, -0.03, 0.1],
                                        springForceTorqueUserFunction=rbsd if uf else 0))
    mbs.AddObject(LinearSpringDamper(markerNumbers=[mA, mB], stiffness=200., damping=3., offset=0.2,
                                     springForceUserFunction=linear if uf else 0))
    mbs.AddObject(TorsionalSpringDamper(markerNumbers=[mA, mB], stiffness=3., damping=0.05, offset=0.1,
                                        springTorqueUserFunction=torsional if uf else 0))
    mbs.Assemble()
    return mbs


def test_user_function_jacobians_close_to_the_kernel_jacobians():
    """The forward differences of groups with user functions that repeat the built-in force laws
    give the stiffness and damping blocks of the kernel (central differences, no user function)
    to a relative 1e-6: the same Newton matrix up to the differences' error."""
    blocks = []
    for uf in (False, True):
        mbs = _spring_dampers(uf)
        c, q, v = _state(mbs, seed=3)
        eq = c.equations
        eq.update_kinematics(q, v, 0.2)
        out = []
        for g in c.connector_groups:
            assert bool(g.user) == uf
            L = g.L
            Q, Kb, Db = np.zeros((g.n, L)), np.zeros((g.n, L, L)), np.zeros((g.n, L, L))
            g.evaluate(eq.markers, 0.2, Q, Kb, Db)
            out.append((type(g).__name__, Q, Kb, Db))
        blocks.append(out)
    for (name, Q0, K0, D0), (_, Q1, K1, D1) in zip(*blocks):
        np.testing.assert_allclose(Q1, Q0, rtol=1e-12, atol=1e-12 * np.abs(Q0).max(), err_msg=name)
        for a, b in ((K1, K0), (D1, D0)):
            assert np.abs(b).max() > 0.0
            assert np.abs(a - b).max() <= 1e-6 * np.abs(b).max(), (name, np.abs(a - b).max(), np.abs(b).max())


def test_torsional_angle_kernel_equals_the_numpy_angle():
    """The data node's angle after a step (kernel torsional_angles, from the markers' rotations)
    is the angle of TorsionalSpringDampers.continuous_angle, also where it is continued by whole
    turns (relative rotations near and beyond +-pi against the stored angle)."""
    from multibody.equations.rigid_connectors import TorsionalSpringDampers, krc
    mbs = _model()
    c = mbs._compiled
    eq = c.equations
    g = next(g for g in c.connector_groups if isinstance(g, TorsionalSpringDampers))
    x = c.states[exu.ConfigurationType.Current].x
    rng = np.random.default_rng(11)
    for k in range(40):
        q = 0.8 * rng.standard_normal(c.n_ode2)
        eq.update_kinematics(q, np.zeros(c.n_ode2), 0.)
        x[g.data_index[g.data_index >= 0]] = rng.uniform(-12., 12.)   # turns far from the new angle
        phi = np.empty(g.n)
        krc.torsional_angles(g.m0, g.m1, eq.markers.A, g.params, x, g.data_index, phi)
        _, ref = g.continuous_angle(eq.markers.A[g.m0], eq.markers.A[g.m1])
        np.testing.assert_array_equal(phi, ref, err_msg=f"sample {k}")
