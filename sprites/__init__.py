"""Procedural painters: palettes and pieces drawn into cached pygame Surfaces.

Nothing here touches the display or loads files at import time.
"""
