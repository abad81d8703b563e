"""Joint groups on synthetic marker data: Jacobians vs finite differences (index 3 and 2),
velocity forms vs C q_t, free axes and inactive joints (lambda = 0 rows).

The markers move by a synthetic kinematic map of local coordinates dq (K per marker):
p(dq) = p + Jpos dq, A(dq) = exp(skew(Jrot dq)) A, v = Jpos q_t, omega = Jrot q_t, whose
derivatives at dq = 0 are exactly the marker Jacobians the groups receive.
"""
import numpy as np
import pytest
from scipy.spatial.transform import Rotation

from multibody.assembly.assemble import CompiledSystem
from multibody.equations.groups import CONSTRAINT_GROUPS, Frames
from multibody.errors import ItemParameterError
from multibody.items.spec import REGISTRY, default_value
from multibody.model.main_system import ItemRecord

K = 7
N = 4
# central differences with step 1e-6 on O(1) data: truncation ~1e-12, round-off ~1e-10
FD_STEP = 1e-6
FD_ATOL = 1e-8


def _spec(type_name):
    import multibody.items  # noqa: F401  (declares the specs)
    return REGISTRY.lookup("object", type_name)


def make_group(type_name, params=None, n=N, active=None):
    """Group of n joints between markers i (m0) and n + i (m1)."""
    spec = _spec(type_name)
    records = []
    for i in range(n):
        values = {"name": f"joint{i}"}
        for p in spec.params:
            values[p.name] = default_value(p)
        values["markerNumbers"] = [i, n + i]
        values.update((params or [{}] * n)[i] if isinstance(params, list) else (params or {}))
        if active is not None:
            values["activeConnector"] = bool(active[i])
        records.append(ItemRecord(spec, values, {}))
    c = CompiledSystem.__new__(CompiledSystem)
    c.items = {"object": records}
    c.K = K
    c.mbs = None
    gcls = CONSTRAINT_GROUPS[type_name]
    c.object_ltg_ae = []
    k = 0
    for r in records:
        ne = gcls.count(r)
        c.object_ltg_ae.append(list(range(k, k + ne)))
        k += ne
    c.n_ae = k
    return gcls.build(c, list(range(n)), records)


class SyntheticMarkers:
    def __init__(self, n, rng, ground0=False, planar=False):
        self.n = n
        m = 2 * n
        self.p = rng.normal(size=(m, 3))
        self.A = Rotation.random(m, random_state=rng).as_matrix()
        self.Jpos = rng.normal(size=(m, 3, K))
        self.Jrot = rng.normal(size=(m, 3, K))
        if planar:
            self.p[:, 2] = 0.0
            self.A = np.array([Rotation.from_rotvec([0, 0, a]).as_matrix() for a in rng.normal(size=m)])
            self.Jpos[:, 2] = 0.0
            self.Jrot[:, :2] = 0.0
        if ground0:
            self.Jpos[:n] = 0.0
            self.Jrot[:n] = 0.0
        self.qt = rng.normal(size=(m, K))

    def frames(self, dq=None, qt=None):
        dq = np.zeros((2 * self.n, K)) if dq is None else dq
        qt = self.qt if qt is None else qt
        f = Frames(2 * self.n, K)
        f.pos[:] = self.p + np.einsum("mik,mk->mi", self.Jpos, dq)
        f.A[:] = Rotation.from_rotvec(np.einsum("mik,mk->mi", self.Jrot, dq)).as_matrix() @ self.A
        f.vel[:] = np.einsum("mik,mk->mi", self.Jpos, qt)
        f.omega[:] = np.einsum("mik,mk->mi", self.Jrot, qt)
        f.Jpos[:], f.Jrot[:] = self.Jpos, self.Jrot
        f.ltg[:] = np.arange(2 * self.n * K).reshape(2 * self.n, K)
        return f

    def local(self, x):
        """(n, 2K) local columns [m0, m1] -> (2n, K) per marker."""
        return np.concatenate([x[:, :K], x[:, K:]], axis=0)


