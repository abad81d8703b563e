"""exudyn.plot's PlotSensor (also mbs.PlotSensor) and helpers, against what Exudyn 1.13.6's give for
the same calls (measured): curves, labels, data with factors and offsets, files."""
import os

import matplotlib
import numpy as np
import pytest

import multibody as exu
import multibody.utilities as U
from multibody import plot

matplotlib.use("Agg")


@pytest.fixture
def solved():
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    n = mbs.AddNode(U.NodePoint())
    b = mbs.AddObject(U.MassPoint(mass=1, nodeNumber=n))
    s = mbs.AddSensor(U.SensorNode(nodeNumber=n, storeInternal=True, outputVariableType=exu.OutputVariableType.Position))
    s2 = mbs.AddSensor(U.SensorBody(bodyNumber=b, storeInternal=True,
                                    outputVariableType=exu.OutputVariableType.Velocity))
    mbs.AddLoad(U.Force(markerNumber=mbs.AddMarker(U.MarkerNodePosition(nodeNumber=n)), loadVector=[1, 2, 3]))
    mbs.Assemble()
    ss = exu.SimulationSettings()
    ss.timeIntegration.numberOfSteps = 10
    ss.timeIntegration.endTime = 0.1
    ss.timeIntegration.verboseMode = 0
    ss.solution.file.write = False
    mbs.SolveDynamic(ss)
    yield mbs, s, s2
    import matplotlib.pyplot as plt
    plt.close("all")


def test_components_of_a_sensor(solved):
    mbs, s, _ = solved
    plt, fig, ax, line = mbs.PlotSensor(s, components=[0, 1, 2])
    assert [l.get_label() for l in ax.get_lines()] == ['sensor0, PositionX', 'sensor0, PositionY',
                                                       'sensor0, PositionZ']
    assert (ax.get_xlabel(), ax.get_ylabel()) == ('time (s)', 'Position')
    assert list(fig.get_size_inches()) == [6.4, 4.8] and line is ax.get_lines()[-1]
    data = mbs.GetSensorStoredData(s)
    np.testing.assert_array_equal(ax.get_lines()[1].get_xydata(), data[:, [0, 2]])


def test_norm_and_x_components(solved):
    mbs, s, s2 = solved
    ax = mbs.PlotSensor([s, s2], components=[1, plot.componentNorm])[2]
    assert ax.get_ylabel() == 'Position, Velocity'
    v = mbs.GetSensorStoredData(s2)
    np.testing.assert_allclose(ax.get_lines()[1].get_ydata(), np.linalg.norm(v[:, 1:], axis=1))
    ax = mbs.PlotSensor(s, components=1, componentsX=0)[2]
    d = mbs.GetSensorStoredData(s)
    np.testing.assert_array_equal(ax.get_lines()[0].get_xydata(), d[:, [1, 2]])


def test_factors_offsets_styles_and_file(solved, tmp_path):
    mbs, s, _ = solved
    name = str(tmp_path / "plots" / "x.png")
    r = mbs.PlotSensor(s, components=[0], factors=[2.], offsets=[1.], labels=['my'], colors=['r'], lineStyles=['--'],
                       markerStyles=['o'], title='T', figureName='F', fileName=name)
    line = r[2].get_lines()[0]
    assert (line.get_label(), line.get_color(), line.get_linestyle(), line.get_marker(), line.get_markevery()) == \
        ('my', 'r', '--', 'o', 0.08)
    assert (r[2].get_title(), r[1].get_label()) == ('T', 'F')
    d = mbs.GetSensorStoredData(s)
    np.testing.assert_allclose(line.get_ydata(), 2. * (d[:, 1] + 1.))
    assert os.path.isfile(name)


def test_arrays_and_files_as_sources(solved, tmp_path):
    mbs, s, _ = solved
    data = np.array([[0., 1., 2.], [1., 3., 4.]])
    ax = plot.PlotSensor(mbs, data, components=1)[2]
    np.testing.assert_array_equal(ax.get_lines()[0].get_xydata(), [[0., 2.], [1., 4.]])
    f = tmp_path / "s.txt"
    f.write_text("#sensor file\n0, 1, 2\n1, 3, 4\n")
    ax = plot.PlotSensor(mbs, str(f), components=0)[2]
    np.testing.assert_array_equal(ax.get_lines()[0].get_ydata(), [1., 3.])


def test_line_codes_and_defaults():
    assert [plot.PlotLineCode(i) for i in (0, 6, 7, 14, 21, 27, 28)] == ['r-', 'y-', 'r:', 'r--', 'r-.', 'y-.', 'k:']
    d = plot.PlotSensorDefaults()
    assert d.fontSize == 16 and d.markerDensity == 0.08 and d.sizeInches == [6.4, 4.8]
    with pytest.raises(AttributeError):
        d.noSuchField = 1


def test_plot_sensor_with_no_sensors_only_closes_figures():
    """Exudyn 1.13.6 (measured): PlotSensor(mbs, []) returns [plt, None, None, None] and plots
    nothing; with closeAll=True it closes the open figures (scripts call it so before plotting)."""
    import matplotlib.pyplot as plt
    import multibody as exu_
    from multibody.plot import PlotSensor
    mbs = exu_.SystemContainer().AddSystem()
    plt.close('all')
    plt.figure('kept')
    assert PlotSensor(mbs, [])[1:] == [None, None, None] and plt.get_fignums() == [1]
    assert PlotSensor(mbs, [], closeAll=True)[1:] == [None, None, None] and plt.get_fignums() == []
