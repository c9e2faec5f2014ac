"""Serialises ast.parse across threads in schemathesis' virtual environment.

Python 3.11 (before 3.11.8's fix of gh-106905) keeps the AST constructor's recursion depth in
state shared by every thread, so two threads parsing at once can fail with "SystemError: AST
constructor recursion depth mismatch". Hypothesis parses source to describe strategies, and
schemathesis runs its workers as threads: a run with --workers 2 then fails inside the tool,
not on the API. setup.sh installs this module with a .pth file, so it loads at start-up.
"""

import ast
import threading

_lock = threading.Lock()
_parse = ast.parse


def _locked_parse(*args, **kwargs):
    with _lock:
        return _parse(*args, **kwargs)


ast.parse = _locked_parse
