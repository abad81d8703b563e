"""Outputs of a solve: sensors, solution, restart and solver information files."""
import os


def output_path(name, make_folder=True):
    """An output file's path: a relative ``name`` inside exudyn.config.outputDirectory where that is
    set (solution, sensor, restart and solver information files alike); its folder created."""
    from .. import config
    name = str(name)
    if config.outputDirectory and not os.path.isabs(name):
        name = os.path.join(config.outputDirectory, name)
    folder = os.path.dirname(name)
    if make_folder and folder:
        os.makedirs(folder, exist_ok=True)
    return name
