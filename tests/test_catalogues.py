"""The Spanish and Italian catalogues are complete: every message translated,
none left fuzzy, and every placeholder kept."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tests.paths import ROOT

PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def entries(language: str) -> list[tuple[str, str, str]]:
    """(flags, msgid, msgstr) of every entry but the header."""
    text = (ROOT / "locale" / language / "LC_MESSAGES" / "django.po").read_text("utf-8")
    found = []
    for block in text.split("\n\n"):
        if block.lstrip().startswith("#~"):
            continue  # obsolete
        msgid = _joined(block, "msgid")
        if msgid:
            flags = " ".join(re.findall(r"^#, (.*)$", block, re.M))
            msgstr = _joined(block, "msgstr") or _joined(block, r"msgstr\[0\]")
            found.append((flags, msgid, msgstr))
    return found


def _joined(block: str, key: str) -> str:
    match = re.search(rf'^{key} ((?:".*"\n?)+)', block, re.M)
    return "".join(re.findall(r'"(.*)"', match.group(1))) if match else ""


@pytest.mark.parametrize("language", ["es", "it"])
def test_every_message_is_translated_and_none_is_fuzzy(language: str) -> None:
    missing = [m for flags, m, s in entries(language) if not s or "fuzzy" in flags]
    assert missing == []


@pytest.mark.parametrize("language", ["es", "it"])
def test_translations_keep_every_placeholder(language: str) -> None:
    wrong = [
        msgid
        for _flags, msgid, msgstr in entries(language)
        if msgstr
        and set(PLACEHOLDER.findall(msgid)) != set(PLACEHOLDER.findall(msgstr))
    ]
    assert wrong == []


def test_the_catalogues_exist_for_both_languages() -> None:
    for language in ("es", "it"):
        assert Path(ROOT / "locale" / language / "LC_MESSAGES" / "django.po").exists()
        assert len(entries(language)) > 300


def test_spanish_calls_a_board_tablero_and_translates_matchpoints() -> None:
    """Issue 29: boards were both "manos" and "tableros"; "matchpoints" was
    left in English. A deal (the cards) stays "mano"."""
    board = re.compile(r"\bboards?\b", re.I)
    deal = re.compile(r"\b(deals?|hands?)\b", re.I)
    mano = re.compile(r"\bmanos?\b", re.I)
    wrong = [
        msgid
        for _flags, msgid, msgstr in entries("es")
        if (board.search(msgid) and not deal.search(msgid) and mano.search(msgstr))
        or "matchpoint" in msgstr.lower()
    ]
    assert wrong == []


def _marked(package: Path) -> set[str]:
    """The messages a pure package marks for the catalogues (``gettext_noop``:
    it cannot translate, the pages do)."""
    found: set[str] = set()
    for source in package.rglob("*.py"):
        for node in ast.walk(ast.parse(source.read_text("utf-8"))):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", "") == "gettext_noop"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                found.add(str(node.args[0].value))
    return found


def _unquoted(msgid: str) -> str:
    """A msgid as the source writes it (the catalogue escapes quotes)."""
    return re.sub(r'\\(["\\])', r"\1", msgid).replace("\\n", "\n")


@pytest.mark.parametrize("language", ["es", "it"])
@pytest.mark.parametrize("package", ["movements/engine", "scoring/formats"])
def test_every_message_a_pure_package_marks_is_in_the_catalogue(
    language: str, package: str
) -> None:
    marked = _marked(ROOT / package)
    translated = {_unquoted(m) for _flags, m, msgstr in entries(language) if msgstr}
    assert marked, package
    assert sorted(marked - translated) == []
