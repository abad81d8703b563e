"""Small models shared by the tests of the compiled step loops."""
import multibody as exu
import multibody.utilities as U


def quiet_settings(steps, h=1e-3):
    """SimulationSettings of ``steps`` time steps of size ``h``, no console output, no solution file."""
    ss = exu.SimulationSettings()
    ss.timeIntegration.numberOfSteps = steps
    ss.timeIntegration.endTime = steps * h
    ss.timeIntegration.verboseMode = 0
    ss.solution.file.write = False
    return ss


def hanging_masses(mbs):
    """Four mass points hanging from the ground on CartesianSpringDampers, with gravity (the
    second and later with an initial velocity). Returns (bodies, springs, the last body's marker)."""
    prev = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=mbs.AddObject(U.ObjectGround())))
    bodies, springs = [], []
    for i in range(4):
        nd = mbs.AddNode(U.NodePoint(referenceCoordinates=[0.8 * (i + 1), 0., 0.], initialVelocities=[0., 0.1 * i, 0.]))
        b = mbs.AddObject(U.MassPoint(mass=1. + 0.2 * i, nodeNumber=nd))
        m = mbs.AddMarker(U.MarkerBodyPosition(bodyNumber=b))
        springs.append(mbs.AddObject(U.CartesianSpringDamper(markerNumbers=[prev, m], offset=[0.8, 0., 0.],
                                                             stiffness=[400., 300., 500.], damping=[2., 2., 2.])))
        mbs.AddLoad(U.LoadMassProportional(markerNumber=mbs.AddMarker(U.MarkerBodyMass(bodyNumber=b)),
                                           loadVector=[0., -9.81, 0.]))
        bodies.append(b)
        prev = m
    return bodies, springs, prev


def rigid_chain(mbs, n=3):
    """``n`` rigid bodies (Euler parameters, 1000 kg/m^3 cuboids 0.5 x 0.05 x 0.05) on spherical
    joints from the ground along x, with gravity. Returns (the ground, the last body, the marker at
    its tip)."""
    g = mbs.AddObject(U.ObjectGround())
    prev = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=g, localPosition=[0., 0., 0.]))
    for i in range(n):
        b = mbs.CreateRigidBody(inertia=U.InertiaCuboid(1000., [0.5, 0.05, 0.05]), referencePosition=[0.25 + 0.5 * i, 0., 0.],
                                gravity=[0., -9.81, 0.])
        m0 = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b, localPosition=[-0.25, 0., 0.]))
        mbs.AddObject(U.SphericalJoint(markerNumbers=[prev, m0]))
        prev = mbs.AddMarker(U.MarkerBodyRigid(bodyNumber=b, localPosition=[0.25, 0., 0.]))
    return g, b, prev
