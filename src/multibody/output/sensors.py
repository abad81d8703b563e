"""Sensors: evaluation, files in Exudyn's format, internal storage."""
from __future__ import annotations

import numpy as np

from ..enums import ConfigurationType, OutputVariableType
from ..errors import AssemblyError, ExudynValueError
from ..items.spec import describe_item
from . import output_path
from .files import OutputFile, continue_file
from .item_outputs import output_batch
from .manager import fmt_row
from .sensor_store import SensorRows

CFG = ConfigurationType
OVT = OutputVariableType

_TARGET = {"Node": ("nodeNumber", "node"), "Object": ("objectNumber", "object"),
           "Body": ("bodyNumber", "object"), "Marker": ("markerNumber", "marker"),
           "Load": ("loadNumber", "load")}


def check_sensors(c):
    """Assemble(): sensor references exist and the output variable is supported."""
    from .item_outputs import supported_outputs
    sensors = c.items["sensor"]
    for i, r in enumerate(sensors):
        t = r.spec.type_name
        if t in _TARGET:
            param, family = _TARGET[t]
            k = int(r.values[param])
            if not 0 <= k < len(c.items[family]):
                raise AssemblyError(f"{describe_item(r.spec, i, r.name)}: parameter '{param}' refers to "
                                    f"{family} {k}, which does not exist")
            if t in ("Body", "Object"):
                _check_body_kind(c, r, i, t, k)
            if t != "Load":
                ovt = r.values["outputVariableType"]
                sup = supported_outputs(c, family, k, body=(t == "Body"))
                if ovt == OVT._None or ovt.name not in sup:
                    raise AssemblyError(f"{describe_item(r.spec, i, r.name)}: outputVariableType {ovt} is not "
                                        f"supported by {c.describe(family, k)}; supported: {', '.join(sup)}")
        elif t == "UserFunction":
            for k in r.values["sensorNumbers"]:
                if not 0 <= int(k) < len(sensors):
                    raise AssemblyError(f"{describe_item(r.spec, i, r.name)}: parameter 'sensorNumbers' "
                                        f"refers to sensor {int(k)}, which does not exist")


_CABLES = ("ANCFCable2D", "ALEANCFCable2D")


def _check_body_kind(c, r, i, t, k):
    """SensorBody needs a body, SensorObject an object that is not a body (Exudyn 1.13.6 refuses
    both at Assemble)."""
    orec = c.items["object"][k]
    is_body = "Body" in orec.spec.flags or orec.spec.type_name in _CABLES
    if t == "Body" and not is_body:
        raise AssemblyError(f"{describe_item(r.spec, i, r.name)}: parameter 'bodyNumber' refers to "
                            f"{c.describe('object', k)}, which is not a body; use SensorObject")
    if t == "Object" and is_body:
        raise AssemblyError(f"{describe_item(r.spec, i, r.name)}: parameter 'objectNumber' refers to "
                            f"{c.describe('object', k)}, which is a body; use SensorBody")


def sensor_values(mbs, i, configuration=CFG.Current):
    from .item_outputs import body_output, load_values, marker_output, node_output, object_output
    r = mbs._items["sensor"][i]
    t = r.spec.type_name
    v = r.values
    if t == "Node":
        return node_output(mbs, int(v["nodeNumber"]), v["outputVariableType"], configuration)
    if t == "Object":
        return object_output(mbs, int(v["objectNumber"]), v["outputVariableType"], configuration)
    if t == "Body":
        return body_output(mbs, int(v["bodyNumber"]), v["outputVariableType"], v["localPosition"], configuration)
    if t == "Marker":
        return marker_output(mbs, int(v["markerNumber"]), v["outputVariableType"], configuration)
    if t == "Load":
        return load_values(mbs, int(v["loadNumber"]))
    if t == "UserFunction":
        f = v["sensorUserFunction"]
        if not f:
            return 0.0
        c = mbs._require_assembled("GetSensorValues")
        t_now = c.state(configuration).t
        out = c.call_user("sensorUserFunction", i, f, t_now, [int(k) for k in v["sensorNumbers"]],
                          list(v["factors"]), configuration, family="sensor")
        return c.user_array("sensorUserFunction", i, out, (-1,), family="sensor", finite=False)
    raise ExudynValueError(f"sensor type {t} not supported")


