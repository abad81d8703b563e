"""Record Exudyn 1.13.6 reference values of the utility functions of issue 40 (basicUtilities,
advancedUtilities energies and Jacobians, graphicsDataUtilities meshes, exudyn.solver helpers,
exudyn.demos).

Run with an interpreter that has Exudyn 1.13.6 installed:

    /path/to/exudyn-python tools/make_utilities40_reference.py

It builds the models of tests/api/utility_models.py with Exudyn, calls Exudyn's public functions
and writes inputs and results to tests/reference/utilities_issue40.json, which
tests/api/test_basic_utilities_more.py, test_energy_utilities.py, test_graphics_data_utilities_more.py,
test_solver_module.py and test_demos.py read (the tests never import exudyn).
"""
import base64
import contextlib
import io
import json
import os
import sys
import tempfile
import warnings
from pathlib import Path

import numpy as np

import exudyn as exu
import exudyn.demos as demos
import exudyn.graphicsDataUtilities as gdu
import exudyn.solver as solver
import exudyn.utilities as u

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.api import utility_models as models  # noqa: E402

OUTPUT = ROOT / "tests" / "reference" / "utilities_issue40.json"
OVT, CFG = exu.OutputVariableType, exu.ConfigurationType


def jsonable(x):
    if isinstance(x, (str, bool)) or x is None:
        return x
    if isinstance(x, dict):
        return {k: jsonable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [jsonable(v) for v in x]
    if isinstance(x, np.ndarray):
        return x.tolist()
    if isinstance(x, (np.integer, int)) or type(x).__name__.endswith("Index"):    # (ObjectIndex, ...)
        return int(x)
    return float(x)


def energies(build):
    mbs, _ = build(exu, u)
    loads = {"current": [], "reference": []}
    for i in range(mbs.systemData.NumberOfLoads()):
        loads["current"].append(u.LoadPotentialEnergy(mbs, i))
        try:
            loads["reference"].append(u.LoadPotentialEnergy(mbs, i, CFG.Reference))
        except exu.ExudynValueError:      # Exudyn has no Coordinates of a marker in the reference configuration
            loads["reference"].append("error")
    se = u.SystemEnergy(mbs)
    return {"loadPotentialEnergy": loads, "kineticObjects": se.kineticObjects, "potentialObjects": se.potentialObjects,
            "loads": se.loads, "unavailable": [[int(x[0]), x[1]] for x in se.unavailable],
            "systemEnergies": se.ComputeSystemEnergies()}


def simulation_settings(end_time, steps):
    ss = exu.SimulationSettings()
    ss.timeIntegration.endTime = end_time
    ss.timeIntegration.numberOfSteps = steps
    ss.solution.sensors.writePeriod = 0.02
    ss.solution.file.write = False
    return ss


def energy_sensors():
    mbs, _, mp, mp2, sd = models.two_mass_points(exu, u, gravity=(0, -9.81, 0))
    se = u.SystemEnergy(mbs)
    s_system = se.AddSensor()
    s_load = u.CreateLoadEnergySensor(mbs, 0)
    mbs.Assemble()
    mbs.SolveDynamic(simulation_settings(0.1, 10))
    return {"system": mbs.GetSensorStoredData(s_system), "load": mbs.GetSensorStoredData(s_load)}


def sensor_recorder():
    mbs, _, mp, mp2, sd = models.two_mass_points(exu, u, gravity=(0, -9.81, 0))
    s = mbs.AddSensor(u.SensorBody(bodyNumber=mp, outputVariableType=OVT.Position, writeToFile=False))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        r = u.AddSensorRecorder(mbs, s, 0.1, 0.02)
    mbs.Assemble()
    mbs.SolveDynamic(simulation_settings(0.1, 10))
    return {"sensor": int(r), "record": mbs.variables["sensorRecord" + str(int(s))]}


JACOBIAN_CASES = [("Force", [0, 1, 2, 3, 4, 5], False, 1e-6), ("Force", [0, 1, 2, 3, 4, 5], True, 1e-6),
                  ("Distance", [0, 4], False, 1e-4), ("Position", [0, 1, 2], False, 1e-6)]


def jacobians():
    mbs, _, mp, mp2, sd = models.two_mass_points(exu, u)
    out = []
    for what, coordinates, velocities, eps in JACOBIAN_CASES:
        if what == "Position":
            f = lambda: mbs.GetObjectOutputBody(mp, OVT.Position, [0, 0, 0])  # noqa: E731
        else:
            f = lambda what=what: mbs.GetObjectOutput(sd, getattr(OVT, what))  # noqa: E731
        out.append(u.NumericalJacobian(mbs, f, coordinates, velocities, eps))
    return {"cases": JACOBIAN_CASES, "results": out, "itemODE2": [u.ItemODE2Coordinates(mbs, mp),
                                                                  u.ItemODE2Coordinates(mbs, mp2),
                                                                  u.ItemODE2Coordinates(mbs, sd)]}


JOINT_CALLS = [("markerNumber0", "body1", None), ("markerNumber1", "body1", None),
               ("markerNumber0", "body1", 0.2), ("markerNumber1", "body1", 0.2), ("markerNumber0", "ground", None),
               ("markerNumber0", "point", None), ("nodeMarker0", "body1", 0.1)]


def joint_markers():
    """Each call on a fresh model with a rigid marker (local rotation RotationMatrixX(0.4)) on body0
    or a node marker on its node: the returned markers and the dicts of the new ones."""
    out = []
    for kind, other, angle in JOINT_CALLS:
        mbs, _, items = models.joint_bodies(exu, u)
        if kind == "nodeMarker0":
            m = mbs.AddMarker(u.MarkerNodeRigid(nodeNumber=items["node0"]))
        else:
            m = mbs.AddMarker(u.MarkerBodyRigid(bodyNumber=items["body0"], localHT=u.HomogeneousTransformation(
                u.RotationMatrixX(0.4), [0.5, 0.1, 0]), visualization=u.VMarkerBodyRigid(show=False)))
        rotation = None if angle is None else u.RotationMatrixY(angle)
        side = "1" if kind == "markerNumber1" else "0"
        body_arg = "bodyNumber0" if side == "1" else "bodyNumber1"
        args = {"markerNumber" + side: m, "rotationMarker" + side: rotation, body_arg: items[other]}
        result = u.GetJointArgs(mbs, **args)
        dicts = {k: mbs.GetMarker(k) for k in range(int(m) + 1, mbs.systemData.NumberOfMarkers())}
        new = {k: {"bodyNumber": d.get("bodyNumber"), "nodeNumber": d.get("nodeNumber"), "markerType": d["markerType"],
                   "localHT": d["localHT"]} for k, d in dicts.items()}
        out.append({"markerNumbers": result["markerNumbers"], "new": new})
    mbs, _, items = models.joint_bodies(exu, u)
    m = mbs.AddMarker(u.MarkerBodyPosition(bodyNumber=items["body0"], localPosition=[0.5, 0.1, 0]))
    other = {}
    for name in ("body1", "ground", "point"):
        k = u.GetOtherMarker(mbs, items[name], m, show=name != "point")
        other[name] = {"marker": k, "localHT": mbs.GetMarker(k)["localHT"], "show": mbs.GetMarker(k)["Vshow"]}
    return {"calls": JOINT_CALLS, "results": out, "otherMarker": other}


def meshes():
    rng = np.random.default_rng(5)
    nodes = [rng.normal(size=(6, 3)) for _ in range(5)]
    cases = []
    points = np.array([[0, 0], [0, 2], [2, 2], [2, 1], [1, 1], [0, 1], [1, 0]], float)
    cases.append((points, [[6, 0]] + [[i, i + 1] for i in range(6)]))
    square = [[0, 0], [1, 0], [2, 0], [3, 0], [3, 1], [3, 2], [3, 3], [2, 3], [1, 3], [0, 3], [0, 2], [0, 1]]
    inner = [[1.1, 1.2], [1.9, 1.05], [1.5, 1.8], [0.7, 2.2], [2.3, 2.4], [2.5, 0.7]]
    ring = [[i, (i + 1) % 12] for i in range(12)]
    cases.append((np.array(square + inner, float), ring))
    cases.append((np.array(square + inner, float), [[b, a] for a, b in ring]))
    outer, hole = [[0, 0], [4, 0], [4, 4], [0, 4]], [[1.5, 1.5], [2.5, 1.5], [2.5, 2.5], [1.5, 2.5]]
    extra = [[0.5, 2], [3.5, 2], [2, 0.5], [2, 3.5], [0.7, 0.6], [3.3, 3.4]]
    around_hole = [[0, 1], [1, 2], [2, 3], [3, 0], [4, 7], [7, 6], [6, 5], [5, 4]]
    cases.append((np.array(outer + hole + extra, float), around_hole))
    angle = np.linspace(0, 2 * np.pi, 14, endpoint=False)
    radius = np.where(np.arange(14) % 2 == 0, 2.0, 0.9)
    star = np.vstack([np.c_[radius * np.cos(angle), radius * np.sin(angle)], [[0.1, 0.05], [-0.2, 0.3]]])
    cases.append((star, [[i, (i + 1) % 14] for i in range(14)]))
    hull_points = rng.normal(size=(12, 3))
    from scipy.spatial import ConvexHull
    trigs = ConvexHull(hull_points).simplices.copy()
    center = hull_points.mean(0)
    for k, t in enumerate(trigs):
        n = np.cross(hull_points[t[1]] - hull_points[t[0]], hull_points[t[2]] - hull_points[t[0]])
        if n @ (hull_points[t[0]] - center) < 0:
            trigs[k] = t[[0, 2, 1]]
    return {"sixNode": [{"nodes": x, "normals": gdu.Compute6NodeTrigsNormals(x)} for x in nodes],
            "triangularMesh": [{"points": p, "segments": s, "simplices": gdu.ComputeTriangularMesh(p, s).simplices}
                               for p, s in cases],
            "shrink": {"points": hull_points, "triangles": trigs, "distance": 0.1,
                       "points2": gdu.ShrinkMeshNormalToSurface(hull_points, trigs, 0.1)[0]}}


_H = ("#l0\n#l1\n#l2\n#l3\n#number of written coordinates [nODE2, nVel2, nAcc2, nODE1, nVel1, nAlgebraic, nData] = "
      "[2,0,0,0,0,0,0]\n")
RECOVER_CASES = [_H + "0,1,2\n0.1,1.1,2.1\n0.2,1.2\n#comment\n", _H + "0,1,2\n0.1,1.1,2.1\n0.2,1.2,",
                 _H + "0,1,2\n\n0.1,1.1,2.1\n0.2,1.2,3.3,4\n0.3,1,1\n", _H + " 0,1,2\n  #x\n0.1, 1.1 ,2.1\n",
                 _H.replace("[2,0,0,0,0,0,0]", "[ 1, 1,0,0,0,0 ]") + "0,1,2\n#c1\n0.1,1.1\n",
                 "#l0\n#l1\n#l2\n" + _H[16:] + "0,1,2\n", _H[:16] + "#x" + _H[17:] + "0,1,2\n", "#a\n0,1,2\n0,1,2\n"]


def recover_files(directory):
    out = []
    for k, text in enumerate(RECOVER_CASES):
        name, new = os.path.join(directory, f"in{k}.txt"), os.path.join(directory, f"out{k}.txt")
        with open(name, "w") as fh:
            fh.write(text)
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                solver_result = u.RecoverSolutionFile(name, new)
            with open(new) as fh:
                out.append({"input": text, "output": fh.read(), "result": solver_result})
        except ValueError:
            out.append({"input": text, "output": None, "error": "ValueError"})
    return out


def binary_solution_file(directory):
    mbs, _, mp, mp2, sd = models.two_mass_points(exu, u)
    ss = simulation_settings(0.1, 4)
    ss.solution.file.write = True
    ss.solution.file.binary = True
    ss.solution.file.name = os.path.join(directory, "solution.sol")
    mbs.SolveDynamic(ss)
    with open(ss.solution.file.name, "rb") as fh:
        data = fh.read()
    reads = []
    with open(ss.solution.file.name, "rb") as fh:
        fh.read(16)
        it, rt = np.int32, np.float64
        for kind in "SSSSAAIISS" + "V" * 6:
            if kind == "S":
                r = u.BinaryReadString(fh, it)
            elif kind == "A":
                r = u.BinaryReadArrayIndex(fh, it)
            elif kind == "I":
                r = u.BinaryReadIndex(fh, it)
            else:
                r = u.BinaryReadRealVector(fh, it, rt)
            reads.append([kind, r[0], r[1]])
    return {"bytes": base64.b64encode(data).decode(), "reads": reads}


def solver_helpers():
    out = []
    for verbose, write, sensors in ((1, True, True), (3, False, True), (0, True, False)):
        ss = exu.SimulationSettings()
        ss.staticSolver.verboseMode, ss.solution.file.write, ss.solution.sensors.active = verbose, write, sensors
        store = solver.DeactivateWritingOfSolvers(ss)
        after = [ss.staticSolver.verboseMode, ss.solution.file.write, ss.solution.sensors.active,
                 ss.timeIntegration.verboseMode]
        ss.staticSolver.verboseMode, ss.solution.file.write, ss.solution.sensors.active = 5, True, True
        solver.RestoreSimulationSettings(ss, store)
        out.append({"in": [verbose, write, sensors], "store": store, "after": after,
                    "restored": [ss.staticSolver.verboseMode, ss.solution.file.write, ss.solution.sensors.active]})
    return out


def demo_results(directory):
    cwd = os.getcwd()
    os.chdir(directory)
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            mbs1, _ = demos.Demo1(showAll=False)
            mbs2, _ = demos.Demo2(showAll=False)
        solution_file = demos.DemoSolutionFile("demo1.txt")
    finally:
        os.chdir(cwd)
    sd1, sd2 = mbs1.systemData, mbs2.systemData
    return {"solutionFile": solution_file, "demoSolutionDirectory": demos.demoSolutionDirectory,
            "demo1": {"q": sd1.GetODE2Coordinates(), "v": sd1.GetODE2Coordinates_t(), "t": sd1.GetTime()},
            "demo2": {"q": sd2.GetODE2Coordinates(), "v": sd2.GetODE2Coordinates_t(), "lambda": sd2.GetAECoordinates(),
                      "t": sd2.GetTime(), "sizes": [sd2.NumberOfNodes(), sd2.NumberOfObjects(), sd2.NumberOfMarkers(),
                                                    sd2.NumberOfLoads()]}}


def main():
    exu.special.userInterface.suppressRenderer = True
    with tempfile.TemporaryDirectory() as directory, contextlib.redirect_stdout(io.StringIO()):
        reference = {
            "exudyn": exu.GetVersionString(),
            "spatialEnergy": energies(models.spatial_energy_model),
            "planarEnergy": energies(models.planar_energy_model),
            "energySensors": energy_sensors(),
            "sensorRecorder": sensor_recorder(),
            "jacobians": jacobians(),
            "jointMarkers": joint_markers(),
            "meshes": meshes(),
            "recover": recover_files(directory),
            "binary": binary_solution_file(directory),
            "solverHelpers": solver_helpers(),
            "demos": demo_results(directory),
        }
    OUTPUT.write_text(json.dumps(jsonable(reference), indent=1) + "\n")
    print(f"wrote {OUTPUT}")


if __name__ == "__main__":
    main()
