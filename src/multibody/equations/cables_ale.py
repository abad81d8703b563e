"""ObjectALEANCFCable2D (spec bodies.md): planar ANCF cable elements whose material moves
axially with the speed of a shared NodeGenericODE2 coordinate, and the markers on them (group
kernels: kernels/groups/cables_ale.py, equations: kernels/cables_ale.py)."""
from __future__ import annotations

import numpy as np

from ..enums import OutputVariableType as OVT
from ..errors import AssemblyError

from ..kernels import cables_ale as ka
from ..kernels.groups import cables_ale as kg
from .cables import ANCFCable2DBodies, CableMarkers
from .groups import BODY_GROUPS, param_array, register

_ALE = ("movingMassFactor", "useCouplingTerms", "addALEvariation")


@register(BODY_GROUPS, "ALEANCFCable2D")
class ALEANCFCable2DBodies(ANCFCable2DBodies):
    """ObjectALEANCFCable2D: 9 coordinates per element [q (8), q_ALE]; mass blocks depending on
    the slopes (MASS phase), the cable's forces plus the convective and ALE-variation terms."""
    width = 9
    constant_mass = False
    kernel, layout = kg.ale_cables_2d, kg.ALE_CABLES_2D
    force_phases = ("FORCES", "STIFFNESS")

    def setup(self, records):
        c = self.system
        nodes = np.array([[int(x) for x in r.values["nodeNumbers"]] for r in records], dtype=np.int64).reshape(-1, 3)
        for r, nd, item in zip(records, nodes, self.items):
            for k in nd[:2]:
                c.check_node(self, int(item), r, k, ("Point2DSlope1",))
            c.check_node(self, int(item), r, nd[2], ("GenericODE2",))
            k = int(c.items["node"][int(nd[2])].values["numberOfODE2Coordinates"])
            if k != 1:
                raise AssemblyError(f"{c.describe('object', int(item))} contains inconsistent data: "
                                    f"ObjectALEANCFCable2D: NodeGenericODE2 (Node {int(nd[2])}) must have 1 "
                                    f"coordinate (found: {k})")
            if not float(r.values["length"]) > 0:
                c.parameter_error(self, int(item), r, "length", r.values["length"], "must be > 0")
        self.nodes = nodes
        self.ltg = np.ascontiguousarray(np.concatenate([self.ltg_of_nodes(nodes[:, 0])[:, :4],
                                                        self.ltg_of_nodes(nodes[:, 1])[:, :4],
                                                        self.ltg_of_nodes(nodes[:, 2])[:, :1]], axis=1))
        self.ltg8 = np.ascontiguousarray(self.ltg[:, :8])
        self.read_parameters(records, 9)
        self.ale = np.zeros((1, self.n, 4))
        self.ale[0, :, :3] = np.array([[float(r.values[p]) for p in _ALE] for r in records]).reshape(-1, 3)

    def record_parameters(self):
        p = dict(super().record_parameters(), rho_a=self.rho_a, ale=self.ale, ltg8=self.ltg8)
        for name in ("is_user", "user_N", "user_M"):       # (no user laws)
            del p[name]
        return p

    def update_parameter(self, row, name, value):
        if name in _ALE:
            self.ale[0, row, _ALE.index(name)] = float(value)
            return True
        return super().update_parameter(row, name, value)

    def mass_blocks(self, q_tot, rows):
        """The mass blocks (len(rows), 9, 9) of the elements ``rows`` at the values q_tot."""
        rows = np.asarray(rows, dtype=np.int64)
        M = np.zeros((rows.size, 9, 9))
        ka.ale_cable_mass(self.ltg[rows], q_tot, self.rho_a[rows], np.ascontiguousarray(self.ale[0, rows]),
                          self.L[rows], M)
        return M

    def frame(self, q_tot, v, frames):
        from ..kernels import cables as kc
        f = frames
        kc.cable_points(self.items, self.ltg8, self.L, self.frame_local[0], self.frame_mean, q_tot, v, f.pos, f.vel,
                        f.A, f.omega, f.Jpos, f.Jrot, f.ltg)

    def body_output(self, eq, st, row, var, local):
        """The output ``var`` at the local point [x, y, 0] of element ``row`` (spec bodies.md):
        the cable's, the velocities those of the moving material."""
        return _ale_cable_output(self, st, row, var, local)


