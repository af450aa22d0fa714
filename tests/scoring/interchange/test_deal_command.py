"""deal: a session's boards dealt, stored and committed; a set dealt to files;
a published seed verified; a set the club played refused unless asked again."""

from __future__ import annotations

import hashlib
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from scoring.formats.deal_files import read_deal_file
from scoring.models import ChangeLog
from tests.factories import make_event, make_result, section_of
from tournaments.models import DealSet

pytestmark = pytest.mark.django_db


def run(*args: object) -> list[str]:
    out = StringIO()
    call_command("deal", *map(str, args), stdout=out)
    return out.getvalue().splitlines()


def deals(session) -> dict[int, str]:
    return dict(session.boards.values_list("number", "deal"))


@pytest.fixture
def session():
    return make_event(tables=4, boards_per_round=1).sessions.get()


def test_dealing_a_session_stores_every_board_and_prints_the_commitment_last(session):
    out = run(session.pk)
    stored = deals(session)
    assert sorted(stored) == [1, 2, 3, 4] and all(stored.values())
    kept = DealSet.objects.get(session=session)
    assert out[-1] == f"commitment {kept.commitment}"
    assert hashlib.sha256(bytes.fromhex(kept.seed)).hexdigest() == kept.commitment
    assert kept.board_deals == stored
    assert "commitment" in ChangeLog.objects.get(action="hands").description


def test_deals_stored_are_replaced_only_when_asked_and_logged(session):
    run(session.pk)
    before = deals(session)
    with pytest.raises(CommandError, match="already have another deal.*--replace"):
        run(session.pk, "--boards", "2-3")
    assert deals(session) == before
    run(session.pk, "--boards", "2-3", "--replace")
    after = deals(session)
    assert [after[n] == before[n] for n in (1, 2, 3, 4)] == [True, False, False, True]
    logged = ChangeLog.objects.filter(action="hands").latest("pk")
    assert "replaced the deals of boards 2–3" in logged.description


def test_boards_the_session_lacks_are_refused(session):
    with pytest.raises(CommandError, match="Boards 5–6 are not boards of session 1"):
        run(session.pk, "--boards", "1-6")
    assert set(deals(session).values()) == {""}


def test_the_seed_verifies_the_sessions_deals(session):
    run(session.pk)
    kept = DealSet.objects.get(session=session)
    out = run("--verify", kept.seed, "--boards", "1-4", session.pk)
    assert out[-3:] == [
        f"commitment {kept.commitment}",
        "the session's deals: yes",
        "the session's commitment: yes",
    ]


def test_another_seed_does_not_verify(session):
    run(session.pk)
    with pytest.raises(CommandError, match="does not prove"):
        run("--verify", "ab" * 32, "--boards", "1-4", session.pk)


def test_a_set_dealt_to_files_reads_back_and_is_kept(tmp_path):
    out = run("--boards", "1-8", "--out", tmp_path, "--formats", "dlm,dup,pbn")
    commitment = out[-1].removeprefix("commitment ")
    kept = DealSet.objects.get(commitment=commitment)
    name = f"deals-{commitment[:12]}"
    for kind in ("dlm", "dup", "pbn"):
        raw = (tmp_path / f"{name}.{kind}").read_bytes()
        read = {b: r.deal for b, r in read_deal_file(raw, f"x.{kind}").items()}
        assert read == kept.board_deals
    seed_line = (tmp_path / f"{name}.seed").read_text().splitlines()[0]
    assert seed_line == f"seed {kept.seed}"
    verified = run("--verify", kept.seed, "--boards", "1-8")
    assert verified[-1] == f"commitment {commitment}"


def test_a_set_the_club_played_is_refused_unless_again(session, tmp_path):
    run(session.pk)
    make_result(
        section_of(session.event), 1, "1NS", "1EW", "4S N =", round_no=1, table=1
    )
    played = deals(session)
    other = make_event(tables=4, boards_per_round=1)
    pbn = tmp_path / "week.pbn"
    games = [f'[Board "{n}"]\n[Deal "{d}"]\n' for n, d in played.items()]
    pbn.write_text("\n".join(games))
    with pytest.raises(CommandError, match="played already.*--again"):
        call_command("import_hands", other.pk, str(pbn))
    call_command("import_hands", other.pk, str(pbn), "--again", stdout=StringIO())
    assert deals(other.sessions.get()) == played


def test_bad_boards_and_seeds_are_refused():
    with pytest.raises(CommandError, match="not a range of boards"):
        run("--boards", "1-x", "--out", "/tmp")
    with pytest.raises(CommandError, match="fewer than 160"):
        run("--verify", "abcd", "--boards", "1-4")


def test_export_writes_the_sessions_files_for_the_machines(session, tmp_path):
    run(session.pk)
    out = StringIO()
    call_command(
        "export", session.event.pk, "--dealing", tmp_path, "--formats", "dlm,pbn",
        stdout=out,
    )  # fmt: skip
    name = f"event{session.event.pk}-session1"
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"{name}.dlm", f"{name}.pbn"]
    for kind in ("dlm", "pbn"):
        raw = (tmp_path / f"{name}.{kind}").read_bytes()
        assert {
            b: r.deal for b, r in read_deal_file(raw, f"x.{kind}").items()
        } == deals(session)


def test_export_refuses_machine_files_for_boards_not_dealt(session, tmp_path):
    with pytest.raises(CommandError, match="no board has a deal yet"):
        call_command("export", session.event.pk, "--dealing", tmp_path)


def test_dealing_queues_the_double_dummy_analysis(
    session, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        run(session.pk, "--boards", "1-2")
    solved = [b.solved for b in session.boards.filter(number__in=[1, 2])]
    assert all(s and s["double_dummy"]["N"]["NT"] in range(14) for s in solved)
