"""Checks any browser test applies to a page a player opens on a phone: nothing
wider than the phone's screen, and axe-core (WCAG 2.2 AA) finding no serious or
critical violation.

Use the ``phone`` fixture for a 390×844 page, then ``assert_fits(page)`` and
``assert_accessible(page, "a name")``; axe-core comes from npm
(``make axe``, part of ``make test``): without it the accessibility tests skip.
Each page's axe results are printed at the end of the run.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:  # at run time playwright may be missing: the tests are skipped
    from playwright.sync_api import Browser, Page

PHONE = {"width": 390, "height": 844}
AXE = (
    Path(__file__).resolve().parents[2] / ".cache/npm/node_modules/axe-core/axe.min.js"
)
# WCAG 2.0, 2.1 and 2.2, levels A and AA.
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
BLOCKING = {"serious", "critical"}
# Every page's summary, printed after the run (conftest.py).
AXE_SUMMARIES: list[str] = []

# Every visible element whose box leaves the screen sideways, described.
_OVERFLOWING = """() => {
  const width = document.documentElement.clientWidth;
  const found = [];
  for (const element of document.querySelectorAll("body *")) {
    const box = element.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    if (box.left < -0.5 || box.right > width + 0.5) {
      const name = element.tagName.toLowerCase()
        + (element.id ? "#" + element.id : "")
        + (element.className && typeof element.className === "string"
           ? "." + element.className.trim().split(/\\s+/).join(".") : "");
      found.push(`${name} ${Math.round(box.left)}..${Math.round(box.right)}`);
    }
  }
  return found;
}"""


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    """A page on a phone's screen, 390×844 CSS pixels."""
    context = browser.new_context(
        viewport={"width": PHONE["width"], "height": PHONE["height"]},
        device_scale_factor=2,
    )
    yield context.new_page()
    context.close()


def overflowing(page: Page) -> list[str]:
    """The elements wider than the screen or beyond its edges."""
    found: list[str] = page.evaluate(_OVERFLOWING)
    return found


def assert_fits(page: Page) -> None:
    """Nothing on the page makes the phone scroll sideways."""
    width = page.evaluate("document.documentElement.clientWidth")
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width, f"the page scrolls sideways: {scroll} > {width}"
    assert overflowing(page) == []


def axe_results(page: Page) -> dict[str, Any]:
    """axe-core's results on the page as it is now (WCAG 2.2 AA rules)."""
    if not AXE.exists():
        pytest.skip(f"axe-core is not installed at {AXE} (make axe installs it)")
    # Evaluated by the browser's devtools, not as a <script> of the page: the
    # Content-Security-Policy refuses inline scripts, as it should.
    page.evaluate(AXE.read_text(encoding="utf-8") + "\n;undefined")
    options = {"runOnly": {"type": "tag", "values": AXE_TAGS}}
    results: dict[str, Any] = page.evaluate(
        "options => axe.run(document, options)", options
    )
    return results


def axe_summary(name: str, results: dict[str, Any]) -> str:
    """One line for the page, then one per violation: rule, impact, nodes."""
    violations = results["violations"]
    lines = [
        f"axe {name}: {len(results['passes'])} rules pass, "
        f"{len(violations)} violated, {len(results['incomplete'])} to review"
    ]
    lines += [
        f"  {v['impact']}: {v['id']} ({len(v['nodes'])} elements) {v['help']}"
        for v in violations
    ]
    return "\n".join(lines)


def assert_accessible(page: Page, name: str) -> None:
    """axe-core finds no serious or critical WCAG 2.2 AA violation; prints the
    page's results."""
    results = axe_results(page)
    AXE_SUMMARIES.append(axe_summary(name, results))
    blocking = [
        (v["id"], [n["target"] for n in v["nodes"]][:5])
        for v in results["violations"]
        if v["impact"] in BLOCKING
    ]
    assert blocking == [], f"{name}: {blocking}"
