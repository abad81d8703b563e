"""Record Exudyn reference values of the rigid-body and basic utilities.

Run with an interpreter that has Exudyn 1.13.6 installed:

    /path/to/exudyn-python tools/make_rbu_reference.py

It evaluates Exudyn's public functions on fixed inputs and writes inputs and outputs to
tests/reference/rigid_body_utilities.json, which tests/api/test_rigid_body_utilities.py and
tests/kernels/test_rotations.py read (the tests never import exudyn).
"""
import json
import math
from pathlib import Path

import numpy as np

import exudyn
import exudyn.basicUtilities as bu
import exudyn.lieGroupBasics as lg
import exudyn.rigidBodyUtilities as rbu

OUTPUT = Path(__file__).resolve().parents[1] / "tests" / "reference" / "rigid_body_utilities.json"

ANGLES = [[0.1, 0.2, 0.3], [2.5, -1.2, 2.9], [-3.0, 0.5, 2.9], [2.0, 1.0, 3.0],
          [0.3, -1.4, -0.7]]
# Tait-Bryan angles in gimbal lock (beta = +-pi/2)
GIMBAL = [[0.3, math.pi / 2, 0.2], [0.3, -math.pi / 2, 0.2]]
EULER_PARAMETERS = [[1.0, 0.0, 0.0, 0.0], [0.9, 0.1, 0.2, 0.3],
                    [0.5, -0.5, 0.5, 0.5], [0.2, 0.7, -0.1, 0.68]]
ROTATION_VECTORS = [[0.1, 0.2, 0.3], [3.5, 0.0, 0.0], [0.2, 0.1, -3.5], [2.0, -1.0, 0.5],
                    [1e-5, 2e-5, -1e-5], [0.0, 0.0, 0.0], [-0.4, 2.9, 0.3], [4.0, 1.0, -2.0]]
VECTORS = [[1.0, 2.0, 3.0], [2.0, 0.05, 0.0], [-3.0, 0.2, -0.1], [0.0, 0.0, 1.0],
           [0.1, -0.05, 0.08], [0.0, 0.0, 0.0]]


def jsonable(x):
    """Convert results (arrays, lists of arrays, numpy scalars) to JSON values."""
    if isinstance(x, (str, bool)) or x is None:
        return x
    if isinstance(x, (list, tuple)):
        return [jsonable(v) for v in x]
    if isinstance(x, np.ndarray):
        return x.tolist()
    if isinstance(x, (np.integer, int)):
        return int(x)
    return float(x)


def call_args(args):
    """Arguments as passed to the functions: lists (vectors, matrices) become float arrays."""
    return [np.array(a, dtype=float) if isinstance(a, list) else a for a in args]


def matrix(rot):
    return rbu.RotXYZ2RotationMatrix(rot).tolist()


