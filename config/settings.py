"""Settings, read from environment variables and parsed strictly.

DATABASE_URL   database (default: SQLite file db.sqlite3 beside manage.py)
DATABASE_REPLICA_URL  optional read replica of it (PostgreSQL streaming
               replication): the public pages read there (config.replica)
SECRET_KEY     required when DEBUG is off
DEBUG          true/false (default true)
ALLOWED_HOSTS  comma-separated (default: localhost names)
HTTPS          true when served over TLS: secure cookies, HSTS, redirect to https
HSTS_SECONDS   HSTS max-age with HTTPS (default one year)
HSTS_PRELOAD   true to ask browsers' HSTS preload lists for the domain (with HTTPS)
CSRF_TRUSTED_ORIGINS  comma-separated https://names a proxy in front may send
DATABASE_POOL  on PostgreSQL, connections a server process shares among its
               threads (default 0: each thread keeps its own for 60 s)
SITE_URL       the site's public address, as http://192.168.1.23:8000: named on
               the table cards, their QR codes and links sent by e-mail (default:
               the request's; make serve proposes the LAN address it prints)
SITE_HOST      the former host[:port] form of SITE_URL (scheme from HTTPS)
EMAIL_HOST     SMTP server for e-mails (password resets, results); none: console
               (EMAIL_PORT, EMAIL_USE_TLS, EMAIL_HOST_USER/PASSWORD, DEFAULT_FROM_EMAIL)

`make serve` runs gunicorn with DEBUG off, a generated SECRET_KEY kept in
.secret_key, ALLOWED_HOSTS=* (phones use the machine's LAN address) and the
static files collected for whitenoise.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Any

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    value = raw.strip().lower()
    if value in {"1", "true", "yes", "on"}:
        return True
    if value in {"0", "false", "no", "off"}:
        return False
    raise ImproperlyConfigured(f"{name} must be true or false, not {raw!r}")


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if not raw:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


HOST_PATTERN = re.compile(r"(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?")


def env_host(name: str) -> str:
    """A host name or address with an optional port, or empty."""
    raw = os.environ.get(name, "").strip()
    if raw and not HOST_PATTERN.fullmatch(raw):
        raise ImproperlyConfigured(f"{name} must be a host name[:port], not {raw!r}")
    return raw


def env_url(name: str) -> str:
    """An http(s) address of a site, with no path (a trailing slash is dropped),
    or empty."""
    raw = os.environ.get(name, "").strip().removesuffix("/")
    scheme, _sep, host = raw.partition("://")
    if raw and (scheme not in {"http", "https"} or not HOST_PATTERN.fullmatch(host)):
        raise ImproperlyConfigured(
            f"{name} must be http(s)://host[:port] with no path, not {raw!r}"
        )
    return raw


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    if not raw.isdigit():
        raise ImproperlyConfigured(f"{name} must be a whole number, not {raw!r}")
    return int(raw)


DEBUG = env_bool("DEBUG", True)
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")
    SECRET_KEY = "insecure-development-key-do-not-use-in-production"
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.forms",
    "django_tables2",
    "axes",
    "django_tasks",
    "django_tasks_db",
    "tournaments",
    "movements",
    "scoring",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "config.request_id.RequestId",  # before any middleware that may fail
    "config.headers.ContentSecurityPolicy",
    "config.hostile.HostileRequests",
    "config.working.WorkingPlaces",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "axes.middleware.AxesMiddleware",
]

# A server error (500) is written to stderr with its traceback, the request's
# method, path and id (config.request_id; the id is also in the X-Request-ID
# header, gunicorn's access log and the 500 page). With DEBUG on, Django's own
# console handler prints it already.
LOGGING: dict[str, Any] = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "request": {"()": "config.request_id.RequestContext"},
        "debug_off": {"()": "django.utils.log.RequireDebugFalse"},
    },
    "formatters": {
        "request": {
            "format": "%(asctime)s %(levelname)s %(name)s request_id=%(request_id)s "
            "%(method)s %(path)s: %(message)s"
        }
    },
    "handlers": {
        "stderr": {
            "class": "logging.StreamHandler",
            "level": "ERROR",
            "filters": ["debug_off"],
            "formatter": "request",
        }
    },
    "loggers": {"django.request": {"handlers": ["stderr"], "filters": ["request"]}},
}

# Login attempts are limited per user name and address (django-axes): after
# five failures that pair waits a quarter of an hour.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = 0.25  # hours
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
# The name an attempt is recorded under, cut to axes' column (config.logins).
AXES_USERNAME_CALLABLE = "config.logins.attempt_username"

# Served over TLS (a club's server behind a certificate): cookies only over
# https, HSTS, plain http redirected. A room server on the local network stays
# on http with HTTPS off. `make serve` speaks plain http, so with HTTPS on a
# reverse proxy terminates TLS and says so in X-Forwarded-Proto (it must set
# that header itself, never pass on a client's).
HTTPS = env_bool("HTTPS", False)
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = SECURE_SSL_REDIRECT = HTTPS
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if HTTPS else None
SECURE_HSTS_SECONDS = env_int("HSTS_SECONDS", 365 * 24 * 3600) if HTTPS else 0
# includeSubDomains covers only the names under the server's own (scores.club.org
# has none served over plain http). Preload is a promise for the whole domain
# and its every subdomain, kept by the browsers for months after it is
# withdrawn: a club's other sites may still need http, so it is asked for only
# with HSTS_PRELOAD=true, and Django's reminder of it (W021) is silenced.
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS
SECURE_HSTS_PRELOAD = HTTPS and env_bool("HSTS_PRELOAD", False)
SILENCED_SYSTEM_CHECKS = [] if SECURE_HSTS_PRELOAD else ["security.W021"]
# The https:// origins of forms when a proxy gives Django another host name.
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])
if any(not o.startswith(("https://", "http://")) for o in CSRF_TRUSTED_ORIGINS):
    raise ImproperlyConfigured(
        "CSRF_TRUSTED_ORIGINS must be origins with their scheme, as https://name"
    )
SESSION_COOKIE_AGE = 12 * 60 * 60  # a director's evening, not a fortnight
SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"
# Links to other sites carry no address of ours (Django's default, said here).
SECURE_REFERRER_POLICY = "same-origin"

# E-mail (players' personal results): printed on the console unless a club
# names its SMTP server (EMAIL_HOST, EMAIL_PORT, EMAIL_HOST_USER/PASSWORD).
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_BACKEND = (
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend"
)
EMAIL_PORT = env_int("EMAIL_PORT", 587)
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "results@localhost")
# The site's public address (tournaments/address.py): the table cards, their QR
# codes and links sent by e-mail (a password reset's) name it. Without it they
# name the host the request came by: 127.0.0.1 when the director works on the
# server itself, which no phone reaches, and any host a stranger chooses when
# every host is accepted (make serve), so a reset link could lead elsewhere.
# SITE_HOST, its former host-only form, still gives it.
SITE_URL = env_url("SITE_URL")
if not SITE_URL and env_host("SITE_HOST"):
    SITE_URL = f"{'https' if HTTPS else 'http'}://{env_host('SITE_HOST')}"
if EMAIL_HOST and not DEBUG and "*" in ALLOWED_HOSTS and not SITE_URL:
    raise ImproperlyConfigured(
        "SITE_URL must be set when e-mails are sent (EMAIL_HOST) and any host "
        "name is accepted (ALLOWED_HOSTS=*)"
    )

# Uploads (hand records, results files) are small: refuse anything larger.
DATA_UPLOAD_MAX_MEMORY_SIZE = FILE_UPLOAD_MAX_MEMORY_SIZE = 5 * 1024 * 1024

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ],
        },
    },
]

# Forms render through the project's templates (templates/django/forms/): one
# look for every label and error, overridden once rather than per form.
FORM_RENDERER = "django.forms.renderers.TemplatesSetting"

WSGI_APPLICATION = "config.wsgi.application"


# SQLite with a room of phones sending results: write-ahead log (readers never
# wait for the writer), every transaction takes the write lock when it begins
# (no deadlock upgrading a read lock; Django ignores select_for_update on
# SQLite) and a writer waits up to 20 s for the lock instead of failing.
SQLITE_BUSY_SECONDS = 20
SQLITE_OPTIONS = {
    "init_command": (
        "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; "
        f"PRAGMA busy_timeout={SQLITE_BUSY_SECONDS * 1000}"
    ),
    "transaction_mode": "IMMEDIATE",
    "timeout": SQLITE_BUSY_SECONDS,
}


# PostgreSQL binds the parameters itself, and prepares the statements a
# connection has run twice: a room of phones runs the same few dozen.
# DATABASE_POOL (`make serve`): the threads of a process share that many
# connections, opened with it and kept, instead of each opening its own and
# again every minute (a room ending a round would wait on dozens of new ones).
POSTGRESQL_OPTIONS = {"server_side_binding": True, "prepare_threshold": 2}


def database(env: str = "DATABASE_URL") -> dict[str, Any]:
    """DATABASE_URL (default: db.sqlite3 beside manage.py), or another
    variable's address, with SQLite's or PostgreSQL's options."""
    config: dict[str, Any] = dict(
        dj_database_url.config(
            env=env,
            default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
            conn_max_age=60,
            conn_health_checks=True,
        )
    )
    if config["ENGINE"] == "django.db.backends.sqlite3":
        config["OPTIONS"] = {**SQLITE_OPTIONS, **config.get("OPTIONS", {})}
    elif config["ENGINE"] == "django.db.backends.postgresql":
        config["OPTIONS"] = {**POSTGRESQL_OPTIONS, **config.get("OPTIONS", {})}
        if pool := env_int("DATABASE_POOL", 0):
            config["CONN_MAX_AGE"] = 0  # Django's pool keeps them instead
            config["OPTIONS"]["pool"] = {"min_size": pool, "max_size": pool}
    return config


