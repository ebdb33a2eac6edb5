"""The layering, checked by import-linter against the contracts in pyproject.toml: the core
imports neither the API nor the web page, the API never imports the page, the core imports
no web or schema library, and no package's modules import one another in a circle (imports
inside functions count). A second test breaks each kind of contract on purpose in a package
made for it, so the first cannot pass for want of looking."""
from __future__ import annotations

import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINT_IMPORTS = shutil.which("lint-imports", path=str(Path(sys.executable).parent))


def lint_imports(cwd: Path, *args: str, pythonpath: Path | None = None
                 ) -> subprocess.CompletedProcess:
    assert LINT_IMPORTS, "import-linter is in the test extra: pip install -e '.[test]'"
    env = {"PATH": str(Path(sys.executable).parent), "PYTHONPATH": str(pythonpath or ROOT),
           "LANG": "C.UTF-8", "COLUMNS": "200"}
    return subprocess.run([LINT_IMPORTS, "--no-cache", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)


def test_the_project_keeps_its_import_contracts():
    done = lint_imports(ROOT)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "3 kept, 0 broken" in done.stdout


def test_a_broken_contract_fails(tmp_path):
    """The same three kinds of contract on a package that breaks each: a lower layer that
    imports a higher one, a forbidden library, and a circle closed inside a function."""
    package = tmp_path / "demo"
    for sub in ("core", "api"):
        (package / sub).mkdir(parents=True)
        (package / sub / "__init__.py").write_text("")
    (package / "__init__.py").write_text("")
    (package / "api" / "views.py").write_text("from ..core import a\n")
    (package / "core" / "a.py").write_text("import json\nfrom . import b\n")
    (package / "core" / "b.py").write_text(textwrap.dedent("""\
        from ..api import views  # the core reaching up


        def late():
            from . import a  # the circle a -> b -> a, dodged at import time
            return a
        """))
    (tmp_path / "contracts.toml").write_text(textwrap.dedent("""\
        [tool.importlinter]
        root_package = "demo"
        include_external_packages = true

        [[tool.importlinter.contracts]]
        name = "layers"
        type = "layers"
        layers = ["demo.api", "demo.core"]

        [[tool.importlinter.contracts]]
        name = "pure"
        type = "forbidden"
        source_modules = ["demo.core"]
        forbidden_modules = ["json"]

        [[tool.importlinter.contracts]]
        name = "acyclic"
        type = "acyclic_siblings"
        ancestors = ["demo"]
        """))
    done = lint_imports(tmp_path, "--config", "contracts.toml", pythonpath=tmp_path)
    assert done.returncode != 0
    assert "0 kept, 3 broken" in done.stdout, done.stdout[-4000:] + done.stderr[-2000:]


def test_the_command_line_does_not_import_the_web_page():
    """The command line reads numbers and pile tokens with the core's readers, never the
    page's (every import in calculator/cli.py, those inside functions too)."""
    import ast

    tree = ast.parse((ROOT / "calculator" / "cli.py").read_text())
    modules = [("." * node.level) + (node.module or "") for node in ast.walk(tree)
               if isinstance(node, ast.ImportFrom)]
    modules += [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                for alias in node.names]
    assert any(m.startswith(".core") for m in modules)  # the walk sees the imports
    assert not [m for m in modules if m.startswith((".web", "calculator.web"))], modules
