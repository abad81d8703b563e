"""Groups of the cable family (spec bodies.md ObjectANCFCable2D, nodes.md NodePoint2DSlope1,
markers.md MarkerBodyCable2DShape, MarkerBodyCable2DCoordinates): slope nodes, planar ANCF cable
elements and the markers on them (group kernels: kernels/groups/cables.py)."""
from __future__ import annotations

import functools

import numpy as np

from ..enums import OutputVariableType as OVT
from ..kernels import cables as kc
from ..kernels.groups import cables as kg
from .groups import BODY_GROUPS, MARKER_GROUPS, NODE_GROUPS, param_array, register
from .points import BodyGroup, MarkerGroup, NodeGroup

# the columns of CABLES_2D's prm rows (kernels/cables.py cable_forces)
_PRM = ("axialStiffness", "bendingStiffness", "axialDamping", "bendingDamping", "referenceAxialStrain",
        "referenceCurvature", "strainIsRelativeToReference", "length")
_N_AXIAL, _N_BENDING = 5, 3             # the most Gauss points of a rule
_USER_FUNCTIONS = ("axialForceUserFunction", "bendingMomentUserFunction")


def hermite_mass(L):
    """int_0^L S^T S dx (..., 4, 4) of the Hermite functions (spec bodies.md), for lengths L (...)."""
    L = np.asarray(L, dtype=float)[..., None, None]
    c = np.array([[13 / 35, 11 / 210, 9 / 70, -13 / 420], [11 / 210, 1 / 105, 13 / 420, -1 / 140],
                  [9 / 70, 13 / 420, 13 / 35, -11 / 210], [-13 / 420, -1 / 140, -11 / 210, 1 / 105]])
    powers = np.array([[0, 1, 0, 1], [1, 2, 1, 2], [0, 1, 0, 1], [1, 2, 1, 2]])
    return c * L ** (powers + 1)


@functools.lru_cache(maxsize=None)
def gauss_rules(mode):
    """(axial points, axial weights, bending points, bending weights) on [-1, 1] of
    ``useReducedOrderIntegration`` ``mode``: 0 Gauss 5 / 3, 1 Gauss 4 / 2, 2 Lobatto 3 / Gauss 2."""
    if mode == 2:
        ax = (np.array([-1.0, 0.0, 1.0]), np.array([1.0, 4.0, 1.0]) / 3.0)
        bd = np.polynomial.legendre.leggauss(2)
    else:
        ax = np.polynomial.legendre.leggauss(5 if mode == 0 else 4)
        bd = np.polynomial.legendre.leggauss(3 if mode == 0 else 2)
    return ax + tuple(bd)


@register(NODE_GROUPS, "Point2DSlope1")
class Slope2DNodes(NodeGroup):
    """[x, y, r'_x, r'_y]: position [x, y, 0], rotation and angular velocity of the slope."""
    kernel, layout = kg.slope2d_nodes, kg.SLOPE2D_NODES
    n_ode2, position_coordinates = 4, 2

    def reference_position(self, n):
        s = int(self.system.node_ode2_start[n])
        return np.array([self.system.q_ref[s], self.system.q_ref[s + 1], 0.0])

    def frame(self, q_tot, v, frames):
        f = frames
        kc.slope_node_frames(self.items, self.ltg, q_tot, v, f.pos, f.vel, f.A, f.omega, f.omega_local, f.Jpos,
                             f.Jrot, f.Jrot_local, f.ltg)


