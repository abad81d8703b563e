"""exudyn.demos: two small models that show that the installation solves, with Exudyn's names
(Demo1, Demo2, DemoInfo, DemoSolutionFile). They run without a window: they build the model,
solve it and return [mbs, SC], as Exudyn's demos do when its renderer is not started."""
import os

demoSolutionDirectory = 'tmp/solution'


def DemoSolutionFile(name):
    """The solution file of a demo, e.g. 'demo1.txt' -> 'tmp/solution/demo1.txt' (the directory is
    created where it does not exist)."""
    os.makedirs(demoSolutionDirectory, exist_ok=True)
    return demoSolutionDirectory + '/' + name


def DemoInfo():
    """Print where more examples are."""
    print("\n************************************")
    print("more examples: the Exudyn examples and test models")
    print("(https://github.com/jgerstmayr/EXUDYN, python/Examples and python/TestModels)")
    print("run with 'import multibody as exu' in place of 'import exudyn as exu'")
    print("************************************\n")


def Demo1(showAll=True):
    """A 2D mass point (10 kg) pulled by a force of 0.001 N in x, solved for 1 s in 100 steps
    (console output of the solver, solution file DemoSolutionFile('demo1.txt')); showAll also
    prints what the demo does and DemoInfo. Returns [mbs, SC]."""
    import multibody as exu
    from .itemInterface import LoadForceVector, MarkerNodePosition, MassPoint2D, NodePoint2D
    if showAll:
        print("Demo1: a mass point pulled by a force, to check that multibody solves")
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    node = mbs.AddNode(NodePoint2D(referenceCoordinates=[0, 0]))
    mbs.AddObject(MassPoint2D(mass=10, nodeNumber=node))
    marker = mbs.AddMarker(MarkerNodePosition(nodeNumber=node))
    mbs.AddLoad(LoadForceVector(markerNumber=marker, loadVector=[0.001, 0, 0]))
    mbs.Assemble()
    settings = exu.SimulationSettings()
    settings.timeIntegration.verboseMode = 1
    settings.solution.file.name = DemoSolutionFile('demo1.txt')
    mbs.SolveDynamic(settings)
    if showAll:
        print("the solution file is", settings.solution.file.name)
        DemoInfo()
    return [mbs, SC]


def _chain(mbs, n_links=12, length=0.6):
    """Rigid links (2 kg) along x, each hanging on the one before by a spherical joint, the first
    on the ground, under gravity in -y."""
    from . import graphics
    from .itemInterface import (LoadMassProportional, MarkerBodyMass, MarkerBodyPosition, NodeRigidBodyEP,
                                ObjectGround, ObjectJointSpherical, ObjectRigidBody, VObjectRigidBody)
    ground = mbs.AddObject(ObjectGround())
    previous = mbs.AddMarker(MarkerBodyPosition(bodyNumber=ground, localPosition=[0, 0, 0.1]))
    for i in range(n_links):
        node = mbs.AddNode(NodeRigidBodyEP(referenceCoordinates=[0.5 * length + length * i, 0, 0, 1, 0, 0, 0]))
        shape = graphics.Brick(size=[0.9 * length, 0.1, 0.1], color=graphics.color.steelblue)
        body = mbs.AddObject(ObjectRigidBody(mass=2, inertia=[6, 1, 6, 0, 0, 0], nodeNumber=node,
                                             visualization=VObjectRigidBody(graphicsData=[shape])))
        mass = mbs.AddMarker(MarkerBodyMass(bodyNumber=body))
        left = mbs.AddMarker(MarkerBodyPosition(bodyNumber=body, localPosition=[-0.5 * length, 0, 0.1]))
        right = mbs.AddMarker(MarkerBodyPosition(bodyNumber=body, localPosition=[0.5 * length, 0, 0.1]))
        mbs.AddObject(ObjectJointSpherical(markerNumbers=[previous, left], constrainedAxes=[1, 1, 1]))
        mbs.AddLoad(LoadMassProportional(markerNumber=mass, loadVector=[0, -9.81, 0]))
        previous = right


def Demo2(showAll=True):
    """A chain of 12 rigid links on spherical joints swinging down under gravity (generalized-alpha,
    spectral radius 0.6, sparse linear solver, step 2 ms): showAll solves 40 s with console output
    into DemoSolutionFile('chain.txt') and prints DemoInfo, else 0.4 s silently into the default
    solution file. No window is opened. Returns [mbs, SC]."""
    import multibody as exu
    if showAll:
        print(f"multibody version={exu.__version__} (Exudyn API {exu.GetVersionString()})")
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    _chain(mbs)
    mbs.Assemble()
    settings = exu.SimulationSettings()
    settings.timeIntegration.endTime = 40 if showAll else 0.4
    settings.timeIntegration.numberOfSteps = 20000 if showAll else 200
    settings.timeIntegration.generalizedAlpha.spectralRadius = 0.6
    settings.linearSolver.solverType = exu.LinearSolverType.EigenSparse
    settings.solution.file.writePeriod = 0.04
    if showAll:
        settings.timeIntegration.verboseMode = 1
        settings.solution.file.name = DemoSolutionFile('chain.txt')
    visualization = SC.visualizationSettings
    visualization.general.graphicsUpdateInterval = 0.02
    visualization.general.renderWindowString = "rigid body chain"
    visualization.nodes.defaultSize = 0.05
    visualization.openGL.lineWidth = 2
    mbs.SolveDynamic(settings)
    if showAll:
        DemoInfo()
    return [mbs, SC]
