"""deal SESSION_ID [--boards 1-36] [--replace] [--again]: deal a session's boards;
deal --boards 1-36 --out DIR [--formats pbn,dlm,dup]: deal a set to files;
deal --verify SEED_HEX --boards 1-36 [SESSION_ID]: check a published seed.
Dealing prints ``commitment <sha256 hex>`` last (dealing.md §1)."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from scoring.engine.dealing import SeedError, parse_seed
from scoring.formats.double_dummy import double_dummy
from scoring.interchange.deal_store import keep_set
from scoring.interchange.dealing import deal_session, fresh_set, verify_seed
from scoring.interchange.dealing_files import (
    board_range,
    formats_list,
    machine_files,
    seed_file,
)
from scoring.interchange.hands import DealsStored, HandsRefused, PlayedBefore
from tournaments.models import Session

from ..written import write_all


class Command(BaseCommand):
    help = (
        "Deal a session's boards (a 256-bit seed from the operating system, "
        "uniform over all deals), or a set to files for the dealing machines, "
        "or verify a published seed; prints the seed's commitment last."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("session_id", nargs="?", type=int, metavar="SESSION_ID")
        parser.add_argument("--boards", help="the boards, e.g. 1-36 (default: all)")
        parser.add_argument("--replace", action="store_true", help="replace deals")
        parser.add_argument(
            "--again", action="store_true", help="deal boards the club played before"
        )
        parser.add_argument("--out", type=Path, help="write the set's files here")
        parser.add_argument("--formats", default="pbn,dlm,dup", help="pbn,dlm,dup")
        parser.add_argument("--verify", metavar="SEED_HEX", help="check this seed")

    def handle(self, *args: object, **options: object) -> None:
        boards = _boards(options["boards"])
        session = _session(options["session_id"])
        if options["verify"]:
            return self._verify(str(options["verify"]), boards, session)
        if options["out"] is not None:
            return self._out(Path(str(options["out"])), boards, options)
        if session is None:
            raise CommandError(_("give SESSION_ID, --out DIR or --verify SEED_HEX"))
        self._session(session, boards, options)

    def _session(
        self, session: Session, boards: list[int] | None, options: dict[str, object]
    ) -> None:
        try:
            dealt = deal_session(
                session,
                boards,
                replace=bool(options["replace"]),
                again=bool(options["again"]),
                user=None,
            )
        except DealsStored as exc:
            raise CommandError(
                f"{exc} " + _("Give --replace to replace them.")
            ) from None
        except PlayedBefore as exc:
            raise CommandError(f"{exc} " + _("Give --again to deal them.")) from None
        except HandsRefused as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(
            _("session %(id)s: %(count)s boards dealt, analysis queued")
            % {"id": session.pk, "count": len(dealt.deals)}
        )
        if dealt.replaced:
            self.stdout.write(
                _("replaced: %(count)s boards") % {"count": len(dealt.replaced)}
            )
        self.stdout.write(f"commitment {dealt.commitment}")

    def _out(
        self, folder: Path, boards: list[int] | None, options: dict[str, object]
    ) -> None:
        if boards is None:
            raise CommandError(_("give the boards to deal: --boards 1-36"))
        try:
            formats = formats_list(str(options["formats"]))
            dealt = fresh_set(boards)
            files = machine_files(dealt.deals, double_dummy(dealt.deals), formats, "")
        except ValueError as exc:
            raise CommandError(str(exc)) from None
        name = f"deals-{dealt.commitment[:12]}"
        contents = {f"{name}.{kind}": content for kind, content in files.items()}
        contents[f"{name}.seed"] = seed_file(dealt.seed.hex(), dealt.commitment, boards)
        try:
            said = write_all([(folder / file, data) for file, data in contents.items()])
        except OSError as exc:
            raise CommandError(f"cannot write {exc.filename}: {exc.strerror}") from exc
        for line in said:
            self.stdout.write(line)
        keep_set(
            club=None,
            session=None,
            deals=dealt.deals,
            source=f"files {name}",
            again=True,  # a fresh set: no session has played it
            seed=dealt.seed.hex(),
            commitment=dealt.commitment,
        )
        self.stdout.write(f"commitment {dealt.commitment}")

    def _verify(
        self, text: str, boards: list[int] | None, session: Session | None
    ) -> None:
        if boards is None:
            raise CommandError(_("give the boards dealt: --boards 1-36"))
        try:
            seed = parse_seed(text)
        except SeedError as exc:
            raise CommandError(_(exc.template) % exc.params) from None
        verdict = verify_seed(seed, boards, session)
        for board, deal in verdict.deals.items():
            self.stdout.write(f"{board:3d} {deal}")
        self.stdout.write(f"commitment {verdict.commitment}")
        if session is None:
            return
        same = _("yes") if verdict.same_deals else _("no")
        self.stdout.write(_("the session's deals: %(answer)s") % {"answer": same})
        said = _("yes") if verdict.committed else _("no")
        self.stdout.write(_("the session's commitment: %(answer)s") % {"answer": said})
        if not (verdict.same_deals and verdict.committed):
            raise CommandError(_("the seed does not prove the session's deals"))


def _boards(text: object) -> list[int] | None:
    if text is None:
        return None
    try:
        return board_range(str(text))
    except ValueError as exc:
        raise CommandError(str(exc)) from None


def _session(pk: object) -> Session | None:
    if not isinstance(pk, int):
        return None
    session = Session.objects.select_related("event__club").filter(pk=pk).first()
    if session is None:
        raise CommandError(_("there is no session %(id)s") % {"id": pk})
    return session
