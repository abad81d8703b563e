"""Rigid bodies against analytic solutions, each other, and finite differences."""
import numpy as np
import pytest

import multibody as exu
from multibody.errors import ItemParameterError
from multibody.utilities import (EulerParameters2G, InertiaCuboid, MarkerBodyMass, LoadMassProportional,
                                 NodeRigidBody2D, NodeRigidBodyEP, NodeRigidBodyRotVecLG, NodeRigidBodyRxyz,
                                 ObjectRigidBody, ObjectRigidBody2D, RotXYZ2G)

OV = exu.OutputVariableType
G_Y = -9.81


def _settings(h, n):
    s = exu.SimulationSettings()
    s.timeIntegration.numberOfSteps = n
    s.timeIntegration.endTime = h * n
    s.timeIntegration.newton.relativeTolerance = 1e-12
    s.timeIntegration.newton.absoluteTolerance = 1e-12
    s.timeIntegration.newton.useModifiedNewton = False
    s.solution.file.write = False
    return s


def _add_body(mbs, kind, w, mass=2.0, inertia=(0.05, 0.06, 0.08, 0.0, 0.0, 0.0), com=(0.0, 0.0, 0.0),
              v=(0.0, 0.0, 0.0)):
    """Rigid body at the origin, identity rotation, global angular velocity w."""
    w = np.asarray(w, dtype=float)
    if kind == "EP":
        ep = [1.0, 0.0, 0.0, 0.0]
        n = mbs.AddNode(NodeRigidBodyEP(referenceCoordinates=[0, 0, 0] + ep,
                                        initialVelocities=list(v) + list(0.25 * np.asarray(EulerParameters2G(ep)).T @ w)))
    elif kind == "Rxyz":
        n = mbs.AddNode(NodeRigidBodyRxyz(referenceCoordinates=[0] * 6,
                                          initialVelocities=list(v) + list(np.linalg.solve(RotXYZ2G([0, 0, 0]), w))))
    elif kind == "RotVecLG":
        n = mbs.AddNode(NodeRigidBodyRotVecLG(referenceCoordinates=[0] * 6, initialVelocities=list(v) + list(w)))
    else:
        n = mbs.AddNode(NodeRigidBody2D(referenceCoordinates=[0, 0, 0], initialVelocities=[v[0], v[1], w[2]]))
        b = mbs.AddObject(ObjectRigidBody2D(nodeNumber=n, mass=mass, inertia=inertia[2], centerOfMass=list(com[:2])))
        return n, b
    b = mbs.AddObject(ObjectRigidBody(nodeNumber=n, mass=mass, inertia=list(inertia), centerOfMass=list(com)))
    return n, b


def _gravity(mbs, b):
    m = mbs.AddMarker(MarkerBodyMass(bodyNumber=b))
    mbs.AddLoad(LoadMassProportional(markerNumber=m, loadVector=[0, G_Y, 0]))


# the generalized-alpha method integrates constant accelerations exactly; Newton tolerance 1e-12
FREE_FALL_ATOL = 1e-9


@pytest.mark.parametrize("kind", ["EP", "Rxyz", "RotVecLG", "2D"])
def test_free_rigid_body_falls_as_a_point(kind):
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    n, b = _add_body(mbs, kind, [0, 0, 2.0], v=(0.5, 1.0, 0.0))
    _gravity(mbs, b)
    mbs.Assemble()
    mbs.SolveDynamic(_settings(1e-2, 100))
    t = 1.0
    p = mbs.GetNodeOutput(n, OV.Position)
    np.testing.assert_allclose(p, [0.5 * t, 1.0 * t + 0.5 * G_Y * t * t, 0.0], atol=FREE_FALL_ATOL)
    # EP: the rates are not exactly tangent to |theta| = 1 in the discrete solution (1.4e-7 measured)
    np.testing.assert_allclose(mbs.GetNodeOutput(n, OV.AngularVelocity), [0, 0, 2.0],
                               atol=1e-6 if kind == "EP" else 1e-10)


# torque-free symmetric top: GA with h = 1e-3 over 1 s, second order -> ~1e-6 relative
PRECESSION_RTOL = 1e-4


