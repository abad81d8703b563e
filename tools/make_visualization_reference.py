"""Record the scene data of tests/visualization/vis_models.py with Exudyn (numerical oracle).

Usage (Exudyn 1.13.6 interpreter):
    python tools/make_visualization_reference.py [case ... | matrix | matrix_<model>]

Writes tests/reference/visualization/matrix_<model>.json for the scene matrix of
tests/visualization/vis_matrix.py (case names "matrix" or "matrix_<model>"): {model, exudynVersion,
settings, data, cases} where cases[settings case][kind] is a key of data (identical arrays stored once).
Writes tests/reference/visualization/<case>.json: {case, exudynVersion, scene} where scene is
``SC.renderer.GetGraphicsData(flatShapes=False)`` with arrays as lists, and graphics.json with the
outputs of exudyn.graphics functions (GRAPHICS_CALLS below).
"""
import importlib.util
import json
import os
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODELS = os.path.join(ROOT, "tests", "visualization", "vis_models.py")
KINDS = ("lines", "spheres", "circles", "texts", "triangles", "triangles6", "lines3")
OUTDIR = os.path.join(ROOT, "tests", "reference", "visualization")

# name -> (function, args, kwargs): the graphics functions whose outputs are stored
GRAPHICS_CALLS = {
    "Brick": ("Brick", [[1., 2., 3.], [0.2, 0.4, 0.6], [1., 0., 0., 1.]], {}),
    "BrickNormals": ("Brick", [[0., 0., 0.], [1., 2., 3.]], {"addNormals": True}),
    "BrickXYZ": ("BrickXYZ", [0., 0., 0., 1., 2., 3.], {}),
    "Cylinder8": ("Cylinder", [[0., 0., 0.], [0., 0., 1.], 0.1, [0., 0., 1., 1.]], {"nTiles": 8}),
    "CylinderX": ("Cylinder", [[1., 0., 0.], [2., 0., 0.], 0.5], {"nTiles": 6}),
    "CylinderInner": ("Cylinder", [[0., 0., 0.], [0., 1., 0.], 0.2], {"nTiles": 8, "radiusInner": 0.1}),
    "Sphere": ("Sphere", [[1., 2., 3.], 0.5, [0., 1., 0., 1.]], {}),
    "Sphere8": ("Sphere", [[1., 2., 3.], 0.5], {"nTiles": 8}),
    "Lines": ("Lines", [[[0., 0., 0.], [1., 0., 0.], [1., 1., 0.]], [1., 0., 0., 1.]], {}),
    "Text": ("Text", [[1., 2., 3.], "hi", [1., 0., 0., 1.]], {}),
    "Circle": ("Circle", [[1., 2., 3.], 0.5, [1., 0., 0., 1.]], {}),
    "Quad": ("Quad", [[[0., 0., 0.], [1., 0., 0.], [1., 1., 0.], [0., 1., 0.]], [1., 0., 0., 1.]], {}),
    "CheckerBoard": ("CheckerBoard", [], {}),
    "CheckerBoardZ": ("CheckerBoard", [[1., 2., 3.], [0., 0., 1.], 4.], {"nTiles": 4}),
    "CheckerBoardY": ("CheckerBoard", [[0., 0., 0.], [0., 1., 0.], 2.], {"nTiles": 2}),
    "Arrow": ("Arrow", [[0., 0., 0.], [1., 0., 0.], 0.1], {}),
    "Basis": ("Basis", [], {}),
    "FromPointsAndTrigs": ("FromPointsAndTrigs", [[[0., 0., 0.], [1., 0., 0.], [0., 1., 0.]], [[0, 1, 2]],
                                                  [0., 1., 0., 1.]], {}),
}


def plain(x):
    if isinstance(x, dict):
        return {k: plain(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [plain(v) for v in x]
    if isinstance(x, np.ndarray):
        return plain(x.tolist())
    if isinstance(x, (np.integer,)):
        return int(x)
    if isinstance(x, (np.floating,)):
        return float(x)
    return x


def load_models():
    spec = importlib.util.spec_from_file_location("vis_models", MODELS)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def write(name, data):
    path = os.path.join(OUTDIR, name + ".json")
    with open(path, "w") as f:
        json.dump(data, f, separators=(",", ":"))
        f.write("\n")
    print("%-34s %8d bytes" % (name, os.path.getsize(path)))


def rounded(kind_data):
    """Plain lists, floats rounded to 7 decimals (the scene is float32); normals left out."""
    out = {}
    for key, v in kind_data.items():
        if key == "normals":
            continue
        if isinstance(v, np.ndarray) and v.dtype.kind == "f":
            v = np.round(v.astype(float), 7)
        out[key] = plain(v)
    return out


def matrix_models():
    """The models of tests/visualization/vis_matrix.py (MODELS)."""
    if ROOT not in sys.path:
        sys.path.insert(0, ROOT)
    return importlib.import_module("tests.visualization.vis_matrix").MODELS


def matrix(exu, U, G, model):
    """The scenes of one matrix model under every settings case, identical kind data stored once."""
    matrix_models()
    vm = importlib.import_module("tests.visualization.vis_matrix")
    data = {}

    def record(SC):
        scene = SC.renderer.GetGraphicsData(flatShapes=False)
        ids = {}
        for kind in KINDS:
            d = rounded(scene[kind])
            key = json.dumps(d, sort_keys=True)
            ids[kind] = data.setdefault(key, str(len(data)))
        return ids

    cases = vm.scenes(exu, U, G, model, record)
    write("matrix_" + model, {"model": model, "exudynVersion": exu.__version__, "settings": plain(vm.SETTINGS),
                              "data": {i: json.loads(k) for k, i in data.items()}, "cases": cases})


def main(argv):
    import warnings
    warnings.simplefilter("ignore")
    import exudyn as exu
    import exudyn.graphics as G
    import exudyn.utilities as U
    vm = load_models()
    os.makedirs(OUTDIR, exist_ok=True)
    names = argv[1:] or list(vm.CASES) + ["graphics", "matrix"]
    for name in names:
        if name.startswith("matrix"):
            models = list(matrix_models()) if name == "matrix" else [name[len("matrix_"):]]
            for model in models:
                matrix(exu, U, G, model)
            continue
        if name == "graphics":
            out = {k: plain(getattr(G, f)(*a, **kw)) for k, (f, a, kw) in GRAPHICS_CALLS.items()}
            write("graphics", {"exudynVersion": exu.__version__, "calls": plain(GRAPHICS_CALLS), "outputs": out})
            continue
        SC = vm.build(exu, U, G, name)
        scene = SC.renderer.GetGraphicsData(flatShapes=False)
        write(name, {"case": name, "exudynVersion": exu.__version__, "scene": plain(scene)})


if __name__ == "__main__":
    main(sys.argv)
