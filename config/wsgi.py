"""WSGI entry point."""

import os

from django.core.wsgi import get_wsgi_application
from django.urls import get_resolver

from config.collector import tune_for_serving

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()
# Import every view now (before gunicorn forks its workers, with --preload), not
# on the first phone's request to each worker.
get_resolver().url_patterns  # noqa: B018
tune_for_serving()
