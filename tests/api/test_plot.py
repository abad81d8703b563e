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
    assert list(fig.get_size_inches()) == [6.4, 4.8] and line is None      # (as Exudyn 1.13.6 returns)
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


def test_sensor_and_file_data_as_arrays_and_data_frames(solved, tmp_path):
    mbs, s, _ = solved
    data = mbs.GetSensorStoredData(s)
    np.testing.assert_array_equal(plot.SensorData(mbs, s), data)
    f = tmp_path / "s.txt"
    f.write_text("#Exudyn implicit second order time integration sensor output file\n#measure Node number = 0\n"
                 "#OutputVariableType = Position\n#number of sensor values = 2\n#\n0,1,2\n0.5,3,4\n")
    np.testing.assert_array_equal(plot.FileData(str(f)), [[0, 1, 2], [0.5, 3, 4]])
    pd = pytest.importorskip("pandas", reason="pandas is not installed: pip install 'multibody[pandas]'")
    frame = plot.SensorData(mbs, s, dataFrame=True)
    assert isinstance(frame, pd.DataFrame) and list(frame.columns) == ["time", "Position0", "Position1", "Position2"]
    np.testing.assert_array_equal(frame.to_numpy(), data)
    frame = plot.FileData(str(f), dataFrame=True)
    assert list(frame.columns) == ["time", "Position0", "Position1"] and frame["Position1"].tolist() == [2, 4]


def test_solution_file_as_data_frame(tmp_path):
    pd = pytest.importorskip("pandas", reason="pandas is not installed: pip install 'multibody[pandas]'")
    from pathlib import Path
    frame = plot.FileData(str(Path(__file__).resolve().parents[1] / "reference" / "plot" / "sol.txt"), dataFrame=True)
    assert isinstance(frame, pd.DataFrame) and frame.shape == (41, 1 + 3 * 10 + 4)
    assert list(frame.columns[:2]) == ["time", "ODE2-0"] and frame.columns[-1] == "Algebraic-3"


def test_data_frames_without_pandas_name_the_extra(solved, monkeypatch):
    import sys
    mbs, s, _ = solved
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(ImportError, match=r"pip install 'multibody\[pandas\]'"):
        plot.SensorData(mbs, s, dataFrame=True)


def test_plot_sensor_without_a_display_never_shows(tmp_path):
    """A fresh interpreter with no display and no backend chosen: PlotSensor draws on Agg, writes the
    file and never calls show."""
    import subprocess
    import sys
    script = (
        "import os, matplotlib, multibody as exu, multibody.utilities as U, numpy as np\n"
        "import matplotlib.pyplot as plt\n"
        "plt.show = lambda *a, **k: (_ for _ in ()).throw(RuntimeError('show called'))\n"
        "mbs = exu.SystemContainer().AddSystem()\n"
        "r = mbs.PlotSensor(np.array([[0., 1.], [1., 2.]]), fileName='out.png')\n"
        "print(matplotlib.get_backend().lower(), os.path.isfile('out.png'), r[3])\n")
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "MPLBACKEND", "WAYLAND_DISPLAY")}
    out = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["agg", "True", "None"]


def test_file_strip_spaces_as_exudyn(tmp_path):
    """Exudyn 1.13.6 (measured): spaces only (tabs stay), comment lines unchanged with fileCommentChar."""
    source = tmp_path / "sp.txt"
    source.write_text("#comment  line  \n  1.0   3.0  \n\t2.0  4.0\n#x\n   \n5,,6\n")
    for args, expected in ((("", ""), "#comment  line\n1.0   3.0\n\t2.0  4.0\n#x\n\n5,,6\n"),
                           (("#", " "), "#comment  line  \n1.0 3.0\n\t2.0 4.0\n#x\n\n5,,6\n"),
                           (("", ","), "#comment  line\n1.0   3.0\n\t2.0  4.0\n#x\n\n5,6\n")):
        plot.FileStripSpaces(str(source), str(tmp_path / "o.txt"), *args)
        assert (tmp_path / "o.txt").read_text() == expected


def test_plot_fft_as_exudyn():
    """Exudyn 1.13.6 (measured): the frequencies freqStart <= f < freqEnd, log scales, a legend with a label."""
    import matplotlib.pyplot as plt
    plt.close("all")
    f, d = np.linspace(0, 10, 11), np.arange(11) + 1.
    assert plot.PlotFFT(f, d, label='a', freqStart=2, freqEnd=7) is plt
    ax = plt.gca()
    assert [l.get_xdata().tolist() for l in ax.get_lines()] == [[2., 3., 4., 5., 6.]]
    assert ax.get_lines()[0].get_ydata().tolist() == [3., 4., 5., 6., 7.]
    assert (ax.get_xscale(), ax.get_yscale(), ax.get_xlabel(), ax.get_ylabel()) == ('log', 'log', 'frequency', 'magnitude')
    assert ax.get_legend() is not None
    plt.close("all")
    plot.PlotFFT(f, d, freqStart=2.5, freqEnd=7.5, logScaleX=False, minorGrid=False)
    ax = plt.gca()
    assert ax.get_lines()[0].get_xdata().tolist() == [3., 4., 5., 6., 7.] and ax.get_legend() is None
    assert ax.get_xscale() == 'linear'
    plt.close("all")


def test_data_array_from_sensor_list_as_exudyn(tmp_path, monkeypatch):
    """The model of plot_cases solved: Exudyn 1.13.6's DataArrayFromSensorList (measured) to 1e-12."""
    from . import plot_cases
    monkeypatch.chdir(tmp_path)
    mbs, S = plot_cases.build_model(exu, U)
    mbs.SolveDynamic(plot_cases.simulation_settings(exu))
    np.testing.assert_allclose(plot.DataArrayFromSensorList(mbs, [S[0], S[1]], positionList=[0.5, 1.5]),
                               [[0.5, 0.02646378017963225, 0.01611803283244068, 0.09647398071974962],
                                [1.5, -0.15410582224237263, -0.06824317941975265, 0.2059423321178498]], rtol=1e-12)
    np.testing.assert_allclose(plot.DataArrayFromSensorList(mbs, [S[0], S[2]]),
                               [[0., 0.02646378017963225, 0.01611803283244068, 0.09647398071974962],
                                [1., 2.4922721957208522, 3.1553633870683835, 5.029641368105331]], rtol=1e-12)
    with pytest.raises(ValueError, match="positionList"):
        plot.DataArrayFromSensorList(mbs, [S[0], S[1]], positionList=[1])
