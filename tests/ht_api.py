"""What the bridge tests share: two deal codes and small readers of the bridge's answers."""

from __future__ import annotations

EH5 = "EH1-N-AAAAAAF"          # Easy Harp deal 5
SH314 = "SH1-C4-AAAAAJ2"       # Seahaven deal 314, 4 cells


def piles(answer_or_state) -> dict:
    state = answer_or_state.get("state", answer_or_state)
    return {p["id"]: p for p in state["piles"]}


def texts(pile) -> list[str]:
    """Card texts bottom → top, face-down cards as '?'."""
    return [c["card"] if c["up"] else "?" for c in pile["cards"]]


def ok(answer):
    assert answer["ok"] is True, answer
    return answer


def same(state) -> dict:
    """A view model without its answer number (``rev`` grows with every answer)."""
    return {k: v for k, v in state.items() if k != "rev"}


def act(answer) -> dict:
    """The action's move, points and turned card (the rest is checked where it matters)."""
    a = ok(answer)["action"]
    return {k: a[k] for k in ("move", "points", "turned")}


def refused(answer, rule):
    assert answer["ok"] is False and "refusal" in answer and "error" not in answer, answer
    assert answer["refusal"]["rule"] == rule, answer
    return answer["refusal"]["params"]
