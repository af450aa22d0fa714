"""The backup's format: Django's JSON serialization with every timestamp whole.

Django's ``DjangoJSONEncoder`` cuts datetimes and times to milliseconds (the
ECMAScript date format), so a backup read back would lose the microseconds the
database keeps. This encoder writes them as ``isoformat()`` does, which
``loaddata``'s JSON reader parses back exactly; everything else is Django's.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.core.serializers import json

__all__ = ["Deserializer", "ExactEncoder", "Serializer"]


class ExactEncoder(json.DjangoJSONEncoder):
    def default(self, o: Any) -> Any:
        if isinstance(o, datetime.datetime | datetime.time):
            return o.isoformat()
        return super().default(o)


class Serializer(json.Serializer):
    def start_serialization(self) -> None:
        super().start_serialization()  # sets json_kwargs, the encoder Django's
        self.json_kwargs["cls"] = ExactEncoder


Deserializer = json.Deserializer
