"""Files written all or none: each beside its path first, then all moved into
place; a failure leaves none of them."""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path

__all__ = ["write_all"]


def write_all(files: list[tuple[Path, bytes]]) -> list[str]:
    """Write every file or none (``OSError`` names the path); a line a file."""
    written: list[tuple[str, Path, int]] = []
    try:
        for path, content in files:
            written.append((_beside(path, content), path, len(content)))
        for temporary, path, _size in written:
            os.replace(temporary, path)
    except OSError:
        for temporary, _path, _size in written:
            Path(temporary).unlink(missing_ok=True)
        raise
    return [f"wrote {path} ({size} bytes)" for _temporary, path, size in written]


def _beside(path: Path, content: bytes) -> str:
    """A temporary file in the path's folder holding ``content``, with the
    permissions a new file gets."""
    if path.is_dir():
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
    try:
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".export-")
    except OSError as exc:
        exc.filename = str(path)
        raise
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(content)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)
    except OSError as exc:
        Path(temporary).unlink(missing_ok=True)
        exc.filename = str(path)
        raise
    return temporary
