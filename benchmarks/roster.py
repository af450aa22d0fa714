"""Benchmark: a federation's 2,000-member list into a club's roster, then
search-as-you-type over it.

    python -m benchmarks.roster [--members 2000] [--bad 20]

In a fresh database (SQLite in benchmarks/out/, or DATABASE_URL): the list with
``--bad`` unreadable rows is refused whole (counts of rows read and refused),
the corrected list is imported (time), then the director's search endpoint
answers typed prefixes of names and member numbers (median and worst time of
each request through Django's test client, with the database query).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from benchmarks.run import setup_django

FIRST = (
    "Ana",
    "Bo",
    "Carmen",
    "David",
    "Elena",
    "Franco",
    "Giulia",
    "Hugo",
    "Irene",
    "Jorge",
    "Karen",
    "Luca",
    "Marta",
    "Nico",
    "Olga",
    "Pablo",
)
LAST = ("Ruiz", "Li", "Rossi", "García", "Bianchi", "Smith", "Jones", "Peña",
        "Fernández", "Esposito", "Brown", "Moreno", "Ricci", "Taylor",
        "Ñúñez")  # fmt: skip


def member_list(members: int, bad: set[int]) -> bytes:
    rng = random.Random(14)
    lines = ["Member number;First name;Surname;Club;Email"]
    for n in range(1, members + 1):
        first, last = rng.choice(FIRST), rng.choice(LAST)
        name = ";" if n in bad else f"{first};{last}"
        lines.append(f"{100000 + n};{name};Club {n % 40};m{n}@example.org")
    return "\n".join(lines).encode()


def timed(run: object) -> float:
    start = time.perf_counter()
    run()  # type: ignore[operator]
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--members", type=int, default=2000)
    parser.add_argument("--bad", type=int, default=20)
    args = parser.parse_args()
    setup_django()
    from django.contrib.auth.models import User
    from django.test import Client
    from django.urls import reverse

    from tests.factories import join
    from tournaments.models import Club, Person
    from tournaments.roster.imports import members_import

    club = Club.objects.create(name="Benchmark club")
    bad = set(random.Random(1).sample(range(1, args.members + 1), args.bad))
    refused = members_import(club=club, raw=member_list(args.members, bad))
    print(
        f"list with bad rows: {refused.rows} read, {len(refused.problems)} refused "
        f"(lines {', '.join(str(line) for line, _ in refused.problems[:5])}, …); "
        f"people written: {Person.objects.count()}"
    )
    raw = member_list(args.members, set())
    seconds = timed(lambda: members_import(club=club, raw=raw))
    print(f"import of {args.members} members: {seconds:.2f} s")
    user = User.objects.create_user("bench", password="x")
    join(user, club.name)
    client = Client()
    client.force_login(user)
    url = reverse("tournaments:person_search", args=[club.pk])
    typed = ["a", "an", "ana", "ana r", "ruiz", "ros", "1000", "10019", "peñ", "zz"]

    def ask(q: str) -> None:
        response = client.get(url, {"q": q}, HTTP_HOST="localhost")
        assert response.status_code == 200, response.status_code

    ask("ana")  # the first request loads the URL configuration
    times = [timed(lambda q=q: ask(q)) for q in typed * 20]
    report("search requests", times)
    from tournaments.roster.search import roster_search

    report(
        "search queries",
        [timed(lambda q=q: list(roster_search(club.pk, q))) for q in typed * 20],
    )


def report(what: str, times: list[float]) -> None:
    median, worst = statistics.median(times) * 1000, max(times) * 1000
    print(f"{what} ({len(times)}): median {median:.1f} ms, worst {worst:.1f} ms")


if __name__ == "__main__":
    main()