def sensor_stored_data(mbs, i):
    r = mbs._items["sensor"][i]
    if not r.values["storeInternal"]:
        raise ExudynValueError(f"GetSensorStoredData: {describe_item(r.spec, i, r.name)} has "
                               "storeInternal=False; no data stored")
    data = mbs.sys.get("_sensorData", {}).get(i)
    if data is None:
        return np.zeros((0, 0))
    return data.array()


class SensorOutput:
    """Files and storage of all sensors during one solve."""

    def __init__(self, mbs, settings, solver, precision):
        self.mbs, self.settings, self.solver, self.precision = mbs, settings, solver, precision
        self.files = {}
        sol = settings.solution.sensors
        self.active = bool(sol.active)
        self.any_active = len(mbs._items["sensor"]) > 0
        self.plan = None        # SensorPlan, made at the first write

    def begin(self, resume_sizes=None):
        """Open the sensor files. ``resume_sizes``: a solve continued from a restart file (its
        sensorFileSizes, in the order of the sensors writing files): each file cut back to its
        size then and continued, without a new header (a file missing then is begun)."""
        mbs = self.mbs
        store = mbs.sys.setdefault("_sensorData", {})
        append = bool(self.settings.solution.sensors.append)
        k = 0
        for i, r in enumerate(mbs._items["sensor"]):
            v = r.values
            if v["storeInternal"] and (not append or i not in store):
                store[i] = SensorRows()
            if self.active and v["writeToFile"] and v["fileName"]:
                size = None
                if resume_sizes is not None:
                    size = resume_sizes[k] if k < len(resume_sizes) else -1
                k += 1
                self._open(i, r, append, size)

    def file_sizes(self):
        """The sizes of the open sensor files (flushed), for a restart file."""
        sizes = []
        for f in self.files.values():
            f.flush()
            sizes.append(f.tell())
        return sizes

    def _open(self, i, r, append, resume_size=None):
        name = output_path(r.values["fileName"])
        if resume_size is not None:
            self.files[i] = continue_file(name, resume_size, "sensor file")
            return
        f = OutputFile(name, "a" if append else "w", "sensor file", f" (sensor number {i})")
        self.files[i] = f
        if self.settings.solution.sensors.writeHeader:
            from .manager import _now, version_string
            t = r.spec.type_name
            static = " static" if self.solver.is_static else ""
            f.write(f"#Exudyn {self.solver.solver_name}{static} sensor output file\n")
            if t == "UserFunction":
                f.write("#measure UserFunction\n")
            else:
                param = _TARGET[t][0]
                f.write(f"#measure {t} number = {int(r.values[param])}\n")
            ovt = r.values.get("outputVariableType", OVT._None) if t not in ("Load", "UserFunction") else OVT._None
            f.write(f"#OutputVariableType = {ovt.name}\n")
            f.write(f"#simulation started = {_now()}\n")
            f.write("#columns contain: time, comma separated sensor values (e.g, x,y,z position coordinates)\n")
            n = np.size(sensor_values(self.mbs, i))
            f.write(f"#number of sensor values = {n}\n")
            f.write(f"#Exudyn version = {version_string()}\n")
            f.write("#\n")

    def write(self, t):
        store = self.mbs.sys["_sensorData"]
        c = self.mbs._compiled
        plan = self.plan
        if plan is None or plan.c is not c or plan.version != c.parameter_version:
            c = self.mbs._require_assembled("sensor output")
            from .sensor_plan import SensorPlan
            plan = self.plan = SensorPlan(self.mbs, c, self.files)
        if not self.active:
            # nothing is stored or written; user-function sensors are still called
            with output_batch(c):
                for i in plan.single:
                    sensor_values(self.mbs, i)
            return
        if plan.batch:
            with output_batch(c):
                plan.record(t, store)
        else:
            plan.record(t, store)
        if self.files:
            p = self.precision
            for i, f in self.files.items():
                f.write(fmt_row(t, plan.value(i), p))

    def flush(self):
        for f in self.files.values():
            f.flush()

    def end(self):
        """Every sensor file closed (each, whatever another's close does)."""
        files, self.files = list(self.files.values()), {}
        for f in files:
            f.close()
