"""The types of the deprecated settings groups: simulationSettings.solutionSettings
(SolutionSettingsDeprecated), simulationSettings.linearSolverSettings
(LinearSolverSettingsDeprecated) and timeIntegration.explicitIntegration
(ExplicitIntegrationSettingsDeprecated).

A group read from a settings structure forwards each member to its new place (settings.py,
_LegacyGroup) and is an instance of its class here. A group constructed on its own belongs to no
settings structure: as in Exudyn 1.13.6, reading or writing a member then raises InternalError,
and GetDictionary() gives {} (SetDictionary ignores its argument).
"""
from __future__ import annotations

from ..errors import InternalError
from .settings import SimulationSettings, TimeIntegrationSettings, _LegacyGroup


class _DeprecatedGroupType(type):
    """isinstance(g, cls) also for the forwarding group that a settings structure gives."""

    def __instancecheck__(cls, obj):
        if type.__instancecheck__(cls, obj):
            return True
        return (cls._owner_class is not None and isinstance(obj, _LegacyGroup) and obj._prefix == cls._prefix
                and isinstance(obj._owner, cls._owner_class))


class _DeprecatedGroup(metaclass=_DeprecatedGroupType):
    """A deprecated settings group constructed on its own (not linked to a settings structure)."""
    __slots__ = ()
    _owner_class = None
    _prefix = ""

    def _unlinked(self, name):
        entry = type(self)._owner_class._legacy.get(f"{self._prefix}.{name}")
        if entry is None:
            raise AttributeError(f"{type(self).__name__} has no attribute '{name}'")
        return InternalError(f"{self._prefix}.{name} is deprecated and forwards to {entry.new}, which needs the "
                             "settings structure it belongs to; this one was constructed on its own and is not "
                             "linked")

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        raise self._unlinked(name)

    def __setattr__(self, name, value):
        raise self._unlinked(name)

    def __dir__(self):
        start = len(self._prefix) + 1
        return sorted(name[start:] for name in self._owner_class._legacy if name.startswith(self._prefix + "."))

    def __repr__(self):
        name = type(self).__name__
        return f"<{name}:\n{name}:\n\n >"


class _WithDictionary(_DeprecatedGroup):
    __slots__ = ()

    def GetDictionary(self):
        """{}: the members are deprecated and forward to their new places (see the module)."""
        return {}

    def SetDictionary(self, d):
        """Ignored, as in Exudyn: set the new settings instead."""


class SolutionSettingsDeprecated(_WithDictionary):
    """Deprecated simulationSettings.solutionSettings (use simulationSettings.solution)."""
    __slots__ = ()
    _owner_class = SimulationSettings
    _prefix = "solutionSettings"


class LinearSolverSettingsDeprecated(_DeprecatedGroup):
    """Deprecated simulationSettings.linearSolverSettings (use simulationSettings.linearSolver)."""
    __slots__ = ()
    _owner_class = SimulationSettings
    _prefix = "linearSolverSettings"


class ExplicitIntegrationSettingsDeprecated(_WithDictionary):
    """Deprecated timeIntegration.explicitIntegration (use timeIntegration.explicit)."""
    __slots__ = ()
    _owner_class = TimeIntegrationSettings
    _prefix = "explicitIntegration"
