"""Parameter documentation of the public utility functions and ``mbs.Create...``: one line per
argument, kept as data (_apidoc_tables.py) and appended to each function's docstring as a numpydoc
'Parameters' section at import time, with the type from the function's annotation."""
import inspect
from typing import Any, Sequence, Union

import numpy as np

from ._apidoc_tables import COMMON, SPECIFIC

#: type hint of a vector argument: a list (tuple) of numbers or a NumPy array
Vector = Union[Sequence[float], np.ndarray]
#: type hint of a matrix argument (or a list of points): a list of rows or a 2D NumPy array
Matrix = Union[Sequence[Any], np.ndarray]



def parameter_doc(function_name, argument):
    """The one-line description of ``argument`` of ``function_name``, or None."""
    return SPECIFIC.get(function_name, {}).get(argument) or COMMON.get(argument)


def _type_text(param):
    ann = param.annotation
    if ann is inspect.Parameter.empty:
        return ""
    return ann if isinstance(ann, str) else getattr(ann, "__name__", str(ann))


def _escape(text):
    """``*`` and ``**`` of variadic names are RST emphasis marks: escape them."""
    return text.replace("*", r"\*")


def parameters_section(function):
    """The numpydoc 'Parameters' section of ``function`` (empty string if it takes no documented
    argument); raises KeyError naming the arguments without a description."""
    lines, missing = [], []
    for param in inspect.signature(function).parameters.values():
        if param.name == "self" or (param.name == "mbs" and function.__name__.startswith("Create")):
            continue
        doc = parameter_doc(function.__name__, param.name)
        if doc is None:
            missing.append(param.name)
            continue
        name = {param.VAR_POSITIONAL: "*", param.VAR_KEYWORD: "**"}.get(param.kind, "") + param.name
        head = _escape(name) + (f" : {_type_text(param)}" if _type_text(param) else "")
        if param.default is not inspect.Parameter.empty:
            head += (", " if ":" in head else " : ") + f"default {param.default!r}".replace("\n", " ")
        lines.append(f"{head}\n    {doc}")
    if missing:
        raise KeyError(f"{function.__qualname__}: no description of argument(s) {missing}")
    return "\n".join(["Parameters", "----------"] + lines) if lines else ""


def _indent_of(doc):
    rest = [ln for ln in doc.splitlines()[1:] if ln.strip()]
    return min((len(ln) - len(ln.lstrip()) for ln in rest), default=0)


def attach_parameter_docs(namespace, names):
    """Append the 'Parameters' section to the docstring of each function ``names`` of ``namespace``
    (a module's globals()) that has none yet and is defined in that module."""
    module = namespace["__name__"]
    for name in names:
        function = namespace.get(name)
        if not inspect.isfunction(function) or function.__module__ != module:
            continue
        doc = function.__doc__ or ""
        if "\nParameters\n" in inspect.cleandoc(doc):
            continue
        section = parameters_section(function)
        if section:
            pad = " " * _indent_of(doc)
            body = inspect.cleandoc(doc) if not pad else doc.rstrip()
            function.__doc__ = body + "\n\n" + "\n".join(pad + ln if ln else ln for ln in section.splitlines()) + "\n"
