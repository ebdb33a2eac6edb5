"""Where the files beside the code live: in a source checkout, templates/, static/ and
openapi.yaml sit at the top level (the design card's layout); an installed wheel carries them
inside the package (pyproject maps them there)."""
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent


def asset_path(name: str) -> Path:
    installed = PACKAGE_DIR / "_data" / name
    return installed if installed.exists() else PACKAGE_DIR.parent / name
