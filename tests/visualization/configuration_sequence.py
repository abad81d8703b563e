"""A sequence of state changes and drawings, run with Exudyn (tools/make_visualization_configuration_reference.py)
and with multibody (test_configuration.py): which configuration the scene data shows when.

A mass point at the origin with initial velocity [1, 2, 0] and no force, so that every state is
known exactly: position t * [1, 2, 0]. No renderer is started (Exudyn cannot start one here).
"""
import numpy as np


def _ops(sol_file):
    """(label, operation) pairs; 'draw' records the scene, the others change the state."""
    return [("assembled", ("draw",)),
            ("Visualization set to 7", ("set", "Visualization", [7.0, 7.0, 7.0])), ("draw 1", ("draw",)),
            ("Current set to 5", ("set", "Current", [5.0, 5.0, 5.0])), ("draw 2", ("draw",)),
            ("solved to t = 1", ("solve", sol_file)), ("draw 3", ("draw",)),
            ("row 4 into Visualization", ("row", 4, "Visualization")), ("draw 4", ("draw",)),
            ("row 6 into Visualization", ("row", 6, "Visualization")), ("draw 5", ("draw",)),
            ("row 3 into Current", ("row", 3, "Current")), ("draw 6", ("draw",)),
            ("time of Current set to 2.5", ("time", "Current", 2.5)), ("draw 7", ("draw",))]


def run(exu, U, sol_file):
    """Records: one dict per operation with the configurations after it (coordinates and time of
    Current and Visualization) and, for drawings, the drawn node position."""
    CT = exu.ConfigurationType
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    n = mbs.AddNode(U.NodePoint(referenceCoordinates=[0.0, 0.0, 0.0], initialVelocities=[1.0, 2.0, 0.0]))
    mbs.AddObject(U.MassPoint(nodeNumber=n, mass=1.0))
    mbs.Assemble()
    sd = mbs.systemData
    solution = None
    records = []
    for label, op in _ops(sol_file):
        rec = {"label": label}
        if op[0] == "draw":
            rec["drawn"] = np.asarray(SC.renderer.GetGraphicsData()["spheres"]["points"][0], dtype=float).tolist()
        elif op[0] == "set":
            sd.SetODE2Coordinates(op[2], configuration=getattr(CT, op[1]))
        elif op[0] == "time":
            sd.SetTime(op[2], getattr(CT, op[1]))
        elif op[0] == "solve":
            ss = exu.SimulationSettings()
            ss.timeIntegration.endTime = 1.0
            ss.timeIntegration.numberOfSteps = 10
            ss.timeIntegration.verboseMode = 0
            ss.solution.file.writePeriod = 0.1
            ss.solution.file.name = op[1]
            mbs.SolveDynamic(ss)
            solution = U.LoadSolutionFile(op[1], verbose=False)
        elif op[0] == "row":
            U.SetSolutionState(mbs, solution, op[1], getattr(CT, op[2]))
        for name in ("Current", "Visualization"):
            rec[name] = [float(x) for x in sd.GetODE2Coordinates(configuration=getattr(CT, name))]
            rec[name + "Time"] = float(sd.GetTime(getattr(CT, name)))
        records.append(rec)
    return records
