"""ObjectJointSliding2D (spec joints.md): a position (or rigid) marker slides along a chain of
ObjectANCFCable2D elements; the group kernel is kernels/groups/sliding.py, the chain, the data
node and the outputs are the sliding joints' (equations/sliding_joints.py).

The reactions are C^T z with all of z, s included, as in Exudyn 1.13.6: in the local formulation
s dc2/dq is a tangential force s r' on the body (a point on a stiff straight cable speeds up from
0.5 to 0.504 m/s in 0.4 s on both codes).
"""
from __future__ import annotations

import numpy as np

from ..kernels import sliding as ks
from ..kernels.groups import sliding as kg
from .cables import Cable2DCoordinateMarkers
from .groups import CONSTRAINT_GROUPS, param_array, register
from .sliding_joints import SlidingJointGroup

_POSITION_MARKERS = ("BodyPosition", "NodePosition", "BodyRigid", "NodeRigid")
_RIGID_MARKERS = ("BodyRigid", "NodeRigid")


@register(CONSTRAINT_GROUPS, "JointSliding2D")
class SlidingJoints2D(SlidingJointGroup):
    """ObjectJointSliding2D: [lambda0, lambda1, s (, lambda3)] of each item (kernels/sliding.py)."""
    kernel, layout = kg.sliding_joints_2d, kg.SLIDING_JOINTS
    TYPE, WARNING, WIDTH = "ObjectJointSliding2D", "SlidingJoint2D", 8
    CHAIN = ("BodyCable2DCoordinates", "MarkerBodyCable2DCoordinates", Cable2DCoordinateMarkers, "ObjectANCFCable2D")
    FIXED = SlidingJointGroup.FIXED + ("useClassicalFormulation", "constrainRotation")
    INDEX2 = ("with useClassicalFormulation=True has no velocity-level (index 2) form; use "
              "useClassicalFormulation=False or index 3")

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
        self.classical = param_array(records, "useClassicalFormulation", bool)
        self.rotation = param_array(records, "constrainRotation", bool)
        self.read_chains(records)
        self.free_rows[:, 0] = ~self.classical          # local formulation: lambda0 = 0

    def _check_item(self, i, r):
        """Exudyn 1.13.6's checks at Assemble: marker types, lists, data node, axialForce."""
        if self.rotation[i]:
            self._check_markers(i, r, _RIGID_MARKERS,
                                "a rigid marker (position + orientation; constrainRotation is True)")
        else:
            self._check_markers(i, r, _POSITION_MARKERS, "a position marker")
        self._check_offsets(i, r)
        self._check_data_node(i, r)
        if not self.classical[i] and self.p_axialForce[i] != 0:
            self._error(i, r, "axialForce", self.p_axialForce[i], "0 (useClassicalFormulation is False)")
        self._check_chain(i, r)

    # ------------------------------------------------------------ outputs
    def displacement(self, markers):
        """r - p_m0 (n, 3) in the cable's frame [t, n] (t = r' / |r'|, n = e_z x t), r at the
        sliding coordinate x1 of the data node on element x0 (measured against Exudyn 1.13.6)."""
        c, x = self.system, self._data()
        out = np.zeros((self.n, 3))
        r = np.zeros((6, 2))
        ltg = np.ascontiguousarray(self.ltg(markers))
        for i in range(self.n):
            ks.sliding_point(i, self.element(i, x), float(x[int(self.data_index[i]) + 1]), 0.0, self.cols, self.offs,
                             self.lens, ltg, c.current_q_tot, c.current_v, r)
            d = r[0] - markers.pos[self.m0[i], :2]
            t = r[1] / np.hypot(r[1, 0], r[1, 1])
            out[i, 0], out[i, 1] = t @ d, t[0] * d[1] - t[1] * d[0]
        return out

    def force(self, lam):
        """[lambda0, lambda1, 0] (n, 3)."""
        force = np.zeros((self.n, 3))
        force[:, :2] = self.lam(lam)[:, :2]
        return force

    def outputs(self, markers, lam, t):
        return dict(super().outputs(markers, lam, t), DisplacementLocal=self.displacement(markers))
