"""Write the bridge's declared shapes (backend/harptowers/view_types.py) as TypeScript
declarations, frontend/js/view-model.d.ts, for the page's JSDoc types and ``tsc --checkJs``.
tests/test_view_types.py fails when the file is not what this writes.

    .venv/bin/python tools/view_types_ts.py          # write it
    .venv/bin/python tools/view_types_ts.py --print  # print it
"""

from __future__ import annotations

import sys
import types
import typing
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "backend"))

from harptowers import view_types  # noqa: E402

OUT = ROOT / "frontend" / "js" / "view-model.d.ts"


def ts(t: object) -> str:
    """One Python annotation as TypeScript."""
    origin, args = typing.get_origin(t), typing.get_args(t)
    if t is str:
        return "string"
    if t in (int, float):
        return "number"
    if t is bool:
        return "boolean"
    if t is type(None):
        return "null"
    if t is typing.Any:
        return "any"
    if t == view_types.PileKind:
        return "PileKind"
    if origin is typing.Literal:
        return " | ".join(f'"{a}"' for a in args)
    if origin in (typing.Union, types.UnionType):
        return " | ".join(ts(a) for a in args)
    if origin is list:
        inner = ts(args[0])
        return f"({inner})[]" if "|" in inner else f"{inner}[]"
    if origin is dict:
        return f"Record<{ts(args[0])}, {ts(args[1])}>"
    if origin in (typing.NotRequired, typing.Required):
        return ts(args[0])
    if typing.is_typeddict(t):
        return t.__name__  # type: ignore[attr-defined]
    raise TypeError(f"no TypeScript form for {t!r}")


def render() -> str:
    out = ["// Written by tools/view_types_ts.py from backend/harptowers/view_types.py: do not edit.",
           "// The shapes of what the bridge answers, for the page's JSDoc types.", ""]
    hints_ns = vars(view_types)
    for name, obj in vars(view_types).items():
        if name == "PileKind":  # its literals: ts() gives the alias's name, for the shapes
            kinds = " | ".join(f'"{a}"' for a in typing.get_args(obj))
            out += [f"export type {name} = {kinds};", ""]
        elif typing.is_typeddict(obj) and obj.__module__ == view_types.__name__:
            hints = typing.get_type_hints(obj, globalns=hints_ns, include_extras=True)
            out.append(f"export interface {name} {{")
            for key, t in hints.items():
                opt = "?" if key in obj.__optional_keys__ else ""
                field = key if key.isidentifier() else f'"{key}"'
                out.append(f"  {field}{opt}: {ts(t)};")
            out += ["}", ""]
    return "\n".join(out)


def main(argv: list[str]) -> int:
    text = render()
    if "--print" in argv:
        print(text, end="")
    else:
        OUT.write_text(text)
        print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
