"""SimulationSettings / VisualizationSettings: trees, defaults, checks, legacy names.

Defaults, types and sizes are compared with tests/reference/settings_defaults.json,
recorded from Exudyn 1.13.6 by tools/make_settings_reference.py. The spec
(settings.md) and Exudyn 1.13.6 agree on every tabulated path, type and default;
the structures the spec leaves untabulated (contact, raytracer, interactive, dialogs,
view1-view3, the standalone defaults of VSettingsMaterial) follow the measurement.
"""
import copy
import json
import pathlib
import pickle
import warnings

import pytest

from multibody.enums import DynamicSolverType, LinearSolverType, OutputVariableType
from multibody.errors import ExudynTypeError, ExudynValueError, InternalError
from multibody.model import settings as S
from multibody.model.settings import SimulationSettings, VisualizationSettings

REFERENCE_PATH = pathlib.Path(__file__).resolve().parents[1] / "reference" / "settings_defaults.json"
REFERENCE = json.loads(REFERENCE_PATH.read_text())
ROOTS = {"SimulationSettings": SimulationSettings, "VisualizationSettings": VisualizationSettings}
LEGACY_TABLES = {"SimulationSettings": S.SIMULATION_LEGACY,
                 "VisualizationSettings": S.VISUALIZATION_LEGACY}
# a real (non-dictionary) field of interactive that Exudyn's dir() lists like a legacy name
NOT_LEGACY = {"interactive.keyPressUserFunction"}


def walk(obj, path):
    for part in path.split("."):
        obj = getattr(obj, part)
    return obj


def assign(obj, path, value):
    *parents, name = path.split(".")
    for part in parents:
        obj = getattr(obj, part)
    setattr(obj, name, value)


def same_value(value, reference):
    """Exact comparison: float32-stored values must round identically to Exudyn's."""
    if isinstance(reference, dict) and "enum" in reference:
        return type(value).__name__ == reference["enum"] and value.name == reference["name"]
    if isinstance(reference, bool) or isinstance(value, bool):
        return type(value) is type(reference) and value == reference
    return value == reference and type(value) is type(reference)


def flat_type_info(info, prefix=""):
    result = {}
    for key, entry in info.items():
        if key == "structureDescription":
            continue
        if "type" in entry and "value" in entry:
            result[prefix + key] = entry
        else:
            result.update(flat_type_info(entry, prefix + key + "."))
    return result


def reference_cases():
    for root, fields in ((r, REFERENCE[r]) for r in ROOTS):
        for path, entry in fields.items():
            yield pytest.param(root, path, entry, id=f"{root}.{path}")


# -- defaults --------------------------------------------------------------------

def test_reference_is_from_exudyn_1_13_6():
    assert REFERENCE["exudyn_version"] == "1.13.6"


@pytest.fixture(scope="module")
def default_type_info():
    return {name: flat_type_info(cls().GetDictionaryWithTypeInfo()) for name, cls in ROOTS.items()}


@pytest.mark.parametrize("root, path, entry", list(reference_cases()))
def test_field_default_type_and_size_as_exudyn(root, path, entry, default_type_info):
    mine = default_type_info[root].get(path)
    assert mine is not None, f"{root}.{path} missing"
    assert same_value(mine["value"], entry["value"]), (mine["value"], entry["value"])
    assert mine["type"] == entry["type"]
    assert mine["size"] == entry["size"]
    assert mine["description"], "every field has a description"
    assert same_value(walk(ROOTS[root](), path), entry["value"])


@pytest.mark.parametrize("root", ROOTS)
def test_same_paths_in_same_order_as_exudyn(root, default_type_info):
    assert list(default_type_info[root]) == list(REFERENCE[root])


@pytest.mark.parametrize("class_name", sorted(REFERENCE["structures"]))
def test_structure_class_standalone_defaults_and_places(class_name):
    entry = REFERENCE["structures"][class_name]
    cls = getattr(S, class_name)
    flat = flat_type_info(cls().GetDictionaryWithTypeInfo())
    assert list(flat) == list(entry["defaults"])
    for path, value in entry["defaults"].items():
        assert same_value(flat[path]["value"], value), (path, flat[path]["value"], value)
    root_name = "SimulationSettings" if class_name in _simulation_classes() else "VisualizationSettings"
    root = ROOTS[root_name]()
    for path in entry["paths"]:
        assert type(walk(root, path) if path else root) is cls


