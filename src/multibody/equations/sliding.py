"""ObjectJointSliding2D (spec joints.md): a position (or rigid) marker slides along a chain of
ObjectANCFCable2D elements; the group kernel is kernels/groups/sliding.py.

The rows reach the coordinates of every element of the chain: the group's columns are m0's K
columns and the union of the elements' coordinates (fixed at Assemble, so the sparsity pattern
stays), and the kernel writes the columns of the element in use. The data node [x0, x1] holds
the element index and the sliding coordinate at the start of the step; the AE coordinate s is its
increment (the rows depend on it and on the multipliers: the group's AE block). The reactions are
C^T z with all of z, s included, as in Exudyn 1.13.6: in the local formulation s dc2/dq is a
tangential force s r' on the body (a point on a stiff straight cable speeds up from 0.5 to
0.504 m/s in 0.4 s on both codes).
"""
from __future__ import annotations

import numpy as np

from ..enums import ConfigurationType
from ..errors import AssemblyError, SolverError
from ..kernels import sliding as ks
from ..kernels.groups import sliding as kg
from .cables import Cable2DCoordinateMarkers, cable_ltg_and_length, chain_columns
from .groups import CONSTRAINT_GROUPS, param_array, register
from .joints import JointGroup

_POSITION_MARKERS = ("BodyPosition", "NodePosition", "BodyRigid", "NodeRigid")
_RIGID_MARKERS = ("BodyRigid", "NodeRigid")


