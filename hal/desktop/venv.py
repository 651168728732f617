"""A desktop program started by a shell's own Python (no pygame, no Blinka there) runs itself again
under the project's ``.venv/bin/python`` (made by ``tools/play`` or ``tools/test``), once: so
``python tools/screenshots.py`` or ``python desktop.py`` work as the README writes them."""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # (hal/desktop/venv.py)
VENV = os.path.join(ROOT, ".venv")


def again(argv):
    """Run ``.venv``'s Python with ``argv`` (the arguments after the interpreter's name) in place of
    this process, unless this is that Python already, there is no ``.venv``, or it was tried once."""
    if not os.path.isdir(VENV) or os.path.realpath(sys.prefix) == os.path.realpath(VENV):
        return
    py = os.path.join(VENV, "Scripts" if os.name == "nt" else "bin", "python")
    if not os.environ.get("LAMA_VENV"):  # (once: never a loop)
        os.environ["LAMA_VENV"] = py
        os.execv(py, [py] + argv)
