"""Printing a command's answer: `referee ... | head` must end quietly, not with a traceback."""
from __future__ import annotations

import os
import sys


def print_out(text: str) -> None:
    try:
        print(text, flush=True)
    except BrokenPipeError:  # the reader has all it wants; stop writing to it
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
