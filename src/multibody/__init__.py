"""multibody: multibody dynamics built around constraints, with the Exudyn 1.13 Python API.

``import multibody as exu`` gives what ``import exudyn as exu`` gives to a script:
SystemContainer, SimulationSettings, the enums, solvers and item indices.
"""
__version__ = "0.1.0"

import gc as _gc
import sys as _sys
from types import SimpleNamespace as _NS

# no garbage collection while the package and its dependencies are imported: they make many
# long-lived objects, and the two full collections that they set off took 0.1 s of a 0.5 s import
# (gc.freeze at the end)
_GC_WAS_ENABLED = _gc.isenabled()
_gc.disable()
try:
    from .enums import (ConfigurationType, ContactTypeIndex, CrossSectionType, DynamicSolverType, InspectType,
                        ItemType, JointType, KeyCode, LinearSolverType, MarkerType, NodeGroup, NodeType,
                        ObjectType, OutputVariableType)
    from .errors import (ExudynArithmeticError, ExudynError, ExudynIndexError, ExudynTypeError, ExudynValueError,
                         InternalError, ModelError, NotImplementedFeatureError, SolverError)
    from .indices import InvalidIndex, LoadIndex, MarkerIndex, NodeIndex, ObjectIndex, SensorIndex
    from .model.main_system import MainSystem, SystemContainer, SystemData
    from .model.matrix_container import MatrixContainer
    from .model.lists import Matrix3DList, Matrix6DList, Vector2DList, Vector3DList, Vector6DList
    from .model.settings import *  # noqa: F401,F403  (SimulationSettings, VisualizationSettings, sub-structures)
    from .model.settings import SimulationSettings, VisualizationSettings
    from .model.settings_deprecated import (ExplicitIntegrationSettingsDeprecated, LinearSolverSettingsDeprecated,
                                            SolutionSettingsDeprecated)
    from .solvers.facade import SolverSuccess
    from .solvers.base import SolverConvergenceData, SolverIterationData, SolverOutputData
    from .solvers.main_solvers import (MainSolverExplicit, MainSolverImplicitSecondOrder, MainSolverStatic,
                                       SolverFileData, SolverLocalData)
    from .model.config import (Config, GetVersionString, Help, Print, RequireVersion, SetLinalgOutputFormatPython,
                               SetOutputPrecision, SetPrintDelayMilliSeconds, SetWriteToConsole, SetWriteToFile,
                               Special, SpecialDeprecations, SpecialExceptions, SpecialSolver,
                               SpecialUserInterface, SuppressWarnings, config, special)
    from .solvers.linearize import ComputeLinearizedSystem, ComputeODE2Eigenvalues  # noqa: F401  (+ mbs methods)
    from .solvers.consistency import AddConstraintResidualSensor, compute_consistent_initial_conditions as ComputeConsistentInitialConditions  # noqa: F401,E501
except BaseException:
    if _GC_WAS_ENABLED:
        _gc.enable()
    raise

variables = {}
sys = {}


def _renderer_deprecated(name, flag, new):
    if flag:
        import warnings
        warnings.warn(f"exudyn.{name}(): deprecated; for a SystemContainer SC use {new}", DeprecationWarning,
                      stacklevel=3)


def IsRendererActive(deprecationWarning=True):
    _renderer_deprecated("IsRendererActive", deprecationWarning, "SC.renderer.IsActive()")
    from .visualization.renderer import attached
    SC = attached()
    return SC.renderer.IsActive() if SC is not None else False


def StartRenderer(verbose=0, deprecationWarning=True):
    """No window here (returns False, IsRendererActive() stays False); marks the renderer of the
    last SystemContainer made started: solves then record images headless if
    solution.recordImagesInterval >= 0 (visualization/renderer.py Renderer)."""
    _renderer_deprecated("StartRenderer", deprecationWarning, "SC.renderer.Start()")
    from .visualization.renderer import attached
    SC = attached()
    return SC.renderer.Start(verbose=verbose) if SC is not None else False


