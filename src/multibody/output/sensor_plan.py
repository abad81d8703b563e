"""The sensors of a solve, evaluated at each output step as groups.

sensor_values evaluates one sensor through the general output functions (GetNodeOutput,
GetObjectOutputBody, GetObjectOutput), which check the request and look the item up every time:
some 20 us per sensor, where a chain of 16 rigid bodies takes 80 us per time step. A plan
groups the sensors once per solve by what they read and reads each group with one array
operation per output step:

- node sensors of Coordinates / Coordinates_t: rows of the ODE2 state;
- node sensors of Position, Velocity, AngularVelocity, RotationMatrix of nodes with frames:
  rows of the node frames;
- body sensors of Position, Velocity of bodies with frames (a local point): body_points, the
  arithmetic of body_output; of the accelerations of rigid bodies (3D): acceleration_outputs,
  the function of their body_output;
- object sensors of connectors and constraints: rows of their group's outputs (computed once
  per output step by the output batch); of the outputs that are the multipliers alone (the
  constraint forces of CoordinateConstraint, DistanceConstraint, SphericalJoint,
  RevoluteJoint2D: the groups' LAMBDA_OUTPUTS), rows of ``lambda_output``, with no kinematics.

Where the sensors are all read in groups and none reads an object, only the frames of the node
groups and of the sensors' body groups are computed (item_outputs.own_frames), not every frame
and marker of the kinematics.

The rows are the numbers sensor_values gives, bit for bit (test); every other sensor (markers,
loads, user functions, accelerations, energies, ...) is evaluated by sensor_values. A plan is
made again when a parameter changed after Assemble (CompiledSystem.parameter_version); it
also lists the sensors that store their values (storeInternal).
"""
from __future__ import annotations

import numpy as np

from ..enums import ConfigurationType, OutputVariableType
from ..equations.rigid import ACCELERATION_OUTPUTS
from .item_outputs import _kinematics, body_points, group_outputs, own_frames

CFG = ConfigurationType
OVT = OutputVariableType

_NODE_FRAME = {OVT.Position: "pos", OVT.Velocity: "vel", OVT.AngularVelocity: "omega", OVT.RotationMatrix: "A"}


class SensorPlan:
    """Sensor groups of one assembled system (module docstring)."""

    def __init__(self, mbs, c):
        from .sensors import sensor_values
        self.mbs, self.c = mbs, c
        self.version = c.parameter_version
        self.sensor_values = sensor_values
        records = mbs._items["sensor"]
        self.n = len(records)
        self.stored = [i for i, r in enumerate(records) if r.values["storeInternal"]]
        keyed = {}
        self.single = []
        _, eq, st = _kinematics(mbs, CFG.Current)
        for i, r in enumerate(records):
            key, arg = self._key(c, eq, st, r)
            if key is None:
                self.single.append(i)
            else:
                sensors, args = keyed.setdefault(key, ([], []))
                sensors.append(i)
                args.append(arg)
        self.groups = [(key, np.array(sensors, dtype=np.int64), self._arrays(key, args))
                       for key, (sensors, args) in keyed.items()]
        # the state's rows (coordinates, accelerations) need no frames; node and body sensors
        # alone only the frames of the node groups and of the sensors' body groups (own_frames),
        # not every frame and marker of the kinematics
        kinds = {key[0] for key in keyed}
        self.frames = bool(kinds & {"node", "body", "object"})
        self.own_frames = None
        if self.frames and "object" not in kinds and not self.single:
            bodies = {}
            for key, _, arr in self.groups:
                if key[0] == "body":
                    for b in arr[0]:
                        g = c.object_group[int(b)][0]
                        bodies[id(g)] = g
            self.own_frames = (c.node_groups if "node" in kinds else [], list(bodies.values()))

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
        if key[0] == "node":
            return np.array(args, dtype=np.int64)
        if key[0] == "body":
            return (np.array([b for b, _ in args], dtype=np.int64), np.array([loc for _, loc in args]))
        if key[0] == "acceleration":
            return (args[0][0], np.array([row for _, row, _ in args], dtype=np.int64),
                    np.array([loc for _, _, loc in args]))
        return (args[0][0], np.array([row for _, row in args], dtype=np.int64))

    def values(self):
        """The value rows (1D arrays) of all sensors at the current state, in sensor order; call
        inside output_batch."""
        mbs, c = self.mbs, self.c
        if self.own_frames is not None:
            eq, st = c.equations, c.state(CFG.Current)
            node_frames = own_frames(c, "node_output_frames", self.own_frames[0], st.q, st.v)
            body_frames = own_frames(c, "body_output_frames", self.own_frames[1], st.q, st.v)
        else:
            if self.frames:
                _, eq, st = _kinematics(mbs, CFG.Current)
            else:
                eq, st = c.equations, c.state(CFG.Current)
            node_frames, body_frames = eq.node_frames, eq.body_frames
        out = [None] * self.n
        for key, sensors, arr in self.groups:
            kind, var = key[0], key[1]
            if kind == "coordinates":
                vals = (st.q if var == OVT.Coordinates else st.v)[arr]
            elif kind == "node":
                vals = getattr(node_frames, _NODE_FRAME[var])[arr].reshape(len(arr), -1)
            elif kind == "body":
                _, p, v = body_points(body_frames, arr[0], arr[1])
                vals = p if var == OVT.Position else v
            elif kind == "acceleration":
                g, rows, loc = arr
                vals = g.acceleration_outputs(st, rows, var, loc, key[3])
            elif kind == "lambda":
                g, rows = arr
                vals = np.asarray(g.lambda_output(var.name, st.lam), dtype=float)[rows].reshape(len(rows), -1)
            else:
                g, rows = arr
                vals = np.asarray(group_outputs(c, g, eq, st)[var.name], dtype=float)[rows].reshape(len(rows), -1)
            for j, i in enumerate(sensors):
                out[i] = vals[j]
        for i in self.single:
            out[i] = np.atleast_1d(np.asarray(self.sensor_values(mbs, i), dtype=float)).ravel()
        return out
