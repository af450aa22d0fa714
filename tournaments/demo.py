"""A realistic finished club evening for `make run`: 7-table Mitchell, 21 boards.

Deals are dealt from a fixed seed, and each table's contract and tricks come
from the double-dummy analysis with a little human error, so the travellers
look like a real club's. The scoring itself goes through the normal services.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date

from django.db import transaction
from endplay import dds
from endplay.dealer import generate_deal
from endplay.types import Deal, Denom, Player, Vul

from movements.models import Seating
from scoring.engine.boards import dealer, vulnerability
from scoring.engine.types import Contract, Doubling, Result, Seat, Strain
from scoring.entry import services
from tournaments.models import Board, Event, Section
from tournaments.setup.events import event_create, pair_name

DEMO_NAME = "Club pairs (demo)"
TABLES, BOARDS_PER_ROUND = 7, 3
NAMES = [
    "Ann Walker", "Brian Hughes", "Carmen López", "Diego Martín", "Elena Rossi",
    "Franco Bianchi", "Grace O'Neill", "Henry Patel", "Isabel García", "Javier Ruiz",
    "Kate Morgan", "Luca Ferrari", "María Fernández", "Nigel Brooks", "Olivia Chen",
    "Paolo Conti", "Rosa Navarro", "Sam Taylor", "Teresa Álvarez", "Umberto Greco",
    "Vera Costa", "William Shaw", "Ximena Torres", "Yusuf Khan", "Zoe Clarke",
    "Alberto Romano", "Beatriz Moreno", "Chiara Ricci",
]  # fmt: skip
_VUL = {"None": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "Both": Vul.both}
_PLAYER = {Seat.NORTH: Player.north, Seat.EAST: Player.east,
           Seat.SOUTH: Player.south, Seat.WEST: Player.west}  # fmt: skip
_SEAT = {v: k for k, v in _PLAYER.items()}
_STRAIN = {Denom.clubs: Strain.CLUBS, Denom.diamonds: Strain.DIAMONDS,
           Denom.hearts: Strain.HEARTS, Denom.spades: Strain.SPADES,
           Denom.nt: Strain.NOTRUMP}  # fmt: skip
GAME_LEVEL = {Strain.CLUBS: 5, Strain.DIAMONDS: 5, Strain.HEARTS: 4,
              Strain.SPADES: 4, Strain.NOTRUMP: 3}  # fmt: skip


@dataclass(frozen=True)
class DealFacts:
    deal: Deal
    tricks: dict[tuple[Strain, Seat], int]  # double-dummy tricks
    par: Result


def deal_facts(number: int) -> DealFacts:
    deal = generate_deal(seed=1000 + number)
    table = dds.calc_dd_table(deal)
    tricks = {(_STRAIN[d], _SEAT[p]): table[d, p] for d in _STRAIN for p in _SEAT}
    vul = _VUL[vulnerability(number).value]
    par = next(iter(dds.par(table, vul, _PLAYER[dealer(number)])), None)
    if par is None or par.level == 0:
        return DealFacts(deal, tricks, Result(None))
    strain, seat = _STRAIN[par.denom], _SEAT[par.declarer]
    doubling = Doubling.DOUBLED if par.penalty.value else Doubling.UNDOUBLED
    contract = Contract(par.level, strain, doubling)
    return DealFacts(deal, tricks, Result(contract, seat, tricks[strain, seat]))


def _alternative(facts: DealFacts, rng: random.Random) -> Result:
    """What a table that missed par bid: the declaring side's best strain."""
    (strain, seat), best = max(facts.tricks.items(), key=lambda kv: kv[1])
    if best < 7:
        return Result(None)
    game = GAME_LEVEL[strain]
    level = game if best >= game + 6 and rng.random() < 0.7 else best - 6
    level = max(1, min(7, level - (rng.random() < 0.3)))
    return Result(Contract(level, strain), seat, best)


def table_result(facts: DealFacts, rng: random.Random) -> Result:
    chosen = facts.par if rng.random() < 0.5 else _alternative(facts, rng)
    if chosen.contract is None or chosen.declarer is None:
        return chosen
    strain, level = chosen.contract.strain, chosen.contract.level
    error = rng.choices((-1, 0, 1), weights=(25, 55, 20))[0]
    tricks = max(0, min(13, facts.tricks[strain, chosen.declarer] + error))
    down = level + 6 - tricks
    doubled = down >= 2 and rng.random() < 0.6 or down == 1 and rng.random() < 0.1
    doubling = Doubling.DOUBLED if doubled else Doubling.UNDOUBLED
    return Result(Contract(level, strain, doubling), chosen.declarer, tricks)


def _name_pairs(section: Section) -> None:
    names = iter(NAMES)
    for pair in section.pairs.order_by("direction", "number"):
        pair_name(pair=pair, names=[next(names), next(names)])


def _play(section: Section, rng: random.Random) -> None:
    """Every table of the stored schedule plays its boards."""
    facts = {n: deal_facts(n) for n in range(1, TABLES * BOARDS_PER_ROUND + 1)}
    seatings = Seating.objects.filter(section=section).select_related(
        "ns_pair", "ew_pair"
    )
    for seat in seatings:
        if seat.ns_pair is None or seat.ew_pair is None:
            continue  # the phantom's table sits out
        for number in seat.boards:
            services.line_record(
                section=section,
                board_number=number,
                ns_pair=seat.ns_pair,
                ew_pair=seat.ew_pair,
                result=table_result(facts[number], rng),
                round_no=seat.round,
                table=seat.table,
            )
    for number, fact in facts.items():
        Board.objects.filter(session=section.session, number=number).update(
            deal=fact.deal.to_pbn()
        )


def _adjust_one(section: Section) -> None:
    """Board 8 at table 4 was fouled by a revoke dispute: A60 to NS, A40 to EW."""
    line = section.lines.get(board__number=8, table=4)
    services.artificial_set(line=line, ns="A60", ew="A40")


@transaction.atomic
def build_demo() -> Event:
    """(Re)build the demo evening; returns the event."""
    Event.objects.filter(name=DEMO_NAME).delete()
    event = event_create(
        name=DEMO_NAME,
        tables=TABLES,
        boards_per_round=BOARDS_PER_ROUND,
        club="Riverside Bridge Club",
        day=date.today(),
        published=True,
    )
    event.sessions.update(released=True)  # the evening is over
    section = event.sessions.get().sections.get()
    _name_pairs(section)
    _play(section, random.Random(7))
    _adjust_one(section)
    return event
