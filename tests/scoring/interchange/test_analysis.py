"""Double-dummy analysis stored on the boards: solved once per deal by the
analyse_deals command (a progress bar on stderr), equal to the RealBridge
file's own OptimumResultTable and OptimumScore, cleared when a deal is
replaced, and shown in results --json, on the pages and in the hand records."""

from __future__ import annotations

import json
from io import BytesIO, StringIO

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from scoring.documents.pdf import render_pdf
from scoring.engine.boards import dealer, vulnerability
from scoring.formats.par import par
from scoring.formats.pbn import side_value
from scoring.interchange.analysis import analyse_session, analysis_progress
from scoring.reports.layout import document_of, hand_record_blocks
from scoring.standings import session_results
from tests.factories import make_small_evening
from tests.scoring.exports.realbridge import FIRST, LAST, games
from tests.scoring.interchange.test_hands_upload import director
from tournaments.models import Board, Session

pytestmark = pytest.mark.django_db

STRAINS = ("NT", "S", "H", "D", "C")
# formats.md §2's example: N/S make NT 13, S 13, H 9, D 10, C 13.
FULL = "N:QJ8.AJ965.K82.AQ 43.QT87.QT64.754 AKT9..A97.J98632 7652.K432.J53.KT"


def analyse(*ids: int) -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    call_command("analyse_deals", *map(str, ids), stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


@pytest.fixture
def evening() -> Session:
    """Board 1 dealt (FULL), board 2 without a deal."""
    session = make_small_evening(published=True).sessions.get()
    Board.objects.filter(session=session, number=1).update(deal=FULL)
    return session


def test_the_realbridge_deals_solve_to_the_files_own_figures(evening: Session) -> None:
    file_games = {g.board: g for g in games()}
    for number in range(FIRST, LAST + 1):
        deal = file_games[number].value("Deal") or ""
        Board.objects.update_or_create(
            session=evening, number=number, defaults={"deal": deal}
        )
    out, err = analyse(evening.pk)
    assert f"session {evening.pk}: 11 deals analysed" in out
    assert "[" + "#" * 30 + "] 11/11" in err  # the bar reaches the end
    for number in range(FIRST, LAST + 1):
        game, board = file_games[number], evening.boards.get(number=number)
        table = game.table("OptimumResultTable")
        assert table is not None and board.solved is not None
        theirs = {
            (r["Declarer"], r["Denomination"]): int(r["Result"] or "")
            for r in table.records()
        }
        ours = board.solved["double_dummy"]
        assert {(s, t): ours[s][t] for s in "NESW" for t in STRAINS} == theirs
        assert board.solved["par"]["score_ns"] == side_value(game.value("OptimumScore"))


def test_par_contracts_name_each_declarer(evening: Session) -> None:
    analyse_session(evening)
    board = evening.boards.get(number=1)
    assert board.solved is not None
    stored = board.solved["par"]
    assert stored["score_ns"] == par(FULL, vulnerability(1), dealer(1)).score_ns
    assert stored == {"score_ns": 1520, "contracts": ["7NT N", "7NT S"]}
    assert board.solved["double_dummy"]["S"] == {
        "NT": 13, "S": 13, "H": 9, "D": 10, "C": 13
    }  # fmt: skip
    assert set(board.solved["double_dummy"]) == {"N", "E", "S", "W"}
    from scoring.reports.results_json import event_json

    written = event_json(evening.event)["boards"]
    table = next(b["double_dummy"] for b in written if b["number"] == 1)
    assert list(table) == ["N", "E", "S", "W"]  # whatever order the database keeps
    assert list(table["N"]) == ["NT", "S", "H", "D", "C"]


def test_a_deal_is_solved_once_and_a_stale_analysis_again(evening: Session) -> None:
    assert analyse_session(evening) == 1
    assert analyse_session(evening) == 0  # nothing left
    Board.objects.filter(session=evening, number=1).update(
        deal=FULL.replace("N:", "E:")  # another deal, the old analysis kept
    )
    assert evening_analysis(evening) == (0, 1)
    out, _err = analyse()  # every session with a deal to solve
    assert f"session {evening.pk}: 1 deals analysed" in out
    assert evening.boards.get(number=1).solved is not None


def test_an_incomplete_deal_counts_as_analysed_without_figures(
    evening: Session,
) -> None:
    Board.objects.filter(session=evening, number=2).update(deal="N:AKQ.. - - -")
    analyse_session(evening)
    board = evening.boards.get(number=2)
    assert board.solved == {"deal": board.deal, "double_dummy": None, "par": None}
    assert analysis_progress(evening.boards.all()).solved == 2


def test_an_unknown_session_is_refused() -> None:
    with pytest.raises(CommandError, match="no session 999"):
        analyse(999)


def test_results_json_carries_deal_double_dummy_and_par(evening: Session) -> None:
    def boards() -> dict[int, dict[str, object]]:
        out = StringIO()
        call_command("results", str(evening.event_id), "--json", stdout=out)
        return {b["number"]: b for b in json.loads(out.getvalue())["boards"]}

    before = boards()
    assert before[1]["deal"] == FULL
    assert before[1]["double_dummy"] is None and before[1]["par"] is None
    analyse_session(evening)
    after = boards()
    stored = evening.boards.get(number=1).solved
    assert stored is not None
    assert after[1]["double_dummy"] == stored["double_dummy"]
    assert after[1]["par"] == stored["par"]
    assert after[2]["deal"] is None and after[2]["double_dummy"] is None


def evening_analysis(session: Session) -> tuple[int, int]:
    progress = analysis_progress(session.boards.all())
    return progress.solved, progress.known


def test_the_event_page_shows_the_progress(client: Client, evening: Session) -> None:
    Board.objects.filter(session=evening, number=2).update(deal="N:AKQ.. - - -")
    url = reverse("tournaments:event_detail", args=[evening.event_id])
    html = director(client).get(url).content.decode()
    assert "Double dummy: 0 of 2 deals analysed" in html
    assert '<progress value="0" max="2">' in html
    assert 'http-equiv="refresh"' not in html  # no task was queued
    analyse_session(evening)
    html = client.get(url).content.decode()
    assert "Double dummy: 2 of 2 deals analysed" in html
    assert "<progress" not in html and 'http-equiv="refresh"' not in html


def test_pages_and_hand_records_show_the_table_and_par(
    client: Client, evening: Session
) -> None:
    analyse_session(evening)
    board = evening.boards.get(number=1)
    public = client.get(reverse("public:board", args=[evening.pk, 1])).content.decode()
    traveller = director(client).get(reverse("imps:traveller", args=[evening.pk, 1]))
    for html in (public, traveller.content.decode()):
        assert 'class="double-dummy"' in html and board.par_text in html
        assert '<th scope="row">N</th>' in html
    results = session_results(evening)
    blocks = hand_record_blocks(results)
    pdf = render_pdf(document_of(results, "Hand records", blocks))
    page = " ".join(PdfReader(BytesIO(pdf)).pages[0].extract_text().split())
    assert "Par NS 1520: 7NT N, 7NT S" in page
    assert "N 7 7 3 4 7 S 7 7 3 4 7 E - - - - -" in page  # the makeable levels


def test_the_pbn_download_carries_the_stored_double_dummy(evening: Session) -> None:
    """A download never solves; once analysed, the file has the figures."""
    from scoring.interchange.exports import pbn_file

    before = pbn_file(session_results(evening)).content.decode("latin-1")
    assert "OptimumScore" not in before
    analyse_session(evening)
    after = pbn_file(session_results(evening)).content.decode("latin-1")
    assert after.count("[OptimumScore") == evening.boards.exclude(deal="").count()
