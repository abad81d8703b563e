"""Restart files of the dynamic solvers (solution.restart, spec settings.md): the state written every
writePeriod and at the end of a solve (``write``), from which a later solve with
``continueIfAvailable`` continues (``read``), the fields and text of Exudyn 1.13.6's file:

    #Exudyn restart file (solution.restart): the state from which solution.restart.continueIfAvailable continues
    #Exudyn version=..., written <date>
    fingerprint=<solver>;ODE2=n;ODE1=n;AE=n;data=n;nodes=n;objects=n;markers=n;loads=n;sensors=n
    time=... stepIndex=... stepSize=... nextStepSize=-1 stepsSinceLastStepSizeReduction=...
    lastSolutionWritten=... lastSensorsWritten=... lastImageRecorded=...
    solutionFileSize=... (-1: no solution file) sensorFileSizes=... (per sensor file, comma-separated)
    ODE2=... ODE2_t=... ODE2_tt=... aAlgorithmic=... ODE1=... ODE1_t=... AE=... data=...
    #FINISHED

one ``key=value`` per line, reals with 17 significant digits. A file is written to a temporary name
and renamed (never read half-written); one without ``#FINISHED`` or with another fingerprint (a
different model or solver) is not continued from.
"""
import os

import numpy as np

from . import output_path

HEADER = ("#Exudyn restart file (solution.restart): the state from which solution.restart.continueIfAvailable "
          "continues")
_VECTORS = ("ODE2", "ODE2_t", "ODE2_tt", "aAlgorithmic", "ODE1", "ODE1_t", "AE", "data")


def fingerprint(solver):
    """The line that ties a restart file to its model and solver."""
    c = solver.c
    items = solver.mbs._items
    return (f"{solver.solver_name};ODE2={c.n_ode2};ODE1={c.n_ode1};AE={c.n_ae};data={c.n_data};"
            f"nodes={len(items['node'])};objects={len(items['object'])};markers={len(items['marker'])};"
            f"loads={len(items['load'])};sensors={len(items['sensor'])}")


def file_name(settings):
    """solution.restart.name, with config.outputDirectory where it is relative (as the solution file)."""
    return output_path(settings.solution.restart.name, make_folder=False)


def _real(x):
    return "%.17g" % float(x)


def _vector(a):
    return ",".join(_real(x) for x in np.asarray(a, dtype=float).ravel())


def write(name, solver, fields, date, version):
    """The restart file of the current state; ``fields``: the output bookkeeping (last times written,
    file sizes), the step (time, stepIndex, stepSize, stepsSinceLastStepSizeReduction)."""
    from ..enums import ConfigurationType
    st = solver.c.states[ConfigurationType.Current]
    a_alg = getattr(solver, "a_alg", None)
    lines = [HEADER, f"#Exudyn version={version}, written {date}", "fingerprint=" + fingerprint(solver),
             "time=" + _real(fields["time"]), f"stepIndex={int(fields['stepIndex'])}",
             "stepSize=" + _real(fields["stepSize"]), "nextStepSize=-1",
             f"stepsSinceLastStepSizeReduction={int(fields['stepsSinceLastStepSizeReduction'])}",
             "lastSolutionWritten=" + _real(fields["lastSolutionWritten"]),
             "lastSensorsWritten=" + _real(fields["lastSensorsWritten"]),
             "lastImageRecorded=" + _real(fields["lastImageRecorded"]),
             f"solutionFileSize={int(fields['solutionFileSize'])}",
             "sensorFileSizes=" + ",".join(str(int(k)) for k in fields["sensorFileSizes"]),
             "ODE2=" + _vector(st.q), "ODE2_t=" + _vector(st.v), "ODE2_tt=" + _vector(st.a),
             "aAlgorithmic=" + _vector(st.a if a_alg is None else a_alg),
             "ODE1=" + _vector(st.y), "ODE1_t=" + _vector(st.y_t), "AE=" + _vector(st.lam), "data=" + _vector(st.x),
             "#FINISHED"]
    folder = os.path.dirname(name)
    if folder:
        os.makedirs(folder, exist_ok=True)
    tmp = f"{name}.{os.getpid()}.tmp"
    with open(tmp, "w") as fh:
        fh.write("\n".join(lines) + "\n")
    os.replace(tmp, name)


def read(name, solver):
    """The fields of a complete restart file of this model and solver (``fingerprint``), the vectors
    as arrays; None where there is none (missing, not finished, another fingerprint)."""
    try:
        with open(name) as fh:
            lines = fh.read().splitlines()
    except OSError:
        return None
    if not lines or lines[-1].strip() != "#FINISHED":
        return None
    fields = {}
    for line in lines:
        if line.startswith("#") or "=" not in line:
            continue
        key, value = line.split("=", 1)
        fields[key] = value
    if fields.get("fingerprint") != fingerprint(solver):
        return None
    try:
        out = {k: float(fields[k]) for k in ("time", "stepSize", "lastSolutionWritten", "lastSensorsWritten",
                                              "lastImageRecorded")}
        out.update({k: int(fields[k]) for k in ("stepIndex", "stepsSinceLastStepSizeReduction", "solutionFileSize")})
        out["sensorFileSizes"] = [int(x) for x in fields["sensorFileSizes"].split(",") if x.strip()]
        for k in _VECTORS:
            out[k] = np.array([float(x) for x in fields[k].split(",") if x.strip()])
    except (KeyError, ValueError):
        return None
    return out
