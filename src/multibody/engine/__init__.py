"""The engine: the compiled solvers over a system's records, one code for every model.

engine/entry.py ``run`` is its one compiled entry; its parts: the control record and statuses
(control.py), the workspace (workspace.py), the linear algebra of Newton (linear.py), Newton
(newton.py), the solver kinds' steps (kinds.py, steps.py, explicit.py); driver.py is the Python
side that the solvers in solvers/ use.
"""
