"""Boneyard's generator: the game data model and loader, the scene, the backends and the builds.

Importing this package is cheap on purpose: the referee imports the loader from here, and
drawing libraries (reportlab, weasyprint) are imported only by the modules that draw.
"""