def fd_jacobian(group, sm, index2, wrt):
    """Central differences of g w.r.t. the local coordinates (wrt='q') or velocities ('v')."""
    n = sm.n
    E = group.E
    J = np.zeros((n, E, 2 * K))
    for j in range(2 * K):
        dx = np.zeros((n, 2 * K))
        dx[:, j] = FD_STEP
        gs = []
        for s in (1, -1):
            if wrt == "q":
                f = sm.frames(dq=sm.local(s * dx))
            else:
                f = sm.frames(qt=sm.qt + sm.local(s * dx))
            gs.append(group.equations(f, 0.0, index2, False)[0])
        J[:, :, j] = (gs[0] - gs[1]) / (2 * FD_STEP)
    return J


def check_group(group, sm, index2=True):
    f = sm.frames()
    qt_loc = np.concatenate([sm.qt[:sm.n], sm.qt[sm.n:]], axis=1)
    _, C3 = group.equations(f, 0.0, False, True)
    if np.all(group.velocity_level):
        err_v = np.abs(fd_jacobian(group, sm, False, "v") - C3).max()
        assert err_v < FD_ATOL, err_v
        return err_v
    err3 = np.abs(fd_jacobian(group, sm, False, "q") - C3).max()
    assert err3 < FD_ATOL, err3
    if not index2:
        return err3
    g2, C2 = group.equations(f, 0.0, True, True)
    # index 2: the same Jacobian, equal to d g2 / d q_t, and g2 = C q_t (scleronomic)
    np.testing.assert_allclose(C2, C3, atol=1e-14)
    err2 = np.abs(fd_jacobian(group, sm, True, "v") - C2).max()
    assert err2 < FD_ATOL, err2
    np.testing.assert_allclose(g2, np.einsum("nel,nl->ne", C2, qt_loc), atol=1e-12)
    return max(err3, err2)


GENERIC_AXES = [[1, 1, 1, 1, 1, 1], [1, 1, 1, 1, 1, 0], [1, 0, 1, 1, 0, 1], [0, 1, 1, 1, 0, 0],
                [0, 0, 0, 0, 1, 0], [1, 1, 0, 0, 0, 0], [0, 1, 0, 0, 1, 1], [1, 1, 1, 0, 0, 0]]


@pytest.mark.parametrize("axes", GENERIC_AXES)
def test_generic_joint_jacobian(axes):
    rng = np.random.default_rng(sum(axes) + 7 * axes[0])
    R0, R1 = Rotation.random(2, random_state=rng).as_matrix()
    g = make_group("JointGeneric", dict(constrainedAxes=axes, rotationMarker0=R0, rotationMarker1=R1))
    check_group(g, SyntheticMarkers(N, rng))


def test_generic_joint_ground_marker0():
    rng = np.random.default_rng(3)
    check_group(make_group("JointGeneric"), SyntheticMarkers(N, rng, ground0=True))


@pytest.mark.parametrize("type_name", ["JointRevoluteZ", "JointPrismaticX"])
def test_revolute_prismatic_jacobian(type_name):
    rng = np.random.default_rng(11)
    R0, R1 = Rotation.random(2, random_state=rng).as_matrix()
    check_group(make_group(type_name, dict(rotationMarker0=R0, rotationMarker1=R1)), SyntheticMarkers(N, rng))


def test_revolute_z_equals_generic_rows():
    """RevoluteJointZ = GenericJoint [1,1,1,1,1,0] without the 6th equation (joints.md)."""
    rng = np.random.default_rng(5)
    sm = SyntheticMarkers(N, rng)
    f = sm.frames()
    gr, Cr = make_group("JointRevoluteZ").equations(f, 0.0, False, True)
    gg, Cg = make_group("JointGeneric", dict(constrainedAxes=[1, 1, 1, 1, 1, 0])).equations(f, 0.0, False, True)
    np.testing.assert_allclose(gr, gg[:, :5], atol=1e-15)
    np.testing.assert_allclose(Cr, Cg[:, :5], atol=1e-15)