@pytest.mark.parametrize("kind", ["EP", "Rxyz"])
def test_torque_free_symmetric_body_precesses_at_analytic_rate(kind):
    A_, C_ = 0.05, 0.08
    w1, w3 = 1.0, 5.0
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    n, b = _add_body(mbs, kind, [w1, 0.0, w3], inertia=(A_, A_, C_, 0, 0, 0))
    mbs.Assemble()
    J = np.diag([A_, A_, C_])
    L0 = J @ np.array([w1, 0, w3])
    mbs.SolveDynamic(_settings(1e-3, 1000))
    t = 1.0
    A = mbs.GetNodeOutput(n, OV.RotationMatrix).reshape(3, 3)
    wl = mbs.GetNodeOutput(n, OV.AngularVelocityLocal)
    # angular momentum is constant in the global frame
    np.testing.assert_allclose(A @ J @ wl, L0, rtol=PRECESSION_RTOL, atol=PRECESSION_RTOL * np.linalg.norm(L0))
    # body-frame angular velocity: the transverse part rotates at Omega = (C - A)/A w3
    Om = (C_ - A_) / A_ * w3
    np.testing.assert_allclose(wl, [w1 * np.cos(Om * t), w1 * np.sin(Om * t), w3],
                               atol=PRECESSION_RTOL * np.linalg.norm([w1, w3]))


# oscillator period vs GA: relative phase error ~ (omega h)^2 / 12 ~ 3e-6 over 1 s
OSCILLATOR_ATOL = 1e-4


@pytest.mark.parametrize("node_type", ["RotationEulerParameters", "RotationRxyz", "RotationRotationVector"])
def test_rigid_body_on_spring_is_an_oscillator(node_type):
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    g = mbs.CreateGround()
    inertia = InertiaCuboid(density=1000.0, sideLengths=[0.1, 0.1, 0.1])
    k, x0 = 400.0, 0.05
    b = mbs.CreateRigidBody(inertia=inertia, referencePosition=[1.0, 0, 0], initialDisplacement=[x0, 0, 0],
                            nodeType=getattr(exu.NodeType, node_type), returnDict=True)
    mbs.CreateSpringDamper(itemNumbers=[g, b["bodyNumber"]], stiffness=k, referenceLength=1.0)
    mbs.Assemble()
    mbs.SolveDynamic(_settings(1e-3, 1000))
    om = np.sqrt(k / inertia.mass)
    x = mbs.GetNodeOutput(b["nodeNumber"], OV.Position)[0]
    assert abs(x - (1.0 + x0 * np.cos(om * 1.0))) < OSCILLATOR_ATOL


def _planar_motion(kind):
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    n, b = _add_body(mbs, kind, [0, 0, 3.0], com=(0.1, -0.05, 0.0), v=(0.5, 1.0, 0.0))
    _gravity(mbs, b)
    mbs.Assemble()
    mbs.SolveDynamic(_settings(2e-3, 250))
    return (mbs.GetNodeOutput(n, OV.Position), mbs.GetNodeOutput(n, OV.AngularVelocity),
            mbs.GetNodeOutput(n, OV.RotationMatrix))


# Rxyz, RotVecLG and 2D are linear in the planar angle: the same discrete equations up to round-off
SAME_MOTION_ATOL = 1e-8
# EP parameters are nonlinear in the angle: they differ by the discretization error (1.2e-6 measured)
EP_PLANAR_ATOL = 1e-5


def test_four_parametrizations_give_the_same_planar_motion():
    ref = _planar_motion("Rxyz")
    for kind, atol in (("RotVecLG", SAME_MOTION_ATOL), ("2D", SAME_MOTION_ATOL), ("EP", EP_PLANAR_ATOL)):
        got = _planar_motion(kind)
        for a, b in zip(ref, got):
            np.testing.assert_allclose(b, a, atol=atol, err_msg=kind)


# spatial motion: EP and Rxyz differ only by discretization (GA second order, h = 1e-3)
SPATIAL_ATOL = 1e-5


def test_ep_and_rxyz_give_the_same_spatial_motion():
    res = []
    for kind in ("EP", "Rxyz"):
        SC = exu.SystemContainer()
        mbs = SC.AddSystem()
        n, b = _add_body(mbs, kind, [1.0, 0.5, 3.0], inertia=(0.05, 0.06, 0.08, 0.004, -0.003, 0.002),
                         com=(0.1, -0.05, 0.02))
        _gravity(mbs, b)
        mbs.Assemble()
        mbs.SolveDynamic(_settings(1e-3, 500))
        res.append((mbs.GetNodeOutput(n, OV.Position), mbs.GetNodeOutput(n, OV.AngularVelocity)))
    np.testing.assert_allclose(res[1][0], res[0][0], atol=SPATIAL_ATOL)
    np.testing.assert_allclose(res[1][1], res[0][1], atol=SPATIAL_ATOL)


