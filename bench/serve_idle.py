"""``--serve`` beside idle connections (issue 41, item 7): the time of an authorised call
while N connections that send nothing are held open to 127.0.0.1.

    .venv/bin/python bench/serve_idle.py [N]

Target: under 1 s with 300 idle connections (it was 7.8 s).
"""

from __future__ import annotations

import socket
import statistics
import sys
import threading
import time

from _common import ROOT  # sets sys.path

sys.path.insert(0, str(ROOT / "tests"))

from harptowers import serve  # noqa: E402
from harptowers.api import Api  # noqa: E402
from test_serve_idle import call  # noqa: E402


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    srv, token = serve.make_server(Api("EH1-N-AAAAAAF"), ROOT / "frontend")
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    port = srv.server_address[1]
    socks = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(n)]
    time.sleep(0.2)
    times = []
    for _ in range(5):
        t0 = time.perf_counter()
        call(port, token)
        times.append(time.perf_counter() - t0)
    for s in socks:
        s.close()
    srv.shutdown()
    srv.server_close()
    print(f"{n} idle connections: an authorised call took median "
          f"{statistics.median(times) * 1000:.1f} ms, max {max(times) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