@register(CONSTRAINT_GROUPS, "JointSliding2D")
class SlidingJoints2D(JointGroup):
    """ObjectJointSliding2D: [lambda0, lambda1, s (, lambda3)] of each item (kernels/sliding.py)."""
    kernel, layout = kg.sliding_joints_2d, kg.SLIDING_JOINTS_2D
    ae_block = True
    # C_q v by the Jacobian (the initial accelerations): the classical rows have no velocity form
    velocity_form_beyond_jacobian = True

    @classmethod
    def count(cls, record):
        return 4 if record.values["constrainRotation"] else 3

    @property
    def E(self):
        return self._E

    def setup(self, records):
        self._E = max(self.count(r) for r in records)
        super().setup(records)

    def read_params(self, records):
        c = self.system
        n = self.n
        self.classical = param_array(records, "useClassicalFormulation", bool)
        self.rotation = param_array(records, "constrainRotation", bool)
        self.p_axialForce = param_array(records, "axialForce")
        n_el = [len(r.values["slidingMarkerNumbers"]) for r in records]
        w = max(n_el + [1])
        self.n_el = np.array(n_el, dtype=np.int64)
        self.offs, self.lens = np.zeros((n, w)), np.ones((n, w))
        self.cols = np.zeros((n, 8 * w), dtype=np.int64)
        self.data_index = np.zeros(n, dtype=np.int64)
        self.warned = np.zeros(n, dtype=np.int64)
        self.bad = np.zeros(n, dtype=bool)
        self.z = np.zeros((n, self._E))
        self.union = []
        for i, r in enumerate(records):
            self._check_item(i, r)
            self._read_chain(i, r)
        W = max(len(u) for u in self.union)
        self.cable_ltg = -np.ones((n, W), dtype=np.int64)
        for i, u in enumerate(self.union):
            self.cable_ltg[i, :len(u)] = u
        self.cols += c.K
        self.L = c.K + W
        self.free_rows[:, 0] = ~self.classical          # local formulation: lambda0 = 0

    def _error(self, i, r, parameter, received, expected):
        self.system.parameter_error(self, int(self.items[i]), r, parameter, received, expected)

    def _check_item(self, i, r):
        """Exudyn 1.13.6's checks at Assemble: marker types, data node, lists, axialForce."""
        c = self.system
        item = int(self.items[i])
        markers = c.items["marker"]
        m0, m1 = (int(m) for m in r.values["markerNumbers"])
        need = _RIGID_MARKERS if self.rotation[i] else _POSITION_MARKERS
        if markers[m0].spec.type_name not in need:
            what = "a rigid marker (position + orientation; constrainRotation is True)" if self.rotation[i] \
                else "a position marker"
            self._error(i, r, "markerNumbers", f"marker {m0} ({markers[m0].spec.class_name})", f"m0 must be {what}")
        if markers[m1].spec.type_name != "BodyCable2DCoordinates":
            self._error(i, r, "markerNumbers", f"marker {m1} ({markers[m1].spec.class_name})",
                        "m1 must be a MarkerBodyCable2DCoordinates")
        ms, offs = r.values["slidingMarkerNumbers"], np.asarray(r.values["slidingMarkerOffsets"], dtype=float)
        if len(ms) != offs.size:
            self._error(i, r, "slidingMarkerOffsets", f"{offs.size} entries",
                        f"one offset per entry of slidingMarkerNumbers ({len(ms)})")
        nd = int(r.values["nodeNumber"])
        if nd < 0:
            self._error(i, r, "nodeNumber", nd, "a NodeGenericData with 2 data coordinates")
        c.check_node(self, item, r, nd, ("GenericData",))
        if int(c.node_n_data[nd]) != 2:
            self._error(i, r, "nodeNumber", f"node {nd} with {int(c.node_n_data[nd])} data coordinates",
                        "a NodeGenericData with 2 data coordinates [element index, sliding coordinate]")
        x0 = float(np.asarray(c.items["node"][nd].values["initialCoordinates"], dtype=float)[0])
        if not 0 <= x0 < len(ms):
            self._error(i, r, "nodeNumber", f"initial element index {x0:g}",
                        f"an initial data coordinate 0 (element index) >= 0 and < {len(ms)}")
        if not self.classical[i] and self.p_axialForce[i] != 0:
            self._error(i, r, "axialForce", self.p_axialForce[i], "0 (useClassicalFormulation is False)")
        self.data_index[i] = int(c.node_data_start[nd])

    def _read_chain(self, i, r):
        """The elements' offsets, lengths and columns (in the union of their coordinates)."""
        c = self.system
        markers = c.items["marker"]
        ms = [int(m) for m in r.values["slidingMarkerNumbers"]]
        for k, m in enumerate(ms):
            g = c.marker_group.get(m, (None,))[0] if 0 <= m < len(markers) else None
            if not isinstance(g, Cable2DCoordinateMarkers):
                self._error(i, r, "slidingMarkerNumbers", f"marker {m}",
                            "MarkerBodyCable2DCoordinates markers of ObjectANCFCable2D elements")
            self.lens[i, k] = cable_ltg_and_length(c, int(markers[m].values["bodyNumber"]))[1]
        union, self.cols[i, :8 * len(ms)] = chain_columns(c, ms, 8)
        self.offs[i, :self.n_el[i]] = np.asarray(r.values["slidingMarkerOffsets"], dtype=float)
        self.union.append(union)

    def ltg(self, markers):
        return np.concatenate([markers.ltg[self.m0], self.cable_ltg], axis=1)

    def record_phases(self):
        return ("CONSTRAINTS", "AFTER_NEWTON")

    def record_parameters(self):
        return dict(axialForce=self.p_axialForce, offs=self.offs, lens=self.lens, z=self.z, m0=self.m0,
                    data_index=self.data_index, n_el=self.n_el, warned=self.warned,
                    cols=self.cols, classical=self.classical, constrainRotation=self.rotation, bad=self.bad)

    def update_parameter(self, row, name, value):
        if name in ("useClassicalFormulation", "constrainRotation", "slidingMarkerNumbers", "slidingMarkerOffsets",
                    "nodeNumber", "markerNumbers"):
            return False
        return super().update_parameter(row, name, value)

    def diagnose_nonfinite(self, markers):
        """The classical formulation has no velocity-level form (index 2)."""
        bad = np.nonzero(self.bad)[0]
        if bad.size:
            self.bad[:] = False
            raise SolverError(f"{self.system.describe('object', int(self.items[bad[0]]))}: ObjectJointSliding2D "
                              "with useClassicalFormulation=True has no velocity-level (index 2) form; use "
                              "useClassicalFormulation=False or index 3")

    # ------------------------------------------------------------ outputs
    def _data(self):
        return self.system.states[ConfigurationType.Current].x

    def displacement(self, markers):
        """r - p_m0 (n, 3) in the cable's frame [t, n] (t = r' / |r'|, n = e_z x t), r at the
        sliding coordinate x1 of the data node on element x0 (measured against Exudyn 1.13.6)."""
        c, x = self.system, self._data()
        out = np.zeros((self.n, 3))
        r = np.zeros((6, 2))
        ltg = np.ascontiguousarray(self.ltg(markers))
        for i in range(self.n):
            d = int(self.data_index[i])
            k = min(max(int(x[d]), 0), int(self.n_el[i]) - 1)
            ks.sliding_2d_point(i, k, float(x[d + 1]), 0.0, self.cols, self.offs, self.lens, ltg, c.current_q_tot,
                                c.current_v, r)
            d = r[0] - markers.pos[self.m0[i], :2]
            t = r[1] / np.hypot(r[1, 0], r[1, 1])
            out[i, 0], out[i, 1] = t @ d, t[0] * d[1] - t[1] * d[0]
        return out

    def outputs(self, markers, lam, t):
        x = self._data()
        force = np.zeros((self.n, 3))
        force[:, :2] = self.lam(lam)[:, :2]
        return dict(Position=markers.pos[self.m0], Velocity=markers.vel[self.m0],
                    SlidingCoordinate=x[self.data_index + 1].copy(), Force=force,
                    DisplacementLocal=self.displacement(markers))

    def update_items(self):
        """The items' markerNumbers[1]: the marker of the element in use (Exudyn updates it after
        every converged step)."""
        x = self._data()
        for i, r in enumerate(self.records):
            k = min(max(int(x[int(self.data_index[i])]), 0), int(self.n_el[i]) - 1)
            r.values["markerNumbers"][1] = int(r.values["slidingMarkerNumbers"][k])

    def solve_ended(self):
        """update_items; the warnings of a chain's end reached."""
        self.update_items()
        for i in range(self.n):
            if self.warned[i] > 0:
                end = "< 0" if self.warned[i] == 1 else "> beam length"
                print(f"WARNING: SlidingJoint2D: sliding coordinate {end}; further warnings suppressed!")
                self.warned[i] = -1
