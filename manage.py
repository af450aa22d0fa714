#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""

import gc
import os
import sys

# Start-up makes objects by the hundred thousand (modules, models, URL patterns),
# nearly all kept for the life of the process: the cycle collector, run every 700
# new objects by default, would sort through them again and again (some 2% of a
# short command such as results --json).
YOUNG_OBJECTS_PER_COLLECTION = 10_000


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    gc.set_threshold(YOUNG_OBJECTS_PER_COLLECTION)
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
