"""import_hands reads the dealing machines' .dlm and .dup files as well as PBN,
and refuses a .dlm whose checksums do not match, naming the board."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from scoring.engine.dealing import deal_boards, deal_pbn
from scoring.formats.dlm import write_dlm
from scoring.formats.dup import write_dup
from tests.factories import make_event

pytestmark = pytest.mark.django_db

DEALS = {b: deal_pbn(d) for b, d in deal_boards(bytes(range(32)), range(1, 5)).items()}


def stored(event):
    return dict(event.sessions.get().boards.values_list("number", "deal"))


@pytest.mark.parametrize(
    ("name", "content"),
    [("week.dlm", write_dlm(DEALS, "w")), ("week.DUP", write_dup(DEALS))],
)
def test_a_machine_file_gives_every_board_its_deal(tmp_path, name, content):
    event = make_event(tables=4, boards_per_round=1)
    path = tmp_path / name
    path.write_bytes(content)
    out = StringIO()
    call_command("import_hands", str(event.pk), str(path), stdout=out)
    assert stored(event) == DEALS
    assert out.getvalue().splitlines() == ["deals attached to boards: 1–4"]


def test_a_dlm_with_a_wrong_checksum_is_refused_naming_the_board(tmp_path):
    event = make_event(tables=4, boards_per_round=1)
    text = write_dlm(DEALS, "w").decode("ascii")
    line = next(x for x in text.split("\r\n") if x.startswith("Board 03="))
    wrong = line[:-3] + f"{(int(line[-3:]) + 1) % 1000:03d}"
    path = tmp_path / "week.dlm"
    path.write_bytes(text.replace(line, wrong).encode("ascii"))
    with pytest.raises(CommandError, match="board 3's checksum does not match"):
        call_command("import_hands", str(event.pk), str(path))
    assert set(stored(event).values()) == {""}
