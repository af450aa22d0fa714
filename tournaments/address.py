"""The site's public address: what the table cards, their QR codes and links
sent by e-mail name. It is ``settings.SITE_URL`` when set (config/settings.py);
without it, the address the request came by, which a phone cannot open when
it is a loopback address (the director working on the server machine)."""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

from django.conf import settings
from django.http import HttpRequest

__all__ = ["address_context", "is_loopback", "site_link", "site_url"]


def site_url(request: HttpRequest) -> str:
    """The site's address, as ``http://host[:port]`` with no trailing slash."""
    configured: str = settings.SITE_URL
    return configured or request.build_absolute_uri("/").removesuffix("/")


def site_link(request: HttpRequest, path: str) -> str:
    """The full address of ``path`` (from ``reverse``) on the site."""
    return site_url(request) + path


def is_loopback(url: str) -> bool:
    """Whether ``url`` names this machine only (localhost, 127.0.0.0/8, ::1)."""
    host = (urlsplit(url).hostname or "").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def address_context(request: HttpRequest) -> dict[str, object]:
    """What templates/includes/site_address.html shows: the address, whether
    SITE_URL gives it, and whether phones cannot open it."""
    url = site_url(request)
    return {
        "site_url": url,
        "site_url_set": bool(settings.SITE_URL),
        "site_url_loopback": is_loopback(url),
    }
