"""``exudyn.FEM`` (finite elements, FFRF, component mode synthesis) is outside multibody's scope.

The module exists so that a script importing it (``from exudyn.FEM import *`` becomes
``from multibody.FEM import *``) runs when it uses nothing from it; any name taken from it raises
NotImplementedFeatureError naming the name and the reason.
"""
from .errors import OutOfScopeError

__all__ = []


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    raise OutOfScopeError(f"multibody.FEM.{name}: finite elements, FFRF and component mode synthesis "
                                     "(exudyn.FEM) are outside multibody's scope")