def _simulation_classes():
    names, stack = set(), ["SimulationSettings"]
    while stack:
        name = stack.pop()
        names.add(name)
        stack.extend(child.class_name for child in S.DECLARATIONS[name].children)
    return names


def test_spec_defaults_that_changed_since_1_11():
    s = SimulationSettings()
    assert s.timeIntegration.newton.useModifiedNewton is True
    assert s.staticSolver.newton.useModifiedNewton is False
    assert s.solution.file.name == "solution/coordinatesSolution"
    assert s.timeIntegration.solverType is DynamicSolverType.GeneralizedAlpha
    assert s.linearSolver.solverType is LinearSolverType.EXUdense
    assert s.timeIntegration.numberOfSteps == 100.0 and type(s.timeIntegration.numberOfSteps) is float
    assert VisualizationSettings().contour.outputVariable is OutputVariableType._None


# -- attribute container ------------------------------------------------------------

def test_sub_structures_are_live():
    s = SimulationSettings()
    ti = s.timeIntegration
    ti.numberOfSteps = 1000
    ti.newton.relativeTolerance = 1e-6
    assert s.timeIntegration.numberOfSteps == 1000.0
    assert s.GetDictionary()["timeIntegration"]["newton"]["relativeTolerance"] == 1e-6


def test_assigning_a_structure_copies_its_values():
    s = SimulationSettings()
    newton = S.NewtonSettings()
    newton.maxIterations = 3
    s.timeIntegration.newton = newton
    assert s.timeIntegration.newton.maxIterations == 3
    newton.maxIterations = 4
    assert s.timeIntegration.newton.maxIterations == 3
    with pytest.raises(TypeError):
        s.timeIntegration.newton = S.DiscontinuousSettings()
    with pytest.raises(TypeError):
        s.timeIntegration = {"numberOfSteps": 3}


@pytest.mark.parametrize("obj_factory", [SimulationSettings, lambda: SimulationSettings().timeIntegration,
                                         VisualizationSettings, lambda: VisualizationSettings().general])
def test_unknown_attribute_raises(obj_factory):
    obj = obj_factory()
    with pytest.raises(AttributeError):
        obj.numberOfStepz = 10
    with pytest.raises(AttributeError):
        obj.numberOfStepz
    with pytest.raises(AttributeError):
        del obj.GetDictionary


def test_int_accepted_for_real_and_bool_fields():
    s = SimulationSettings()
    s.timeIntegration.endTime = 2
    assert s.timeIntegration.endTime == 2.0 and type(s.timeIntegration.endTime) is float
    s.timeIntegration.adaptiveStep = 0
    assert s.timeIntegration.adaptiveStep is False
    s.solution.precision = 12
    assert s.solution.precision == 12


def test_visualization_floats_are_single_precision():
    v = VisualizationSettings()
    v.nodes.defaultSize = 0.3
    assert v.nodes.defaultSize == 0.30000001192092896
    v.nodes.defaultColor = (1, 0.1, 0, 1)
    assert v.nodes.defaultColor == [1.0, 0.10000000149011612, 0.0, 1.0]
    v.general.reallyQuitTimeLimit = 0.3   # UReal: double precision
    assert v.general.reallyQuitTimeLimit == 0.3


@pytest.mark.parametrize("path, value", [
    ("timeIntegration.verboseMode", 1.0),          # float to an int field
    ("timeIntegration.endTime", "1"),
    ("timeIntegration.adaptiveStep", "yes"),
    ("timeIntegration.solverType", 3),             # int instead of the enum
    ("timeIntegration.solverType", LinearSolverType.EigenDense),
    ("linearSolver.solverType", DynamicSolverType.RK44),
    ("solution.file.name", 3),
    ("parallel.numberOfThreads", 2.0),
])
def test_wrong_type_raises_exudyn_type_error(path, value):
    with pytest.raises(ExudynTypeError, match=path.split(".")[-1]):
        assign(SimulationSettings(), path, value)


