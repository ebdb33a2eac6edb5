"""The API tests share tools/refresh_examples.py with the command that refreshes the examples
of openapi.yaml and README.md: one copy of how an example's request is sent and how a README
command is run. `app` and `client` are the app with its defaults, one per module."""
import sys
from pathlib import Path

import pytest

TOOLS = Path(__file__).resolve().parents[2] / "tools"
if str(TOOLS) not in sys.path:
    sys.path.insert(0, str(TOOLS))


@pytest.fixture(scope="module")
def app():
    from calculator import create_app

    return create_app()


@pytest.fixture(scope="module")
def client(app):
    return app.test_client()
