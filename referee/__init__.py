"""Boneyard's table-side referee: dice, odds and (later) rules lookup and move checks.

Kept import-free on purpose: `referee roll 3d6` must start fast, so nothing heavy is
imported until a command needs it.
"""
