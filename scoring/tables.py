"""django-tables2 tables for the rows built in scoring.reports."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _


class RankingTable(tables.Table):
    rank = tables.Column(verbose_name=_("Rank"))
    pair = tables.Column(
        verbose_name=_("Pair"),
        linkify=lambda record: record["pair_url"],
        accessor="pair__label",
    )
    names = tables.Column(verbose_name=_("Players"))
    score = tables.Column(verbose_name=_("Score"), attrs={"td": {"class": "num"}})
    percentage = tables.Column(verbose_name=_("%"), attrs={"td": {"class": "num"}})
    boards = tables.Column(verbose_name=_("Boards"), attrs={"td": {"class": "num"}})

    class Meta:
        orderable = True
        attrs = {"class": "results"}


class TravellerTable(tables.Table):
    table = tables.Column(verbose_name=_("Table"))
    ns = tables.Column(verbose_name=_("NS"))
    ew = tables.Column(verbose_name=_("EW"))
    contract = tables.Column(verbose_name=_("Contract"))
    declarer = tables.Column(verbose_name=_("By"))
    lead = tables.Column(verbose_name=_("Lead"))
    result = tables.Column(verbose_name=_("Result"))
    score_ns = tables.Column(verbose_name=_("NS score"), attrs={"td": {"class": "num"}})
    adjusted = tables.Column(verbose_name=_("Adjusted"))
    ns_points = tables.Column(
        verbose_name=_("NS points"), attrs={"td": {"class": "num"}}
    )
    ew_points = tables.Column(
        verbose_name=_("EW points"), attrs={"td": {"class": "num"}}
    )
    ns_pct = tables.Column(verbose_name=_("NS %"), attrs={"td": {"class": "num"}})

    class Meta:
        orderable = False
        attrs = {"class": "results"}


class ScorecardTable(tables.Table):
    board = tables.Column(verbose_name=_("Board"))
    round = tables.Column(verbose_name=_("Round"))
    direction = tables.Column(verbose_name=_("Sat"))
    opponents = tables.Column(verbose_name=_("Opponents"))
    contract = tables.Column(verbose_name=_("Contract"))
    declarer = tables.Column(verbose_name=_("By"))
    lead = tables.Column(verbose_name=_("Lead"))
    result = tables.Column(verbose_name=_("Result"))
    score = tables.Column(verbose_name=_("Score"), attrs={"td": {"class": "num"}})
    adjusted = tables.Column(verbose_name=_("Adjusted"))
    points = tables.Column(verbose_name=_("Points"), attrs={"td": {"class": "num"}})
    top = tables.Column(verbose_name=_("Top"), attrs={"td": {"class": "num"}})
    percentage = tables.Column(verbose_name=_("%"), attrs={"td": {"class": "num"}})
    running = tables.Column(verbose_name=_("Total"), attrs={"td": {"class": "num"}})

    class Meta:
        orderable = True
        attrs = {"class": "results"}


class FrequencyTable(tables.Table):
    score_ns = tables.Column(verbose_name=_("NS score"), attrs={"td": {"class": "num"}})
    adjusted = tables.Column(verbose_name=_("Adjusted"))
    count = tables.Column(verbose_name=_("Times"), attrs={"td": {"class": "num"}})
    ns_points = tables.Column(
        verbose_name=_("NS points"), attrs={"td": {"class": "num"}}
    )
    ew_points = tables.Column(
        verbose_name=_("EW points"), attrs={"td": {"class": "num"}}
    )
    pairs = tables.Column(verbose_name=_("Pairs"))

    class Meta:
        orderable = False
        attrs = {"class": "results"}