@register(BODY_GROUPS, "ANCFCable2D")
class ANCFCable2DBodies(BodyGroup):
    """ObjectANCFCable2D: constant mass blocks, elastic and damping forces of all elements by one
    kernel call (Gauss points inside); outputs at local points [x, y, 0] (``body_output``)."""
    width = 8
    node_types = ("Point2DSlope1",)
    kernel, layout = kg.ancf_cables_2d, kg.CABLES_2D
    force_phases = ("FORCES", "STIFFNESS")

    def setup(self, records):
        c = self.system
        nodes = np.array([[int(x) for x in r.values["nodeNumbers"]] for r in records], dtype=np.int64).reshape(-1, 2)
        for r, nd, item in zip(records, nodes, self.items):
            for k in nd:
                c.check_node(self, int(item), r, k, self.node_types)
            if not float(r.values["length"]) > 0:
                c.parameter_error(self, int(item), r, "length", r.values["length"], "must be > 0")
        self.nodes = nodes
        half = self.width // 2
        self.ltg = np.ascontiguousarray(np.concatenate([self.ltg_of_nodes(nodes[:, 0])[:, :half],
                                                        self.ltg_of_nodes(nodes[:, 1])[:, :half]], axis=1))
        self.read_parameters(records, self.width)

    def read_parameters(self, records, width):
        """The parameter arrays, Gauss points and scratch of the elements (``width`` coordinates
        each)."""
        self.records = records
        self.mode = np.array([int(r.values["useReducedOrderIntegration"]) for r in records], dtype=np.int64)
        # (ObjectANCFCable has no referenceCurvature: 0)
        self.prm = np.ascontiguousarray(np.array([[float(r.values.get(p, 0.0)) for p in _PRM] for r in records])
                                        .reshape(-1, 8))
        self.rho_a = param_array(records, "massPerLength")
        self.L = np.ascontiguousarray(self.prm[:, 7])
        n = self.n
        self.ax_x, self.ax_w = np.zeros((n, _N_AXIAL)), np.zeros((n, _N_AXIAL))
        self.bd_x, self.bd_w = np.zeros((n, _N_BENDING)), np.zeros((n, _N_BENDING))
        self.eps_ref, self.curv_ref = np.zeros((n, _N_AXIAL)), np.zeros((n, _N_BENDING))
        self.Q = np.zeros((n, width))
        self.frame_local = np.zeros((1, n, 3))
        self.frame_mean = np.zeros(n, dtype=bool)
        self.mass = np.zeros(n)
        self.user_functions = [tuple(r.values.get(name) or None for name in _USER_FUNCTIONS) for r in records]
        self.is_user = np.array([any(f) for f in self.user_functions], dtype=bool)
        self.user_N, self.user_M = np.zeros((n, _N_AXIAL, 3)), np.zeros((n, _N_BENDING, 3))
        self._derived()

    def _derived(self):
        """Length, Gauss points and mass from the parameters (in place)."""
        self.L[:] = self.prm[:, 7]
        self.mass[:] = self.rho_a * self.L
        for mode in np.unique(self.mode):
            rows = self.mode == mode
            half = 0.5 * self.L[rows, None]
            rule = gauss_rules(int(mode))
            for k, (x, w) in enumerate(((self.ax_x, self.ax_w), (self.bd_x, self.bd_w))):
                pts, wts = rule[2 * k], rule[2 * k + 1]
                x[rows], w[rows] = 0.0, 0.0
                x[rows, :pts.size] = half * (pts + 1.0)
                w[rows, :pts.size] = half * wts

    def refresh_record(self):
        """The reference strains and curvatures at the Gauss points (the reference coordinates
        are numbered after the groups are built)."""
        kc.strain_and_curvature(self.ltg, self.system.q_ref, self.ax_x, self.bd_x, self.L, self.eps_ref,
                                self.curv_ref)

    def record_parameters(self):
        return dict(L=self.L, prm=self.prm, ax_x=self.ax_x, ax_w=self.ax_w, bd_x=self.bd_x, bd_w=self.bd_w,
                    eps_ref=self.eps_ref, curv_ref=self.curv_ref, Q=self.Q, frame_local=self.frame_local,
                    frame_mean=self.frame_mean, is_user=self.is_user, user_N=self.user_N, user_M=self.user_M)

    # ------------------------------------------------------------ user functions
    def record_slots(self):
        """With user functions: call backs writing their values at the Gauss points (and, for the
        Jacobian, their derivatives by forward differences) into user_N, user_M."""
        slots = super().record_slots()
        if self.is_user.any():
            slots[kg.USER_FORCE_SLOT] = self.call_back(lambda t, index2: self._user_points(t, False))
            slots[kg.USER_JACOBIAN_SLOT] = self.call_back(lambda t, index2: self._user_points(t, True))
        return slots

    def _user_points(self, t, jacobian):
        """user_N, user_M of the elements with user functions at the point of the compiled call."""
        from .cable_outputs import point_strains, shape_matrix
        c = self.system
        for i in np.flatnonzero(self.is_user):
            ltg = self.ltg[i]
            q, q_ref, v = c.current_q_tot[ltg], c.q_ref[ltg], c.current_v[ltg]
            _, _, _, _, eps0, K0, f_ref, L = self.prm[i].tolist()
            for xs, ws, out in ((self.ax_x, self.ax_w, self.user_N), (self.bd_x, self.bd_w, self.user_M)):
                for k, (x, w) in enumerate(zip(xs[i].tolist(), ws[i].tolist())):
                    if w != 0.0:
                        eps, eps_t, eps_ref, K, K_t, K_ref = point_strains(shape_matrix(x, L), q, q_ref, v)
                        strain, curvature = (eps, eps_t, eps0 + f_ref * eps_ref), (K, K_t, K0 + f_ref * K_ref)
                        out[i, k] = self.user_law(out is self.user_M, i, t, x, strain, curvature, jacobian)

    def user_law(self, bending, row, t, x, strain, curvature, jacobian=False):
        """(value, d value / d strain, d value / d strain_t) of the axial force (``bending``: the
        bending moment, by curvature) at x: the user function's, or the linear law's without one."""
        EA, EI, d_eps, d_K = self.prm[row, :4].tolist()
        own, other, stiff, damp = (curvature, strain, EI, d_K) if bending else (strain, curvature, EA, d_eps)
        f = self.user_functions[row][1 if bending else 0]
        if f is None:
            return stiff * (own[0] - own[2]) + damp * own[1], stiff, damp
        c, item = self.system, int(self.items[row])
        name = _USER_FUNCTIONS[1 if bending else 0]

        def call(value, rate):
            args = (value, rate, own[2], stiff, damp) + other
            return c.user_real(name, item, c.call_user(name, item, f, t, item, x / self.L[row], *args))
        value = call(own[0], own[1])
        if not jacobian:
            return value, 0.0, 0.0
        h, h_t = 1e-7 * max(1.0, abs(own[0])), 1e-7 * max(1.0, abs(own[1]))
        return value, (call(own[0] + h, own[1]) - value) / h, (call(own[0], own[1] + h_t) - value) / h_t

    def update_parameter(self, row, name, value):
        if name in _PRM:
            self.prm[row, _PRM.index(name)] = float(value)
        elif name == "massPerLength":
            self.rho_a[row] = float(value)
        elif name == "useReducedOrderIntegration":
            self.mode[row] = int(value)
        else:
            return False
        self._derived()
        self.system.mass_changed = True
        return True

    def constant_mass_blocks(self, out):
        M4 = self.rho_a[:, None, None] * hermite_mass(self.L)
        out[:] = 0.0
        out[:, 0::2, 0::2] = M4
        out[:, 1::2, 1::2] = M4

    def frame(self, q_tot, v, frames):
        f = frames
        kc.cable_points(self.items, self.ltg, self.L, self.frame_local[0], self.frame_mean, q_tot, v, f.pos, f.vel,
                        f.A, f.omega, f.Jpos, f.Jrot, f.ltg)

    # ------------------------------------------------------------ outputs
    def body_output(self, eq, st, row, var, local):
        """The output ``var`` at the local point [x, y, 0] of element ``row`` (spec bodies.md)."""
        from .cable_outputs import cable_output
        return cable_output(self, st, row, var, local)


