"""A parameter study on a multibody model, shared by tests/api/test_processing_executors.py and
tools/make_study_reference.py (which runs it with Exudyn 1.13.6: MODULE = 'exudyn').

The model function is defined at module level so that process pools, Dask and Ray can send it."""
import importlib

MODULE = "multibody"        # the package of the model: 'multibody', or 'exudyn' in the tool

# a mass on Cartesian springs pulled by a force: where it is at t = 1 s
PV_PARAMETERS = {"mass": (0.5, 2.0, 3), "stiffness": [50.0, 100.0, 400.0]}
PV_KWARGS = {"addComputationIndex": True, "parameterFunctionData": {"force": 10.0}}
# the mass and stiffness that put it at x = 0.1 at t = 1 s
GA_PARAMETERS = {"mass": (0.5, 2.0), "stiffness": (50.0, 400.0)}
GA_KWARGS = {"populationSize": 8, "numberOfGenerations": 3, "elitistRatio": 0.25, "randomizerInitialization": 3,
             "crossoverProbability": 0.25, "parameterFunctionData": {"force": 10.0, "target": 0.1}}
CS_PARAMETERS = {"mass": (1.0, 0.01, 1), "stiffness": (100.0, 0.01, 1)}
CS_KWARGS = {"parameterFunctionData": {"force": 10.0}}


def position_at_end(p):
    """x of the mass at t = 1 s (100 steps of the default implicit solver)."""
    exu = importlib.import_module(MODULE)
    U = importlib.import_module(MODULE + ".utilities")
    mbs = exu.SystemContainer().AddSystem()
    n = mbs.AddNode(U.NodePoint(referenceCoordinates=[0, 0, 0]))
    mbs.AddObject(U.MassPoint(mass=p["mass"], nodeNumber=n))
    ground = mbs.AddObject(U.ObjectGround())
    mg = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=ground))
    mn = mbs.AddMarker(U.MarkerNodePosition(nodeNumber=n))
    mbs.AddObject(U.CartesianSpringDamper(markerNumbers=[mg, mn], stiffness=[p["stiffness"]] * 3, damping=[0.5] * 3))
    mbs.AddLoad(U.Force(markerNumber=mn, loadVector=[p.get("functionData", {}).get("force", 10.0), 0, 0]))
    mbs.Assemble()
    settings = exu.SimulationSettings()
    for name, value in (("numberOfSteps", 100), ("endTime", 1.0), ("verboseMode", 0)):
        setattr(settings.timeIntegration, name, value)
    settings.solution.file.write = False
    mbs.SolveDynamic(settings)
    return float(mbs.GetNodeOutput(n, exu.OutputVariableType.Position)[0])


def distance_to_target(p):
    """|x(1 s) - target|: GeneticOptimization's objective."""
    return abs(position_at_end(p) - p["functionData"]["target"])
