"""Items given as dicts (mbs.AddObject({...})) take every key Exudyn 1.13.6 takes: parameters,
'V'-keys of visualization parameters, 1.11 names (with a DeprecationWarning); a key that is no
parameter (a marker's 'bodyFixed', 'VdrawSize' of an item without a draw size) is ignored as
Exudyn ignores it, with a warning that names it."""
import warnings

import numpy as np
import pytest

import multibody as exu
import multibody.utilities as U


def _system():
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    return SC, mbs


@pytest.mark.parametrize("key", ["bodyFixed", "VdrawSize", "someKeyExudynIgnores"])
def test_a_key_that_is_no_parameter_is_ignored_with_a_warning(key):
    SC, mbs = _system()
    g = mbs.AddObject(U.ObjectGround())
    with pytest.warns(UserWarning, match=f"'{key}' is not a parameter of MarkerBodyPosition; ignored"):
        m = mbs.AddMarker({"markerType": "BodyPosition", "bodyNumber": g, "localPosition": [1., 2., 3.], key: True})
    d = mbs.GetMarker(m)
    assert key not in d and list(d["localPosition"]) == [1., 2., 3.]


def test_older_keys_and_v_keys_are_taken():
    SC, mbs = _system()
    n = mbs.AddNode(U.NodePoint())
    with pytest.warns(DeprecationWarning, match="physicsMass"):
        b = mbs.AddObject({"objectType": "MassPoint", "nodeNumber": n, "physicsMass": 2.5, "Vshow": False})
    d = mbs.GetObject(b)
    assert d["mass"] == 2.5
    assert d["Vshow"] is False


def test_item_classes_take_their_arguments_in_exudyns_order():
    """Positional arguments as Exudyn's item classes take them: name, the parameters, the older
    names, visualization."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        item = U.MassPoint("m", 3.0, 7)
    assert (item.name, item.mass, int(item.nodeNumber)) == ("m", 3.0, 7)
    v = U.MarkerBodyPosition("mk", 2, [1., 0., 0.], {"show": False})
    assert v.visualization.show is False and np.allclose(v.localPosition, [1., 0., 0.])
