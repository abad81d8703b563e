"""The sensors of a solve, evaluated at each output step as groups.

sensor_values evaluates one sensor through the general output functions (GetNodeOutput,
GetObjectOutputBody, GetObjectOutput), which check the request and look the item up every time:
some 20 us per sensor, where a chain of 16 rigid bodies takes 80 us per time step. A plan
groups the sensors once per solve by what they read and reads each group with one array
operation per output step:

- node sensors of Coordinates / Coordinates_t: rows of the ODE2 state;
- node sensors of Position, Velocity of nodes whose position is their first coordinates (point
  and rigid-body nodes: the groups' position_coordinates): those rows of the state, the
  positions plus the reference values, without frames;
- node sensors of Position, Velocity, AngularVelocity, RotationMatrix of other nodes with
  frames, and of AngularVelocity, RotationMatrix of those: rows of the node frames;
- body sensors of Position, Velocity of bodies with frames (a local point): body_points, the
  arithmetic of body_output; of the accelerations of rigid bodies (3D): acceleration_outputs,
  the function of their body_output;
- marker sensors of Position, Velocity: rows of the markers' frames of the kinematics;
- load sensors of loads without user functions: rows of their group's values (load_values);
- object sensors of connectors and constraints: rows of their group's outputs (computed once
  per output step by the output batch; an output the group computes alone, where its sensor is
  the only one reading the group: item_outputs.group_output); of the outputs that are the multipliers alone (the
  constraint forces of CoordinateConstraint, DistanceConstraint, SphericalJoint,
  RevoluteJoint2D: the groups' LAMBDA_OUTPUTS), rows of ``lambda_output``, with no kinematics.

Where the sensors are all read in groups and none reads an object or a marker, only the frames of the node
groups and of the sensors' body groups are computed (item_outputs.own_frames), not every frame
and marker of the kinematics.

The rows are the numbers sensor_values gives, bit for bit (test); every other sensor (loads with
user functions, user-function sensors, other output variables: energies, displacements, ...) is
evaluated by sensor_values. A plan is
made again when a parameter changed after Assemble (CompiledSystem.parameter_version); it
also lists the sensors that store their values (storeInternal).

Per output step (``record``) the grouped sensors that store their values write them into one
row of the plan's RowBlock (output/sensor_store.py), each group into its slice of columns;
groups whose values are entries of one array (coordinates, node frames, multipliers) take
them into the row directly. Grouped sensors neither stored nor written to a file are not
evaluated. Per step about 3.5 us for a node position and a constraint force, against 7.6 us
for the values and 3.4 us for the rows of one array per sensor and step before.
"""
from __future__ import annotations

import numpy as np

from ..enums import ConfigurationType, OutputVariableType
from ..equations.rigid import ACCELERATION_OUTPUTS
from .item_outputs import _kinematics, body_points, group_output, own_frames
from .sensor_store import RowBlock, SensorRows

CFG = ConfigurationType
OVT = OutputVariableType

_NODE_FRAME = {OVT.Position: "pos", OVT.Velocity: "vel", OVT.AngularVelocity: "omega", OVT.RotationMatrix: "A"}


