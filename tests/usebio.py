"""Reading the USEBIO fixture files in tests: a missing element fails the test."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path


def event_element(path: Path) -> ET.Element:
    """The file's <EVENT>."""
    event = ET.parse(path).getroot().find("EVENT")
    assert event is not None, f"no <EVENT> in {path.name}"
    return event


def text(element: ET.Element, tag: str) -> str:
    """The text of `element`'s child `tag`, which must be there."""
    found = element.findtext(tag)
    assert found is not None, f"no <{tag}> in <{element.tag}>"
    return found
