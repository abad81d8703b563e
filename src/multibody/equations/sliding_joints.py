"""The sliding joints' common part (ObjectJointSliding2D: equations/sliding.py, ObjectJointSliding:
equations/sliding3d.py): a marker m0 slides along a chain of cable elements.

The rows reach the coordinates of every element of the chain: the group's columns are m0's K
columns and the union of the elements' coordinates (fixed at Assemble, so the sparsity pattern
stays), and the kernel writes the columns of the element in use. The data node [x0, x1] holds
the element index and the sliding coordinate at the start of the step; the AE coordinate s is its
increment (the rows depend on it and on the multipliers: the group's AE block). The group kernels
share the layout kernels/groups/sliding.py SLIDING_JOINTS.
"""
from __future__ import annotations

import numpy as np

from ..enums import ConfigurationType
from ..errors import SolverError
from .cables import cable_ltg_and_length, chain_columns
from .groups import param_array
from .joints import JointGroup


class SlidingJointGroup(JointGroup):
    """Base of the sliding joints' groups: the chains, the data node, outputs, markerNumbers[1]."""
    ae_block = True
    # C_q v by the Jacobian (the initial accelerations): the rows have no velocity form
    velocity_form_beyond_jacobian = True
    TYPE = ""                   # the item type (messages)
    WARNING = ""                # the name in Exudyn's warning of a chain's end reached
    INDEX2 = ""                 # why index 2 is refused
    WIDTH = 0                   # the coordinates of an element
    # the markers m1 and of the chain: type name, class name, marker group; the elements' type
    CHAIN = ("", "", None, "")
    FIXED = ("slidingMarkerNumbers", "slidingMarkerOffsets", "nodeNumber", "markerNumbers")

    def read_chains(self, records):
        """axialForce, the chains (offs, lens, cols, cable_ltg; _check_item each item first), the
        data coordinates' indices and the scratch arrays of the record."""
        c = self.system
        n = self.n
        self.p_axialForce = param_array(records, "axialForce")
        n_el = [len(r.values["slidingMarkerNumbers"]) for r in records]
        w = max(n_el + [1])
        self.n_el = np.array(n_el, dtype=np.int64)
        self.offs, self.lens = np.zeros((n, w)), np.ones((n, w))
        self.cols = np.zeros((n, self.WIDTH * w), dtype=np.int64)
        self.data_index = np.zeros(n, dtype=np.int64)
        self.warned = np.zeros(n, dtype=np.int64)
        self.bad = np.zeros(n, dtype=bool)
        self.z = np.zeros((n, self.E))
        unions = []
        for i, r in enumerate(records):
            self._check_item(i, r)
            ms = [int(m) for m in r.values["slidingMarkerNumbers"]]
            union, cols = chain_columns(c, ms, self.WIDTH)
            unions.append(union)
            self.cols[i, :cols.size] = cols + c.K
            for k, m in enumerate(ms):
                self.lens[i, k] = cable_ltg_and_length(c, int(c.items["marker"][m].values["bodyNumber"]))[1]
            self.offs[i, :n_el[i]] = np.asarray(r.values["slidingMarkerOffsets"], dtype=float).ravel()
        W = max(len(u) for u in unions)
        self.cable_ltg = -np.ones((n, W), dtype=np.int64)
        for i, u in enumerate(unions):
            self.cable_ltg[i, :len(u)] = u
        self.L = c.K + W

    def _check_item(self, i, r):
        """The item's checks at Assemble (raise)."""

    def _error(self, i, r, parameter, received, expected):
        self.system.parameter_error(self, int(self.items[i]), r, parameter, received, expected)

    def _check_markers(self, i, r, need, what):
        """m0 of a type in ``need`` (``what`` it must be), m1 of the CHAIN's type."""
        markers = self.system.items["marker"]
        m0, m1 = (int(m) for m in r.values["markerNumbers"])
        if markers[m0].spec.type_name not in need:
            self._error(i, r, "markerNumbers", f"marker {m0} ({markers[m0].spec.class_name})", f"m0 must be {what}")
        if markers[m1].spec.type_name != self.CHAIN[0]:
            self._error(i, r, "markerNumbers", f"marker {m1} ({markers[m1].spec.class_name})",
                        f"m1 must be a {self.CHAIN[1]}")

    def _check_offsets(self, i, r):
        """One offset per sliding marker."""
        ms, offs = r.values["slidingMarkerNumbers"], np.asarray(r.values["slidingMarkerOffsets"], dtype=float).ravel()
        if len(ms) != offs.size:
            self._error(i, r, "slidingMarkerOffsets", f"{offs.size} entries",
                        f"one offset per entry of slidingMarkerNumbers ({len(ms)})")

    def _check_chain(self, i, r):
        """The sliding markers: markers of the CHAIN's marker group."""
        c = self.system
        markers = c.items["marker"]
        _, name, group, element = self.CHAIN
        for m in (int(m) for m in r.values["slidingMarkerNumbers"]):
            if not (0 <= m < len(markers) and isinstance(c.marker_group.get(m, (None,))[0], group)):
                self._error(i, r, "slidingMarkerNumbers", f"marker {m}", f"{name} markers of {element} elements")

    def _check_data_node(self, i, r):
        """A NodeGenericData with 2 data coordinates, its initial element index within the chain."""
        c = self.system
        n_el = len(r.values["slidingMarkerNumbers"])
        nd = int(r.values["nodeNumber"])
        if nd < 0:
            self._error(i, r, "nodeNumber", nd, "a NodeGenericData with 2 data coordinates")
        c.check_node(self, int(self.items[i]), r, nd, ("GenericData",))
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
        """The layout's arrays (``classical``, ``rotation``: ObjectJointSliding2D's flags, the
        subclass's)."""
        return dict(axialForce=self.p_axialForce, offs=self.offs, lens=self.lens, z=self.z, m0=self.m0,
                    data_index=self.data_index, n_el=self.n_el, warned=self.warned, cols=self.cols, bad=self.bad,
                    classical=self.classical, constrainRotation=self.rotation)

    def update_parameter(self, row, name, value):
        if name in self.FIXED:
            return False
        return super().update_parameter(row, name, value)

    def diagnose_nonfinite(self, markers):
        """Index 2 asked of rows without a velocity-level form (``bad``)."""
        bad = np.nonzero(self.bad)[0]
        if bad.size:
            self.bad[:] = False
            raise SolverError(f"{self.system.describe('object', int(self.items[bad[0]]))}: {self.TYPE} {self.INDEX2}")

    # ------------------------------------------------------------ outputs
    def _data(self):
        return self.system.states[ConfigurationType.Current].x

    def element(self, i, x):
        """The element in use of item i (data coordinates x)."""
        return min(max(int(x[int(self.data_index[i])]), 0), int(self.n_el[i]) - 1)

    def outputs(self, markers, lam, t):
        x = self._data()
        return dict(Position=markers.pos[self.m0], Velocity=markers.vel[self.m0],
                    SlidingCoordinate=x[self.data_index + 1].copy(), Force=self.force(lam))

    def update_items(self):
        """The items' markerNumbers[1]: the marker of the element in use (Exudyn updates it after
        every converged step)."""
        x = self._data()
        for i, r in enumerate(self.records):
            r.values["markerNumbers"][1] = int(r.values["slidingMarkerNumbers"][self.element(i, x)])

    def solve_ended(self):
        """update_items; the warnings of a chain's end reached."""
        self.update_items()
        for i in range(self.n):
            if self.warned[i] > 0:
                end = "< 0" if self.warned[i] == 1 else "> beam length"
                print(f"WARNING: {self.WARNING}: sliding coordinate {end}; further warnings suppressed!")
                self.warned[i] = -1


__all__ = ["SlidingJointGroup"]
