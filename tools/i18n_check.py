"""The catalogue check for the page's player text (APP-13, issue 6).

``check(folder)`` reads ``folder/en.json`` (the reference) and every other ``<lang>.json`` in
``folder`` (``frontend/i18n``) and returns a list of problems, empty when all is well:

- a key of English missing in a language, or a key a language has and English has not
  (a language may add its own ``units.*`` for its grammar, e.g. an accusative form);
- a value of the wrong shape (text where English has plural forms or a list of texts, or the
  other way round), or an empty text where English has one;
- a placeholder renamed, missing or added: ``{card}``, ``{count:cards}`` … must carry the same
  names as in English (the ``:unit`` part may differ, and must then exist in that language);
- a plural form missing for the language's categories (en/ca one+other, hr one+few+other,
  th other), or a form the language does not have;
- a key the code uses that English lacks: literal ``t('…')``, ``has('…')``, ``data('…')``
  calls in ``folder/../js/*.js`` and ``data-i18n*="…"`` attributes in ``folder/../index.html``;
- a catalogue file that ``LANGUAGES`` in ``js/i18n.js`` does not list, or the other way round.

Keys starting with ``_`` are comments. Run it: ``python tools/i18n_check.py [frontend/i18n]``.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

PLURAL_CATEGORIES = {"zero", "one", "two", "few", "many", "other"}
# CLDR cardinal categories the catalogues must give (integers are all the page counts).
REQUIRED_FORMS: dict[str, set[str]] = {
    "en": {"one", "other"},
    "ca": {"one", "other"},
    "hr": {"one", "few", "other"},
    "th": {"other"},
}
# ... and the ones they may give (CLDR's Catalan also has "many", for millions).
ALLOWED_FORMS: dict[str, set[str]] = {**REQUIRED_FORMS, "ca": {"one", "many", "other"}}

_PLACEHOLDER = re.compile(r"\{(\w+)(?::(\w+))?\}")
_JS_KEY = re.compile(r"""\b(t|has|data)\(\s*(['"])([\w.\-]+)\2""")
_HTML_KEY = re.compile(r"""\bdata-i18n(?:-[\w-]+)?=(['"])([\w.\-]+)\1""")
_LANGUAGES = re.compile(r"export\s+const\s+LANGUAGES\s*=\s*\{([^}]*)\}")
_LANG_FILE = re.compile(r"^[a-z]{2,3}$")


def _is_plural(node: Any) -> bool:
    return isinstance(node, dict) and bool(node) and "other" in node \
        and set(node) <= PLURAL_CATEGORIES


def _flatten(node: Any, prefix: str = "") -> dict[str, Any]:
    """Dotted key → text (str) or plural forms (dict), skipping ``_comment`` keys."""
    out: dict[str, Any] = {}
    if isinstance(node, dict) and not (prefix and _is_plural(node)):
        for k, v in node.items():
            if k.startswith("_"):
                continue
            out.update(_flatten(v, f"{prefix}.{k}" if prefix else k))
    else:
        out[prefix] = node
    return out


def _lookup(tree: Any, key: str) -> Any:
    node = tree
    for part in key.split("."):
        if not isinstance(node, dict) or part not in node:
            return None
        node = node[part]
    return node


def _names(text: str) -> set[str]:
    return {m.group(1) for m in _PLACEHOLDER.finditer(text)}


def _units(text: str) -> set[str]:
    return {m.group(2) for m in _PLACEHOLDER.finditer(text) if m.group(2)}


def _load(path: Path, problems: list[str]) -> dict[str, Any] | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        problems.append(f"{path.name}: cannot be read as JSON: {e}")
        return None
    if not isinstance(data, dict):
        problems.append(f"{path.name}: the catalogue is not a JSON object")
        return None
    return data


def _check_forms(lang: str, key: str, forms: dict[str, Any], problems: list[str]) -> None:
    need = REQUIRED_FORMS.get(lang)
    if need is None:
        problems.append(f"{lang}: no plural categories are known for this language "
                        f"(add it to REQUIRED_FORMS in tools/i18n_check.py)")
        return
    for form in sorted(need - set(forms)):
        problems.append(f"{lang}: {key}: plural form {form!r} missing "
                        f"({lang} needs {', '.join(sorted(need))})")
    for form in sorted(set(forms) - ALLOWED_FORMS[lang]):
        problems.append(f"{lang}: {key}: plural form {form!r} is not a category of {lang}")


def _check_language(lang: str, tree: dict[str, Any], english: dict[str, Any],
                    problems: list[str]) -> None:
    own = _flatten(tree)
    for key, ref in english.items():
        if key not in own:
            problems.append(f"{lang}: missing key {key}")
            continue
        value = own[key]
        need: dict[str, set[str]] = {}
        if isinstance(ref, str):
            if not isinstance(value, str):
                problems.append(f"{lang}: {key}: should be text, like English")
                continue
            texts = {"": value}
            ref_names = _names(ref)
        elif isinstance(ref, list):
            if not isinstance(value, list) or not value:
                problems.append(f"{lang}: {key}: should be a list of texts, like English")
                continue
            texts = {f" [{i}]": text for i, text in enumerate(value)}
            ref_names = set().union(*(_names(v) for v in ref if isinstance(v, str)))
        else:
            if not isinstance(value, dict) or not set(value) <= PLURAL_CATEGORIES or not value:
                problems.append(f"{lang}: {key}: should be plural forms "
                                f"({', '.join(sorted(REQUIRED_FORMS.get(lang, {'other'})))})")
                continue
            _check_forms(lang, key, value, problems)
            texts = {f" [{form}]": text for form, text in value.items()}
            ref_names = set().union(*(_names(v) for v in ref.values() if isinstance(v, str)))
            # a form needs what English's form of that category has (English "one" may say
            # "a card" without the number); English's "other" stands for categories it lacks
            need = {f" [{form}]": _names(ref.get(form, ref.get("other", "")))
                    for form in value if isinstance(ref.get(form, ref.get("other")), str)}
        for where, text in texts.items():
            if not isinstance(text, str):
                problems.append(f"{lang}: {key}{where}: should be text")
                continue
            if not text.strip() and (ref if isinstance(ref, str) else "x").strip():
                problems.append(f"{lang}: {key}{where}: empty text")
            names = _names(text)
            for name in sorted(need.get(where, ref_names) - names):
                problems.append(f"{lang}: {key}{where}: placeholder {{{name}}} missing")
            for name in sorted(names - ref_names):
                problems.append(f"{lang}: {key}{where}: placeholder {{{name}}} is not in English "
                                f"(renamed? English has {', '.join(sorted(ref_names)) or 'none'})")
            for unit in sorted(_units(text)):
                if not _is_plural(_lookup(tree, f"units.{unit}")):
                    problems.append(f"{lang}: {key}{where}: unit {unit!r} has no units.{unit}")
    for key in sorted(set(own) - set(english)):
        if not key.startswith("units."):
            problems.append(f"{lang}: key {key} is not in English (stale?)")
        elif _is_plural(own[key]):
            _check_forms(lang, key, own[key], problems)


def _code_keys(front: Path) -> list[tuple[str, str, bool]]:
    """(where, key, must_be_text) for every literal key the page's code uses."""
    found = []
    js = front / "js"
    if js.is_dir():
        for path in sorted(js.glob("*.js")):
            text = path.read_text(encoding="utf-8")
            for m in _JS_KEY.finditer(text):
                line = text.count("\n", 0, m.start()) + 1
                found.append((f"js/{path.name}:{line}", m.group(3), m.group(1) == "t"))
    html = front / "index.html"
    if html.is_file():
        text = html.read_text(encoding="utf-8")
        for m in _HTML_KEY.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            found.append((f"index.html:{line}", m.group(2), True))
    return found


def check(folder: str | Path) -> list[str]:
    """Every problem of the catalogues in ``folder`` (see the module docstring); [] when none."""
    folder = Path(folder)
    problems: list[str] = []
    en_path = folder / "en.json"
    if not en_path.is_file():
        return [f"{en_path}: the English catalogue is missing"]
    en_tree = _load(en_path, problems)
    if en_tree is None:
        return problems
    english = _flatten(en_tree)
    for key, ref in english.items():
        if isinstance(ref, dict):
            _check_forms("en", key, ref, problems)
        elif isinstance(ref, list):
            if not ref or not all(isinstance(x, str) for x in ref):
                problems.append(f"en: {key}: a list must hold texts")
                continue
        elif not isinstance(ref, str):
            problems.append(f"en: {key}: should be text, plural forms or a list of texts, "
                            f"not {type(ref).__name__}")
            continue
        for text in ([ref] if isinstance(ref, str) else ref.values() if isinstance(ref, dict) else ref):
            for unit in sorted(_units(text) if isinstance(text, str) else ()):
                if not _is_plural(_lookup(en_tree, f"units.{unit}")):
                    problems.append(f"en: {key}: unit {unit!r} has no units.{unit}")
    english = {k: v for k, v in english.items() if isinstance(v, (str, dict, list))}

    langs = []
    for path in sorted(folder.glob("*.json")):
        if path.stem == "en" or not _LANG_FILE.match(path.stem):
            continue
        tree = _load(path, problems)
        if tree is not None:
            langs.append(path.stem)
            _check_language(path.stem, tree, english, problems)

    front = folder.parent
    for where, key, text_only in _code_keys(front):
        node = _lookup(en_tree, key)
        if node is None:
            problems.append(f"{where}: key {key} is used but missing in en.json")
        elif text_only and not isinstance(node, str) and not _is_plural(node):
            problems.append(f"{where}: key {key} is used as text but is a group in en.json")

    i18n_js = front / "js" / "i18n.js"
    if i18n_js.is_file():
        m = _LANGUAGES.search(i18n_js.read_text(encoding="utf-8"))
        listed = set(re.findall(r"""(?:^|[{,\s])['"]?([a-z]{2,3})['"]?\s*:""", m.group(1))) \
            if m else set()
        for lang in sorted(set(langs) | {"en"}):
            if lang not in listed:
                problems.append(f"js/i18n.js: LANGUAGES does not offer {lang} ({lang}.json exists)")
        for lang in sorted(listed - set(langs) - {"en"}):
            problems.append(f"js/i18n.js: LANGUAGES offers {lang} but {lang}.json is missing")
    return problems


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else Path(__file__).resolve().parents[1] / "frontend" / "i18n"
    problems = check(folder)
    for p in problems:
        print(p)
    print(f"{len(problems)} problem(s) in {folder}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
