"""The export command's --usebio and --pbn, and the download links of both
files: a director's, and the public site's (without unplayed boards)."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

import scoring.interchange.exports as exports
from scoring.formats.pbn import parse_pbn
from scoring.formats.usebio import read_usebio
from scoring.management.commands.export import Command
from scoring.standings import SessionResults
from tests.factories import join, make_result, section_of
from tournaments.models import Board, Event, Session

USEBIO_TYPE = "application/xml"
PBN_TYPE = "text/x-pbn; charset=ISO-8859-1"


@pytest.fixture(autouse=True)
def unsolved(monkeypatch: pytest.MonkeyPatch) -> None:
    """No double dummy here: the files' other content is what is tested."""
    monkeypatch.setattr(exports, "double_dummy", lambda deals: {})


def director(client: Client, club: str | None = None) -> Client:
    user = User.objects.create_user(f"td-{club}", password="pw")
    if club is None:
        join(user)
    else:
        join(user, club)
    client.force_login(user)
    return client


def test_it_writes_usebio_and_pbn(results: SessionResults, tmp_path: Path) -> None:
    event = results.session.event
    xml, pbn = tmp_path / "r.xml", tmp_path / "r.pbn"
    out = StringIO()
    call_command("export", str(event.pk), "--usebio", str(xml), "--pbn", str(pbn),
                 stdout=out)  # fmt: skip
    written = read_usebio(xml)
    assert (written.name, written.event_type) == ("Tuesday pairs", "MP_PAIRS")
    assert [p.label for p in written.pairs][:2] == ["2NS", "3NS"]
    games = parse_pbn(pbn.read_bytes().decode("iso-8859-1")).games
    assert [g.board for g in games] == [1, 2]
    assert f"wrote {xml}" in out.getvalue() and f"wrote {pbn}" in out.getvalue()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.pbn", "r.xml"]


def test_an_unknown_event_is_refused_with_a_non_zero_exit(
    db: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(CommandError, match="there is no event 999"):
        call_command("export", "999", "--usebio", str(tmp_path / "x.xml"))
    with pytest.raises(SystemExit) as exit_code:
        Command().run_from_argv(
            ["manage.py", "export", "999", "--pbn", str(tmp_path / "x.pbn")]
        )
    assert exit_code.value.code == 1
    assert "there is no event 999" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_an_unwritable_path_writes_nothing_at_all(
    results: SessionResults, tmp_path: Path
) -> None:
    event = results.session.event
    xml, bad = tmp_path / "r.xml", tmp_path / "missing" / "r.pbn"
    with pytest.raises(CommandError, match="cannot write .*missing"):
        call_command("export", str(event.pk), "--usebio", str(xml),
                     "--pbn", str(bad), stdout=StringIO())  # fmt: skip
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(CommandError, match="cannot write"):
        call_command("export", str(event.pk), "--usebio", str(tmp_path),
                     stdout=StringIO())  # fmt: skip
    assert list(tmp_path.iterdir()) == []


def test_an_event_of_several_sessions_needs_session(
    results: SessionResults, tmp_path: Path
) -> None:
    event = results.session.event
    Session.objects.create(event=event, number=2)
    xml = tmp_path / "r.xml"
    with pytest.raises(CommandError, match="2 sessions: choose one with --session"):
        call_command("export", str(event.pk), "--usebio", str(xml))
    with pytest.raises(CommandError, match="no session 3"):
        call_command("export", str(event.pk), "--usebio", str(xml), "--session", "3")
    call_command("export", str(event.pk), "--usebio", str(xml), "--session", "1",
                 stdout=StringIO())  # fmt: skip
    assert len(read_usebio(xml).lines) == 6


def test_a_director_downloads_both_files_from_the_event_page(
    results: SessionResults, client: Client
) -> None:
    session = results.session
    td = director(client)
    page = td.get(reverse("tournaments:event_detail", args=[session.event.pk]))
    xml_url = reverse("scoring:session_usebio", args=[session.pk])
    pbn_url = reverse("scoring:session_pbn", args=[session.pk])
    assert xml_url in page.content.decode() and pbn_url in page.content.decode()
    xml = td.get(xml_url)
    assert (xml.status_code, xml["Content-Type"]) == (200, USEBIO_TYPE)
    assert 'filename="tuesday-pairs-1.xml"' in xml["Content-Disposition"]
    assert b"<PAIR_NUMBER>2NS</PAIR_NUMBER>" in xml.content
    pbn = td.get(pbn_url)
    assert (pbn.status_code, pbn["Content-Type"]) == (200, PBN_TYPE)
    assert 'filename="tuesday-pairs-1.pbn"' in pbn["Content-Disposition"]
    assert pbn.content.startswith(b"% PBN 2.1\r\n")


def test_another_clubs_director_and_a_visitor_get_nothing(
    results: SessionResults, client: Client
) -> None:
    session = results.session
    urls = [
        reverse(f"scoring:session_{kind}", args=[session.pk])
        for kind in ("usebio", "pbn")
    ]
    for url in urls:
        assert client.get(url).status_code == 302  # to log in
    other = director(client, "Another club")
    for url in urls:
        assert other.get(url).status_code == 404
    publics = [
        reverse(f"public:session_{kind}", args=[session.pk])
        for kind in ("usebio", "pbn")
    ]
    for url in publics:
        assert Client().get(url).status_code == 404  # not published


def test_the_public_files_hide_a_board_still_in_play(
    results: SessionResults, client: Client
) -> None:
    event = results.session.event
    Event.objects.filter(pk=event.pk).update(published=True)
    session = results.session
    make_result(section_of(event), 3, "1NS", "3EW", "7NT S =", round_no=3, table=1)
    Board.objects.filter(session=session, number=3).update(
        deal="N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
    )
    page = client.get(reverse("public:session", args=[session.pk])).content.decode()
    xml_url = reverse("public:session_usebio", args=[session.pk])
    pbn_url = reverse("public:session_pbn", args=[session.pk])
    assert xml_url in page and pbn_url in page
    xml = client.get(xml_url)
    assert xml["Content-Type"] == USEBIO_TYPE
    assert b"<BOARD_NUMBER>3</BOARD_NUMBER>" not in xml.content
    assert b"1520" not in xml.content and b"AKQJ" not in xml.content
    pbn = client.get(pbn_url).content
    assert b'[Board "3"]' not in pbn and b"1520" not in pbn and b"AKQJ" not in pbn
    director(client)
    assert b'[Board "3"]' in client.get(reverse("scoring:session_pbn",
                                                args=[session.pk])).content  # fmt: skip
