"""What a renderer draws besides the scene data: the world basis, item texts, the information text
(time, solver) and the small coordinate system in the lower left corner.

The world basis (``general.drawWorldBasis``, size ``general.worldBasisSize``) is 3D geometry
added to a copy of the scene: three arrows x, y, z in red, green and blue from the origin, with
their letters. Texts are drawn on the finished image with Pillow, in front of everything
(``general.textAlwaysInFront``): item numbers at their projected points, shifted by ``offset``
times the font size (``view0.window.globalFontSize`` where a text's fontSize is 0); the
information block in the upper left corner in ``general.textColor``: ``renderWindowString``,
``time = ...`` (``showSolverTime``, ``rendererPrecision`` digits) and the solver's step
(``showSolverInformation``), all under ``view0.window.showComputationInfo``.
"""
import numpy as np

from .scene import SceneBuilder

BASIS_COLORS = ((1.0, 0.0, 0.0, 1.0), (0.0, 0.7, 0.0, 1.0), (0.0, 0.0, 1.0, 1.0))
CORNER_COLOR = (0.3, 0.3, 0.3, 1.0)     # the corner coordinate system (colored: the world basis)
STATIC = (-1, 0, 0)        # items of static scene elements


# ---------------------------------------------------------------- 3D decorations

def _cone(p0, axis, radius, length, n):
    """Triangles (2n, 3, 3) of a cone from its base center p0 along unit axis (side and base)."""
    a = np.cross(axis, [1.0, 0.0, 0.0] if abs(axis[0]) < 0.9 else [0.0, 1.0, 0.0])
    a /= np.linalg.norm(a)
    b = np.cross(axis, a)
    ang = 2 * np.pi * np.arange(n + 1) / n
    ring = p0 + radius * (np.outer(np.cos(ang), a) + np.outer(np.sin(ang), b))
    tip = p0 + length * axis
    tri = [[ring[i], ring[i + 1], tip] for i in range(n)] + [[ring[i + 1], ring[i], p0] for i in range(n)]
    return np.array(tri)


def _add_triangles(b, P, color):
    n = np.cross(P[:, 1] - P[:, 0], P[:, 2] - P[:, 0])
    n /= np.maximum(np.linalg.norm(n, axis=1, keepdims=True), 1e-300)
    b.triangles[0].extend([list(STATIC)] * len(P))
    b.triangles[1].append(P)
    b.triangles[2].append(np.repeat(n[:, None, :], 3, axis=1))
    b.triangles[3].append(np.tile(np.asarray(color, dtype=float), (len(P), 3, 1)))


def world_basis(settings):
    """Scene dict of the world basis (empty unless general.drawWorldBasis)."""
    b = SceneBuilder()
    if settings.view0.scene.drawWorldBasis:
        size = float(settings.view0.scene.worldBasisSize)
        n = max(int(settings.general.axesTiling), 3)
        for k, (color, name) in enumerate(zip(BASIS_COLORS, "XYZ")):
            e = np.eye(3)[k]
            shaft = _cone(np.zeros(3), e, 0.02 * size, 0.8 * size, n)      # a thin cone as the shaft
            _add_triangles(b, shaft, color)
            _add_triangles(b, _cone(0.75 * size * e, e, 0.06 * size, 0.25 * size, n), color)
            b.text(list(STATIC), 1.05 * size * e, np.asarray(color), name, 0.0, (0.0, 0.0))
    return b.result(flat_shapes=True)


def merge_scenes(a, b):
    """One scene dict holding the elements of scenes a and b."""
    out = {"formatVersion": a.get("formatVersion", 1)}
    for kind, fields in a.items():
        if not isinstance(fields, dict):
            continue
        out[kind] = {}
        for key, value in fields.items():
            other = b[kind][key] if kind in b else value[:0]
            if isinstance(value, list):
                out[kind][key] = list(value) + list(other)
            elif len(other) == 0:
                out[kind][key] = value
            elif len(value) == 0:
                out[kind][key] = np.asarray(other, dtype=np.asarray(value).dtype)
            else:
                out[kind][key] = np.concatenate([value, np.asarray(other, dtype=value.dtype)])
    return out