def function_cases():
    """(module, function, args) of every recorded call."""
    cases = []

    def add(module, name, *args):
        cases.append((module, name, list(args)))

    for angle in [0.0, 0.3, -2.1, math.pi / 2 + 0.2]:
        for name in ["RotationMatrixX", "RotationMatrixY", "RotationMatrixZ", "RotationMatrix2D",
                     "HTrotateX", "HTrotateY", "HTrotateZ", "RotationX2T66", "RotationY2T66",
                     "RotationZ2T66", "HTtranslateX", "HTtranslateY", "HTtranslateZ",
                     "TranslationX2T66", "TranslationY2T66", "TranslationZ2T66"]:
            add("rbu", name, angle)
    add("rbu", "HT0")
    for rot in ANGLES + GIMBAL:
        a = matrix(rot)
        add("rbu", "RotXYZ2RotationMatrix", rot)
        add("rbu", "RotationMatrix2RotXYZ", a)
        add("rbu", "RotationMatrix2EulerParameters", a)
        add("rbu", "RotationMatrix2RotationVector", a)
        add("rbu", "RotXYZ2EulerParameters", rot)
        add("rbu", "RotXYZ2G", rot)
        add("rbu", "RotXYZ2GLocal", rot)
        add("rbu", "RotXYZ2G_t", rot, [0.4, -1.1, 2.3])
        add("rbu", "RotXYZ2GLocal_t", rot, [0.4, -1.1, 2.3])
        add("rbu", "RotationMatrix2RotZYZ", a, False)
        add("rbu", "RotationMatrix2RotZYZ", a, True)
        add("rbu", "HomogeneousTransformation", a, [1.0, -2.0, 0.5])
        add("rbu", "InverseHT", rbu.HomogeneousTransformation(a, [1.0, -2.0, 0.5]).tolist())
        add("rbu", "RotationTranslation2T66", a, [1.0, -2.0, 0.5])
        add("rbu", "RotationTranslation2T66Inverse", a, [1.0, -2.0, 0.5])
        add("rbu", "HT2T66Inverse", rbu.HomogeneousTransformation(a, [1.0, -2.0, 0.5]).tolist())
        t66 = rbu.RotationTranslation2T66(np.array(a), [1.0, -2.0, 0.5])
        add("rbu", "T66toRotationTranslation", t66.tolist())
        add("rbu", "T66toHT", t66.tolist())
        add("rbu", "T66Inverse", t66.tolist())
        add("rbu", "InverseT66toRotationTranslation",
            rbu.RotationTranslation2T66Inverse(np.array(a), [1.0, -2.0, 0.5]).tolist())
    for rot in ANGLES:
        add("rbu", "AngularVelocity2RotXYZ_t", [1.0, 2.0, 3.0], rot)
    for ep in EULER_PARAMETERS:
        add("rbu", "EulerParameters2RotationMatrix", ep)
        add("rbu", "EulerParameters2G", ep)
        add("rbu", "EulerParameters2GLocal", ep)
        add("rbu", "AngularVelocity2EulerParameters_t", [1.0, 2.0, 3.0], ep)
    for v in ROTATION_VECTORS:
        add("rbu", "RotationVector2RotationMatrix", v)
        add("rbu", "RotationMatrix2RotationVector", rbu.RotationVector2RotationMatrix(v).tolist())
        add("rbu", "RotationVector2G", v)
        add("rbu", "RotationVector2GLocal", v)
        add("rbu", "ComputeRotationAxisFromRotationVector", v)
        add("lg", "TExpSO3", v)
        add("lg", "TExpSO3Inv", v)
        add("lg", "ExpSO3", v)
    for v in VECTORS:
        add("rbu", "Skew", v)
        add("rbu", "Skew2Vec", rbu.Skew(v).tolist())
        add("rbu", "ComputeSkewMatrix", v)
        add("rbu", "HTtranslate", v)
        add("rbu", "Translation2T66", v)
        add("rbu", "ComputeOrthonormalBasis", v)
        add("rbu", "ComputeOrthonormalBasisVectors", v)
        add("bu", "Normalize", v)
    add("rbu", "ComputeSkewMatrix", [1.0, 2.0, 3.0, -4.0, 5.0, 0.5])
    for v0, v1 in [([1.0, 2.0, 3.0], [0.5, -1.0, 2.0]), ([1.0, 0.0, 0.0], [1.0, 1.0, 0.0]),
                   ([0.2, -0.3, 0.1], [0.0, 0.0, 2.0])]:
        add("rbu", "GramSchmidt", v0, v1)
    t = rbu.HomogeneousTransformation(matrix([0.4, -0.2, 1.1]), [0.3, 0.2, -0.7]).tolist()
    add("rbu", "HT2rotationMatrix", t)
    add("rbu", "HT2translation", t)
    add("rbu", "InertiaTensor2Inertia6D", [[1.0, 2.0, 3.0], [2.0, 4.0, 5.0], [3.0, 5.0, 6.0]])
    add("rbu", "Inertia6D2InertiaTensor", [1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
    for x in [0, 1, 1.5, 3.0, 0.5, 20.0, 1234.0, 1234.5, 9999.0, 12345.6, 54321.0, 1e5,
              0.000123456, 5e-5, -2500.0, 2500, 3.14159, 123.456, 1234.56, 12345.0, 1e10,
              -0.00123, 1.23456e-12, -7]:
        for prec in [1, 2, 3, 4, 6]:
            add("bu", "SmartRound2String", x, prec)
    return cases


def polynomial(x):
    return x ** 5 - 2.0 * x ** 3 + x * x + 0.5


def integration_cases():
    """Gauss/Lobatto integrals of ``polynomial`` over [-0.5, 2] for every order."""
    return [[name, order, getattr(bu, name)(polynomial, order, -0.5, 2.0)]
            for name, orders in [("GaussIntegrate", [1, 3, 5, 7, 9]),
                                 ("LobattoIntegrate", [1, 3, 5])] for order in orders]


# inertia scenarios: constructor, then operations applied in order, optionally "+" another
A_ROT = [[0.1, 0.2, 0.3]]
INERTIA_SCENARIOS = [
    {"name": "cuboid", "class": "InertiaCuboid", "args": [1000, [1, 2, 3]], "ops": []},
    {"name": "cuboid_translated", "class": "InertiaCuboid", "args": [1000, [1, 2, 3]],
     "ops": [["Translated", [[0.1, 0.2, 0.3]]]]},
    {"name": "cuboid_rotated", "class": "InertiaCuboid", "args": [700.0, [0.5, 0.2, 0.1]],
     "ops": [["Rotated", [matrix([0.1, 0.2, 0.3])]]]},
    {"name": "cuboid_transformed", "class": "InertiaCuboid", "args": [1000, [1, 2, 3]],
     "ops": [["Translated", [[0.1, 0.2, 0.3]]],
             ["Transformed", [rbu.HomogeneousTransformation(matrix([0.1, 0.2, 0.3]),
                                                            [1.0, -1.0, 2.0]).tolist()]]]},
    {"name": "cylinder_x", "class": "InertiaCylinder", "args": [1000, 2, 0.3, 0], "ops": []},
    {"name": "cylinder_y_hollow", "class": "InertiaCylinder", "args": [1000, 2, 0.3, 1, 0.1],
     "ops": []},
    {"name": "cylinder_z_hollow", "class": "InertiaCylinder", "args": [7800.0, 0.5, 0.05, 2, 0.04],
     "ops": [["Translated", [[0.0, 0.0, 0.25]]]]},
    {"name": "rod", "class": "InertiaRodX", "args": [2.0, 3.0], "ops": []},
    {"name": "mass_point", "class": "InertiaMassPoint", "args": [2.0],
     "ops": [["Translated", [[1.0, -0.5, 0.2]]]]},
    {"name": "sphere_mass", "class": "InertiaSphere", "args": [2.0, 0.5], "ops": []},
    {"name": "sphere_density", "class": "InertiaSphere", "args": [],
     "kwargs": {"radius": 0.5, "density": 1000}, "ops": []},
    {"name": "hollow_sphere", "class": "InertiaHollowSphere", "args": [2.0, 0.5], "ops": []},
    {"name": "generic", "class": "RigidBodyInertia",
     "args": [2.0, [[1.0, 0.1, 0.0], [0.1, 2.0, 0.2], [0.0, 0.2, 3.0]], [0.1, 0.2, 0.3]],
     "ops": []},
    {"name": "generic_at_com", "class": "RigidBodyInertia",
     "args": [2.0, [[1.0, 0.1, 0.0], [0.1, 2.0, 0.2], [0.0, 0.2, 3.0]], [0.1, 0.2, 0.3]],
     "kwargs": {"inertiaTensorAtCOM": True}, "ops": []},
    {"name": "sum", "class": "InertiaCuboid", "args": [1000, [1, 2, 3]],
     "ops": [["Translated", [[0.1, 0.2, 0.3]]]],
     "add": {"class": "InertiaSphere", "args": [2.0, 0.5], "ops": [["Translated", [[1, 0, 0]]]]}},
]


def build_inertia(module, scenario):
    """Apply a scenario to the classes of ``module`` (exudyn's or multibody's)."""
    args = [np.array(a, dtype=float) if isinstance(a, list) and isinstance(a[0], list) else a
            for a in scenario["args"]]
    inertia = getattr(module, scenario["class"])(*args, **scenario.get("kwargs", {}))
    for method, args in scenario["ops"]:
        inertia = getattr(inertia, method)(*[np.array(a, dtype=float) for a in args])
    if "add" in scenario:
        inertia = inertia + build_inertia(module, scenario["add"])
    return inertia


def main():
    modules = {"rbu": rbu, "bu": bu, "lg": lg}
    functions = [{"module": m, "function": name, "args": args,
                  "result": jsonable(getattr(modules[m], name)(*call_args(args)))}
                 for m, name, args in function_cases()]
    inertia = []
    for scenario in INERTIA_SCENARIOS:
        body = build_inertia(rbu, scenario)
        inertia.append({"scenario": scenario, "mass": float(body.mass),
                        "com": body.com.tolist(), "inertiaTensor": body.inertiaTensor.tolist(),
                        "inertia6D": jsonable(body.GetInertia6D()),
                        "inertiaCOM": body.InertiaCOM().tolist()})
    reference = {"exudyn_version": exudyn.__version__,
                 "generator": "tools/make_rbu_reference.py",
                 "functions": functions, "integration": integration_cases(), "inertia": inertia}
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    OUTPUT.write_text(json.dumps(reference, indent=1) + "\n")
    print(f"wrote {len(functions)} function cases, {len(inertia)} inertia cases to {OUTPUT}")


if __name__ == "__main__":
    main()
