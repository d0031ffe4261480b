"""The X screen as a player sees it: XTest input and polling the screen for changed pixels.

Pure ctypes over libX11/libXtst (no extra package). ``Screen.poll_change`` reads a region
of the root window (on Xvfb: the frame buffer, every window's pixels as shown) with
``XGetSubImage`` into one image allocated once, and compares the bytes with a baseline;
``Screen.floor_ms`` measures how long one read takes (the method's own resolution).

The pure helpers (``first_change``, ``png``) have unit tests in tests/test_bench_rivals.py.
"""

from __future__ import annotations

import ctypes
import struct
import time
import zlib
from typing import Optional

ZPIXMAP = 2
ALL_PLANES = 0xFFFFFFFF


class XImage(ctypes.Structure):
    _fields_ = [("width", ctypes.c_int), ("height", ctypes.c_int), ("xoffset", ctypes.c_int),
                ("format", ctypes.c_int), ("data", ctypes.c_void_p),
                ("byte_order", ctypes.c_int), ("bitmap_unit", ctypes.c_int),
                ("bitmap_bit_order", ctypes.c_int), ("bitmap_pad", ctypes.c_int),
                ("depth", ctypes.c_int), ("bytes_per_line", ctypes.c_int),
                ("bits_per_pixel", ctypes.c_int)]


def first_change(a: bytes, b: bytes, width: int, bpp: int = 4,
                 stride: Optional[int] = None) -> Optional[tuple[int, int, int, int]]:
    """The box (x0, y0, x1, y1), x1/y1 exclusive, of the pixels that differ between two
    images of the same size (``width`` pixels a row, ``bpp`` bytes a pixel, ``stride`` bytes a
    row); None when they are equal."""
    if a == b:
        return None
    stride = stride or width * bpp
    rows = len(a) // stride
    x0 = y0 = 10 ** 9
    x1 = y1 = -1
    for y in range(rows):
        ra, rb = a[y * stride:y * stride + width * bpp], b[y * stride:y * stride + width * bpp]
        if ra == rb:
            continue
        lo = 0
        while ra[lo] == rb[lo]:
            lo += 1
        hi = len(ra) - 1
        while ra[hi] == rb[hi]:
            hi -= 1
        x0, x1 = min(x0, lo // bpp), max(x1, hi // bpp + 1)
        y0, y1 = min(y0, y), y + 1
    return (x0, y0, x1, y1) if y1 >= 0 else None


def png(data: bytes, width: int, height: int, stride: int) -> bytes:
    """A PNG (RGB) of a 32-bit BGRX image (X's ZPixmap on little-endian, depth 24)."""
    raw = bytearray()
    for y in range(height):
        row = data[y * stride:y * stride + width * 4]
        raw.append(0)
        px = bytearray(width * 3)
        px[0::3], px[1::3], px[2::3] = row[2::4], row[1::4], row[0::4]
        raw += px

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(bytes(raw), 6)) + chunk(b"IEND", b""))


