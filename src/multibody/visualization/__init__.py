"""Visualization: the scene as data (scene.py), a headless renderer (renderer.py), frames and videos
(video.py). Reads results and never writes the state."""
from .scene import build_scene
from .renderer import Renderer, render_scene, save_image

__all__ = ["build_scene", "Renderer", "render_scene", "save_image"]