def _ale_cable_output(g, st, row, var, local):
    """Outputs of ALE cables: the ANCF cable's of the structure (cable_output over the first 8
    coordinates); Velocity and VelocityLocal plus v_ALE r'(x); KineticEnergy 1/2 u^T M(q) u of
    the 9 velocities u."""
    from types import SimpleNamespace
    from . import cable_outputs as co
    c = g.system
    ltg = g.ltg[row]
    q_tot = c.q_ref + (st.q if st.q.size else 0.0)
    v9 = st.v[ltg] if st.v.size else np.zeros(9)
    if var == OVT.KineticEnergy:
        return 0.5 * float(v9 @ g.mass_blocks(q_tot, [row])[0] @ v9)
    view = SimpleNamespace(system=c, ltg=g.ltg8, prm=g.prm, L=g.L, ax_x=g.ax_x, ax_w=g.ax_w, bd_x=g.bd_x,
                           bd_w=g.bd_w, is_user=g.is_user)
    out = co.cable_output(view, st, row, var, local)
    if var in (OVT.ForceLocal, OVT.TorqueLocal) and g.ale[0, row, 0] == 1.0:
        out = out + _material_damping(g, row, q_tot[g.ltg8[row]], v9[8], local[0], var == OVT.ForceLocal)
    if var in (OVT.Velocity, OVT.VelocityLocal):
        S = co.shape_matrix(local[0], g.L[row])
        a = co._axis(S, 1, q_tot[g.ltg8[row]])
        conv = v9[8] * a
        if var == OVT.VelocityLocal:
            t = a / np.sqrt(a @ a)
            conv = np.array([t @ conv, t[0] * conv[1] - t[1] * conv[0]])
        out = out + np.array([conv[0], conv[1], 0.0])
    return out


def _material_damping(g, row, q, v_ale, x, axial):
    """The damping of the convective rate (movingMassFactor 1): d_eps v eps' (axial) or d_K v K'
    at x (kernels/cables_ale.py)."""
    from . import cable_outputs as co
    L = g.L[row]
    S = co.shape_matrix(x, L)
    a, b = co._axis(S, 1, q), co._axis(S, 2, q)
    if axial:
        return g.prm[row, 2] * v_ale * (a @ b) / np.sqrt(a @ a)
    c3 = np.array([12.0 / L ** 3, 6.0 / L ** 2, -12.0 / L ** 3, 6.0 / L ** 2]) @ q.reshape(4, 2)
    gg = a @ a
    K = co._cross(a, b) / gg
    return g.prm[row, 3] * v_ale * (co._cross(a, c3) / gg - 2.0 * K * (a @ b) / gg)


def convective_velocities(ltg, L, xs, q_tot, v):
    """v_ALE r'(x) (len(xs), 2) at the points xs of the ALE element of coordinates ltg (9)."""
    from . import cable_outputs as co
    q = q_tot[ltg[:8]]
    return np.array([v[ltg[8]] * co._axis(co.shape_matrix(x, L), 1, q) for x in xs]).reshape(-1, 2)


class ALECableMarkers(CableMarkers):
    """CableMarkers on ALE cables: velocities of the moving material; MarkerBodyMass also acts on
    q_ALE (Jpos column int r' dx / L)."""
    kernel, layout = kg.ale_cable_markers, kg.ALE_CABLE_MARKERS
    width = 9


__all__ = ["ALEANCFCable2DBodies", "ALECableMarkers"]
