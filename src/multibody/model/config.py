"""exu.config: the module-wide settings (output, precision, warnings) and the version, and the
module functions around them (Print, SetWriteToFile, RequireVersion and the deprecated setters).

The version is that of the Exudyn API this package implements (1.13.6); scripts check it with
``exu.config.Version()`` or ``exu.RequireVersion("1.10.0")``.
"""
from __future__ import annotations

import platform
import sys
import warnings

API_VERSION = "1.13.6"

# exudyn.config's fields and defaults (Exudyn 1.13.6, measured: GetDefaults)
DEFAULTS = {"outputPrecision": 6, "suppressWarnings": 0, "outputDirectory": "", "linalgOutputFormatPython": 1,
            "printDelayMilliSeconds": 0, "printFlushAlways": False, "printToConsole": True, "printToFile": False,
            "printFileName": "", "printToFileAppend": False}
_TYPES = {"outputPrecision": int, "suppressWarnings": int, "outputDirectory": str, "linalgOutputFormatPython": int,
          "printDelayMilliSeconds": int, "printFlushAlways": bool, "printToConsole": bool, "printToFile": bool,
          "printFileName": str, "printToFileAppend": bool}


def _version_tuple(text):
    parts = []
    for piece in str(text).split(".")[:3]:
        digits = "".join(ch for ch in piece if ch.isdigit())
        parts.append(int(digits) if digits else 0)
    return tuple(parts + [0] * (3 - len(parts)))


class Config:
    """exudyn.config: settings with fixed names and types (an unknown name is an AttributeError)."""
    __slots__ = tuple(DEFAULTS) + ("_file",)

    def __init__(self):
        for name, value in DEFAULTS.items():
            object.__setattr__(self, name, value)
        object.__setattr__(self, "_file", None)

    def __setattr__(self, name, value):
        kind = _TYPES.get(name)
        if kind is None:
            raise AttributeError(f"exudyn.config has no attribute '{name}'")
        if kind is int and isinstance(value, bool):
            value = int(value)
        if kind in (int, bool) and not isinstance(value, (int, bool)) or kind is str and not isinstance(value, str):
            raise TypeError(f"exudyn.config.{name}: expected {kind.__name__}, received {value!r}")
        object.__setattr__(self, name, kind(value))

    def Version(self, addDetails=False):
        """The Exudyn API version (with addDetails: Python version, platform, precision, package)."""
        if not addDetails:
            return API_VERSION
        from .. import __version__
        return (f"{API_VERSION}; Python{platform.python_version()}; {platform.system()} {platform.machine()} "
                f"FLOAT64; multibody {__version__}")

    def GetDefaults(self):
        return dict(DEFAULTS)

    def GetDictionary(self):
        return {name: getattr(self, name) for name in DEFAULTS}

    def SetDictionary(self, values):
        """Set the names given that config has (others are ignored, as Exudyn does)."""
        for name, value in dict(values).items():
            if name in DEFAULTS:
                setattr(self, name, value)

    def __repr__(self):
        return repr(self.GetDictionary())


config = Config()


def _deprecated(old, new):
    warnings.warn(f"exudyn.{old}: deprecated; use {new}", DeprecationWarning, stacklevel=3)


def Print(*args, **kwargs):
    """print() through multibody's output: to the console where config.printToConsole, to the file of
    SetWriteToFile where config.printToFile (keyword arguments as print's: sep, end, flush)."""
    sep, end, flush = kwargs.pop("sep", " "), kwargs.pop("end", "\n"), kwargs.pop("flush", False)
    if kwargs:
        raise TypeError(f"exudyn.Print: unexpected keyword argument(s) {', '.join(sorted(kwargs))}")
    text = (" " if sep is None else sep).join(str(a) for a in args) + ("\n" if end is None else end)
    if config.printToConsole:
        sys.stdout.write(text)
        if flush:
            sys.stdout.flush()
    f = config._file
    if config.printToFile and f is not None:
        f.write(text)
        if flush or config.printFlushAlways:
            f.flush()


def SetWriteToFile(filename, flagWriteToFile=True, flagAppend=False, flagFlushAlways=False):
    """Print also writes into ``filename`` (appending with flagAppend); flagWriteToFile False closes it."""
    if config._file is not None:
        config._file.close()
        object.__setattr__(config, "_file", None)
    config.printToFile = bool(flagWriteToFile)
    config.printFileName = str(filename) if flagWriteToFile else ""
    config.printToFileAppend = bool(flagAppend) if flagWriteToFile else False
    config.printFlushAlways = bool(flagFlushAlways) if flagWriteToFile else False
    if flagWriteToFile:
        object.__setattr__(config, "_file", open(filename, "a" if flagAppend else "w"))


