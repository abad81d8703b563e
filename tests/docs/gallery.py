"""The examples gallery: each script of examples/ and the pictures it writes (shared by the gallery
test and the docs build, which shows them)."""
import os
import runpy
import time
import warnings

import matplotlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLES = os.path.join(ROOT, "examples")
SCRIPTS = sorted(f for f in os.listdir(EXAMPLES) if f.endswith(".py"))


def run_script(name, folder):
    """Run examples/<name> as __main__ in <folder>; return (seconds, pictures written)."""
    import matplotlib.pyplot as plt
    matplotlib.use("Agg")
    cwd = os.getcwd()
    os.makedirs(folder, exist_ok=True)
    os.chdir(folder)
    start = time.perf_counter()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", DeprecationWarning)
            runpy.run_path(os.path.join(EXAMPLES, name), run_name="__main__")
    finally:
        os.chdir(cwd)
        plt.close("all")
    seconds = time.perf_counter() - start
    return seconds, sorted(f for f in os.listdir(folder) if f.endswith(".png"))
