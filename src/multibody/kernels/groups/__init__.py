"""Group kernels: one compiled function per item group type, ``kernel(phase, group, state)``.

A group kernel does its type's part of a phase of the system evaluation (kernels/records.py:
FRAMES, MARKERS, MASS, FORCES, CONSTRAINTS, STIFFNESS, AFTER_NEWTON) on its GroupRecord and the
SystemState, with the physics kernels of the family (kernels/markers.py, rigid.py, ...); the
system calls it through a function pointer (kernels/system.py). The modules here are named as
the groups' modules in equations/, whose classes pack the records (their ``LAYOUT`` is the
kernel module's). A kernel returns 0, or a nonzero status the caller reports.
"""
from .._jit import typed
from ..records import GROUP_KERNEL_SIGNATURE

__all__ = ["group_kernel"]


def group_kernel(func):
    """The decorator of group kernels (compiled for GROUP_KERNEL_SIGNATURE when first needed)."""
    return typed(GROUP_KERNEL_SIGNATURE)(func)
