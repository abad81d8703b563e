"""multibody: multibody dynamics built around constraints, with the Exudyn 1.13 Python API."""
__version__ = "0.1.0"
