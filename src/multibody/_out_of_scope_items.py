"""Exudyn 1.13's item classes outside multibody's scope, as names that say so.

``from multibody.utilities import *`` provides them like Exudyn's, so a script that uses one stops
at that line with NotImplementedFeatureError naming the class and the reason, not with a NameError
(the names are those of Exudyn 1.13.6's itemInterface outside the scope: tests/api/surface_scope.py
gives the same reasons for the API-surface test).
"""
from .errors import NotImplementedFeatureError

_REASONS = {
    "finite elements, FFRF and component mode synthesis": (
        "CMSobject", "MarkerSuperElementPosition", "MarkerSuperElementRigid", "ObjectFFRF", "ObjectFFRFreducedOrder",
        "SensorSuperElement"),
    "contact (general contact, contact objects, penalty rolling discs)": (
        "CamFollowerContactPlanar", "ObjectConnectorRollingDiscPenalty", "ObjectContactCircleCable2D",
        "ObjectContactConvexRoll", "ObjectContactCoordinate", "ObjectContactCurveCircles",
        "ObjectContactFrictionCircleCable2D", "ObjectContactSphereSphere", "ObjectContactSphereTorus",
        "ObjectContactSphereTriangle", "RollingDiscPenalty"),
    "beams and plates other than the ANCF cables": (
        "ANCFBeam", "Beam2D", "Beam3D", "NodePointSlope12", "NodePointSlope23", "ObjectANCFBeam",
        "ObjectANCFThinPlate", "ObjectBeamGeometricallyExact", "ObjectBeamGeometricallyExact2D"),
    "kinematic trees": ("KinematicTree", "MarkerKinematicTreeRigid", "ObjectKinematicTree", "SensorKinematicTree"),
    "machine elements (hydraulics, rope reeving)": (
        "HydraulicActuatorSimple", "ObjectConnectorHydraulicActuatorSimple", "ObjectConnectorReevingSystemSprings",
        "ReevingSystemSprings"),
}


def _refusing_class(name, reason):
    def __init__(self, *args, **kwargs):
        raise NotImplementedFeatureError(f"{name}: {reason} are outside multibody's scope")
    return type(name, (), {"__init__": __init__, "__doc__": f"Exudyn's {name}: {reason}, outside multibody's "
                                                            "scope (constructing it raises NotImplementedFeatureError)."})


CLASSES = {prefix + name: _refusing_class(prefix + name, reason)
           for reason, names in _REASONS.items() for name in names for prefix in ("", "V")}
