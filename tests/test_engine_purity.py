"""The engines import only the standard library and each other (style.md §3)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ENGINES = ("scoring/engine", "movements/engine")
ALLOWED_FIRST_PARTY = ("scoring.engine", "movements.engine")


def engine_modules() -> list[Path]:
    return sorted(p for e in ENGINES for p in (ROOT / e).rglob("*.py"))


def imported_names(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module)
    return names


def is_allowed(name: str) -> bool:
    top = name.split(".")[0]
    if top in sys.stdlib_module_names:
        return True
    return any(name == p or name.startswith(p + ".") for p in ALLOWED_FIRST_PARTY)


@pytest.mark.parametrize(
    "path", engine_modules(), ids=lambda p: str(p.relative_to(ROOT))
)
def test_engine_module_imports_only_the_standard_library(path: Path) -> None:
    foreign = [n for n in imported_names(path) if not is_allowed(n)]
    assert foreign == [], f"{path.name} imports {foreign}"


def test_importing_the_engines_does_not_import_django() -> None:
    code = (
        "import sys, scoring.engine, movements.engine\n"
        "import pkgutil, importlib\n"
        "for pkg in (scoring.engine, movements.engine):\n"
        "    for m in pkgutil.iter_modules(pkg.__path__):\n"
        "        importlib.import_module(pkg.__name__ + '.' + m.name)\n"
        "bad = [m for m in sys.modules if m == 'django' or m.startswith('django.')]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.strip() == ""