@pytest.mark.parametrize("path, value", [
    ("timeIntegration.numberOfSteps", 0),
    ("timeIntegration.numberOfSteps", -10),
    ("timeIntegration.endTime", -1),
    ("timeIntegration.endTime", float("nan")),
    ("timeIntegration.minimumStepSize", 0),
    ("staticSolver.numberOfLoadSteps", 0),
    ("consolePrecision", -1),
    ("parallel.numberOfThreads", 0),
    ("timeIntegration.generalizedAlpha.spectralRadius", -0.5),
    ("timeIntegration.realtime.factor", 0.0),
])
def test_out_of_range_raises_exudyn_value_error(path, value):
    with pytest.raises(ExudynValueError, match=path.split(".")[-1]):
        assign(SimulationSettings(), path, value)


def test_values_exudyn_accepts_without_range_check():
    s = SimulationSettings()
    s.timeIntegration.generalizedAlpha.spectralRadius = 1.5   # no upper bound in 1.13.6
    s.timeIntegration.numberOfSteps = 10.5                     # rejected by the solver, not here
    s.solution.recordImagesInterval = -5                       # Real, unbounded
    assert s.timeIntegration.numberOfSteps == 10.5


@pytest.mark.parametrize("path, value, error", [
    ("nodes.defaultColor", [1, 2, 3], ExudynValueError),
    ("nodes.defaultColor", [1, "a", 0, 1], ExudynTypeError),
    ("nodes.tiling", 0, ExudynValueError),
    ("general.pointSize", 0, ExudynValueError),
    ("sensors.traces.listOfPositionSensors", [1.5], ExudynTypeError),
    ("view0.window.renderWindowSize", [1, 2, 3], ExudynValueError),
    ("openGL.advanced.initialModelRotation", [[1, 2], [3, 4]], ExudynValueError),
    ("interactive.highlightItemType", 1, ExudynTypeError),
    ("interactive.keyPressUserFunction", 3, ExudynTypeError),
])
def test_visualization_checks(path, value, error):
    with pytest.raises(error):
        assign(VisualizationSettings(), path, value)


def test_variable_length_vectors():
    v = VisualizationSettings()
    v.sensors.traces.listOfPositionSensors = [1, 2, 3]
    v.sensors.traces.traceColors = [0.1] * 3
    assert v.sensors.traces.listOfPositionSensors == [1, 2, 3]
    assert len(v.sensors.traces.traceColors) == 3


# -- dictionaries and printing ---------------------------------------------------------

def test_get_set_dictionary_round_trip():
    s = SimulationSettings()
    s.timeIntegration.numberOfSteps = 250
    s.timeIntegration.newton.useModifiedNewton = False
    s.linearSolver.solverType = LinearSolverType.EigenSparse
    s.solution.file.information = "run 1"
    d = s.GetDictionary()
    other = SimulationSettings()
    other.SetDictionary(d)
    assert other.GetDictionary() == d
    assert other.linearSolver.solverType is LinearSolverType.EigenSparse

    v = VisualizationSettings()
    v.nodes.defaultColor = [1, 0, 0, 1]
    v.openGL.advanced.initialModelRotation = [[0, 1, 0], [-1, 0, 0], [0, 0, 1]]
    w = VisualizationSettings()
    w.SetDictionary(v.GetDictionary())
    assert w.GetDictionary() == v.GetDictionary()


def test_get_dictionary_returns_copies():
    v = VisualizationSettings()
    v.GetDictionary()["nodes"]["defaultColor"][0] = 0.5
    v.nodes.defaultColor[0] = 0.5
    assert v.nodes.defaultColor[0] == 0.20000000298023224


