"""advancedUtilities of issue 40 against Exudyn 1.13.6: LoadPotentialEnergy, SystemEnergy,
CreateLoadEnergySensor, NumericalJacobian and ItemODE2Coordinates on the models of
tests/api/utility_models.py (reference: tests/reference/utilities_issue40.json, written by
tools/make_utilities40_reference.py)."""
import json
from pathlib import Path

import numpy as np
import pytest

import multibody as exu
import multibody.utilities as u
from multibody.errors import NotImplementedFeatureError
from tests.api import utility_models as models

REFERENCE = Path(__file__).resolve().parents[1] / "reference" / "utilities_issue40.json"
with REFERENCE.open() as _f:
    REF = json.load(_f)

CFG, OVT = exu.ConfigurationType, exu.OutputVariableType
# energies from the same positions and rotation matrices: round-off of the rotations (1e-16)
ENERGY_RTOL = 1e-13
# energies along a solve: Exudyn's and our generalized-alpha agree to about 1e-9 relative
SOLVE_RTOL, SOLVE_ATOL = 1e-7, 1e-10
# central differences with the same steps: the same numbers up to round-off of the outputs
JACOBIAN_ATOL = 1e-8

MODELS = {"spatialEnergy": models.spatial_energy_model, "planarEnergy": models.planar_energy_model}


@pytest.mark.parametrize("name", MODELS)
def test_load_potential_energy(name):
    mbs, SC = MODELS[name](exu, u)
    ref = REF[name]["loadPotentialEnergy"]
    for i, expected in enumerate(ref["current"]):
        value = u.LoadPotentialEnergy(mbs, i)
        if expected is None:
            assert value is None, f"load {i}"
        else:
            assert value == pytest.approx(expected, rel=ENERGY_RTOL, abs=1e-15), f"load {i}"
    for i, expected in enumerate(ref["reference"]):
        value = u.LoadPotentialEnergy(mbs, i, CFG.Reference)
        # (Exudyn raises for a coordinate load in the reference configuration; its energy there is 0)
        assert value == (0.0 if expected == "error" else expected), f"load {i}"


@pytest.mark.parametrize("name", MODELS)
def test_system_energy_lists_and_values(name):
    mbs, SC = MODELS[name](exu, u)
    ref = REF[name]
    se = u.SystemEnergy(mbs)
    assert [int(i) for i in se.kineticObjects] == ref["kineticObjects"]
    assert [int(i) for i in se.potentialObjects] == ref["potentialObjects"]
    assert [int(i) for i in se.loads] == ref["loads"]
    assert [[int(x[0]), x[1]] for x in se.unavailable] == ref["unavailable"]
    assert all(x[2] == OVT.PotentialEnergy for x in se.unavailable)
    assert isinstance(se.kineticObjects[0], exu.ObjectIndex) and isinstance(se.loads[0], exu.LoadIndex)
    np.testing.assert_allclose(se.ComputeSystemEnergies(), ref["systemEnergies"], rtol=ENERGY_RTOL)


def test_system_energy_refuses_unavailable_items():
    mbs, SC = models.planar_energy_model(exu, u)
    # object 10 is a spring-damper whose springForceUserFunction defines the force
    with pytest.raises(NotImplementedFeatureError, match="springForceUserFunction"):
        u.SystemEnergy(mbs, skipUnavailable=False)
    mbs, SC = models.spatial_energy_model(exu, u)
    with pytest.raises(ValueError, match="SystemEnergy: the potential energy of load 5 is not available"):
        u.SystemEnergy(mbs, skipUnavailable=False)


def test_energy_sensors_along_a_solve():
    mbs, SC, mp, mp2, sd = models.two_mass_points(exu, u, gravity=(0, -9.81, 0))
    se = u.SystemEnergy(mbs)
    s_system = se.AddSensor()
    s_load = u.CreateLoadEnergySensor(mbs, 0)
    mbs.Assemble()
    ss = exu.SimulationSettings()
    ss.timeIntegration.endTime, ss.timeIntegration.numberOfSteps = 0.1, 10
    ss.solution.sensors.writePeriod, ss.solution.file.write = 0.02, False
    mbs.SolveDynamic(ss)
    np.testing.assert_allclose(mbs.GetSensorStoredData(s_system), REF["energySensors"]["system"], rtol=SOLVE_RTOL,
                               atol=SOLVE_ATOL)
    np.testing.assert_allclose(mbs.GetSensorStoredData(s_load), REF["energySensors"]["load"], rtol=SOLVE_RTOL,
                               atol=SOLVE_ATOL)


def test_create_load_energy_sensor_refuses_loads_without_potential():
    mbs, SC = models.spatial_energy_model(exu, u)
    with pytest.raises(ValueError, match=r"the potential energy of load 5 \(TorqueVector\) is not available"):
        u.CreateLoadEnergySensor(mbs, 5)


@pytest.mark.parametrize("case", range(len(REF["jacobians"]["cases"])))
def test_numerical_jacobian(case):
    what, coordinates, velocities, epsilon = REF["jacobians"]["cases"][case]
    mbs, SC, mp, mp2, sd = models.two_mass_points(exu, u)
    q0 = mbs.systemData.GetODE2Coordinates()
    if what == "Position":
        function = lambda: mbs.GetObjectOutputBody(mp, OVT.Position, [0, 0, 0])  # noqa: E731
    else:
        function = lambda: mbs.GetObjectOutput(sd, OVT[what])  # noqa: E731
    J = u.NumericalJacobian(mbs, function, coordinates, velocities, epsilon)
    np.testing.assert_allclose(J, REF["jacobians"]["results"][case], rtol=0, atol=JACOBIAN_ATOL)
    np.testing.assert_array_equal(mbs.systemData.GetODE2Coordinates(), q0)


def test_numerical_jacobian_shapes():
    mbs, SC, mp, mp2, sd = models.two_mass_points(exu, u)
    assert u.NumericalJacobian(mbs, lambda: 1.0, [0, 4]).shape == (1, 2)
    assert u.NumericalJacobian(mbs, lambda: [1.0, 2.0], []).shape == (0,)


def test_item_ode2_coordinates():
    mbs, SC, mp, mp2, sd = models.two_mass_points(exu, u)
    assert [u.ItemODE2Coordinates(mbs, i) for i in (mp, mp2, sd)] == REF["jacobians"]["itemODE2"]
    assert u.ItemODE2Coordinates(mbs, exu.NodeIndex(1)) == [3, 4, 5]
    with pytest.raises(ValueError, match="ItemODE2Coordinates: itemIndex must be an ObjectIndex or a NodeIndex"):
        u.ItemODE2Coordinates(mbs, 2)