# ---------------------------------------------------------------- Jacobians vs finite differences

def _compiled(kind, w=(1.0, 0.5, 3.0), q_rot=None):
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    n, b = _add_body(mbs, kind, w, inertia=(0.05, 0.06, 0.08, 0.004, -0.003, 0.002), com=(0.1, -0.05, 0.02))
    mbs.Assemble()
    c = mbs.systemData._compiled if hasattr(mbs.systemData, "_compiled") else mbs._require_assembled("test")
    g = c.object_group[int(b)][0]
    rng = np.random.default_rng(1)
    q = rng.normal(scale=0.2, size=c.n_ode2)
    v = rng.normal(scale=1.0, size=c.n_ode2)
    return c, g, q, v


def _lhs(c, g, q, v):
    """The body's LHS terms (the only forces of the system: f = -Q_LHS)."""
    eq = c.equations
    eq.update_kinematics(q, v, 0.0)
    return -eq.ode2_rhs()[g.ltg[0]]


def _mass(c, g, q, v):
    eq = c.equations
    eq.update_kinematics(q, v, 0.0)
    return eq.mass_blocks()[c.body_groups.index(g)][0].copy()


def _stiffness(c, g, q, v):
    """(K, D) = (dQ_LHS/dq, dQ_LHS/dq_t) of the body from the Newton matrix's blocks."""
    eq = c.equations
    eq.update_kinematics(q, v, 0.0)
    eq.constraints(np.zeros(c.n_ae))
    n2, idx = c.n_ode2, g.ltg[0]
    K = eq.jacobian(0.0, 1.0, 0.0, 0.0, 0.0, 0.0, dense=True)[:n2, :n2][np.ix_(idx, idx)]
    D = eq.jacobian(0.0, 0.0, 1.0, 0.0, 0.0, 0.0, dense=True)[:n2, :n2][np.ix_(idx, idx)]
    return K, D


FD_RTOL = 1e-6


@pytest.mark.parametrize("kind", ["EP", "Rxyz", "RotVecLG", "2D"])
def test_gyroscopic_jacobians_match_finite_differences(kind):
    c, g, q, v = _compiled(kind)
    K, D = _stiffness(c, g, q, v)
    K, D = K[None], D[None]
    h = 1e-6
    Kfd = np.array([(_lhs(c, g, q + h * e, v) - _lhs(c, g, q - h * e, v)) / (2 * h) for e in np.eye(c.n_ode2)]).T
    Dfd = np.array([(_lhs(c, g, q, v + h * e) - _lhs(c, g, q, v - h * e)) / (2 * h) for e in np.eye(c.n_ode2)]).T
    scale = np.abs(Dfd).max() + np.abs(Kfd).max()
    np.testing.assert_allclose(D[0], Dfd, atol=FD_RTOL * scale)
    np.testing.assert_allclose(K[0], Kfd, atol=FD_RTOL * scale)


@pytest.mark.parametrize("kind", ["Rxyz", "2D"])
def test_mass_matrix_and_gyroscopic_terms_follow_from_lagrange(kind):
    """Q_LHS = dM/dt q_t - dT/dq with T = q_t^T M(q) q_t / 2 (holonomic parametrizations)."""
    c, g, q, v = _compiled(kind)
    h = 1e-6

    def T(qq):
        return 0.5 * v @ _mass(c, g, qq, v) @ v

    Mdot_v = (_mass(c, g, q + h * v, v) - _mass(c, g, q - h * v, v)) @ v / (2 * h)
    dTdq = np.array([(T(q + h * e) - T(q - h * e)) / (2 * h) for e in np.eye(c.n_ode2)])
    np.testing.assert_allclose(_lhs(c, g, q, v), Mdot_v - dTdq, atol=FD_RTOL * np.abs(Mdot_v).max())