DATABASES = {"default": database()}

# DATABASE_REPLICA_URL: a read replica of the database (a PostgreSQL standby),
# parsed as DATABASE_URL is. The public pages read there (config.replica marks
# their requests, its router sends their reads); every write, and every read of
# the director's pages, the phones and the change feed, stays on DATABASE_URL.
# The tests never make it a database of its own (TEST MIRROR).
if os.environ.get("DATABASE_REPLICA_URL", "").strip():
    DATABASES["replica"] = {**database("DATABASE_REPLICA_URL"),
                            "TEST": {"MIRROR": "default"}}  # fmt: skip
    DATABASE_ROUTERS = ["config.replica.PublicReadsRouter"]
    MIDDLEWARE.append("config.replica.PublicReads")

# A server on SQLite never talks to PostgreSQL: its driver stays out of the
# process (django-tables2 would import it through django.contrib.postgres,
# 80 ms of every command's start-up, a third of `results --json`'s).
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    for driver in ("psycopg", "psycopg2"):
        sys.modules.setdefault(driver, None)  # type: ignore[arg-type]

# Requests of one server process that may wait on the change feed at once (each
# holds a thread: `make serve` gives every worker as many threads more); the
# others are answered at once and ask again a second later.
LIVE_WAITS = env_int("LIVE_WAITS", 20)
# Requests of one server process that work at once (config.working; 0: as
# many as it has threads): `make serve` sets its THREADS.
WORKING_THREADS = env_int("WORKING_THREADS", 0)