def test_set_dictionary_partial_checked_and_strict():
    s = SimulationSettings()
    s.SetDictionary({"timeIntegration": {"numberOfSteps": 5}})
    assert s.timeIntegration.numberOfSteps == 5.0
    s.timeIntegration.SetDictionary({"endTime": 3})
    assert s.timeIntegration.endTime == 3.0
    with pytest.raises(ExudynValueError):
        s.SetDictionary({"timeIntegration": {"numberOfSteps": 0}})
    with pytest.raises(AttributeError):
        s.SetDictionary({"timeIntegration": {"foo": 5}})
    with pytest.raises(TypeError):
        s.SetDictionary(5)


def test_keypress_user_function_is_not_in_the_dictionary():
    v = VisualizationSettings()
    v.interactive.keyPressUserFunction = lambda key, action, mods: False
    assert "keyPressUserFunction" not in v.GetDictionary()["interactive"]
    v.interactive.keyPressUserFunction = None


def test_print_shows_tree_with_booleans_as_0_1():
    text = str(SimulationSettings())
    assert text.startswith("SimulationSettings:\n")
    assert "  timeIntegration = TimeIntegrationSettings:\n" in text
    assert "\n    numberOfSteps = 100\n" in text
    assert "\n      useModifiedNewton = 1\n" in text
    assert "\n    solverType = EXUdense\n" in text
    assert "\n  cleanUpMemory = 0\n" in text
    assert "defaultColor = [0.2,0.2,1,1]" in repr(VisualizationSettings().nodes)


def test_copy_and_pickle():
    s = SimulationSettings()
    s.timeIntegration.numberOfSteps = 7
    for clone in (copy.deepcopy(s), pickle.loads(pickle.dumps(s))):
        assert clone.GetDictionary() == s.GetDictionary()
        clone.timeIntegration.numberOfSteps = 8
        assert s.timeIntegration.numberOfSteps == 7
        assert clone.timeIntegration._root is clone


# -- legacy names --------------------------------------------------------------------

@pytest.mark.parametrize("root", ROOTS)
def test_legacy_names_are_exactly_those_of_exudyn(root):
    assert set(LEGACY_TABLES[root]) == set(REFERENCE[root + "Legacy"]) - NOT_LEGACY


def legacy_cases():
    for root in ROOTS:
        for old, value in REFERENCE[root + "Legacy"].items():
            if old not in NOT_LEGACY:
                yield pytest.param(root, old, value, id=f"{root}.{old}")


@pytest.mark.parametrize("root, old, value", list(legacy_cases()))
def test_legacy_name_reads_exudyn_value_with_warning(root, old, value):
    settings = ROOTS[root]()
    with pytest.warns(DeprecationWarning, match="deprecated"):
        assert same_value(walk(settings, old), value)


def _other_value(field, current):
    """A valid value different from ``current`` for ``field``."""
    kind = field.type
    if kind == "bool":
        return not current
    if kind in S.ENUM_TYPES:
        return next(m for m in S.ENUM_TYPES[kind] if m is not current)
    if kind in ("String", "FileName"):
        return current + "_x"
    if kind == "VectorFloat":
        return [v + 0.5 for v in current] or [0.5]
    if kind == "IndexArray":
        return [v + 1 for v in current] or [1]
    if kind == "MatrixFloat":
        return [[v + 0.5 for v in row] for row in current]
    if kind in ("Int", "Index", "UInt", "PInt"):
        return current + 1
    if kind == "PythonFunction":
        return lambda key, action, mods: False
    return current + 0.5


def forwarding_cases():
    for root, table in LEGACY_TABLES.items():
        for old, new in table.items():
            if new is not None:
                yield pytest.param(root, old, new, id=f"{root}.{old}")


@pytest.mark.parametrize("root, old, new", list(forwarding_cases()))
def test_legacy_name_writes_forward_to_new_field(root, old, new):
    settings = ROOTS[root]()
    *parents, name = new.split(".")
    owner = walk(settings, ".".join(parents)) if parents else settings
    field = type(owner)._fields[name]
    value = _other_value(field, getattr(owner, name))
    direct = ROOTS[root]()
    assign(direct, new, value)
    expected = walk(direct, new)   # as stored (float32 rounding in visualization)
    with pytest.warns(DeprecationWarning, match=f"use {new} instead"):
        assign(settings, old, value)
    assert getattr(owner, name) == expected
    # once per name and process (Exudyn 1.13.6): no second warning
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        assert walk(settings, old) == expected


