"""What `make serve` and `make run` say phones and directors open, read from
`make -n` (commands printed, none run): no network address when gunicorn
listens on a loopback address only, the port served, and the site's address
(SITE_URL) proposed from the first network address printed."""

from __future__ import annotations

import os
import re
import shutil
import subprocess

import pytest

from tests.paths import ROOT
from tests.test_deployment import MAKE_VARIABLES

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="no make")


def dry_run(*arguments: str) -> str:
    env = {k: v for k, v in os.environ.items() if k not in MAKE_VARIABLES}
    done = subprocess.run(
        ["make", "-n", "--no-print-directory", *arguments, "SECRET_KEY=k"],
        cwd=ROOT, env=env, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return done.stdout


def phones(steps: str) -> list[str]:
    return re.findall(r'echo "Phones: ([^"]*)"', steps)


def served_site_url(steps: str) -> str:
    found = re.search(r"SITE_URL='([^']*)' exec \S+gunicorn", steps)
    assert found is not None
    return found.group(1)


def test_serve_on_a_loopback_address_prints_no_network_address() -> None:
    steps = dry_run("serve", "HOST=127.0.0.1", "PORT=8123")
    assert phones(steps) == ["none on the network: gunicorn listens on 127.0.0.1 only"]
    assert "--bind 127.0.0.1:8123" in steps
    assert served_site_url(steps) == ""
    assert "set SITE_URL to the address phones open" in steps


def test_serve_behind_a_proxy_names_its_site_url() -> None:
    steps = dry_run("serve", "HOST=127.0.0.1", "SITE_URL=https://scores.club.org")
    assert phones(steps) == ["https://scores.club.org/t/ (SITE_URL)"]
    assert served_site_url(steps) == "https://scores.club.org"


def test_serve_proposes_the_first_network_address_it_prints() -> None:
    steps = dry_run("serve", "PORT=8123")
    printed = phones(steps)
    assert printed and all(p.endswith(":8123/t/") for p in printed)
    if printed[0].startswith("http://"):
        assert served_site_url(steps) == printed[0].removesuffix("/t/")
        assert not re.search(r"http://127\.", printed[0])


def test_serve_on_one_address_prints_that_one() -> None:
    steps = dry_run("serve", "HOST=192.168.1.23")
    assert phones(steps) == ["http://192.168.1.23:8000/t/"]
    assert served_site_url(steps) == "http://192.168.1.23:8000"


def test_a_given_site_url_or_site_host_is_not_overridden() -> None:
    steps = dry_run("serve", "HOST=192.168.1.23", "SITE_URL=http://scores.local")
    assert served_site_url(steps) == "http://scores.local"
    steps = dry_run("serve", "HOST=192.168.1.23", "SITE_HOST=scores.local")
    assert served_site_url(steps) == ""  # settings read SITE_HOST
    assert "Table cards and QR codes: SITE_HOST=scores.local" in steps


def test_run_prints_the_port_it_serves() -> None:
    steps = dry_run("run", "PORT=8123")
    assert "load_demo --address http://127.0.0.1:8123/" in steps
    assert "runserver 127.0.0.1:8123" in steps
