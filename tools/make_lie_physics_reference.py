"""Record Exudyn reference values of exudyn.lieGroupBasics, lieGroupIntegration, physics and
signalProcessing.

Run with an interpreter that has Exudyn 1.13.6 installed:

    .venv/bin/python tools/make_lie_physics_reference.py

It calls Exudyn's public functions on fixed (seeded) random and edge-case inputs and writes the
inputs and outputs to tests/reference/lie_physics.json, read by tests/api/test_lie_physics.py
(the tests never import exudyn).
"""
import contextlib
import io
import json
import math
from pathlib import Path

import numpy as np

import exudyn as exu
import exudyn.lieGroupBasics as lgb
import exudyn.lieGroupIntegration as lgi
import exudyn.physics as phy
import exudyn.signalProcessing as sig
import exudyn.itemInterface as items

OUTPUT = Path(__file__).resolve().parents[1] / "tests" / "reference" / "lie_physics.json"
SEED = 20240613
RNG = np.random.default_rng(SEED)

# rotation angles: 0, small (series branches of the tangent operators switch at 1e-4, 0.01, 0.1),
# moderate, near and at pi and 2 pi
# Euler's equations of the tests: w_t = -J^-1 (w x J w) + coupling v
EULER = {"inertia": [1.0, 2.0, 3.0], "coupling": 0.1}
# the system of the Lie group RK4 tests (tests/api/test_lie_physics.py builds it from this data):
# a mass point with a force, two rigid bodies with NodeRigidBodyRotVecLG under gravity, a ground
# node; ConnectorCoordinate constraints to ground and between two coordinates
MODEL = {
    "point": {"mass": 2.0, "position": [1.0, 0.0, 0.0], "velocity": [0.0, 0.5, 0.0], "force": [0.0, 0.0, -3.0]},
    "bodies": [
        {"mass": 6.0, "inertia": [0.025, 0.05, 0.065], "position": [0.0, 0.0, 0.0],
         "rotationVector": [0.3, -0.2, 0.5], "velocity": [0.1, 0.0, 0.0, 2.5, 1.9, 2.0]},
        {"mass": 9.6, "inertia": [0.2, 0.08, 0.136], "position": [0.0, 2.0, 0.0],
         "rotationVector": [0.1, 0.7, -0.4], "velocity": [0.0, 0.2, 0.0, -1.9, -0.9, 3.6]},
    ],
    "gravity": [0.0, 0.0, -9.81],
    # [node, coordinate] constrained to the ground node (node numbers: 0 point, 1 and 2 bodies, 3 ground)
    "groundConstraints": [[1, 0], [1, 2], [1, 4]],
    # [[node0, coordinate0], [node1, coordinate1]] constrained to be equal
    "pairConstraints": [[[0, 1], [2, 1]]],
    "stepSize": 0.01,
    "numberOfSteps": 20,
}

ANGLES = [0.0, 1e-14, 1e-9, 1e-6, 9e-5, 1.1e-4, 1e-3, 5e-3, 0.0099, 0.0101, 0.05, 0.099, 0.101, 0.3,
          1.0, 2.0, 3.0, math.pi - 1e-3, math.pi, 4.0, 6.0, 2 * math.pi - 1e-3, 2 * math.pi, 8.0]