@pytest.mark.parametrize("old", [o for o, n in S.VISUALIZATION_LEGACY.items() if n is None])
def test_legacy_name_without_effect(old):
    v = VisualizationSettings()
    before = v.GetDictionary()
    with pytest.warns(DeprecationWarning, match="no effect"):
        assign(v, old, 1)
    assert v.GetDictionary() == before


def test_legacy_examples_from_the_brief():
    s = SimulationSettings()
    with pytest.warns(DeprecationWarning):
        s.linearSolverSettings.ignoreSingularJacobian = True
    with pytest.warns(DeprecationWarning):
        s.linearSolverType = LinearSolverType.EigenSparse
    with pytest.warns(DeprecationWarning):
        s.solutionSettings.solutionWritePeriod = 0.5
    with pytest.warns(DeprecationWarning):
        s.timeIntegration.explicitIntegration.dynamicSolverType = DynamicSolverType.RK44
    with pytest.warns(DeprecationWarning):
        s.outputPrecision = 9
    assert s.linearSolver.ignoreSingularJacobian is True
    assert s.linearSolver.solverType is LinearSolverType.EigenSparse
    assert s.solution.file.writePeriod == 0.5
    assert s.timeIntegration.solverType is DynamicSolverType.RK44
    assert s.consolePrecision == 9
    # legacy writes are checked against the new field's type and range (no second warning for
    # the name: once per process, as Exudyn)
    with pytest.raises(ExudynValueError):
        s.solutionSettings.solutionWritePeriod = -1
    with pytest.raises(AttributeError):
        s.solutionSettings.notAName = 1
    with pytest.raises(AttributeError):
        s.solutionSettings = 3


def test_set_dictionary_accepts_legacy_names():
    s = SimulationSettings()
    with pytest.warns(DeprecationWarning):
        s.SetDictionary({"linearSolverType": LinearSolverType.EigenDense,
                         "solutionSettings": {"writeSolutionToFile": False}})
    assert s.linearSolver.solverType is LinearSolverType.EigenDense
    assert s.solution.file.write is False


def test_standalone_structures_forward_within_themselves():
    newton = S.NewtonSettings()
    with pytest.warns(DeprecationWarning):
        newton.useNewtonSolver = False
    assert newton.active is False
    ti = S.TimeIntegrationSettings()
    with pytest.warns(DeprecationWarning):
        ti.explicitIntegration.dynamicSolverType = DynamicSolverType.DOPRI5
    assert ti.solverType is DynamicSolverType.DOPRI5
    interactive = S.VSettingsInteractive()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        with pytest.raises(InternalError, match="view0.camera.trackMarker"):
            interactive.trackMarker = 2


def test_new_names_do_not_warn():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        s = SimulationSettings()
        s.timeIntegration.numberOfSteps = 10
        s.GetDictionary()
        str(VisualizationSettings())


def test_deprecated_names_warn_once_per_process_and_copies_are_independent():
    """Exudyn 1.13.6 (measured): the first use of a deprecated settings name warns, read or set,
    later uses and other objects do not; copy.copy gives settings whose nested structures are their
    own."""
    s = SimulationSettings()
    with pytest.warns(DeprecationWarning, match="multithreadedLowerLimitLoads"):
        assert s.parallel.multithreadedLLimitLoads == 20
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        s.parallel.multithreadedLLimitLoads = 7
        assert SimulationSettings().parallel.multithreadedLLimitLoads == 20
    assert s.parallel.multithreadedLowerLimitLoads == 7
    c = copy.copy(s)
    c.parallel.numberOfThreads, c.timeIntegration.numberOfSteps = 5, 77
    assert (s.parallel.numberOfThreads, s.timeIntegration.numberOfSteps) == (1, 100)
    v = VisualizationSettings()
    copy.copy(v).nodes.defaultSize = 0.7
    assert v.nodes.defaultSize == -1.0
