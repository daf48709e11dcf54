"""Where the repository's folders are. BONEYARD_HOME points elsewhere (tests, installs)."""
from __future__ import annotations

import os
from pathlib import Path

REPO_ROOT = Path(os.environ.get("BONEYARD_HOME", Path(__file__).resolve().parents[1]))
CONTENT_DIR = REPO_ROOT / "content"
LAYOUTS_DIR = REPO_ROOT / "layouts"
OUTPUT_DIR = REPO_ROOT / "output"