@pytest.mark.parametrize("kind", ["EP", "Rxyz", "RotVecLG"])
def test_kinetic_energy_of_mass_matrix_matches_point_velocities(kind):
    """q_t^T M q_t / 2 = m |v_ref|^2/2 + m v_ref.(w x A b) + w^T (A J A^T) w / 2 with the global w."""
    c, g, q, v = _compiled(kind)
    eq = c.equations
    eq.update_kinematics(q, v, 0.0)
    b = int(g.items[0])
    fr = eq.body_frames
    A, w, vr = fr.A[b], fr.omega[b], fr.vel[b]
    m, J, com = g.mass[0], g.J[0], g.com[0]
    T_ref = 0.5 * m * vr @ vr + m * vr @ np.cross(w, A @ com) + 0.5 * w @ A @ J @ A.T @ w
    if kind == "EP":   # the unit-norm EP formulas hold on |theta| = 1 only: normalize
        th = c.q_ref[3:7] + q[3:7]
        q[3:7] = th / np.linalg.norm(th) - c.q_ref[3:7]
        v[3:7] -= (th / np.linalg.norm(th)) @ v[3:7] * th / np.linalg.norm(th)
        eq.update_kinematics(q, v, 0.0)
        A, w, vr = fr.A[b], fr.omega[b], fr.vel[b]
        T_ref = 0.5 * m * vr @ vr + m * vr @ np.cross(w, A @ com) + 0.5 * w @ A @ J @ A.T @ w
    T = 0.5 * v @ _mass(c, g, q, v) @ v
    assert abs(T - T_ref) < 1e-12 * max(1.0, abs(T_ref))


def test_euler_parameter_constraint_jacobian_matches_finite_differences():
    c, g, q, v = _compiled("EP")
    eq = c.equations
    lam = np.zeros(c.n_ae)

    def residual(qq, index2=False):
        eq.index2 = index2
        eq.update_kinematics(qq, v, 0.0)
        out = eq.constraints(lam)
        eq.index2 = False
        return out
    residual(q)
    C = eq.jacobian(0.0, 0.0, 0.0, 1.0, 1.0, 0.0, dense=True)[c.n_ode2:, :c.n_ode2]
    h = 1e-7
    Cfd = [(residual(q + h * e)[0] - residual(q - h * e)[0]) / (2 * h) for e in np.eye(7)]
    np.testing.assert_allclose(C[0], Cfd, atol=1e-8)
    # index 2 form = C v
    assert abs(residual(q, True)[0] - C[0] @ v[:7]) < 1e-12


# ---------------------------------------------------------------- bad input

def test_non_psd_inertia_is_rejected_at_assemble():
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    n = mbs.AddNode(NodeRigidBodyRxyz())
    mbs.AddObject(ObjectRigidBody(nodeNumber=n, mass=1.0, inertia=[1.0, 1.0, 1.0, 0.0, 0.0, 2.0], name="rotor"))
    with pytest.raises(ItemParameterError, match=r"ObjectRigidBody 0 \('rotor'\).*'inertia'.*positive semi-definite"):
        mbs.Assemble()


def test_negative_mass_is_rejected_at_add():
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    n = mbs.AddNode(NodeRigidBodyRxyz())
    with pytest.raises(ValueError, match="mass"):
        mbs.AddObject(ObjectRigidBody(nodeNumber=n, mass=-1.0))


def test_create_rigid_body_rejects_non_symmetric_inertia():
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    inertia = InertiaCuboid(density=1000.0, sideLengths=[0.1, 0.2, 0.3])
    inertia.inertiaTensor = inertia.inertiaTensor + np.array([[0, 1e-3, 0], [0, 0, 0], [0, 0, 0]])
    with pytest.raises(ValueError, match="'inertia'.*symmetric"):
        mbs.CreateRigidBody(inertia=inertia)
    assert mbs.NumberOfNodes() == 0 and mbs.NumberOfObjects() == 0


def test_ep_node_owns_one_algebraic_equation():
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    mbs.AddNode(NodeRigidBodyEP(referenceCoordinates=[0, 0, 0, 1, 0, 0, 0]))
    mbs.AddNode(NodeRigidBodyEP(referenceCoordinates=[0, 0, 0, 1, 0, 0, 0], addConstraintEquation=False))
    mbs.Assemble()
    assert len(mbs.systemData.GetAECoordinates()) == 1