# Background work (the double-dummy analysis of imported deals) is queued in
# the database and run by one worker process, `manage.py run_tasks`, which
# `make run` and `make serve` start beside the server and stop with it. The
# tests run each task in the process that queues it (tests/conftest.py).
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("es", _("Spanish")), ("it", _("Italian"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = os.environ.get("TIME_ZONE", "Europe/London")
USE_I18N = True
USE_TZ = True
# Numbers follow the active language's formats (57,25 in es/it); bridge scores
# are written without thousands separators (1430, not 1.430).
USE_THOUSAND_SEPARATOR = False

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Collected for whitenoise when DEBUG is off (`make serve`); the development
# server and the tests serve static/ as it is, with no directory to collect to.
STATIC_ROOT = None if DEBUG else BASE_DIR / "staticfiles"
# whitenoise serves STATIC_ROOT (filled by collectstatic, which `make serve`
# runs) from the application itself. With DEBUG off the files carry a hash of
# their content in their names, compressed, and are cached for good; the
# development server serves them from static/ as they are.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "tournaments:event_list"
LOGOUT_REDIRECT_URL = "login"

DJANGO_TABLES2_TEMPLATE = "django_tables2/semantic.html"

# Passwords of directors and club administrators (create_director, the club page).
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": f"django.contrib.auth.password_validation.{name}"}
    for name in (
        "UserAttributeSimilarityValidator",
        "MinimumLengthValidator",
        "CommonPasswordValidator",
        "NumericPasswordValidator",
    )
]
