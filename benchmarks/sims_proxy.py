"""The caching proxy of docs/deployment.md, run: its nginx configuration read
from the document itself (the ``nginx`` block), pointed at the nodes of this
machine and listening on a free port, with a log of what its cache did for
each request (``$upstream_cache_status``). Used by ``benchmarks.sims_live
--proxy``: election night's viewers reading through it.

Needs nginx (Debian's ``nginx-light``, which ``make bench`` installs)."""

from __future__ import annotations

import contextlib
import re
import shutil
import socket
import subprocess
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from .table_room import free_port

__all__ = ["Proxy", "nginx_proxy"]

DOCUMENT = Path(__file__).resolve().parent.parent / "docs" / "deployment.md"
BLOCK = re.compile(r"```nginx\n(.*?)```", re.S)
NGINX = "/usr/sbin/nginx"


@dataclass(frozen=True)
class Proxy:
    port: int
    log: Path

    def statuses(self) -> Counter[str]:
        """Each cache status of the live parts read through the proxy (HIT:
        served from the cache; REVALIDATED: a node's 304; MISS, EXPIRED,
        UPDATING, STALE: a node asked or about to be)."""
        found: Counter[str] = Counter()
        for line in self.log.read_text().splitlines():
            status, _code, path = line.split(" ", 2)
            if "part=live" in path:
                found[status] += 1
        return found


def configuration(nodes: list[int], port: int, place: Path) -> str:
    """The document's nginx block, its nodes those of this machine, listening
    on ``port`` without TLS, its cache and temporary files under ``place``."""
    block = BLOCK.findall(DOCUMENT.read_text())[0]
    servers = "".join(f"    server 127.0.0.1:{node};\n" for node in nodes)
    block = re.sub(r"(upstream bridge_nodes \{\n)(?:    server .*\n)+",
                   lambda m: m[1] + servers, block)  # fmt: skip
    block = block.replace("listen 443 ssl;", f"listen 127.0.0.1:{port};")
    block = block.replace("X-Forwarded-Proto https", "X-Forwarded-Proto http")
    block = block.replace("/var/cache/nginx/bridge", str(place / "cache"))
    temporary = "".join(
        f"{kind}_temp_path {place / kind};\n"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    return (
        f"worker_processes 1;\npid {place / 'nginx.pid'};\n"
        f"error_log {place / 'error.log'} warn;\n"
        "events { worker_connections 4096; }\n"
        "http {\n"
        "log_format cache '$upstream_cache_status $status $request_uri';\n"
        f"access_log {place / 'access.log'} cache;\n{temporary}{block}}}\n"
    )


@contextlib.contextmanager
def nginx_proxy(nodes: list[int]) -> Iterator[Proxy]:
    """nginx in front of ``nodes`` (ports) until the block ends."""
    if not Path(NGINX).exists():
        raise SystemExit("nginx is not installed: apt-get install nginx-light")
    place = Path(tempfile.mkdtemp(prefix="bench-proxy-"))
    place.chmod(0o777)  # nginx's workers run as another user under root
    port = free_port()
    conf = place / "nginx.conf"
    conf.write_text(configuration(nodes, port, place))
    command = [NGINX, "-p", str(place), "-c", str(conf), "-g", "daemon off;"]
    server = subprocess.Popen(command, stderr=subprocess.PIPE, text=True)
    try:
        _answering(port, server)
        yield Proxy(port, place / "access.log")
    finally:
        server.terminate()
        server.wait(timeout=30)
        if server.stderr:
            server.stderr.close()
        shutil.rmtree(place, ignore_errors=True)


def _answering(port: int, server: subprocess.Popen[str]) -> None:
    for _ in range(100):
        if server.poll() is not None:
            said = server.stderr.read() if server.stderr else ""
            raise SystemExit(f"nginx did not start:\n{said}")
        with contextlib.suppress(OSError):
            socket.create_connection(("127.0.0.1", port), 1).close()
            return
        time.sleep(0.1)
    raise SystemExit("nginx did not answer")
