"""Cases of exu.HT (tests/api/test_ht.py), shared with tools/make_ht_reference.py, which runs them
with Exudyn 1.13.6 and stores the results in tests/reference/ht.json. A case is a function of the
module (exudyn or multibody) that returns numbers, arrays, bools or strings."""
import numpy as np

A = np.array([[0.955336489125606, -0.2593433800522308, 0.1416799342470381],
              [0.29552020666133955, 0.8383866435942036, -0.45801271084729195],
              [0.0, 0.479425538604203, 0.8775825618903728]])     # RotationMatrixZ(0.3) @ RotationMatrixX(0.5)
B = np.array([[np.cos(0.7), 0.0, np.sin(0.7)], [0.0, 1.0, 0.0], [-np.sin(0.7), 0.0, np.cos(0.7)]])


def _h(exu):
    return exu.HT(rotation=A, translation=[1.0, 2.0, 3.0])


def _g(exu):
    return exu.HT(rotation=B, translation=[-1.0, 0.5, 2.0])


def _axis(exu, axis, angle):
    return exu.HT().SetRotationAxis(axis, angle)


CASES = {
    # construction, parts, printing
    "identity": lambda exu: [exu.HT().HT44(), repr(exu.HT()), str(exu.HT()), exu.HT().HasNoRotation()],
    "parts": lambda exu: [_h(exu).rotation, _h(exu).translation, _h(exu).Get(), _h(exu).HT44(), repr(_h(exu))],
    "repr_digits": lambda exu: repr(exu.HT(translation=[1 / 3, 2e-8, 123456.789])),
    "repr_negative": lambda exu: repr(exu.HT(translation=[-1.5, 0.0, 1e-20])),
    "init_44": lambda exu: exu.HT(np.array([[1, 0, 0, 5], [0, 1, 0, 6], [0, 0, 1, 7], [0, 0, 0, 1.0]])).HT44(),
    "init_44_list": lambda exu: exu.HT([[0, -1, 0, 5], [1, 0, 0, 6], [0, 0, 1, 7], [0, 0, 0, 1.0]]).HT44(),
    "init_positional": lambda exu: exu.HT(B, [1.0, 2.0, 3.0]).HT44(),
    "init_euler_parameters": lambda exu: exu.HT(eulerParameters=[0.5, 0.5, 0.5, 0.5]).HT44(),
    "init_rxyz": lambda exu: exu.HT(Rxyz=[0.1, 0.2, 0.3], translation=[1.0, 0.0, 0.0]).HT44(),
    "init_rotation_vector": lambda exu: exu.HT(rotationVector=[0.1, -0.4, 0.2]).HT44(),
    "rotation_is_a_copy": lambda exu: _copy_check(exu),
    "set_parts": lambda exu: _set_parts(exu),
    "getitem": lambda exu: [_h(exu)[0:3, 3], _h(exu)[1, 1], _h(exu)[3]],
    "array": lambda exu: [np.array(_h(exu)), str(np.array(_h(exu), dtype=np.float32).dtype)],
    # rotation parameters
    "ep": lambda exu: [_h(exu).GetEP(), _h(exu).GetCoordinatesEP()],
    "rxyz": lambda exu: [_h(exu).GetRxyz(), _h(exu).GetCoordinatesRxyz()],
    "rotation_vector": lambda exu: [_h(exu).GetRotationVector(), _h(exu).GetCoordinatesRotationVector()],
    "ep_4rad": lambda exu: [_axis(exu, [1, 2, 3], 4.0).GetEP(), _axis(exu, [1, 2, 3], 4.0).GetRotationVector()],
    "ep_x3": lambda exu: exu.HT().SetRotationX(3.0).GetEP(),
    "rxyz_large": lambda exu: exu.HT(Rxyz=[2.5, -2.2, 3.0]).GetRxyz(),
    "rxyz_gimbal": lambda exu: exu.HT().SetRotationY(np.pi / 2).GetRxyz(),
    "rotation_vector_pi_yz": lambda exu: _axis(exu, [0, 1, 1], np.pi).GetRotationVector(),
    "angle_axis": lambda exu: [_h(exu).RotationAngle(), _h(exu).RotationAxis(),
                               exu.HT().RotationAxis(raiseError=False), exu.HT().SetRotationX(1e-17).RotationAxis()],
    "log": lambda exu: [_h(exu).LogSE3(), _h(exu).LogR3xSO3(), exu.HT(translation=[1, 2, 3]).LogSE3()],
    "log_small": lambda exu: exu.HT(translation=[1, 2, 3], rotationVector=[1e-9, 2e-9, 0]).LogSE3(),
    # setting
    "set_rotation_xyz": lambda exu: [exu.HT().SetRotationX(0.4).HT44(), exu.HT().SetRotationY(-0.3).HT44(),
                                     exu.HT(translation=[1, 1, 1]).SetRotationZ(2.0).HT44()],
    "set_rotation_axis": lambda exu: exu.HT().SetRotationAxis([1, 1, 0], 0.5).HT44(),
    "set_translation": lambda exu: exu.HT(rotation=A).SetTranslation([1, 2, 3]).HT44(),
    "set_identity": lambda exu: _h(exu).SetIdentity().HT44(),
    "set_exp_se3": lambda exu: exu.HT().SetExpSE3([0.1, 0.2, 0.3, 0.4, 0.5, 0.6]).HT44(),
    "set_exp_se3_small": lambda exu: exu.HT().SetExpSE3([1, 2, 3, 1e-9, 2e-9, 0]).HT44(),
    "set_exp_r3xso3": lambda exu: exu.HT().SetExpR3xSO3([0.1, 0.2, 0.3, 0.4, 0.5, 0.6]).HT44(),
    "set_coordinates": lambda exu: [exu.HT().SetCoordinatesEP(_h(exu).GetCoordinatesEP()).HT44(),
                                    exu.HT().SetCoordinatesRxyz([1, 2, 3, 0.1, 0.2, 0.3]).HT44(),
                                    exu.HT().SetCoordinatesRotationVector([1, 2, 3, 0.1, 0.2, 0.3]).HT44()],
    "set": lambda exu: [exu.HT().Set(Rxyz=[0.1, 0.2, 0.3]).HT44(),
                        exu.HT().Set(eulerParameters=[1, 0, 0, 0], translation=[1, 1, 1]).HT44(),
                        exu.HT(translation=[1, 2, 3]).Set(rotationVector=[0, 0, 0.5]).HT44(),
                        exu.HT(rotation=B).Set(translation=[1, 2, 3]).HT44(), _h(exu).Set().HT44()],
    "set_returns_self": lambda exu: _returns_self(exu),
    # operations
    "inverse": lambda exu: [_h(exu).Inverse().HT44(), _inverted(exu)],
    "products": lambda exu: [(_h(exu) * _g(exu)).HT44(), (_h(exu) @ _g(exu)).HT44(), type(_h(exu) @ _g(exu)).__name__,
                             _h(exu) * [1, 1, 1], _h(exu) * np.array([1.0, 2, 3]), _h(exu) @ [1, 1, 1, 1],
                             _h(exu) @ np.eye(4), np.eye(4) @ _h(exu)],
    "relative": lambda exu: _h(exu).Relative(_g(exu)).HT44(),
    "rotate": lambda exu: [_h(exu).RotateVector([1, 0, 0]), _h(exu).RotateVectorTransposed([1, 0, 0])],
    "interpolate_se3": lambda exu: [_h(exu).InterpolateSE3(_g(exu), f).HT44() for f in (0.0, 0.3, 1.0, 2.0)],
    "interpolate_so3": lambda exu: [_h(exu).InterpolateSO3(_g(exu), f).HT44() for f in (0.0, 0.3, 1.0, 2.0)],
    "equal": lambda exu: [_h(exu) == _h(exu), _h(exu) == _g(exu), _h(exu) != _h(exu)],
    "has_no_rotation": lambda exu: _has_no_rotation(exu),
    # errors
    "error_two_rotations": lambda exu: exu.HT(rotation=np.eye(3), Rxyz=[0, 0, 0]),
    "error_rotation_shape": lambda exu: exu.HT(rotation=np.eye(2)),
    "error_translation_size": lambda exu: exu.HT(translation=[1, 2]),
    "error_ep_not_unit": lambda exu: exu.HT(eulerParameters=[1 + 1e-10, 0, 0, 0]),
    "ep_unit_tolerance": lambda exu: exu.HT(eulerParameters=[1 + 1e-12, 0, 0, 0]).HT44(),
    "error_no_rotation_axis": lambda exu: exu.HT().RotationAxis(),
    "error_zero_axis": lambda exu: exu.HT().SetRotationAxis([0, 0, 0], 1.0),
    "error_coordinates_size": lambda exu: exu.HT().SetCoordinatesEP([1, 2, 3]),
    "error_times_scalar": lambda exu: exu.HT() * 2,
    "error_times_4vector": lambda exu: exu.HT() * [1, 1, 1, 1],
    "error_rotate_2vector": lambda exu: exu.HT().RotateVector([1, 2]),
    "error_hash": lambda exu: hash(exu.HT()),
}


