"""Every module of the apps is in a layer of the import contract (pyproject.toml),
so a new module is checked by ``lint-imports`` the day it is written."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
APPS = ("config", "scoring", "tournaments", "movements")


def layer_names() -> set[str]:
    """Every module or package named in a layer of a ``layers`` contract."""
    linter = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]
    contracts = linter["importlinter"]["contracts"]
    names = set()
    for contract in (c for c in contracts if c["type"] == "layers"):
        within = [f"{c}." for c in contract.get("containers", [])] or [""]
        for layer in contract["layers"]:
            split = (n for n in re.split(r"[|:\s]+", layer) if n)
            names |= {prefix + n for n in split for prefix in within}
    return names


def app_modules() -> list[str]:
    """The dotted names of the apps' modules, migrations and packages included."""
    found = []
    for app in APPS:
        for path in (ROOT / app).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            found.append(".".join(parts).removesuffix(".__init__"))
    return sorted(found)


def covered(module: str, names: set[str]) -> bool:
    """In a named layer, or a package holding named layers (whose ``__init__``
    only tells its job)."""
    return any(
        module == n or module.startswith(n + ".") or n.startswith(module + ".")
        for n in names
    )


def test_every_app_module_is_in_a_layer() -> None:
    names = layer_names()
    assert [m for m in app_modules() if not covered(m, names)] == []


def test_every_layer_names_a_real_module() -> None:
    modules = set(app_modules())
    assert sorted(names for names in layer_names() if names not in modules) == []


@pytest.mark.parametrize("name", ["scoring.table"])
def test_a_container_package_imports_nothing(name: str) -> None:
    """A package split across layers is only a folder: its ``__init__`` holds no
    import that the layers would not see."""
    init = ROOT / name.replace(".", "/") / "__init__.py"
    assert "import" not in init.read_text()