class Screen:
    """One connection to the X display: XTest pointer/keys and root-window reads."""

    def __init__(self, display: Optional[str] = None) -> None:
        self.x = ctypes.CDLL("libX11.so.6")
        self.t = ctypes.CDLL("libXtst.so.6")
        x, t = self.x, self.t
        x.XOpenDisplay.restype = ctypes.c_void_p
        x.XOpenDisplay.argtypes = [ctypes.c_char_p]
        x.XDefaultRootWindow.restype = ctypes.c_ulong
        x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        x.XGetImage.restype = ctypes.POINTER(XImage)
        x.XGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int,
                                ctypes.c_uint, ctypes.c_uint, ctypes.c_ulong, ctypes.c_int]
        x.XGetSubImage.restype = ctypes.POINTER(XImage)
        x.XGetSubImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int,
                                   ctypes.c_uint, ctypes.c_uint, ctypes.c_ulong, ctypes.c_int,
                                   ctypes.POINTER(XImage), ctypes.c_int, ctypes.c_int]
        x.XFlush.argtypes = [ctypes.c_void_p]
        x.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
        x.XKeysymToKeycode.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
        x.XKeysymToKeycode.restype = ctypes.c_ubyte
        x.XStringToKeysym.argtypes = [ctypes.c_char_p]
        x.XStringToKeysym.restype = ctypes.c_ulong
        t.XTestFakeMotionEvent.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int,
                                           ctypes.c_int, ctypes.c_ulong]
        t.XTestFakeButtonEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]
        t.XTestFakeKeyEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]
        self.dpy = x.XOpenDisplay(display.encode() if display else None)
        if not self.dpy:
            raise RuntimeError(f"cannot open the X display {display!r}")
        self.root = x.XDefaultRootWindow(self.dpy)
        x.XDisplayWidth.argtypes = x.XDisplayHeight.argtypes = [ctypes.c_void_p, ctypes.c_int]
        self.size = (x.XDisplayWidth(self.dpy, 0), x.XDisplayHeight(self.dpy, 0))
        self._img: Optional[ctypes.POINTER(XImage)] = None
        self._box: tuple[int, int, int, int] = (0, 0, 0, 0)

    # -- input (XTest: real events through the X server)
    def move(self, sx: float, sy: float) -> None:
        self.t.XTestFakeMotionEvent(self.dpy, -1, int(round(sx)), int(round(sy)), 0)
        self.x.XFlush(self.dpy)

    def button(self, down: bool) -> None:
        self.t.XTestFakeButtonEvent(self.dpy, 1, 1 if down else 0, 0)
        self.x.XFlush(self.dpy)

    def keys(self, *names: str, down: bool) -> None:
        order = names if down else tuple(reversed(names))
        for n in order:
            code = self.x.XKeysymToKeycode(self.dpy, self.x.XStringToKeysym(n.encode()))
            self.t.XTestFakeKeyEvent(self.dpy, code, 1 if down else 0, 0)
        self.x.XFlush(self.dpy)

    def sync(self) -> None:
        self.x.XSync(self.dpy, 0)

    # -- reading the screen
    def grab(self, box: tuple[int, int, int, int]) -> bytes:
        """The pixels of ``box`` (x, y, w, h) on the screen, BGRX rows of ``stride`` bytes."""
        x, y, w, h = box = self.clip(box)
        if self._img is None or self._box[2:] != (w, h):
            self._img = self.x.XGetImage(self.dpy, self.root, x, y, w, h, ALL_PLANES, ZPIXMAP)
            if not self._img:
                raise RuntimeError(f"XGetImage failed for {box}")
            self._box = box
        else:
            self.x.XGetSubImage(self.dpy, self.root, x, y, w, h, ALL_PLANES, ZPIXMAP, self._img, 0, 0)
        img = self._img.contents
        data = bytearray(ctypes.string_at(img.data, img.bytes_per_line * h))
        # the 4th byte of a 24-bit pixel is padding: XGetImage and XGetSubImage leave it
        # different, so it is cleared (else every read would "change")
        data[3::4] = bytes(len(data) // 4)
        return bytes(data)

    def clip(self, box: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
        """``box`` cut to the screen (an X read outside it fails with BadMatch)."""
        x, y, w, h = (int(v) for v in box)
        x0, y0 = max(x, 0), max(y, 0)
        x1, y1 = min(x + w, self.size[0]), min(y + h, self.size[1])
        if x1 <= x0 or y1 <= y0:
            raise ValueError(f"box {box} is off the screen {self.size}")
        return x0, y0, x1 - x0, y1 - y0

    @property
    def stride(self) -> int:
        return self._img.contents.bytes_per_line if self._img else 0

    def save_png(self, path: str, box: tuple[int, int, int, int]) -> None:
        box = self.clip(box)
        data = self.grab(box)
        with open(path, "wb") as f:
            f.write(png(data, box[2], box[3], self.stride))

    def poll_change(self, box: tuple[int, int, int, int], base: bytes, t0: float,
                    timeout: float = 2.0) -> Optional[float]:
        """Read ``box`` until it differs from ``base``; the time of the first read that saw the
        change, in ms after ``t0`` (a ``time.perf_counter()``), or None on timeout.
        ``self.changed`` is then the box (in ``box``) of the pixels that changed."""
        deadline = t0 + timeout
        self.changed = None
        while True:
            now_data = self.grab(box)
            now = time.perf_counter()
            if now_data != base:
                self.changed = first_change(base, now_data, self.clip(box)[2], 4, self.stride)
                return (now - t0) * 1000
            if now > deadline:
                return None

    def floor_ms(self, box: tuple[int, int, int, int], n: int = 200) -> float:
        """The median time of one read of ``box`` (the poll's resolution), ms."""
        times = []
        for _ in range(n):
            a = time.perf_counter()
            self.grab(box)
            times.append((time.perf_counter() - a) * 1000)
        times.sort()
        return times[len(times) // 2]

    def close(self) -> None:
        if self.dpy:
            self.x.XCloseDisplay.argtypes = [ctypes.c_void_p]
            self.x.XCloseDisplay(self.dpy)
            self.dpy = None