def _copy_check(exu):
    h = _h(exu)
    r, t = h.rotation, h.translation
    r[0, 0], t[0] = 99.0, 99.0
    return [h.rotation[0, 0], h.translation[0]]


def _set_parts(exu):
    h = exu.HT()
    h.translation = [4, 5, 6]
    h.rotation = B
    first = [h.HT44(), h.HasNoRotation()]
    h.rotation = np.eye(3)
    return first + [h.HT44(), h.HasNoRotation()]


def _returns_self(exu):
    h = exu.HT()
    return [h.SetRotationX(0.4) is h, h.Set(translation=[1, 2, 3]) is h, h.SetExpSE3([0, 0, 0, 0, 0, 0.1]) is h]


def _inverted(exu):
    h = _h(exu)
    h.Invert()
    return h.HT44()


def _has_no_rotation(exu):
    HT = exu.HT
    return [HT().HasNoRotation(), HT(translation=[1, 2, 3]).HasNoRotation(), HT(rotation=np.eye(3)).HasNoRotation(),
            HT(rotation=A).HasNoRotation(), (HT(rotation=A) * HT(rotation=A.T)).HasNoRotation(),
            HT().SetRotationX(0).HasNoRotation(), HT(eulerParameters=[1, 0, 0, 0]).HasNoRotation(),
            HT(Rxyz=[0, 0, 0]).HasNoRotation(), HT(Rxyz=[1e-300, 0, 0]).HasNoRotation(),
            HT().SetExpSE3([1, 2, 3, 0, 0, 0]).HasNoRotation(), HT().SetRotationAxis([1, 0, 0], 0.0).HasNoRotation(),
            HT(translation=[1, 2, 3]).Inverse().HasNoRotation(), HT(rotation=A @ A.T).HasNoRotation(),
            HT(translation=[1, 0, 0]).InterpolateSE3(HT(), 0.5).HasNoRotation(),
            HT(translation=[1, 0, 0]).Relative(HT()).HasNoRotation(),
            HT(rotation=A).Set(rotation=np.eye(3)).HasNoRotation()]


def run(exu, name):
    """(kind, value): ('value', result) or ('error', names of the built-in exception classes raised)."""
    try:
        return "value", CASES[name](exu)
    except Exception as error:     # noqa: BLE001 - the error is the result
        builtins = [c.__name__ for c in type(error).__mro__ if c.__module__ == "builtins"
                    and c not in (Exception, BaseException, object)]
        return "error", builtins
