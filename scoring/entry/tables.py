"""django-tables2 table of the keyboard traveller: who plays the board."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from movements.selectors import Expected

__all__ = ["ExpectedTable"]


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