class SensorPlan:
    """Sensor groups of one assembled system (module docstring); ``files``: the sensors written
    to files."""

    def __init__(self, mbs, c, files=()):
        from .sensors import sensor_values
        self.mbs, self.c = mbs, c
        self.version = c.parameter_version
        self.sensor_values = sensor_values
        self.current = c.states[CFG.Current]
        records = mbs._items["sensor"]
        self.stored = [i for i, r in enumerate(records) if r.values["storeInternal"]]
        stored, files = set(self.stored), set(files)
        self._stored_set = stored
        keyed = {}
        self.single = []
        _, eq, st = _kinematics(mbs, CFG.Current)
        for i, r in enumerate(records):
            key, arg = self._key(c, eq, st, r)
            if key is None:
                self.single.append(i)
            elif i in stored or i in files:
                # (a grouped sensor neither stored nor written to a file is not evaluated)
                sensors, args = keyed.setdefault(key + (i in stored,), ([], []))
                sensors.append(i)
                args.append(arg)
        self.groups = [(key, np.array(sensors, dtype=np.int64), self._arrays(key, args))
                       for key, (sensors, args) in keyed.items()]
        # the state's rows (coordinates, accelerations) need no frames; node and body sensors
        # alone only the frames of the node groups and of the sensors' body groups (own_frames),
        # not every frame and marker of the kinematics
        kinds = {key[0] for key in keyed}
        self.frames = bool(kinds & {"node", "body", "object", "marker"})
        self.own_frames = None
        self.body_parts = {}       # id(body group) -> the parts of its frames that body sensors read
        if self.frames and not kinds & {"object", "marker"} and not self.single:
            bodies, objects = {}, {}
            for key, _, arr in self.groups:
                if key[0] == "body":
                    for b in arr[0]:
                        g = c.object_group[int(b)][0]
                        bodies[id(g)] = g
                        objects.setdefault(id(g), set()).add(int(b))
            for k, g in bodies.items():
                if hasattr(g, "frame_parts"):
                    self.body_parts[k] = g.frame_parts(sorted(objects[k]))
            self.own_frames = (c.node_groups if "node" in kinds else [], list(bodies.values()))
        # object sensors of a group that reads one output alone: that output computed alone
        # (group_output), else all outputs once
        reads = {}
        for key in keyed:
            if key[0] == "object":
                reads[key[2]] = reads.get(key[2], 0) + 1
        self.alone = {g: k == 1 for g, k in reads.items()}
        # outputs of the whole kinematics and of the groups need an output batch around record
        self.batch = self.own_frames is None and (self.frames or bool(self.single))
        self.block = None          # RowBlock of the stored grouped sensors (made at the first record)
        self.slots = None          # per group: where its values go and where they come from (_layout)
        self.columns = {}          # sensor -> (stored, first column, end column) of its values
        self.scratch = None        # the values of the grouped sensors that are not stored (files)
        self.time_row = np.empty(1)
        self.last_row = None
        self.single_values = {}

    @staticmethod
    def _key(c, eq, st, r):
        """(group key, per-sensor argument) of a sensor read as a group, or (None, None)."""
        t = r.spec.type_name
        v = r.values
        if t == "Node":
            n = int(v["nodeNumber"])
            var = OVT(int(v["outputVariableType"]))
            rec = c.items["node"][n]
            if var.name not in rec.spec.outputs or rec.spec.type_name == "GenericData":
                return None, None
            k = int(c.node_n_ode2[n])
            if var in (OVT.Coordinates, OVT.Coordinates_t) and k > 0:
                return ("coordinates", var, k), int(c.node_ode2_start[n])
            d = getattr(c.node_group_of[n], "position_coordinates", 0)
            if var in (OVT.Position, OVT.Velocity) and 0 < d <= k:
                # the frame's position / velocity: the first d coordinates (node groups'
                # position_coordinates), read from the state without frames
                return ("translation", var), (int(c.node_ode2_start[n]), d)
            if var in _NODE_FRAME and getattr(c.node_group_of[n], "has_frame", False):
                return ("node", var), n
            return None, None
        if t == "Body":
            b = int(v["bodyNumber"])
            var = OVT(int(v["outputVariableType"]))
            g, row = c.object_group.get(b, (None, None))
            loc = np.asarray(v["localPosition"], dtype=float)
            if g is None or loc.shape != (3,):
                return None, None
            if var in ACCELERATION_OUTPUTS and hasattr(g, "acceleration_outputs"):
                return ("acceleration", var, id(g), g.node_kind(row)), (g, row, loc)
            if var not in (OVT.Position, OVT.Velocity) or not getattr(g, "has_frame", False):
                return None, None
            if hasattr(g, "body_output") and g.body_output(eq, st, row, var, loc) is not None:
                return None, None       # the group computes this output itself
            return ("body", var), (b, loc)
        if t == "Marker":
            var = OVT(int(v["outputVariableType"]))
            if var in (OVT.Position, OVT.Velocity):
                return ("marker", var), int(v["markerNumber"])
            return None, None
        if t == "Load":
            # the loads of a group without user functions: rows of its values (load_values' numbers)
            g, row = c.load_group.get(int(v["loadNumber"]), (None, None))
            if g is None or getattr(g, "has_uf", True) or not hasattr(g, "values"):
                return None, None
            return ("load", id(g)), (g, row)
        if t == "Object":
            o = int(v["objectNumber"])
            var = OVT(int(v["outputVariableType"]))
            g, row = c.object_group.get(o, (None, None))
            rec = c.items["object"][o]
            if g is None or not hasattr(g, "outputs") or var.name not in rec.spec.outputs:
                return None, None
            if var.name in getattr(g, "LAMBDA_OUTPUTS", ()):
                return ("lambda", var, id(g)), (g, row)
            return ("object", var, id(g)), (g, row)
        return None, None

    @staticmethod
    def _arrays(key, args):
        if key[0] == "coordinates":
            return np.array(args, dtype=np.int64)[:, None] + np.arange(key[2])[None, :]
        if key[0] in ("node", "marker"):
            return np.array(args, dtype=np.int64)
        if key[0] == "translation":
            # (m, 3) coordinate indices, -1 for the components that are zero
            idx = np.full((len(args), 3), -1, dtype=np.int64)
            for j, (start, d) in enumerate(args):
                idx[j, :d] = start + np.arange(d)
            return idx
        if key[0] == "body":
            # (bodies, local points, buffers of body_points' r, p, v)
            return (np.array([b for b, _ in args], dtype=np.int64),
                    np.ascontiguousarray(np.array([loc for _, loc in args], dtype=float).reshape(-1, 3)),
                    np.empty((3, len(args), 3)))
        if key[0] == "acceleration":
            g, rows, loc = (args[0][0], np.array([row for _, row, _ in args], dtype=np.int64),
                            np.array([loc for _, _, loc in args]))
            # (the group's reader of these points where it has one: indices and buffers made once)
            reader = g.acceleration_reader(rows, key[1], loc, key[3]) if hasattr(g, "acceleration_reader") else None
            return (g, rows, loc, reader)
        return (args[0][0], np.array([row for _, row in args], dtype=np.int64))

    def _frames(self):
        """(equations, node frames, body frames) at the current state, as the plan needs them."""
        c = self.c
        if self.own_frames is not None:
            st = self.current
            nodes, bodies = self.own_frames
            node_frames = own_frames(c, "node_output_frames", nodes, st.q, st.v) if nodes else None
            body_frames = own_frames(c, "body_output_frames", bodies, st.q, st.v, self.body_parts) if bodies else None
            return c.equations, node_frames, body_frames
        if self.frames:
            _, eq, _ = _kinematics(self.mbs, CFG.Current)
        else:
            eq = c.equations
        return eq, eq.node_frames, eq.body_frames

    def _group_values(self, key, arr, eq, node_frames, body_frames):
        """The values (m, k) of one group's sensors at the current state."""
        st = self.current
        kind, var = key[0], key[1]
        if kind == "coordinates":
            return (st.q if var == OVT.Coordinates else st.v)[arr]
        if kind == "node":
            return getattr(node_frames, _NODE_FRAME[var])[arr].reshape(len(arr), -1)
        if kind == "marker":
            return (eq.markers.pos if var == OVT.Position else eq.markers.vel)[arr]
        if kind == "translation":
            k = np.maximum(arr, 0)
            # q_tot = q_ref + q, as the frame kernels form it
            vals = self.c.q_ref[k] + st.q[k] if var == OVT.Position else st.v[k]
            vals[arr < 0] = 0.0
            return vals
        if kind == "body":
            _, p, v = body_points(body_frames, arr[0], arr[1], out=arr[2])
            return p if var == OVT.Position else v
        if kind == "acceleration":
            g, rows, loc, reader = arr
            return reader(st) if reader is not None else g.acceleration_outputs(st, rows, var, loc, key[3])
        g, rows = arr
        if kind == "load":
            return np.asarray(g.values(st.t, 1.0), dtype=float)[rows].reshape(len(rows), -1)
        if kind == "lambda":
            return np.asarray(g.lambda_output(var.name, st.lam), dtype=float)[rows].reshape(len(rows), -1)
        out = group_output(self.c, g, eq, st, var.name, self.alone[key[2]])
        picked = [out[r] for r in rows] if isinstance(out, list) else out[rows]
        return np.asarray(picked, dtype=float).reshape(len(rows), -1)

    def _layout(self, values, store):
        """Columns of the grouped sensors' values, group by group, in the rows of the block (the
        stored sensors; column 0 the time) and in the scratch row (the others), from the first
        values; each stored sensor's rows (store: sensor -> SensorRows) refer to its columns."""
        ends = {True: 1, False: 0}
        self.slots = []
        for (key, sensors, arr), vals in zip(self.groups, values):
            kept = key[-1]
            m = len(sensors)
            k = vals.size // m
            a = ends[kept]
            ends[kept] = a + m * k
            # where the values are entries of one array: that array (a state vector or a node
            # frame's) and the flat indices of the entries (-1: a zero)
            source, take, reference = None, None, None
            if key[0] == "coordinates":
                source, take = ("q" if key[1] == OVT.Coordinates else "v"), arr.ravel()
            elif key[0] == "translation":
                source, take = ("q" if key[1] == OVT.Position else "v"), arr.ravel()
            elif key[0] == "node":
                w = 9 if key[1] == OVT.RotationMatrix else 3
                source, take = _NODE_FRAME[key[1]], (arr[:, None] * w + np.arange(w)[None, :]).ravel()
            elif key[0] == "lambda":
                source, take = "lam", np.asarray(arr[0].lambda_indices(key[1].name))[arr[1]].ravel()
            zeros = None
            if take is not None:
                zeros = np.flatnonzero(take < 0)
                zeros = zeros if zeros.size else None
                take = np.maximum(take, 0).astype(np.int64)
                if key[0] == "translation" and key[1] == OVT.Position:
                    reference = np.empty(take.shape[0])     # the reference values' buffer
            self.slots.append((kept, a, a + m * k, key[0] == "node", source, take, zeros, reference))
            for j, i in enumerate(sensors):
                self.columns[int(i)] = (kept, a + j * k, a + (j + 1) * k)
        # (no block where no grouped sensor is stored: its rows would hold the time alone)
        self.block = RowBlock(ends[True]) if ends[True] > 1 else None
        self.scratch = np.empty(ends[False])
        for i, (kept, a, b) in self.columns.items():
            if kept:
                rows = store.get(i)
                if rows is None:
                    rows = store[i] = SensorRows()
                rows.attach(self.block, [0] + list(range(a, b)))

    def record(self, t, store):
        """Evaluate the sensors at the current state (inside output_batch where ``batch``): the
        stored grouped sensors' values into the next row of the block, the rows of the stored
        single sensors appended to ``store`` (sensor -> SensorRows); ``value(i)`` then gives the
        values of any sensor evaluated (for its file)."""
        eq, node_frames, body_frames = self._frames()
        values = None
        if self.slots is None:
            values = [self._group_values(key, arr, eq, node_frames, body_frames) for key, _, arr in self.groups]
            self._layout(values, store)
        row = self.block.next_row() if self.block is not None else self.time_row
        row[0] = t
        self.last_row = row
        scratch, st = self.scratch, self.current
        for j, (key, _, arr) in enumerate(self.groups):
            kept, a, b, frame, source, take, zeros, reference = self.slots[j]
            out = (row if kept else scratch)[a:b]
            if values is not None:
                out[:] = values[j].ravel()
            elif take is not None:
                # (the method, not np.take: 0.2 against 0.8 us; mode "clip": no buffered copy,
                # the indices are in range)
                getattr(node_frames if frame else st, source).take(take, out=out, mode="clip")
                if reference is not None:
                    self.c.q_ref.take(take, out=reference, mode="clip")
                    out += reference
                if zeros is not None:
                    out[zeros] = 0.0
            else:
                out[:] = self._group_values(key, arr, eq, node_frames, body_frames).ravel()
        self.single_values = {}
        for i in self.single:      # (user-function sensors are called whether stored or not)
            val = np.atleast_1d(np.asarray(self.sensor_values(self.mbs, i), dtype=float)).ravel()
            self.single_values[i] = val
            if i in self._stored_set:
                rows = store.get(i)
                if rows is None:
                    rows = store[i] = SensorRows()
                r = np.empty(val.shape[0] + 1)
                r[0] = t
                r[1:] = val
                rows.append(r)

    def value(self, i):
        """The values of sensor i at the last ``record`` (for its file)."""
        if i in self.single_values:
            return self.single_values[i]
        kept, a, b = self.columns[i]
        return (self.last_row if kept else self.scratch)[a:b]