def jsonable(x):
    if isinstance(x, (str, bool)) or x is None:
        return x
    if callable(x):
        return x.__name__
    if isinstance(x, dict):
        return {k: jsonable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [jsonable(v) for v in x]
    if isinstance(x, np.ndarray):
        return x.tolist()
    if isinstance(x, (np.integer, int)):
        return int(x)
    return float(x)


def direction():
    n = RNG.normal(size=3)
    return n / np.linalg.norm(n)


def rotation_vectors(per_angle=2, angles=ANGLES):
    out = [np.array(v, dtype=float) for v in ([0, 0, 1.0], [1.0, 0, 0], [0, 2.0, 0], [1e-9, 0, 0])]
    return out + [direction() * a for a in angles for _ in range(per_angle)]


def motion_vectors(angles=ANGLES):
    return [np.concatenate((RNG.normal(size=3) * s, omega))
            for omega in rotation_vectors(1, angles) for s in (1.0, 10.0)]


def record(cases, function, *args, **kwargs):
    """Append {args, kwargs, out, stdout} (or the error kind) of one call of an Exudyn function."""
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        try:
            out = {"out": jsonable(function(*args, **kwargs))}
        except Exception as error:  # noqa: BLE001 - the kind of error is recorded
            out = {"error": type(error).__name__}
    entry = {"args": jsonable(list(args)), **out}
    if kwargs:
        entry["kwargs"] = jsonable(kwargs)
    if buffer.getvalue():
        entry["stdout"] = buffer.getvalue()
    cases.append(entry)


def consistent_log(R, omega):
    """Exudyn's LogSO3 result reproduces R (it does not for some angles within 1e-7 of pi)."""
    return np.abs(lgb.ExpSO3(omega) - R).max() < 1e-12


def lie_group_basics():
    out = {name: [] for name in ("Sinc", "Cot", "ExpSO3", "ExpS3", "TExpSO3", "TExpSO3Inv", "LogSO3")}
    for x in (0.0, 1e-300, 1e-10, 1e-5, 0.3, 1.0, -2.0, math.pi, 10.0):
        record(out["Sinc"], lgb.Sinc, x)
        if x != 0.0:
            record(out["Cot"], lgb.Cot, x)
    for omega in rotation_vectors():
        for name in ("ExpSO3", "ExpS3", "TExpSO3", "TExpSO3Inv"):
            record(out[name], getattr(lgb, name), omega)
    near_pi = [math.pi - d for d in (1e-12, 1e-9, 1e-7, 1e-5, 1e-3, 1e-1)] + [math.pi + 1e-6]
    for omega in rotation_vectors(2, ANGLES + near_pi):
        R = lgb.ExpSO3(omega)
        S = lgb.LogSO3(R)
        if consistent_log(R, [S[2, 1], S[0, 2], S[1, 0]]):
            record(out["LogSO3"], lgb.LogSO3, R)
    for _ in range(6):       # slightly non-orthogonal matrices
        record(out["LogSO3"], lgb.LogSO3, lgb.ExpSO3(direction() * RNG.uniform(0, 3)) + RNG.normal(size=(3, 3)) * 1e-9)
    out.update(se3_and_r3so3())
    out.update(compositions())
    return out


def se3_and_r3so3():
    names = ("ExpSE3", "TExpSE3", "TExpSE3Inv", "ExpR3xSO3", "TExpR3xSO3", "TExpR3xSO3Inv")
    out = {name: [] for name in names + ("LogSE3", "R3xSO3Matrix", "R3xSO3Matrix2RotationMatrix",
                                         "R3xSO3Matrix2Translation")}
    for x in motion_vectors():
        for name in names:
            record(out[name], getattr(lgb, name), x)
    for x in motion_vectors([0.0, 1e-9, 1e-3, 0.3, 1.0, 3.0, 6.0]):
        H = lgb.ExpSE3(x)
        S = lgb.LogSE3(H)
        if consistent_log(H[0:3, 0:3], [S[2, 1], S[0, 2], S[1, 0]]):
            record(out["LogSE3"], lgb.LogSE3, H)
    for omega in rotation_vectors(1, [0.0, 0.5, 3.0]):
        translation = RNG.normal(size=3)
        record(out["R3xSO3Matrix"], lgb.R3xSO3Matrix, translation, lgb.ExpSO3(omega))
        G = lgb.ExpR3xSO3(np.concatenate((translation, omega)))
        record(out["R3xSO3Matrix2RotationMatrix"], lgb.R3xSO3Matrix2RotationMatrix, G)
        record(out["R3xSO3Matrix2Translation"], lgb.R3xSO3Matrix2Translation, G)
    return out


def unit_quaternion():
    q = RNG.normal(size=4)
    return q / np.linalg.norm(q)


def principal_rot_xyz():
    """RotXYZ angles with the middle angle in (-pi/2, pi/2): Exudyn's composition breaks ties of
    an angle difference of exactly pi by rounding for angles on the other branch."""
    return np.array([RNG.uniform(-9, 9), RNG.uniform(-1.5, 1.5), RNG.uniform(-9, 9)])


def compositions():
    out = {name: [] for name in (
        "CompositionRuleForEulerParameters", "CompositionRuleForRotationVectors",
        "CompositionRuleRotXYZAnglesRotationVector", "CompositionRuleDirectProductR3AndS3",
        "CompositionRuleSemiDirectProductR3AndS3", "CompositionRuleDirectProductR3AndR3RotVec",
        "CompositionRuleSemiDirectProductR3AndR3RotVec", "CompositionRuleDirectProductR3AndR3RotXYZAngles",
        "CompositionRuleSemiDirectProductR3AndR3RotXYZAngles")}
    for _ in range(12):
        record(out["CompositionRuleForEulerParameters"], lgb.CompositionRuleForEulerParameters,
               unit_quaternion(), unit_quaternion() * RNG.uniform(0.5, 2))
    angles = [0.0, 1e-3, 0.05, 0.3, 1.0, 2.0, 3.0, math.pi, 4.0, 6.0, 2 * math.pi]
    for a in angles:
        for b in angles:
            record(out["CompositionRuleForRotationVectors"], lgb.CompositionRuleForRotationVectors,
                   direction() * a, direction() * b)
    for n in ([0, 0, 1.0], [1.0, 0, 0], [1 / math.sqrt(3)] * 3):
        record(out["CompositionRuleForRotationVectors"], lgb.CompositionRuleForRotationVectors,
               np.array(n) * math.pi, np.array(n) * math.pi)
    for omega in rotation_vectors(1, [0.0, 1e-6, 1e-3, 0.3, 1.0, 3.0, 6.0]):
        record(out["CompositionRuleRotXYZAnglesRotationVector"], lgb.CompositionRuleRotXYZAnglesRotationVector,
               principal_rot_xyz(), omega)
        p, U = RNG.normal(size=3), RNG.normal(size=3)
        x = np.concatenate((U, omega))
        for product in ("Direct", "SemiDirect"):
            record(out[f"CompositionRule{product}ProductR3AndS3"], getattr(lgb, f"CompositionRule{product}ProductR3AndS3"),
                   np.concatenate((p, unit_quaternion())), x)
            record(out[f"CompositionRule{product}ProductR3AndR3RotVec"],
                   getattr(lgb, f"CompositionRule{product}ProductR3AndR3RotVec"),
                   np.concatenate((p, direction() * RNG.uniform(0.1, 3))), x)
            record(out[f"CompositionRule{product}ProductR3AndR3RotXYZAngles"],
                   getattr(lgb, f"CompositionRule{product}ProductR3AndR3RotXYZAngles"),
                   np.concatenate((p, principal_rot_xyz())), x)
    return out


def physics():
    out = {name: [] for name in ("StribeckFunction", "RegularizedFrictionStep", "RegularizedFriction",
                                 "VonMisesStress")}
    velocities = [0.0, 1e-4, 5e-4, 1e-3, 2e-3, 5e-3, 0.01, 0.02, 0.1, 1.0, 10.0]
    velocities = velocities + [-v for v in velocities[1:]] + list(RNG.uniform(-0.03, 0.03, 10))
    for v in velocities:
        record(out["StribeckFunction"], phy.StribeckFunction, v, 0.3, 0.2)
        record(out["StribeckFunction"], phy.StribeckFunction, v, 0.3, 0.2, 0.05, 0.002, 0.0005)
        record(out["StribeckFunction"], phy.StribeckFunction, v, 10.0, 5.0, 1.0, 0.01, 0.0)
        record(out["RegularizedFriction"], phy.RegularizedFriction, v, 0.3, 0.2, 0.001, 0.01)
        record(out["RegularizedFriction"], phy.RegularizedFriction, v, 0.3, 0.2, 0.001, 0.01, 0.05)
        record(out["RegularizedFriction"], phy.RegularizedFriction, v, 10.0, 5.0, 0.0, 0.0, 1.0)
    for x in np.linspace(-0.5, 1.5, 21):
        record(out["RegularizedFrictionStep"], phy.RegularizedFrictionStep, x, 0.1, -1.0, 0.7, 2.5)
    stresses = RNG.normal(size=(8, 6)) * 100
    for s in stresses:
        record(out["VonMisesStress"], phy.VonMisesStress, s)
    record(out["VonMisesStress"], phy.VonMisesStress, stresses)
    record(out["VonMisesStress"], phy.VonMisesStress, [1.0, 1.0, 1.0, 0.0, 0.0, 0.0])
    return out


def signal_processing():
    out = {name: [] for name in ("ComputeFFT", "FilterSensorOutput", "FilterSignal", "GetInterpolatedSignalValue")}
    for n in (2, 3, 8, 33, 64, 101):
        t = 0.2 + np.arange(n) * 0.013
        record(out["ComputeFFT"], sig.ComputeFFT, t, np.sin(40 * t) + RNG.normal(size=n) * 0.1)
    n = 25
    t = np.cumsum(RNG.uniform(0.009, 0.011, n))
    signal = np.column_stack((t, np.sin(30 * t) + RNG.normal(size=n) * 0.01, RNG.normal(size=n)))
    for window, order in ((5, 3), (7, 2), (1, 0), (0, 3), (11, 4)):
        for derivative in (0, 1, 2, 3):
            if window == 0 and derivative == 3:
                continue
            for central in (True, False):
                kwargs = dict(filterWindow=window, polyOrder=order, derivative=derivative, centralDifferentiate=central)
                record(out["FilterSensorOutput"], sig.FilterSensorOutput, signal, **kwargs)
                for rate in (0.01, -1):
                    record(out["FilterSignal"], sig.FilterSignal, signal[:, 1], samplingRate=rate, **kwargs)
    interpolation_cases(out["GetInterpolatedSignalValue"])
    return out


def interpolation_cases(cases):
    t = 0.5 + np.arange(11) * 0.1
    d = RNG.normal(size=11)
    table = np.column_stack((t, d, 2 * d))
    bumped = t + np.r_[0, 0, 0.01, 0, 0, 0, 0, 0, 0, 0, 0]
    for time in list(np.linspace(0.3, 1.7, 29)) + [0.5, 1.5, 1.45, 0.75]:
        record(cases, sig.GetInterpolatedSignalValue, time, d, t)
        record(cases, sig.GetInterpolatedSignalValue, time, table, timeArrayIndex=0, dataArrayIndex=2)
        record(cases, sig.GetInterpolatedSignalValue, time, table, t, dataArrayIndex=1)
        record(cases, sig.GetInterpolatedSignalValue, time, d, t, rangeWarning=False)
        record(cases, sig.GetInterpolatedSignalValue, time, d, bumped)
        record(cases, sig.GetInterpolatedSignalValue, time, d, bumped, tolerance=1.0)
    for time in (0.4, 0.75, 1.2):
        record(cases, sig.GetInterpolatedSignalValue, time, np.array([0.1, 0.3, 0.5, 0.7, 1.1]))


def euler_rhs(v, w):
    J = np.array(EULER["inertia"])
    return -np.cross(w, J * w) / J + EULER["coupling"] * np.asarray(v)


def euler_integration():
    out = {name: [] for name in ("ComputeStepWithRK1", "ComputeStepWithRK1FromAcceleration", "ComputeStepWithRK4",
                                 "RK_SolveEulersEOMWithProposedApproach")}
    for _ in range(8):
        v0, w0 = direction() * RNG.uniform(0.1, 3), RNG.normal(size=3) * RNG.choice([0.5, 5])
        for h in (1e-3, 0.05):
            record(out["ComputeStepWithRK1"], lgi.ComputeStepWithRK1, euler_rhs, v0, w0, h)
            record(out["ComputeStepWithRK4"], lgi.ComputeStepWithRK4, euler_rhs, v0, w0, h)
            record(out["ComputeStepWithRK1FromAcceleration"], lgi.ComputeStepWithRK1FromAcceleration,
                   RNG.normal(size=3), v0, w0, h)
    for solver in ("RK1", "RK4"):
        record(out["RK_SolveEulersEOMWithProposedApproach"], lgi.RK_SolveEulersEOMWithProposedApproach,
               euler_rhs, np.array([0.1, 0.2, 0.3]), np.array([1.0, -2.0, 0.5]), 1.5, 30, solver)
    return out


def build_system(exu_module, item_module):
    """The MODEL system, assembled (the same code builds it in the test with multibody)."""
    it = item_module
    SC = exu_module.SystemContainer()
    mbs = SC.AddSystem()
    point = MODEL["point"]
    n = mbs.AddNode(it.NodePoint(referenceCoordinates=point["position"], initialVelocities=point["velocity"]))
    mbs.AddObject(it.MassPoint(mass=point["mass"], nodeNumber=n))
    mbs.AddLoad(it.Force(markerNumber=mbs.AddMarker(it.MarkerNodePosition(nodeNumber=n)), loadVector=point["force"]))
    for body in MODEL["bodies"]:
        n = mbs.AddNode(it.NodeRigidBodyRotVecLG(referenceCoordinates=body["position"] + body["rotationVector"],
                                                 initialVelocities=body["velocity"]))
        b = mbs.AddObject(it.RigidBody(mass=body["mass"], inertia=body["inertia"] + [0.0, 0.0, 0.0], nodeNumber=n))
        mbs.AddLoad(it.LoadMassProportional(markerNumber=mbs.AddMarker(it.MarkerBodyMass(bodyNumber=b)),
                                            loadVector=MODEL["gravity"]))
    ground = mbs.AddNode(it.NodePointGround())
    mbs.AddObject(it.ObjectGround())

    def coordinate_marker(node, coordinate):
        return mbs.AddMarker(it.MarkerNodeCoordinate(nodeNumber=node, coordinate=coordinate))
    for node, coordinate in MODEL["groundConstraints"]:
        mbs.AddObject(it.CoordinateConstraint(markerNumbers=[coordinate_marker(ground, 0),
                                                             coordinate_marker(node, coordinate)]))
    for (node0, c0), (node1, c1) in MODEL["pairConstraints"]:
        mbs.AddObject(it.CoordinateConstraint(markerNumbers=[coordinate_marker(node0, c0),
                                                             coordinate_marker(node1, c1)]))
    mbs.Assemble()
    return SC, mbs


class MatrixSolver:
    """Stands for a solver in ExplicitRKComputeSystemAcceleration: given mass matrix and residual."""

    def __init__(self, mass, residual):
        self.mass, self.residual = mass, residual

    def ComputeODE2RHS(self, mainSys):
        pass

    def GetSystemResidual(self):
        return self.residual.copy()

    def ComputeMassMatrix(self, mainSys, scalarFactor=1.0):
        pass

    def GetSystemMassMatrix(self):
        return self.mass.copy()


def system_functions():
    """Initialize, constraints, acceleration, stage update and K of the Lie group RK4 on MODEL."""
    SC, mbs = build_system(exu, items)
    n = mbs.systemData.ODE2Size()
    lgi.LieGroupExplicitRKInitialize(mbs)
    out = {"sys": jsonable(dict(mbs.sys)), "nODE2": n, "applyConstraints": [], "acceleration": [],
           "updateStage": [], "kStage": []}
    for _ in range(3):
        q, v = RNG.normal(size=n), RNG.normal(size=n)
        mbs.systemData.SetODE2Coordinates(q)
        mbs.systemData.SetODE2Coordinates_t(v)
        lgi.ExplicitRKApplyCoordinateConstraints(mbs)
        out["applyConstraints"].append(jsonable({"q": q, "v": v, "qOut": mbs.systemData.GetODE2Coordinates(),
                                                 "vOut": mbs.systemData.GetODE2Coordinates_t()}))
    for pairs in ([], [[1, 10]], [[1, 10], [10, 4], [0, 2]]):
        mbs.sys["constrainedCoordinatesList"] = pairs
        mass = RNG.normal(size=(n, n)) + 5 * np.eye(n)
        residual = RNG.normal(size=n + 4)
        a = lgi.ExplicitRKComputeSystemAcceleration(MatrixSolver(mass, residual), mbs, n)
        out["acceleration"].append(jsonable({"pairs": pairs, "mass": mass, "residual": residual, "out": a}))
    lgi.LieGroupExplicitRKInitialize(mbs)
    for factK in (0.0, 0.5, 1.0, 0.37):
        u0, v0, K, k = (RNG.normal(size=n) * s for s in (0.3, 1.0, 0.5, 1.0))
        lgi.LieGroupUpdateStageSystemCoordinates(mbs, u0, v0, n, K, k, factK)
        out["updateStage"].append(jsonable({"u0": u0, "v0": v0, "Kprev": K, "kprev": k, "factK": factK,
                                            "q": mbs.systemData.GetODE2Coordinates(),
                                            "v": mbs.systemData.GetODE2Coordinates_t()}))
        for h in (0.01, 0.2):
            out["kStage"].append(jsonable({"u0": u0, "v0": v0, "h": h, "Kprev": K, "kprev": k, "factK": factK,
                                           "out": lgi.LieGroupComputeKstage(mbs, u0, v0, h, n, K, k, factK)}))
    return out


def rk4_run():
    """States after each step of Exudyn's implicit solver with UserFunctionNewtonLieGroupRK4."""
    SC, mbs = build_system(exu, items)
    lgi.LieGroupExplicitRKInitialize(mbs)
    settings = exu.SimulationSettings()
    settings.timeIntegration.numberOfSteps = MODEL["numberOfSteps"]
    settings.timeIntegration.endTime = MODEL["numberOfSteps"] * MODEL["stepSize"]
    settings.solution.file.write = False
    settings.timeIntegration.verboseMode = 0
    states = []

    def newton(mainSolver, mainSys, sims):
        result = lgi.UserFunctionNewtonLieGroupRK4(mainSolver, mainSys, sims)
        states.append([mainSys.systemData.GetTime(), mainSys.systemData.GetODE2Coordinates().tolist(),
                       mainSys.systemData.GetODE2Coordinates_t().tolist()])
        return result
    solver = exu.MainSolverImplicitSecondOrder()
    solver.SetUserFunctionNewton(mbs, newton)
    solver.SolveSystem(mbs, settings)
    return {"initial": [mbs.systemData.GetODE2Coordinates(exu.ConfigurationType.Initial).tolist(),
                        mbs.systemData.GetODE2Coordinates_t(exu.ConfigurationType.Initial).tolist()],
            "states": states}


def main():
    data = {
        "exudyn_version": exu.__version__,
        "generator": "tools/make_lie_physics_reference.py",
        "seed": SEED,
        "euler": EULER,
        "model": MODEL,
        "lieGroupBasics": lie_group_basics(),
        "physics": physics(),
        "signalProcessing": signal_processing(),
        "lieGroupIntegration": {**euler_integration(), "system": system_functions(), "rk4": rk4_run()},
    }
    OUTPUT.write_text(json.dumps(data, indent=None, separators=(",", ":")) + "\n")
    print(f"wrote {OUTPUT} ({OUTPUT.stat().st_size // 1024} kB)")


if __name__ == "__main__":
    main()
