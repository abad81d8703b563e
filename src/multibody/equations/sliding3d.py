"""ObjectJointSliding (spec joints.md): a position marker slides along a chain of ObjectANCFCable
elements; the group kernel is kernels/groups/sliding3d.py (the same design as ObjectJointSliding2D).

The rows reach the coordinates of every element of the chain: the group's columns are m0's K
columns and the union of the elements' coordinates (fixed at Assemble, so the sparsity pattern
stays), and the kernel writes the columns of the element in use. The data node [x0, x1] holds
the element index and the sliding coordinate at the start of the step; the AE coordinate s
(index 0) is its increment (the rows depend on it and on the multipliers: the group's AE block).
The reactions are C^T z with all of z, s included, as in Exudyn 1.13.6.
"""
from __future__ import annotations

import numpy as np

from ..enums import ConfigurationType
from ..errors import NotImplementedFeatureError, SolverError
from ..kernels import sliding3d as ks
from ..kernels.groups import sliding3d as kg
from .cables import cable_ltg_and_length, chain_columns
from .cables3d import BeamShapeMarkers
from .groups import CONSTRAINT_GROUPS, param_array, register
from .joints import JointGroup

_POSITION_MARKERS = ("BodyPosition", "NodePosition", "BodyRigid", "NodeRigid", "BodyMass", "NodeRigidBody")


