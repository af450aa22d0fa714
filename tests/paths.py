"""Where tests find the shared real-world fixtures (../shared beside the checkout)."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT.parent / "shared" / "fixtures"
