"""The desktop app around the bridge: the pywebview window (window), its native touches
(native, platforms), its size and place (geometry), one instance per data folder (single),
the first page served with its view model (firstpage) and the logs (logs).

Qt and pywebview are imported only when a window opens (window, native)."""