@register(CONSTRAINT_GROUPS, "JointSliding")
class SlidingJoints3D(JointGroup):
    """ObjectJointSliding: [s, lambda0, lambda1, lambda2] of each item (kernels/sliding3d.py)."""
    kernel, layout = kg.sliding_joints_3d, kg.SLIDING_JOINTS_3D
    n_eq = 4
    ae_block = True
    switches_data = True
    # C_q v by the Jacobian (the initial accelerations): the rows have no velocity form
    velocity_form_beyond_jacobian = True

    def read_params(self, records):
        c = self.system
        n = self.n
        self.p_axialForce = param_array(records, "axialForce")
        n_el = [len(r.values["slidingMarkerNumbers"]) for r in records]
        w = max(n_el + [1])
        self.n_el = np.array(n_el, dtype=np.int64)
        self.offs, self.lens = np.zeros((n, w)), np.ones((n, w))
        self.cols = np.zeros((n, 12 * w), dtype=np.int64)
        self.data_index = np.zeros(n, dtype=np.int64)
        self.warned = np.zeros(n, dtype=np.int64)
        self.bad = np.zeros(n, dtype=bool)
        self.z = np.zeros((n, 4))
        unions = []
        for i, r in enumerate(records):
            self._check_item(i, r)
            union, cols = chain_columns(c, r.values["slidingMarkerNumbers"], 12)
            unions.append(union)
            self.cols[i, :cols.size] = cols + c.K
            for k, m in enumerate(r.values["slidingMarkerNumbers"]):
                body = int(c.items["marker"][int(m)].values["bodyNumber"])
                self.lens[i, k] = cable_ltg_and_length(c, body)[1]
            self.offs[i, :n_el[i]] = np.asarray(r.values["slidingMarkerOffsets"], dtype=float)
            flags = np.asarray(r.values["constrainTranslations"]).ravel()
            self.free_rows[i, 1:] = flags == 0
        W = max(len(u) for u in unions)
        self.cable_ltg = -np.ones((n, W), dtype=np.int64)
        for i, u in enumerate(unions):
            self.cable_ltg[i, :len(u)] = u
        self.L = c.K + W

    def _error(self, i, r, parameter, received, expected):
        self.system.parameter_error(self, int(self.items[i]), r, parameter, received, expected)

    def _check_item(self, i, r):
        """Exudyn 1.13.6's checks at Assemble (marker types, offsets, data node), the rotation
        constraints it refuses at its first step, the lists it does not check."""
        c = self.system
        item = int(self.items[i])
        markers = c.items["marker"]
        m0, m1 = (int(m) for m in r.values["markerNumbers"])
        rot = [int(x) for x in np.asarray(r.values["constrainRotations"]).ravel()]
        if len(rot) != 3:
            self._error(i, r, "constrainRotations", rot, "3 flags")
        if any(rot) and markers[m0].spec.type_name not in ("BodyRigid", "NodeRigid"):
            self._error(i, r, "constrainRotations", rot, "[0,0,0] (non-zero flags need m0 of type Position + "
                        f"Orientation, marker {m0} is a {markers[m0].spec.class_name}, and rotation constraints are "
                        "not implemented, as in Exudyn 1.13.6)")
        if any(rot):
            raise NotImplementedFeatureError(
                f"{c.describe('object', item)}: ObjectJointSliding: parameter 'constrainRotations' = {rot}: rotation "
                "constraints are not implemented (as in Exudyn 1.13.6); use constrainRotations=[0,0,0]")
        if markers[m0].spec.type_name not in _POSITION_MARKERS:
            self._error(i, r, "markerNumbers", f"marker {m0} ({markers[m0].spec.class_name})", "m0 must be a position marker")
        if markers[m1].spec.type_name != "BodyBeamShape":
            self._error(i, r, "markerNumbers", f"marker {m1} ({markers[m1].spec.class_name})",
                        "m1 must be a MarkerBodyBeamShape")
        ms = [int(m) for m in r.values["slidingMarkerNumbers"]]
        offs = np.asarray(r.values["slidingMarkerOffsets"], dtype=float).ravel()
        if len(ms) != offs.size:
            self._error(i, r, "slidingMarkerOffsets", f"{offs.size} entries",
                        f"one offset per entry of slidingMarkerNumbers ({len(ms)})")
        for m in ms:
            if not (0 <= m < len(markers) and isinstance(c.marker_group.get(m, (None,))[0], BeamShapeMarkers)):
                self._error(i, r, "slidingMarkerNumbers", f"marker {m}", "MarkerBodyBeamShape markers of ObjectANCFCable "
                            "elements")
        flags = np.asarray(r.values["constrainTranslations"]).ravel()
        if flags.size != 3:
            self._error(i, r, "constrainTranslations", flags.tolist(), "3 flags (0: free, else constrained)")
        self._check_data_node(i, r, len(ms))

    def _check_data_node(self, i, r, n_el):
        c = self.system
        item = int(self.items[i])
        nd = int(r.values["nodeNumber"])
        if nd < 0:
            self._error(i, r, "nodeNumber", nd, "a NodeGenericData with 2 data coordinates")
        c.check_node(self, item, r, nd, ("GenericData",))
        if int(c.node_n_data[nd]) != 2:
            self._error(i, r, "nodeNumber", f"node {nd} with {int(c.node_n_data[nd])} data coordinates",
                        "a NodeGenericData with 2 data coordinates [element index, sliding coordinate]")
        x0 = float(np.asarray(c.items["node"][nd].values["initialCoordinates"], dtype=float)[0])
        if not 0 <= x0 < n_el:
            self._error(i, r, "nodeNumber", f"initial element index {x0:g}",
                        f"an initial data coordinate 0 (element index) >= 0 and < {n_el}")
        self.data_index[i] = int(c.node_data_start[nd])

    def ltg(self, markers):
        return np.concatenate([markers.ltg[self.m0], self.cable_ltg], axis=1)

    def record_phases(self):
        return ("CONSTRAINTS", "AFTER_NEWTON")

    def record_parameters(self):
        return dict(axialForce=self.p_axialForce, offs=self.offs, lens=self.lens, z=self.z, m0=self.m0,
                    data_index=self.data_index, n_el=self.n_el, warned=self.warned, cols=self.cols, bad=self.bad)

    def update_parameter(self, row, name, value):
        if name in ("constrainRotations", "constrainTranslations", "slidingMarkerNumbers", "slidingMarkerOffsets",
                    "nodeNumber", "markerNumbers"):
            return False
        return super().update_parameter(row, name, value)

    def diagnose_nonfinite(self, markers):
        """The joint has no velocity-level (index 2) form."""
        bad = np.nonzero(self.bad)[0]
        if bad.size:
            self.bad[:] = False
            raise SolverError(f"{self.system.describe('object', int(self.items[bad[0]]))}: ObjectJointSliding has "
                              "no velocity-level (index 2) form (as in Exudyn 1.13.6: 'velocityLevel not possible'); "
                              "use an index 3 solver")

    # ------------------------------------------------------------ outputs
    def _data(self):
        return self.system.states[ConfigurationType.Current].x

    def outputs(self, markers, lam, t):
        x = self._data()
        return dict(Position=markers.pos[self.m0], Velocity=markers.vel[self.m0],
                    SlidingCoordinate=x[self.data_index + 1].copy(), Force=self.lam(lam)[:, 1:4].copy())

    def point(self, i, markers):
        """r, r', r'', r_t (4, 3) of item i at the data node's sliding coordinate (the drawing's)."""
        c, x = self.system, self._data()
        d = int(self.data_index[i])
        k = min(max(int(x[d]), 0), int(self.n_el[i]) - 1)
        r = np.zeros((4, 3))
        ks.sliding_3d_point(i, k, float(x[d + 1]), 0.0, self.cols, self.offs, self.lens,
                            np.ascontiguousarray(self.ltg(markers)), c.current_q_tot, c.current_v, r)
        return r

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
                print(f"WARNING: SlidingJoint: sliding coordinate {end}; further warnings suppressed!")
                self.warned[i] = -1
