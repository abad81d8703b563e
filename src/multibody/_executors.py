"""Executors for multibody.processing's ``executor=``: any ``concurrent.futures.Executor`` runs the
computations of a study (a process pool, a thread pool, Dask's ``Client.get_executor()``), and
RayExecutor puts Ray behind the same interface."""
from __future__ import annotations

import concurrent.futures

from ._optional import require

__all__ = ["RayExecutor", "check_executor", "executor_results"]


def check_executor(where, executor):
    """The executor, or TypeError naming the function where it has no submit()."""
    if executor is None or isinstance(executor, concurrent.futures.Executor) or callable(getattr(executor, "submit", None)):
        return executor
    raise TypeError(f"{where}: executor must be a concurrent.futures.Executor (a process pool, "
                    f"distributed.Client(...).get_executor(), multibody.processing.RayExecutor(), ...); "
                    f"received {executor!r}")


def executor_results(executor, function, tasks):
    """function(task) for every task, submitted to the executor at once; the results in order."""
    futures = [executor.submit(function, task) for task in tasks]
    try:
        for future in futures:
            yield future.result()
    finally:
        for future in futures:
            future.cancel()


def _ray_call(function, args, kwargs):
    return function(*args, **kwargs)


class RayExecutor(concurrent.futures.Executor):
    """A concurrent.futures.Executor running every submitted call as a Ray task (ray.remote), for
    ``executor=`` of multibody.processing's studies on a Ray cluster.

    Uses the running Ray instance, or starts one with ``ray.init(**initArguments)`` (e.g. address='auto'
    for a cluster, num_cpus=2 on one machine), which shutdown() then stops. numCpusPerTask: the
    CPUs Ray reserves for each computation. The function and its arguments are sent with Ray's
    pickling (a function defined at module level of a module the workers can import)."""

    def __init__(self, numCpusPerTask=1, **initArguments):
        self._ray = require("ray", "RayExecutor")
        self._started = not self._ray.is_initialized()
        if self._started:
            self._ray.init(**initArguments)
        elif initArguments:
            raise ValueError("RayExecutor: Ray is already running; ray.init() arguments "
                             f"{sorted(initArguments)} cannot be applied")
        self._remote = self._ray.remote(num_cpus=numCpusPerTask)(_ray_call)

    def submit(self, fn, /, *args, **kwargs):
        """``fn(*args, **kwargs)`` as a Ray task; its concurrent.futures.Future."""
        if self._remote is None:
            raise RuntimeError("RayExecutor: cannot submit after shutdown()")
        return self._remote.remote(fn, args, kwargs).future()

    def shutdown(self, wait=True, *, cancel_futures=False):
        """Stop Ray if this executor started it."""
        self._remote = None
        if self._started and self._ray.is_initialized():
            self._ray.shutdown()
        self._started = False
