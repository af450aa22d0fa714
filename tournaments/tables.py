"""django-tables2 table of the director's events."""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from .models import Event

__all__ = ["EventTable"]


class EventTable(tables.Table):
    date = tables.Column(verbose_name=_("Date"))
    name = tables.Column(
        verbose_name=_("Event"),
        linkify=lambda record: reverse("tournaments:event_detail", args=[record.pk]),
    )
    club = tables.Column(verbose_name=_("Club"))
    state = tables.Column(verbose_name=_("State"), empty_values=())
    rankings = tables.Column(verbose_name="", accessor="pk", orderable=False)

    class Meta:
        orderable = False
        attrs = {"class": "results"}

    def __init__(self, data: Any, *, states: dict[int, str], **kwargs: Any) -> None:
        # each event's state comes from the control room's reckoning
        # (scoring.table), which this layer may not import
        super().__init__(data, **kwargs)
        self.states = states

    def render_state(self, record: Event) -> str:
        return self.states.get(record.pk, "")

    def render_rankings(self, record: Event) -> str:
        """A link to each session's ranking."""
        return format_html_join(
            " ",
            '<a href="{}">{}</a>',
            (
                (reverse("scoring:ranking", args=[s.pk]), gettext("Ranking"))
                for s in record.sessions.all()
            ),
        ) or format_html("{}", "")  # an event of no session: a simultaneous


class MemberTable(tables.Table):
    user = tables.Column(verbose_name=_("User"), accessor="user__username")
    role = tables.Column(verbose_name=_("role"))

    class Meta:
        orderable = False
        attrs = {"class": "results"}
