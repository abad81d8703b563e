"""Exception hierarchy of multibody, with the Exudyn 1.13 class names.

Model errors (bad item, parameter or reference) derive from ``ValueError`` or
``TypeError``; solver errors from ``RuntimeError``, as in Exudyn 1.13.6, so
that existing ``except ValueError:`` blocks keep working.
"""


class ExudynError(Exception):
    """Base of all multibody errors (Exudyn name)."""


MultibodyError = ExudynError


class ModelError(ExudynError, ValueError):
    """Inconsistent model: an index that points nowhere, a marker of the wrong kind."""


class ExudynValueError(ExudynError, ValueError):
    """A value out of range or of the wrong size."""


class ExudynTypeError(ExudynError, TypeError):
    """A value of the wrong type."""


class ExudynIndexError(ExudynError, IndexError):
    """An index out of range."""


class ExudynArithmeticError(ExudynError, ArithmeticError):
    """Arithmetic failure."""


class SolverError(ExudynError, RuntimeError):
    """A solve that failed: no convergence at the minimum step, singular Jacobian, NaN."""


class InternalError(ExudynError, RuntimeError):
    """An internal inconsistency."""


class NotImplementedFeatureError(ExudynError, NotImplementedError):
    """A feature of the Exudyn API that multibody does not provide."""


class OutOfScopeError(NotImplementedFeatureError, AttributeError):
    """A name of Exudyn's API outside multibody's scope, asked for as an attribute: the reason in the
    message; an AttributeError too, so that hasattr() is False."""


class ItemParameterError(ExudynValueError):
    """A parameter value rejected when an item is added or a parameter set."""

    def __init__(self, item, parameter, received, expected):
        self.item, self.parameter, self.received, self.expected = item, parameter, received, expected
        super().__init__(f"{item}: parameter '{parameter}' {expected}; received {received!r}")


class ItemParameterTypeError(ExudynTypeError):
    """A parameter value of the wrong type."""

    def __init__(self, item, parameter, received, expected):
        self.item, self.parameter, self.received, self.expected = item, parameter, received, expected
        super().__init__(f"{item}: parameter '{parameter}' {expected}; received {received!r}")


class AssemblyError(ModelError):
    """Raised by Assemble(): a reference or marker type that does not fit."""


class UserFunctionError(SolverError, ModelError):
    """A Python user function raised; the original exception is the __cause__. A ModelError too,
    as Exudyn's error for a user function that raised."""


class UserFunctionResultError(UserFunctionError, InternalError):
    """A Python user function returned a value of the wrong type or shape (Exudyn: an InternalError,
    the value not cast); the message names the item, the function and what was expected."""
