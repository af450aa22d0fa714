"""The site's URLs and one view that fails, for the error-trace tests."""

from django.http import HttpRequest, HttpResponse
from django.urls import path

from config.urls import handler500
from config.urls import urlpatterns as site_patterns

__all__ = ["handler500", "urlpatterns"]


def boom(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("the scorer's pencil broke")


urlpatterns = [path("boom/", boom), *site_patterns]