def StopRenderer(deprecationWarning=True):
    _renderer_deprecated("StopRenderer", deprecationWarning, "SC.renderer.Stop()")
    from .visualization.renderer import attached
    SC = attached()
    if SC is not None:
        SC.renderer.Stop()


def DoRendererIdleTasks(waitSeconds=0, deprecationWarning=True):
    _renderer_deprecated("DoRendererIdleTasks", deprecationWarning, "SC.renderer.DoIdleTasks()")
    from .visualization.renderer import attached
    SC = attached()
    if SC is not None:
        SC.renderer.DoIdleTasks(waitSeconds)


def SolveDynamic(mbs, simulationSettings=None, solverType=None, updateInitialValues=False, storeSolver=True,
                 showHints=False, showCausingItems=True, autoAssemble=True):
    """Module form of mbs.SolveDynamic."""
    return mbs.SolveDynamic(simulationSettings, solverType, updateInitialValues, storeSolver, showHints,
                            showCausingItems, autoAssemble)


def SolveStatic(mbs, simulationSettings=None, updateInitialValues=False, storeSolver=True, showHints=False,
                showCausingItems=True, autoAssemble=True):
    """Module form of mbs.SolveStatic."""
    return mbs.SolveStatic(simulationSettings, updateInitialValues, storeSolver, showHints, showCausingItems,
                           autoAssemble)


def ComputeSystemDegreeOfFreedom(mbs, simulationSettings=None, threshold=1e-12, verbose=False, useSVD=False,
                                 autoAssemble=True):
    return mbs.ComputeSystemDegreeOfFreedom(simulationSettings, threshold, verbose, useSVD, autoAssemble)


def _lazy_modules():
    from . import itemInterface, utilities, rigidBodyUtilities, basicUtilities, solver, graphicsDataUtilities, plot  # noqa: F401,E501
    from . import demos  # noqa: F401  (exudyn.demos is an attribute of the package)
    from . import interactive  # noqa: F401  (exudyn.interactive, as the package has it)
    # the engine, imported here so that the first Assemble()/solve does not pay for imports
    from .assembly import assemble  # noqa: F401
    from .equations import system  # noqa: F401  (Assemble's; it was imported inside the timed build)
    from .visualization import renderer  # noqa: F401  (SystemContainer's)
    from .solvers import implicit, static, explicit  # noqa: F401  (explicit: 2 ms of the first explicit solve)
    from .output import manager, sensors, item_outputs  # noqa: F401
    from . import mainSystemExtensions, _create_more  # noqa: F401  (MainSystem.Create... functions)
    global JointPreCheckCalcBodyMarkers, HT
    from ._create_more import JointPreCheckCalcBodyMarkers
    from ._ht import HT
    from .engine import compile as _compile  # noqa: F401  (the one-time compile at the first compiled call)
    _initialize_engine()


def _initialize_engine():
    """Set up Numba's CPU target (its typing and lowering registries) now, once per process, as
    part of importing the package: 0.15-0.35 s that the first compiled call would otherwise pay,
    wherever it comes (a rotation matrix while the model is built, Assemble, or the first solve),
    so that building a model and the first solve only load their kernels. Best effort: a Numba
    without these internals sets itself up at that first call as before."""
    import os
    if os.environ.get("NUMBA_DISABLE_JIT", "0") not in ("", "0"):
        return
    try:
        from numba.core.registry import cpu_target
        cpu_target.target_context.refresh()
    except Exception:   # noqa: BLE001 - an optimization only
        pass


try:
    _lazy_modules()
finally:
    # the objects made so far (modules, classes, functions: they live as long as the process) go
    # to the collector's permanent generation, so that the first collection after the import does
    # not go through them all (50-60 ms)
    _gc.freeze()
    if _GC_WAS_ENABLED:
        _gc.enable()