def test_generic_joint_user_offset():
    """Offsets enter the index-3 equations (rotation offset on the J0 side) and their Jacobian."""
    rng = np.random.default_rng(17)
    u = [0.1, -0.2, 0.3, 0.2, -0.1, 0.4]

    def uf(mbs, t, itemNumber, pars):
        return [x + t for x in u]

    for axes in ([1, 1, 1, 1, 1, 1], [1, 0, 1, 1, 1, 0]):
        g = make_group("JointGeneric", dict(constrainedAxes=axes, offsetUserFunction=uf))
        sm = SyntheticMarkers(N, rng)
        # index 3 only: user offsets do not enter the velocity form (joints.md)
        check_group(g, sm, index2=False)
        # the residual equals that of a joint whose marker-0 frame is rotated by the offset
        R = Rotation.from_euler("XYZ", np.array(u[3:])).as_matrix()
        g_ref = make_group("JointGeneric", dict(constrainedAxes=axes, rotationMarker0=R))
        f = sm.frames()
        res = g.equations(f, 0.0, False, False)[0]
        res_ref = g_ref.equations(f, 0.0, False, False)[0]
        np.testing.assert_allclose(res[:, 3:], res_ref[:, 3:], atol=1e-14)
        if axes[:3] != [1, 1, 1]:
            np.testing.assert_allclose(res[:, :3][:, np.array(axes[:3]) == 1],
                                       (res_ref[:, :3] - u[:3])[:, np.array(axes[:3]) == 1], atol=1e-14)


def test_generic_joint_alternative_constraints():
    """alternativeConstraints: triple products - 1 at index 3, zero when the frames coincide."""
    rng = np.random.default_rng(2)
    sm = SyntheticMarkers(N, rng)
    sm.A[N:] = sm.A[:N]
    g = make_group("JointGeneric", dict(alternativeConstraints=True))
    res = g.equations(sm.frames(), 0.0, False, False)[0]
    np.testing.assert_allclose(res[:, 3:], 0.0, atol=1e-14)


def test_spherical_joint_jacobian():
    rng = np.random.default_rng(13)
    axes = [[1, 1, 1], [0, 1, 1], [1, 0, 0], [0, 0, 1]]
    check_group(make_group("JointSpherical", [dict(constrainedAxes=a) for a in axes]), SyntheticMarkers(N, rng))


def test_revolute_2d_jacobian():
    rng = np.random.default_rng(19)
    check_group(make_group("JointRevolute2D"), SyntheticMarkers(N, rng, planar=True))


@pytest.mark.parametrize("planar", [True, False])
def test_prismatic_2d_jacobian(planar):
    rng = np.random.default_rng(23)
    params = [dict(axisMarker0=rng.normal(size=3), normalMarker1=rng.normal(size=3), constrainRotation=bool(i % 2))
              for i in range(N)]
    check_group(make_group("JointPrismatic2D", params), SyntheticMarkers(N, rng, planar=planar))


def test_rolling_disc_jacobian():
    rng = np.random.default_rng(29)
    params = [dict(discRadius=0.5 + i, discAxis=rng.normal(size=3), planeNormal=rng.normal(size=3),
                   constrainedAxes=[1, 1, 1] if i else [1, 0, 1]) for i in range(N)]
    g = make_group("JointRollingDisc", params)
    assert g.velocity_level.all()
    check_group(g, SyntheticMarkers(N, rng))


