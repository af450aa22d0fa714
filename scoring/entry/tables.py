"""django-tables2 table of the keyboard traveller: who plays the board."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.functional import Promise
from django.utils.html import format_html
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from movements.selectors import Expected

StrOrPromise = str | Promise

__all__ = ["ExpectedTable", "IndividualExpectedTable"]


class ExpectedTable(tables.Table):
    """Every seating that plays the board; a missing one prefills the form."""

    round = tables.Column(verbose_name=_("Round"), accessor="seating__round")
    table = tables.Column(verbose_name=_("Table"), accessor="seating__table")
    ns = tables.Column(verbose_name=_("NS"))
    ew = tables.Column(verbose_name=_("EW"))
    status = tables.Column(verbose_name="", accessor="board", empty_values=())

    class Meta:
        orderable = False
        attrs = {"class": "results"}
        row_attrs = {"class": lambda record: "entered" if record.line else "missing"}

    def render_status(self, record: Expected) -> str:
        if record.line is not None:
            return gettext("entered")
        seating = record.seating
        return format_html(
            '<a class="prefill" href="?round={}&amp;table={}" data-ns="{}" '
            'data-ew="{}" data-round="{}" data-table="{}">{}</a>',
            seating.round, seating.table, record.ns, record.ew,
            seating.round, seating.table, gettext("enter"),
        )  # fmt: skip


def _player(accessor: str, name: StrOrPromise) -> tables.Column:
    return tables.Column(verbose_name=name, accessor=f"seating__{accessor}__label")


class IndividualExpectedTable(ExpectedTable):
    """An individual's seatings: the four players of each table, N E S W."""

    ns = None
    ew = None
    north = _player("ns_pair", _("North"))
    east = _player("ew_pair", _("East"))
    south = _player("south", _("South"))
    west = _player("west", _("West"))

    class Meta(ExpectedTable.Meta):
        sequence = ("round", "table", "north", "east", "south", "west", "status")

    def render_status(self, record: Expected) -> str:
        if record.line is not None:
            return gettext("entered")
        s = record.seating
        return format_html(
            '<a class="prefill" href="?round={}&amp;table={}" data-north="{}" '
            'data-east="{}" data-south="{}" data-west="{}" data-round="{}" '
            'data-table="{}">{}</a>',
            s.round, s.table, getattr(s.ns_pair, "number", ""),
            getattr(s.ew_pair, "number", ""),
            getattr(s.south, "number", ""), getattr(s.west, "number", ""),
            s.round, s.table, gettext("enter"),
        )  # fmt: skip