def cable_ltg_and_length(c, body):
    """(ltg (8,), length) of the cable ``body``."""
    g, row = c.object_group[int(body)]
    return g.ltg[row], float(g.L[row]), g, row


def chain_columns(c, marker_numbers, width):
    """The union of the coordinates of the chain's elements (a list of global ODE2 indices, in
    the order met) and cols (len(marker_numbers) * width,): the position in the union of each
    element's ``width`` coordinates (the sliding joints' chains)."""
    markers = c.items["marker"]
    union, where = [], {}
    cols = np.zeros(len(marker_numbers) * width, dtype=np.int64)
    for k, m in enumerate(marker_numbers):
        ltg = cable_ltg_and_length(c, int(markers[int(m)].values["bodyNumber"]))[0]
        for j, q in enumerate(int(x) for x in ltg):
            if q not in where:
                where[q] = len(union)
                union.append(q)
            cols[width * k + j] = where[q]
    return union, cols


def check_cable(c, group, item, rec, body, spatial=False):
    """Body ``body`` of the marker ``item`` is a planar cable (``spatial``: an ObjectANCFCable)."""
    c.check_object_exists(group, item, rec, "bodyNumber", body)
    g = c.object_group.get(int(body), (None, None))[0]
    if not isinstance(g, ANCFCable2DBodies) or getattr(g, "spatial", False) != spatial:
        c.parameter_error(group, item, rec, "bodyNumber", int(body),
                          "must be an ObjectANCFCable" if spatial else "must be an ObjectANCFCable2D")