def SetWriteToConsole(flag):
    _deprecated("SetWriteToConsole()", "exudyn.config.printToConsole")
    config.printToConsole = bool(flag)


def SetOutputPrecision(numberOfDigits):
    _deprecated("SetOutputPrecision()", "exudyn.config.outputPrecision")
    config.outputPrecision = int(numberOfDigits)


def SetLinalgOutputFormatPython(flagPythonFormat):
    _deprecated("SetLinalgOutputFormatPython()", "exudyn.config.linalgOutputFormatPython")
    config.linalgOutputFormatPython = int(bool(flagPythonFormat))


def SetPrintDelayMilliSeconds(delayMilliSeconds):
    _deprecated("SetPrintDelayMilliSeconds()", "exudyn.config.printDelayMilliSeconds")
    config.printDelayMilliSeconds = int(delayMilliSeconds)


def SuppressWarnings(flag):
    _deprecated("SuppressWarnings()", "exudyn.config.suppressWarnings")
    config.suppressWarnings = int(bool(flag))


def GetVersionString(addDetails=False):
    _deprecated("GetVersionString()", "exudyn.config.Version()")
    return config.Version(addDetails)


def RequireVersion(requiredVersionString):
    """RuntimeError where the Exudyn API version implemented here is below the one required."""
    if _version_tuple(requiredVersionString) > _version_tuple(API_VERSION):
        raise RuntimeError(f"Exudyn API version {requiredVersionString} required; multibody implements "
                           f"{API_VERSION}")


def Help():
    """Basic help: what the package is and where its documentation is."""
    Print("multibody: multibody dynamics with the Exudyn 1.13 Python API (import multibody as exu).\n"
          "Build a model with SC = exu.SystemContainer(); mbs = SC.AddSystem(); mbs.AddNode/AddObject/"
          "AddMarker/AddLoad/AddSensor(...); mbs.Assemble();\nsolve with mbs.SolveDynamic(simulationSettings) "
          "or mbs.SolveStatic(...); item classes are in multibody.utilities; see the README and docs/.")


class _Section:
    """One section of exu.special: fields with fixed names and types."""
    _FIELDS: dict = {}

    def __init__(self):
        for name, value in self._FIELDS.items():
            object.__setattr__(self, name, value)

    def __setattr__(self, name, value):
        default = self._FIELDS.get(name)
        if default is None and name not in self._FIELDS:
            raise AttributeError(f"{type(self).__name__} has no attribute '{name}'")
        object.__setattr__(self, name, type(default)(value))

    def __repr__(self):
        return "\n".join(f"  {name} = {getattr(self, name)}" for name in self._FIELDS) + "\n"


class SpecialSolver(_Section):
    _FIELDS = {"timeout": -1.0, "throwErrorWithCtrlC": False, "multiThreadingLoadBalancing": True}


class SpecialExceptions(_Section):
    _FIELDS = {"dictionaryVersionMismatch": True, "dictionaryNonCopyable": True, "parameterRangeChecks": True,
               "writeErrorsToLogFile": True}


class SpecialUserInterface(_Section):
    """Which kinds of window must not open (automated runs); there is no window here anyway."""
    _FIELDS = {"suppressRenderer": False, "suppressSolutionViewer": False, "suppressPlots": False,
               "suppressDialogs": False}

    def SuppressAll(self, flag=True):
        for name in self._FIELDS:
            setattr(self, name, flag)


class SpecialBeams(_Section):
    _FIELDS = {"geometricallyExactLumpedMass": False}


class SpecialDeprecations(_Section):
    _FIELDS = {"warnOnce": True, "recordUse": True}


class Special:
    """exu.special: settings of special behaviour, in sections."""

    def __init__(self):
        self.solver = SpecialSolver()
        self.exceptions = SpecialExceptions()
        self.userInterface = SpecialUserInterface()
        self.beams = SpecialBeams()
        self.deprecations = SpecialDeprecations()

    def __repr__(self):
        return "".join(f"{name}:\n{getattr(self, name)!r}\n" for name in
                       ("solver", "exceptions", "userInterface", "beams", "deprecations"))


special = Special()
