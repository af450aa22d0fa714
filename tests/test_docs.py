"""The README stays short and points to documents that exist."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.paths import ROOT

README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").glob("*.md"))
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")  # [text](path#anchor)


def _local_links(text: str) -> list[str]:
    return [link for link in LINK.findall(text) if "://" not in link]


def test_the_readme_has_at_most_150_lines() -> None:
    assert len(README.read_text().splitlines()) <= 150


def test_the_readme_links_every_document_and_each_exists() -> None:
    links = _local_links(README.read_text())
    assert {link for link in links if link.startswith("docs/")} == {
        f"docs/{doc.name}" for doc in DOCS
    }
    for link in links:
        assert (ROOT / link).is_file(), link


@pytest.mark.parametrize("doc", DOCS, ids=lambda path: path.name)
def test_every_link_between_the_documents_leads_somewhere(doc: Path) -> None:
    for link in _local_links(doc.read_text()):
        assert (doc.parent / link).resolve().exists(), (doc.name, link)
