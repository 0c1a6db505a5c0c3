"""``python tests/net/fake_serve.py``: the in-test server as a process that prints what ``python -m game serve``
prints (``serving ws://HOST:PORT``) and serves until it is stopped; the lobby's tests start it as "the server
here" while the real one is not needed."""

import sys
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.net.fake_server import FakeServer  # noqa: E402

if __name__ == "__main__":
    with FakeServer() as server:
        print(f"serving {server.url}", flush=True)
        threading.Event().wait()
