"""ObjectJointALEMoving2D (spec joints.md): a position marker held at the point of an axially
moving (ALE) cable at the global sliding coordinate q_ALE + slidingOffset; the element in use (a
data coordinate) switches after converged Newton solves (group kernel: kernels/groups/cables_ale.py).

The joint's coordinates are those of marker m0 followed by those of all its sliding elements
(nodes and the ALE coordinate once each), so that the Jacobian's pattern holds whichever element
is in use."""
from __future__ import annotations

import numpy as np

from ..enums import ConfigurationType
from ..errors import AssemblyError
from ..kernels.groups import cables_ale as kg
from .cables import chain_columns
from .constraints import ConstraintGroup
from .groups import CONSTRAINT_GROUPS, param_array, register


@register(CONSTRAINT_GROUPS, "JointALEMoving2D")
class ALEMovingJoints2D(ConstraintGroup):
    """x, y of r(s_el) - p_m0 = 0 (index 2: their rates with the convective term); penalty:
    - lambda / k added, an AE block dg/dlambda = -I / k (``ae_block``)."""
    n_eq = 2
    kernel, layout = kg.ale_joints, kg.ALE_JOINTS
    marker_reads = ()
    switches_data = True
    ae_block = True
    # the penalty rows keep their position form at index 2: the initial accelerations take
    # d(C v)/dq v from C v (solvers/implicit.py constraint_velocity_derivative)
    velocity_form_beyond_jacobian = True
    LAMBDA_OUTPUTS = ("Force",)

    def read_params(self, records):
        c = self.system
        n = self.n
        self.records = records
        slides = [[int(m) for m in r.values["slidingMarkerNumbers"]] for r in records]
        n_max = max([1] + [len(s) for s in slides])
        self.n_el = np.array([len(s) for s in slides], dtype=np.int64)
        self.el_L, self.el_off = np.zeros((n, n_max)), np.zeros((n, n_max))
        self.el_ltg = np.zeros((n, 8 * n_max), dtype=np.int64)
        self.el_cols = np.zeros((n, 9 * n_max), dtype=np.int64)
        self.data_index, self.ale = np.zeros(n, dtype=np.int64), np.zeros(n, dtype=np.int64)
        self.ale_ref = np.zeros(n)
        self.union = []
        for i, (r, s) in enumerate(zip(records, slides)):
            self._read_joint(i, r, s)
        self.U = max([1] + [len(u) for u in self.union])
        self.L = c.K + self.U
        self.s_off = param_array(records, "slidingOffset")
        self.penalty = param_array(records, "usePenaltyFormulation", bool)
        self.k = param_array(records, "penaltyStiffness")
        self.comp, self.lam = np.zeros(n), np.zeros((n, 2))
        self._compliances()
        self.error = np.zeros(n)

    def _fail(self, i, message):
        """Exudyn 1.13.6's ModelError of a joint's inconsistent data."""
        c = self.system
        raise AssemblyError(f"{c.describe('object', int(self.items[i]))} contains inconsistent data: "
                            f"ObjectJointALEMoving2D: {message}")

    def _read_joint(self, i, r, slides):
        c = self.system
        item = int(self.items[i])
        nodes = [int(x) for x in r.values["nodeNumbers"]]
        offsets = np.asarray(r.values["slidingMarkerOffsets"], dtype=float).ravel()
        if offsets.size != len(slides):
            self._fail(i, f"the slidingMarkerNumbers list (size={len(slides)}) must have same size as the "
                          f"slidingMarkerOffsets list (size={offsets.size})")
        m0 = int(r.values["markerNumbers"][0])
        if "Position" not in c.items["marker"][m0].spec.flags:
            self._fail(i, "Marker 0 must be of type = 'Position'")
        c.check_node(self, item, r, nodes[0], ("GenericData",))
        c.check_node(self, item, r, nodes[1], ())
        if c.items["node"][nodes[1]].spec.type_name != "GenericODE2":
            self._fail(i, "node must be of type 'GenericODE2'")
        if int(c.node_n_data[nodes[0]]) != 1:
            self._fail(i, f"NodeGenericData (Node {nodes[0]}) must have 1 coordinates (found: "
                          f"{int(c.node_n_data[nodes[0]])})")
        start = float(np.asarray(c.items["node"][nodes[0]].values["initialCoordinates"], dtype=float).ravel()[0])
        if not 0 <= start < len(slides):
            self._fail(i, f"initial Data variable must be >= 0 and < {len(slides)}")
        self.data_index[i] = int(c.node_data_start[nodes[0]])
        self.ale[i] = int(c.node_ode2_start[nodes[1]])
        for e, m in enumerate(slides):
            ltg9 = self._element_coordinates(i, e, m)
            if int(ltg9[8]) != self.ale[i]:
                self._fail(i, "node 1 must be the ALE node (NodeGenericODE2) of the sliding elements")
            self.el_ltg[i, 8 * e:8 * e + 8] = ltg9[:8]
            self.el_off[i, e] = offsets[e]
        union, cols = chain_columns(c, slides, 9)
        self.el_cols[i, :cols.size] = c.K + cols
        self.union.append(union)

    def _element_coordinates(self, i, e, m):
        """The 9 coordinates of the ALE cable of the body marker m (as Exudyn, any marker on the
        cable is taken; the length into el_L)."""
        c = self.system
        markers = c.items["marker"]
        b = int(markers[m].values.get("bodyNumber", -1)) if 0 <= m < len(markers) else -1
        g, row = c.object_group.get(b, (None, None))
        if g is None or getattr(g, "width", 0) != 9:
            self._fail(i, f"slidingMarkerNumbers: marker {m} must be a MarkerBodyCable2DCoordinates of an "
                          "ObjectALEANCFCable2D")
        self.el_L[i, e] = g.L[row]
        return g.ltg[row]

    def _compliances(self):
        k = np.where(self.k != 0, self.k, np.inf)
        self.comp[:] = np.where(self.penalty, -1.0 / k, 0.0)

    def refresh_record(self):
        """The ALE nodes' reference values (numbered after the groups are built)."""
        super().refresh_record()
        self.ale_ref[:] = self.system.q_ref[self.ale]

    def update_items(self):
        """markerNumbers[1] of each joint: the marker of the element in use (as Exudyn: after every
        converged step; called before step user functions and at the solve's end, as for the sliding
        joints, equations/sliding_joints.py)."""
        x = self.system.states[ConfigurationType.Current].x
        for i, r in enumerate(self.records):
            slides = list(r.values["slidingMarkerNumbers"])
            e = min(max(int(x[self.data_index[i]]), 0), len(slides) - 1)
            r.values["markerNumbers"] = [int(r.values["markerNumbers"][0]), int(slides[e])]

    def solve_ended(self):
        self.update_items()

    def record_phases(self):
        return ("CONSTRAINTS", "AFTER_NEWTON")

    def record_parameters(self):
        return dict(s_off=self.s_off, ale_ref=self.ale_ref, error=self.error, el_L=self.el_L, el_off=self.el_off,
                    m0=self.m0, data_index=self.data_index, ale=self.ale, n_el=self.n_el, el_ltg=self.el_ltg,
                    el_col=self.el_cols, penalty=self.penalty, comp=self.comp, lam=self.lam)

    def update_parameter(self, row, name, value):
        if name == "slidingOffset":
            self.s_off[row] = float(value)
            return True
        if name == "penaltyStiffness":
            self.k[row] = float(value)
            self._compliances()
            return True
        return super().update_parameter(row, name, value)

    def ltg(self, markers):
        out = -np.ones((self.n, self.L), dtype=np.int64)
        K = self.system.K
        out[:, :K] = markers.ltg[self.m0]
        for i, u in enumerate(self.union):
            out[i, K:K + len(u)] = u
        return out

    def lambda_indices(self, name):
        return np.concatenate([self.ae, np.full((self.n, 1), -1, dtype=self.ae.dtype)], axis=1)   # F_z = 0

    def outputs(self, markers, lam, t):
        c = self.system
        cur = c.states[ConfigurationType.Current]
        q = c.current_q if c.current_q is not None else cur.q
        s_ale = q[self.ale]
        x = cur.x[self.data_index] if cur.x.size else np.zeros(self.n)
        v = c.current_v[self.ale] if c.current_v is not None else cur.v[self.ale]
        return dict(Position=markers.pos[self.m0], Velocity=markers.vel[self.m0],
                    SlidingCoordinate=s_ale + self.s_off, Coordinates=np.stack([x, s_ale], axis=1),
                    Coordinates_t=v, Force=self.lambda_output("Force", lam))


__all__ = ["ALEMovingJoints2D"]
