"""Every text the notation tests read, and a generated set beside them: the
corpus the server's parser and the phone's (static/table/grammar.js) must read
alike, in every language (tests/browser/test_notation_grammar.py).

``harvested()`` collects every string written in this folder's test modules
(docstrings aside), so a case added to any notation test joins the corpus the
day it is written. ``generated()`` strings together the grammar's own pieces
and some strangers, from a fixed seed.
"""

from __future__ import annotations

import ast
import random
from functools import cache
from pathlib import Path
from typing import Final

from scoring.engine.notation import Language, NotationError, parse_entry
from scoring.engine.notation.grammar import grammar

HERE: Final = Path(__file__).parent
SEED: Final = 33
GENERATED: Final = 3000
# Traveller lines no test above spells: the phone refused the first one.
LINES: Final = ("4S= N", "4S=N", "3NT+1 S", "4♠X= W ♥K", "4 s x n 10 hk")
# Pieces no language's tables hold, to be read as the servers reads them.
STRANGERS: Final = ("", " ", "  ", "\t", "\u00a0", "\u3000", "\u2003", "\x1c",
                    "\ufeff", "Q", "Z", "0", "00", "99", "1234567", "١", "٣",
                    "²", "ß", "ﬁ", "é", "-", "+", "−", "–", "—", "\ufe0f", "♤",
                    "♡", "♢", "♧", "/", ".", "***", "xx", "10", "T", "NP",
                    "W", "O", "ALL", "PASS", "P", "p")  # fmt: skip


def _texts(module: Path) -> set[str]:
    tree = ast.parse(module.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
    }
    return {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
    }


@cache
def harvested() -> tuple[str, ...]:
    """Every string of the notation tests, sorted."""
    found: set[str] = set()
    for module in sorted(HERE.glob("*.py")):
        found |= _texts(module)
    return tuple(sorted(found))


def _pieces() -> list[str]:
    """Every word of every language's tables, and the strangers."""
    pieces: set[str] = set(STRANGERS)
    for language in Language:
        tables = grammar(language)
        for name in ("strains", "suit_symbols", "doublings", "seats", "tidy"):
            table = tables[name]
            assert isinstance(table, dict)
            pieces |= set(table) | {str(value) for value in table.values()}
        pieces |= {*tables["passes"], *tables["local_ranks"]}  # type: ignore[misc]
    return sorted(pieces)


_RESULTS: Final = ("=", "+1", "+3", "+7", "-1", "-4", "-13", "- 2", "+ 0", "0",
                   "7", "9", "10", "13", "14", "010")  # fmt: skip
_LEVELS: Final = ("1", "2", "3", "4", "5", "6", "7", "07")
_RANKS: Final = ("A", "K", "Q", "J", "T", "10", "9", "2", "R", "V", "D", "F", "1")
_SEPARATORS: Final = ("", " ", " ", "  ", "\u00a0", "\t")


def _line(draw: random.Random, pieces: list[str]) -> str:
    """A line in a line's order, its parts sometimes dropped, swapped, replaced
    by any piece, or followed by one."""
    tables = grammar(draw.choice(list(Language)))
    letters = [*tables["strains"], *tables["suit_symbols"]]  # type: ignore[misc]
    suit, rank = draw.choice(letters), draw.choice(_RANKS)
    parts = [
        draw.choice(_LEVELS if draw.random() < 0.9 else ("0", "8", "10", "٣")),
        draw.choice(letters),
        draw.choice(("", "", "X", "XX", "*", "**", "XXX", "x")),
        draw.choice([*tables["seats"], *tables["seats"], "W", "O"]),  # type: ignore[misc]
        draw.choice(_RESULTS),
        draw.choice(("", "", suit + rank, rank + suit, suit + " " + rank)),
    ]
    if draw.random() < 0.3:
        parts[3], parts[4] = parts[4], parts[3]
    for at in range(len(parts)):
        if draw.random() < 0.08:
            parts[at] = draw.choice(("", *pieces))
    if draw.random() < 0.1:
        parts.append(draw.choice(pieces))
    line = "".join(part + draw.choice(_SEPARATORS) for part in parts).strip(" ")
    return line.lower() if draw.random() < 0.2 else line


@cache
def generated(count: int = GENERATED, seed: int = SEED) -> tuple[str, ...]:
    """``count`` lines: mostly a line's parts in order, some any pieces."""
    draw = random.Random(seed)
    pieces = _pieces()
    lines = []
    for _ in range(count):
        if draw.random() < 0.85:
            lines.append(_line(draw, pieces))
        else:
            picked = [draw.choice(pieces) for _ in range(draw.randint(1, 6))]
            lines.append(draw.choice(_SEPARATORS).join(picked))
    return tuple(lines)


def corpus() -> tuple[str, ...]:
    """The harvested texts, the lines above and the generated ones."""
    return (*harvested(), *LINES, *generated())


def outcome(text: str, language: Language) -> dict[str, object]:
    """What the server reads in ``text``, as the phone's parser reports it."""
    try:
        entry = parse_entry(text, language)
    except NotationError as error:
        return {"refusal": error.code}
    result = entry.result
    if result.contract is None:
        return {"passed_out": True}
    contract, lead = result.contract, entry.lead
    return {
        "level": contract.level,
        "strain": contract.strain.value,
        "doubling": contract.doubling.value,
        "declarer": result.declarer.value if result.declarer else None,
        "tricks": result.tricks,
        "lead": f"{lead.suit.value}{lead.rank}" if lead else None,
    }
