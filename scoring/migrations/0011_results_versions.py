"""The results' version as a fact of the database: a table of stamps and the
triggers that change them on every write to a table the results are made of
(scoring.models.freshness, scoring.models.triggers). Existing events and
sessions start with a random stamp."""

from typing import Any

from django.db import migrations, models

from scoring.models.triggers import STAMPS, triggers_drop, triggers_install

SEED = """
INSERT INTO scoring_resultsversion (event_id, session_id, board, stamp)
SELECT id, 0, 0, {stamp} FROM tournaments_event
UNION ALL
SELECT event_id, id, 0, {stamp} FROM tournaments_session
"""


def install(apps: Any, schema_editor: Any) -> None:
    connection = schema_editor.connection
    triggers_install(connection)
    with connection.cursor() as cursor:
        cursor.execute(SEED.format(stamp=STAMPS[connection.vendor]))


def drop(apps: Any, schema_editor: Any) -> None:
    triggers_drop(schema_editor.connection)


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0010_director_changes_index"),
        ("tournaments", "0014_invitations"),
        ("movements", "0004_sit_out_tables"),
    ]

    operations = [
        migrations.CreateModel(
            name="ResultsVersion",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("event_id", models.BigIntegerField()),
                ("session_id", models.BigIntegerField()),
                ("board", models.IntegerField()),
                ("stamp", models.BigIntegerField()),
            ],
            options={
                "constraints": [
                    models.UniqueConstraint(fields=("event_id", "session_id", "board"), name="results_version")
                ],
            },
        ),
        migrations.RunPython(install, drop),
    ]
