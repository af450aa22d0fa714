"""On PostgreSQL every row written to the change log is announced on the
channel ``scoring_changes`` as ``<event id>:<change id>`` (delivered when the
transaction commits), so the pages waiting for a change wake at once in every
server process. SQLite has no such thing: the waiting pages poll the log."""

from collections.abc import Callable
from typing import Any

from django.db import migrations

CREATE = """
CREATE OR REPLACE FUNCTION scoring_change_notify() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('scoring_changes', NEW.event_id || ':' || NEW.id);
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
DROP TRIGGER IF EXISTS scoring_change_notify ON scoring_changelog;
CREATE TRIGGER scoring_change_notify AFTER INSERT ON scoring_changelog
    FOR EACH ROW EXECUTE FUNCTION scoring_change_notify();
"""
DROP = """
DROP TRIGGER IF EXISTS scoring_change_notify ON scoring_changelog;
DROP FUNCTION IF EXISTS scoring_change_notify();
"""


def _on_postgresql(sql: str) -> Callable[[Any, Any], None]:
    def run(apps: Any, schema_editor: Any) -> None:
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(sql)

    return run


class Migration(migrations.Migration):
    dependencies = [("scoring", "0003_table_entries")]

    operations = [migrations.RunPython(_on_postgresql(CREATE), _on_postgresql(DROP))]
