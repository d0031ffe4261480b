"""The shape of what the bridge answers, declared once (docs/bridge.md): the view model the
page draws (``ViewModel``) and the answers around it (``Answer``).

view.py builds these and mypy checks it against them; tests/test_view_types.py checks what
``Api`` really returns, for every game, against them; tools/view_types_ts.py writes them as
TypeScript declarations (frontend/js/view-model.d.ts) that the page's JSDoc types name, so
``tsc --checkJs`` checks the page against the same shape.
"""


from typing import Any, Literal, NotRequired, TypedDict

PileKind = Literal["stock", "waste", "foundation", "cell", "column"]


class CardView(TypedDict):
    """A card: ``id`` stable while it lives (``7H.0``; an opaque ``x…`` while face down),
    ``card`` its text when face up, ``to`` the piles it (with those above it) may go to."""

    id: str
    up: bool
    card: NotRequired[str]
    to: NotRequired[list[str]]


# What a tap on the stock does now: ``count`` cards from ``from`` to ``to``; a redeal
# has ``recycle``.
StockTap = TypedDict("StockTap", {"from": str, "to": str, "count": int, "recycle": NotRequired[bool]})


class PileView(TypedDict):
    """A pile, its cards bottom → top. ``suit``: a foundation's suit (``"S"``). On the
    stock, while a tap does something: ``tap``, and ``taps``, the taps from now on as runs
    ``[kind, taps, cards a tap moves]`` (kind ``"draw"`` or ``"recycle"``)."""

    id: str
    kind: PileKind
    cards: list[CardView]
    suit: NotRequired[str]
    tap: NotRequired[StockTap]
    taps: NotRequired[list[list[str | int]]]


# What undo would move: ``count`` cards from ``from`` back onto ``to``, face down with
# ``down``; with ``hide`` the card they go back onto turns face down first.
UndoPreview = TypedDict("UndoPreview", {"from": str, "to": str, "count": int, "down": bool, "hide": bool})


class VariantEntry(TypedDict):
    id: str
    label: str
    key: str
    winnable_only: bool
    difficulty: dict[str, int]   # level → its measured deals (engine/difficulty.py)
    example_code: str   # a code of this game and variant, the code field's example


class CatalogueEntry(TypedDict):
    """A registered game: the page lists games, variants, Help's Rules tabs from these."""

    game: str
    title: str
    tag: str
    stock: bool
    rules: str
    variants: list[VariantEntry]


class Text(TypedDict):
    """A text in the player's language: a catalogue key and its params (a string param is a
    card, a list of strings a run of cards, a list of texts a list said in words)."""

    key: str
    params: dict[str, Any]


# The Examples page's key situation: the run (``from``, ``index``, ``count``, ``cards``) to try
# on ``to``, and the words that say it (``says``). The other fields are the game's own.
ExampleKey = TypedDict("ExampleKey", {
    "rule": str, "from": str, "index": int, "count": int, "cards": list[str], "to": str,
    "says": list[Text], "apart": NotRequired[list[str]], "limit": NotRequired[int],
    "limit_occupied": NotRequired[int], "also": NotRequired[dict[str, Any]]})


class ExampleView(TypedDict):
    name: str
    step: int
    total: int
    key: ExampleKey | None


class Notice(TypedDict):
    """Something the player must be told once: ``problem`` (what), ``reason`` (why), ``text``
    (English, for the log), and what the page words it with: a damaged journal's lines
    (``damaged``, ``game_lost``) or ``why`` it was unusable; changes that could not be saved
    (``what``: "moves", "game" or "changes"; the game restored at move ``saved``, not
    ``reached``)."""

    problem: str
    reason: NotRequired[str | None]
    text: NotRequired[str | None]
    damaged: NotRequired[int]
    game_lost: NotRequired[bool]
    why: NotRequired[str]
    what: NotRequired[str]
    saved: NotRequired[int | None]
    reached: NotRequired[int]


class PageSettings(TypedDict):
    interactive_rules: bool
    double_click: bool
    four_colour: bool
    large_cards: bool
    language: str
    winnable_only: dict[str, bool]
    deck: str
    card_back: str
    felt: str
    anim_speed: str
    theme: str


class ViewModel(TypedDict):
    """Everything the page draws, after every call (docs/bridge.md)."""

    version: str
    rev: int
    game: str
    code: str
    deal: int
    variant: str
    score: int
    moves: int
    won: bool
    passes: int
    can_undo: bool
    undo: UndoPreview | None
    can_redo: bool
    deal_of_day: bool
    difficulty: str | None   # the deal's difficulty: "easy" | "medium" | "hard", None unmeasured
    settings: PageSettings
    elapsed_ms: int
    hints: int
    new_records: list[str]
    example: ExampleView | None
    pending_code: str | None
    notice: Notice | None
    catalogue: list[CatalogueEntry]
    piles: list[PileView]


# An accepted action as the page animates and announces it.
ActionView = TypedDict("ActionView", {
    "move": str, "from": str, "to": str, "count": int, "cards": list[str], "points": int,
    "undo": bool, "turned": str | None, "turned_id": str | None, "recycle": NotRequired[bool]})


class Refusal(TypedDict):
    rule: str
    params: dict[str, Any]


class ErrorView(TypedDict):
    code: str
    message: str
    reason: NotRequired[str]
    part: NotRequired[str]


class Answer(TypedDict):
    """Every bridge answer: ``ok``; the view model (``state``) unless a clock report asked
    for none; a refusal or an error when not ok; the method's own fields."""

    ok: bool
    state: NotRequired[ViewModel]
    refusal: NotRequired[Refusal]
    error: NotRequired[ErrorView]
    action: NotRequired[ActionView]
    hint: NotRequired[dict[str, Any]]
    settings: NotRequired[PageSettings]
    statistics: NotRequired[dict[str, Any]]
    history: NotRequired[list[dict[str, Any]]]
    daily_won: NotRequired[dict[str, list[str]]]
    today: NotRequired[str]
    daily_from: NotRequired[str]
    examples: NotRequired[list[dict[str, Any]]]
    code: NotRequired[str]
