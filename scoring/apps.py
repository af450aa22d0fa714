from typing import Any

from django.apps import AppConfig
from django.db import connections
from django.db.models.signals import post_migrate


def _triggers_again(sender: AppConfig, *, using: str, **kwargs: Any) -> None:
    """The results' triggers after every ``migrate``: SQLite drops a table's
    triggers when a migration rebuilds the table."""
    from scoring.models.triggers import triggers_install

    connection = connections[using]
    if "scoring_resultsversion" in connection.introspection.table_names():
        triggers_install(connection)


class ScoringConfig(AppConfig):
    name = "scoring"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        post_migrate.connect(_triggers_again, sender=self)