class CableMarkers(MarkerGroup):
    """MarkerBodyPosition, MarkerBodyRigid (at [x, y] of the cable) and MarkerBodyMass (the mean
    over the element: mass rho A L, Jpos = int S dx / L) on ANCF cables."""
    kernel, layout = kg.cable_markers, kg.CABLE_MARKERS
    width = 8           # the element's coordinates

    def setup(self, records):
        c = self.system
        self.cables = np.array([int(r.values["bodyNumber"]) for r in records], dtype=np.int64)
        self.L = np.zeros(self.n)
        self.mean = np.array([r.spec.type_name == "BodyMass" for r in records], dtype=bool)
        self.local = np.zeros((self.n, 3))
        self.body_mass = np.zeros(self.n)
        ltgs = []
        for i, (r, b, item) in enumerate(zip(records, self.cables, self.items)):
            c.check_marker_body(self, int(item), r, b)
            ltg, L, g, row = cable_ltg_and_length(c, b)
            ltgs.append(ltg)
            self.L[i], self.body_mass[i] = L, g.mass[row]
            if not self.mean[i]:
                self.local[i] = np.asarray(r.values["localPosition"], dtype=float)[:3]
        self.ltg = np.ascontiguousarray(np.array(ltgs, dtype=np.int64).reshape(self.n, -1))

    def record_parameters(self):
        return dict(L=self.L, local=self.local, ltg=self.ltg, mean=self.mean)

    def constant_frames(self, frames):
        frames.mass[self.items] = np.where(self.mean, self.body_mass, 0.0)


@register(MARKER_GROUPS, "BodyCable2DCoordinates")
class Cable2DCoordinateMarkers(MarkerGroup):
    """The 8 total coordinates of a cable element and their rates (read by the joints that use
    them; outputs Coordinates, Coordinates_t)."""

    def setup(self, records):
        c = self.system
        self.ltg_of = {}
        for r, item in zip(records, self.items):
            b = int(r.values["bodyNumber"])
            check_cable(c, self, int(item), r, b)
            self.ltg_of[int(item)] = np.asarray(cable_ltg_and_length(c, b)[0], dtype=np.int64)

    def marker_coordinates(self, row, st, var):
        """The 8 total coordinates (or their rates) of the element; on ALE cables a 9th value 0
        (Exudyn 1.13.6: 0 for Coordinates, uninitialized memory for Coordinates_t)."""
        c = self.system
        ltg = self.ltg_of[int(self.items[row])]
        vals = c.q_ref[ltg[:8]] + st.q[ltg[:8]] if var == OVT.Coordinates else st.v[ltg[:8]]
        return np.concatenate([vals, np.zeros(len(ltg) - 8)])


@register(MARKER_GROUPS, "BodyCable2DShape")
class Cable2DShapeMarkers(MarkerGroup):
    """numberOfSegments + 1 points of a cable element, offset by verticalOffset along its normal
    (outputs Coordinates, Coordinates_t: the points and their velocities)."""

    def setup(self, records):
        c = self.system
        self.cables = []
        for r, item in zip(records, self.items):
            b = int(r.values["bodyNumber"])
            check_cable(c, self, int(item), r, b)
            self.cables.append((b, int(r.values["numberOfSegments"]), float(r.values["verticalOffset"])))

    def marker_coordinates(self, row, st, var):
        """The points' coordinates (or velocities) [p0x, p0y, p1x, ...] at the state ``st``."""
        c = self.system
        b, ns, h = self.cables[row]
        ltg, L, _, _ = cable_ltg_and_length(c, b)
        n = ns + 1
        local = np.zeros((n, 3))
        local[:, 0] = np.arange(n) * L / ns
        local[:, 1] = h
        pos, vel = np.zeros((n, 3)), np.zeros((n, 3))
        empty2, empty3 = np.zeros((0, 3)), np.zeros((0, 3, 3))
        kc.cable_points(np.arange(n), np.repeat(ltg[None, :], n, axis=0), np.full(n, L), local,
                        np.zeros(n, dtype=bool), c.q_ref + st.q, st.v, pos, vel, empty3, empty2, np.zeros((n, 3, 8)),
                        empty3, np.zeros((0, 8), dtype=np.int64))
        if len(ltg) == 9:           # ALE cables: the material's velocities
            from .cables_ale import convective_velocities
            vel[:, :2] += convective_velocities(ltg, L, local[:, 0], c.q_ref + st.q, st.v)
        return (pos if var == OVT.Coordinates else vel)[:, :2].ravel()


__all__ = ["Slope2DNodes", "ANCFCable2DBodies", "CableMarkers", "Cable2DCoordinateMarkers", "Cable2DShapeMarkers",
           "hermite_mass", "gauss_rules", "check_cable", "cable_ltg_and_length"]
