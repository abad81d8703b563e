"""ObjectJointSliding (spec joints.md): a position marker slides along a chain of ObjectANCFCable
elements; the group kernel is kernels/groups/sliding3d.py, the chain, the data node and the
outputs are the sliding joints' (equations/sliding_joints.py). The AE coordinate s is index 0;
the reactions are C^T z with all of z, s included, as in Exudyn 1.13.6.
"""
from __future__ import annotations

import numpy as np

from ..errors import NotImplementedFeatureError
from ..kernels.sliding import sliding_point
from ..kernels.groups import sliding3d as kg
from .cables3d import BeamShapeMarkers
from .groups import CONSTRAINT_GROUPS, register
from .sliding_joints import SlidingJointGroup

_POSITION_MARKERS = ("BodyPosition", "NodePosition", "BodyRigid", "NodeRigid", "BodyMass", "NodeRigidBody")


@register(CONSTRAINT_GROUPS, "JointSliding")
class SlidingJoints3D(SlidingJointGroup):
    """ObjectJointSliding: [s, lambda0, lambda1, lambda2] of each item (kernels/sliding3d.py)."""
    kernel, layout = kg.sliding_joints_3d, kg.SLIDING_JOINTS
    n_eq = 4
    switches_data = True
    TYPE, WARNING, WIDTH = "ObjectJointSliding", "SlidingJoint", 12
    CHAIN = ("BodyBeamShape", "MarkerBodyBeamShape", BeamShapeMarkers, "ObjectANCFCable")
    FIXED = SlidingJointGroup.FIXED + ("constrainRotations", "constrainTranslations")
    INDEX2 = ("has no velocity-level (index 2) form (as in Exudyn 1.13.6: 'velocityLevel not possible'); "
              "use an index 3 solver")

    def read_params(self, records):
        self.read_chains(records)
        for i, r in enumerate(records):
            self.free_rows[i, 1:] = np.asarray(r.values["constrainTranslations"]).ravel() == 0
        self.classical = self.rotation = np.zeros(self.n, dtype=bool)     # ObjectJointSliding2D's flags: off

    def _check_item(self, i, r):
        """Exudyn 1.13.6's checks at Assemble (marker types, offsets, data node), the rotation
        constraints it refuses at its first step, the lists it does not check."""
        c = self.system
        markers = c.items["marker"]
        m0 = int(r.values["markerNumbers"][0])
        rot = [int(x) for x in np.asarray(r.values["constrainRotations"]).ravel()]
        if len(rot) != 3:
            self._error(i, r, "constrainRotations", rot, "3 flags")
        if any(rot) and markers[m0].spec.type_name not in ("BodyRigid", "NodeRigid"):
            self._error(i, r, "constrainRotations", rot, "[0,0,0] (non-zero flags need m0 of type Position + "
                        f"Orientation, marker {m0} is a {markers[m0].spec.class_name}, and rotation constraints are "
                        "not implemented, as in Exudyn 1.13.6)")
        if any(rot):
            raise NotImplementedFeatureError(
                f"{c.describe('object', int(self.items[i]))}: ObjectJointSliding: parameter 'constrainRotations' = "
                f"{rot}: rotation constraints are not implemented (as in Exudyn 1.13.6); use constrainRotations=[0,0,0]")
        self._check_markers(i, r, _POSITION_MARKERS, "a position marker")
        self._check_offsets(i, r)
        self._check_chain(i, r)
        flags = np.asarray(r.values["constrainTranslations"]).ravel()
        if flags.size != 3:
            self._error(i, r, "constrainTranslations", flags.tolist(), "3 flags (0: free, else constrained)")
        self._check_data_node(i, r)

    # ------------------------------------------------------------ outputs
    def force(self, lam):
        """[lambda0, lambda1, lambda2] (n, 3)."""
        return self.lam(lam)[:, 1:4].copy()

    def point(self, i, markers):
        """r, r', r'', r'_t, r''_t, r_t (6, 3) of item i at the data node's sliding coordinate."""
        c, x = self.system, self._data()
        r = np.zeros((6, 3))
        sliding_point(i, self.element(i, x), float(x[int(self.data_index[i]) + 1]), 0.0, self.cols, self.offs,
                      self.lens, np.ascontiguousarray(self.ltg(markers)), c.current_q_tot, c.current_v, r)
        return r