# ---------------------------------------------------------------- texts on the image

def _font(size):
    from PIL import ImageFont
    try:
        return ImageFont.load_default(size=max(int(round(size)), 6))
    except TypeError:           # Pillow < 10.1: one bitmap size
        return ImageFont.load_default()


def _rgb(c):
    return tuple(int(255 * min(max(float(x), 0.0), 1.0)) for x in list(c)[:3])


def info_lines(settings, systems, time=None):
    """The information text of the upper left corner (a list of lines); ``time``: the time shown
    (default: the Visualization configuration's of systems[0])."""
    g = settings.general
    if not settings.view0.window.showComputationInfo:
        return []
    lines = [str(g.renderWindowString)] if str(g.renderWindowString) else []
    mbs = systems[0] if systems else None
    if mbs is None or mbs._compiled is None:
        return lines
    digits = int(g.rendererPrecision)
    from ..enums import ConfigurationType
    t = mbs._compiled.state(ConfigurationType.Visualization).t if time is None else float(time)
    if g.showSolverTime:
        lines.append(f"time = {t:.{digits}g}")
    solver = mbs.sys.get("dynamicSolver") or mbs.sys.get("staticSolver")
    if g.showSolverInformation and solver is not None and hasattr(solver, "it"):
        it = solver.it
        if solver is mbs.sys.get("staticSolver"):
            kind = "static solver"
        else:
            kind = ("explicit" if "Explicit" in type(solver).__name__ else "implicit") + " dynamic solver"
        lines.append(f"{kind}: step {max(int(it.currentStepIndex) - 1, 0)}, h = {float(it.currentStepSize):.{digits}g}")
    return lines


def draw_texts(img, scene, camera, settings, systems=(), time=None):
    """The image with the scene's texts, the information text and the corner coordinate system;
    unchanged (and False) without Pillow."""
    try:
        from PIL import Image, ImageDraw
    except ImportError:
        return img, False
    im = Image.fromarray(img)
    draw = ImageDraw.Draw(im)
    base = float(settings.view0.window.globalFontSize) * float(settings.general.displayScaleFactor)
    tx = scene["texts"]
    if len(tx["text"]):
        S, _ = camera.project(np.asarray(tx["points"], dtype=float))
        for s, c, t, o, fs in zip(S, tx["colors"], tx["text"], tx["offset"], tx["fontSize"]):
            size = base if fs <= 0 else float(fs)
            draw.text((s[0] + o[0] * size, s[1] - o[1] * size - size), str(t), fill=_rgb(c), font=_font(size))
    y = 0.5 * base
    for line in info_lines(settings, list(systems), time):
        draw.text((0.5 * base, y), line, fill=_rgb(settings.general.textColor), font=_font(base))
        y += 1.3 * base
    _corner_basis(draw, camera, settings, base)
    return np.asarray(im), True


def _corner_basis(draw, camera, settings, base):
    """view0.scene.drawCoordinateSystem: 1 lines with letters, 2 arrows, 3 arrows with letters."""
    mode = int(settings.view0.scene.drawCoordinateSystem)
    if mode <= 0:
        return
    length = float(settings.general.coordinateSystemSize) * base * 0.6
    o = np.array([1.5 * length, camera.height - 1.5 * length])
    for k in np.argsort(camera.R[2]):               # the axis toward the viewer last
        d = camera.R[:2, k] * np.array([1.0, -1.0]) * length
        tip = o + d
        color = _rgb(CORNER_COLOR)
        draw.line([tuple(o), tuple(tip)], fill=color, width=2)
        if mode >= 2 and np.linalg.norm(d) > 3:
            u = d / np.linalg.norm(d)
            w = np.array([-u[1], u[0]])
            head = [tuple(tip), tuple(tip - 0.25 * length * u + 0.1 * length * w),
                    tuple(tip - 0.25 * length * u - 0.1 * length * w)]
            draw.polygon(head, fill=color)
        if mode in (1, 3):
            draw.text(tuple(tip + 0.15 * length * np.sign(d)), "XYZ"[k], fill=color, font=_font(base))
