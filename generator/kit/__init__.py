"""The kit: what a game's kit holds (plan), building and writing it, PRINTING.md and kit.json.
Importing the package is cheap; the modules that draw import their libraries when they write.
"""
