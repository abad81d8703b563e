"""``from multibody.utilities import *``: item classes, rigid-body and basic utilities, graphics,
as ``from exudyn.utilities import *`` gives them."""
import numpy as np  # noqa: F401  (Exudyn scripts rely on np from utilities)

from .itemInterface import *  # noqa: F401,F403
from .rigidBodyUtilities import *  # noqa: F401,F403
from .basicUtilities import *  # noqa: F401,F403
from .advancedUtilities import *  # noqa: F401,F403
from .itemInterface import __all__ as _items_all
from .rigidBodyUtilities import __all__ as _rbu_all
from .basicUtilities import __all__ as _bu_all
from .advancedUtilities import __all__ as _au_all

try:
    from . import graphics  # noqa: F401
except ImportError:  # graphics arrives with the visualization layer
    graphics = None

__all__ = list(_items_all) + list(_rbu_all) + list(_bu_all) + list(_au_all) + ["np", "graphics"]
