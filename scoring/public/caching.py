"""What a caching proxy or CDN may keep of the public live pages.

Election night sends a crowd to the same few live parts (``?part=live``: the
overall ranking's, a session's live standings'), which hold no form, no token
and nothing of the visitor's. Their script asks with the language in the
address (``lang``, from the page that holds them: ``_live_part.html``,
``_overall_part.html``), so one copy fits every visitor of that address: such a
part is ``public`` for ``LIVE_MAX_AGE`` seconds, with its ETag, and a proxy
asks again with ``If-None-Match`` (a 304 most times). A new result reaches the
pages at once all the same: the change feed (``no-store``) tells the script of
change N, and it asks ``&change=N``, an address no cache holds yet.

A room display's part (its address is a secret key, its event may be
unpublished) and a part asked without a language stay ``private``. Whole pages
carry a CSRF token in their language form: ``private``, revalidated by their
ETag as before.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation

__all__ = ["LIVE_MAX_AGE", "live_caching"]

LIVE_MAX_AGE = 5  # seconds a proxy may serve a live part without asking
CACHED = frozenset({200, 304})
PUBLIC = f"public, max-age={LIVE_MAX_AGE}"
PRIVATE = "private, no-cache"

View = Callable[..., HttpResponse]


def _language(request: HttpRequest) -> str | None:
    """The language named in the address (``lang``), if it is one of ours."""
    asked = request.GET.get("lang", "")
    return asked if asked in dict(settings.LANGUAGES) else None


def live_caching(*, shared: bool) -> Callable[[View], View]:
    """A live page's view: its live part in the address's language, ``public``
    when ``shared`` and the language is in the address; the rest ``private``.
    Put outside ``condition``: its ETag is worked out in that language too."""

    def decorate(view: View) -> View:
        @wraps(view)
        def cached(
            request: HttpRequest, *args: object, **kwargs: object
        ) -> HttpResponse:
            language = _language(request)
            if request.GET.get("part") != "live" or language is None:
                response = view(request, *args, **kwargs)
                public = False
            else:
                with translation.override(language):
                    request.LANGUAGE_CODE = language
                    response = view(request, *args, **kwargs)
                response["Content-Language"] = language
                public = shared
            if response.status_code in CACHED:
                response["Cache-Control"] = PUBLIC if public else PRIVATE
            return response

        return cached

    return decorate