def test_rolling_disc_kernel_equals_the_numpy_form():
    """The residuals and Jacobian come from the Numba kernel (rigid_joints.rolling_disc_equations,
    both paths); the outputs still take the contact point and frame from the NumPy form
    (kernels/joints.py rolling_disc): both give the same g and C."""
    from multibody.kernels import joints as kj
    rng = np.random.default_rng(31)
    params = [dict(discRadius=0.5 + i, discAxis=rng.normal(size=3), planeNormal=rng.normal(size=3)) for i in range(N)]
    g = make_group("JointRollingDisc", params)
    f = SyntheticMarkers(N, rng).frames()
    res, C = g.equations(f, 0.0, False, True)
    m0, m1 = g.m0, g.m1
    ref_g, ref_C, _, _ = kj.rolling_disc(f.pos[m0], f.pos[m1], f.vel[m0], f.vel[m1], f.omega[m0], f.omega[m1],
                                         f.A[m0], f.A[m1], g.p_discRadius, g.p_planeNormal, g.p_discAxis,
                                         f.Jpos[m0], f.Jpos[m1], f.Jrot[m0], f.Jrot[m1])
    np.testing.assert_allclose(res, ref_g, rtol=1e-13, atol=1e-14)
    np.testing.assert_allclose(C, ref_C, rtol=1e-13, atol=1e-14)
    assert np.abs(res).max() > 0.1


def test_rolling_disc_contact_velocity():
    """Disc (axis x, radius r) upright on the ground plane z = 0, rolling about x with rate w:
    the contact point velocity is v_center + w x (r w3); rolling without slip means v_y = -r w."""
    g = make_group("JointRollingDisc", dict(discRadius=0.3), n=1)
    f = Frames(2, K)
    f.pos[1] = [0, 0, 0.3]
    f.vel[1] = [0, -0.3 * 2.0, 0]
    f.omega[1] = [2.0, 0, 0]
    res = g.equations(f, 0.0, False, False)[0]
    np.testing.assert_allclose(res, 0.0, atol=1e-15)
    out = g.outputs(f, np.zeros(3), 0.0)
    np.testing.assert_allclose(out["Position"][0], [0, 0, 0], atol=1e-15)


ALL_TYPES = [("JointGeneric", {}), ("JointRevoluteZ", {}), ("JointPrismaticX", {}), ("JointSpherical", {}),
             ("JointRevolute2D", {}), ("JointPrismatic2D", {}),
             ("JointRollingDisc", dict(discRadius=0.4))]


@pytest.mark.parametrize("type_name,params", ALL_TYPES)
def test_inactive_items_are_lambda_rows(type_name, params):
    """activeConnector False: every row of the item is a row lambda = 0 of its record (the
    compiled constraint rows put lambda into the residual and zero into the Jacobian there, and
    the lambda-lambda entry into the Newton matrix: tests/models/test_joint_active.py); an
    active item's rows are its free axes only."""
    active = [True, False, True, False]
    g = make_group(type_name, params, active=active)
    rows = g.lambda_rows()
    free = g.free_axes() if g.free_axes() is not None else np.zeros(rows.shape, dtype=bool)
    for i, a in enumerate(active):
        np.testing.assert_array_equal(rows[i], free[i] if a else np.ones(rows.shape[1], dtype=bool))


def test_free_axes_are_lambda_rows():
    g = make_group("JointGeneric", dict(constrainedAxes=[1, 0, 1, 0, 1, 1]))
    rows = g.lambda_rows()
    assert rows[:, [1, 3]].all() and not rows[:, [0, 2, 4, 5]].any()
    assert g.free_rows[:, [1, 3]].all() and not g.free_rows[:, [0, 2, 4, 5]].any()
    g.update_parameter(0, "constrainedAxes", [1, 1, 1, 1, 1, 1])
    g.refresh_record()
    assert not rows[0].any() and rows[1:, [1, 3]].all()      # the same array, updated in place


@pytest.mark.parametrize("type_name,size,bad", [("JointGeneric", 6, [1, 1, 1]), ("JointGeneric", 6, [1, 1, 1, 2, 1, 1]),
                                                ("JointSpherical", 3, [1, 1]), ("JointRollingDisc", 3, [1, -1, 1])])
def test_constrained_axes_checked(type_name, size, bad):
    params = dict(constrainedAxes=bad)
    if type_name == "JointRollingDisc":
        params["discRadius"] = 1.0
    with pytest.raises(ItemParameterError, match="constrainedAxes"):
        make_group(type_name, params)


def test_rolling_disc_radius_checked():
    with pytest.raises(ItemParameterError, match="discRadius"):
        make_group("JointRollingDisc", dict(discRadius=0.0))
