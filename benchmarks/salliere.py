"""Side by side with Salliere (Debian's Java duplicate scorer) on the same
travellers: our `results EVENT --json` as a whole process against
`salliere score matchpoint total results -- boards.csv names.csv`.

    make bench        (or: python -m benchmarks.salliere [--tables 1000] [--boards 26])

Builds the 1,000-table across-the-field event of `benchmarks.run`, writes its
travellers as Salliere's CSV files (every pair numbered across the field, so
Salliere compares every table too), then times the two alternately, a fresh copy
of the files for each Salliere run (it writes its columns into them). Prints a
JSON line per run and the medians with their ratio; exits 1 when any
line's matchpoints differ from Salliere's.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path

from .run import OUT, build, setup_django

ROOT = Path(__file__).resolve().parent.parent
SALLIERE_JAR = Path("/usr/games/salliere")  # Debian's salliere package
RUNS = 3


def write_csv(event_id: int, folder: Path) -> tuple[Path, Path]:
    """The event's travellers and pairs in Salliere's two files."""
    from scoring.models import TravellerLine
    from tournaments.models import Pair

    lines = TravellerLine.objects.filter(board__session__event_id=event_id)
    rows = lines.values_list(
        "board__number", "ns_pair_id", "ew_pair_id", "level", "strain",
        "doubling", "declarer", "tricks",
    )  # fmt: skip
    boards, names = folder / "boards.csv", folder / "names.csv"
    boards.write_text(
        "".join(
            f"{b},{ns},{ew},{level}{strain}{double},{declarer},{tricks}\n"
            for b, ns, ew, level, strain, double, declarer, tricks in rows
        )
    )
    pairs = Pair.objects.filter(section__session__event_id=event_id).values_list(
        "pk", flat=True
    )
    names.write_text("".join(f"{pk},North{pk},South{pk}\n" for pk in pairs))
    return boards, names


def run_timed(command: list[str], cwd: Path) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds (user + system, every thread) and peak memory
    (MiB) of one process. On a shared machine the CPU time is the steadier."""
    start = time.perf_counter()
    child = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL)
    _pid, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - start
    if status:
        raise SystemExit(f"{command[0]} failed ({status})")
    return seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def compile_ours() -> None:
    """Our modules compiled once, as an installed program runs: Python writes
    their bytecode on a first run itself, unless PYTHONDONTWRITEBYTECODE is set
    (then every run would compile them again, some 30 ms; Salliere runs from
    its compiled jar)."""
    for package in ("config", "scoring", "tournaments", "movements"):
        compileall.compile_dir(ROOT / package, quiet=1)


def time_ours(event_id: int) -> tuple[float, float, float]:
    command = [sys.executable, "manage.py", "results", str(event_id), "--json"]
    return run_timed(command, ROOT)


def time_salliere(inputs: tuple[Path, Path], work: Path) -> tuple[float, float]:
    for path in inputs:
        shutil.copy(path, work / path.name)
    command = ["java", "-jar", str(SALLIERE_JAR), "score", "matchpoint", "total",
               "results", "--", "boards.csv", "names.csv"]  # fmt: skip
    seconds, cpu, _mib = run_timed(command, work)
    return seconds, cpu


Key = tuple[int, int]  # (board, NS pair)
Scores = Mapping[Key, Fraction | None]  # NS matchpoints (None: not scored)


def salliere_points(text: str) -> Scores:
    """Salliere's scored boards.csv: each line's NS matchpoints (9th column)."""
    points: dict[Key, Fraction | None] = {}
    for row in text.splitlines():
        cells = row.split(",")
        points[int(cells[0]), int(cells[1])] = Fraction(cells[8])
    return points


def compare(ours: Scores, theirs: Scores) -> list[Key]:
    """The lines whose NS matchpoints differ (one side scored, the other not
    included)."""
    return sorted(key for key in ours.keys() | theirs.keys()
                  if ours.get(key) != theirs.get(key))  # fmt: skip


def agreement(ours: Scores, theirs: Scores) -> int:
    """Prints the comparison; the exit status: 1 when any line differs (or
    nothing was compared), else 0."""
    differ = compare(ours, theirs)
    print(json.dumps({"step": "same numbers", "lines": len(theirs),
                      "differ": len(differ)}))  # fmt: skip
    for key in differ[:20]:
        ns, salliere = str(ours.get(key)), str(theirs.get(key))
        print(json.dumps({"board": key[0], "ns_pair": key[1], "ours": ns,
                          "salliere": salliere}))  # fmt: skip
    return 1 if differ or not theirs else 0


def our_points(event_id: int) -> Scores:
    """Our NS matchpoints of every line of the event."""
    from scoring.standings import session_results
    from scoring.standings.results import side_raw
    from tournaments.models import Event

    results = session_results(Event.objects.get(pk=event_id).sessions.get())
    return {
        (board.number, scored.line.ns_pair_id): side_raw(scored.points, "NS")
        for board in results.boards
        for scored in board.lines
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--boards", type=int, default=26)
    args = parser.parse_args(argv)
    if not SALLIERE_JAR.exists():
        sys.exit("Salliere is not installed: apt-get install salliere")
    setup_django()
    event_id = build(args.tables, args.boards)
    folder, work = OUT / "salliere", OUT / "salliere-run"
    folder.mkdir(exist_ok=True)
    work.mkdir(exist_ok=True)
    inputs = write_csv(event_id, folder)
    compile_ours()
    ours, theirs = [], []
    for run in range(1, RUNS + 1):  # alternating, so both see the same machine
        ours.append(time_ours(event_id)[0])
        theirs.append(time_salliere(inputs, work)[0])
        print(json.dumps({"run": run, "ours_s": round(ours[-1], 2),
                          "salliere_s": round(theirs[-1], 2)}), flush=True)  # fmt: skip
    theirs_points = salliere_points((work / "boards.csv").read_text())
    status = agreement(our_points(event_id), theirs_points)
    mine, other = statistics.median(ours), statistics.median(theirs)
    print(json.dumps({"step": "side by side", "ours_median_s": round(mine, 2),
                      "salliere_median_s": round(other, 2),
                      "ratio": round(mine / other, 2)}))  # fmt: skip
    if status:
        sys.exit("Salliere and we disagree: see the lines above.")


if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    main()
