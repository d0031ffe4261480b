"""pytest plugin: of the e2e suite, keep the harness tests only (the real frontend in a
headless Chromium, the real Api in the test process). The Windows and macOS CI jobs run them
with ``python -m pytest e2e -p pytest_harness_only`` (tools/ on PYTHONPATH): the tests of the
real window (the ``app`` fixture: Xvfb, Linux's Qt set-up) and of WebKitGTK (``wk``) are left to
the Linux run, .ci/run."""

from __future__ import annotations

NEEDS_LINUX = {"app", "wk"}


def needs_linux(item) -> bool:
    if NEEDS_LINUX & set(getattr(item, "fixturenames", ())):
        return True
    params = getattr(getattr(item, "callspec", None), "params", {})
    return any(v in NEEDS_LINUX for v in params.values() if isinstance(v, str))


def pytest_collection_modifyitems(config, items):
    drop = [i for i in items if needs_linux(i)]
    if drop:
        items[:] = [i for i in items if not needs_linux(i)]
        config.hook.pytest_deselected(items=drop)
