"""The API tests share tools/refresh_examples.py with the command that refreshes the examples
of openapi.yaml and README.md: one copy of how an example's request is sent and how a README
command is run."""
import sys
from pathlib import Path

TOOLS = Path(__file__).resolve().parents[2] / "tools"
if str(TOOLS) not in sys.path:
    sys.path.insert(0, str(TOOLS))
