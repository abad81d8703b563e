"""The start of the code that the bench scripts run in a fresh interpreter: the model script's folder
on the path and as the working folder, and (``shim``) `import exudyn` mapped to multibody."""
import os

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.path.normpath(os.path.join(HERE, "..", "..", "shared", "bench"))


def prelude(shim):
    """Python source: the imports and set-up before a shared model script runs."""
    lines = ["import contextlib, io, json, os, resource, runpy, sys"]
    if shim:
        lines += [f"sys.path.insert(0, {HERE!r})", "from profile_step import exudyn_shim", "exudyn_shim()"]
    lines += [f"sys.path.insert(0, {SHARED!r})", f"os.chdir({SHARED!r})"]
    return "\n".join(lines) + "\n"


def child_env():
    """The environment of the child: this checkout's src first on PYTHONPATH."""
    return dict(os.environ, PYTHONPATH=os.path.join(HERE, "..", "src"))
