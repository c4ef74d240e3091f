"""One narrator (issue 28, item 1): a sentence the play layer's narrator owns (`gridgames/play/narration/`)
is written there once, and nowhere else in the package as a literal: every front end says it through
the narrator. The test reads the package's source: each text the narrator writes (a string, or an
f-string as its template, `Took back {}`, of a few words) must not appear in another module's."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "gridgames"
NARRATION = PACKAGE / "play" / "narration"
#: A text of fewer words (a placeholder counts as one) is a fragment ("{} to move"), not a sentence,
#: unless it begins one ("Took back {}").
WORDS = 4
PLACEHOLDER = "{}"


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes: what a module says about itself is not said to a player."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def template(node: ast.JoinedStr) -> str:
    """An f-string's text, each placeholder written `{}`: f"Took back {n} moves" -> "Took back {} moves"."""
    return "".join(
        part.value if isinstance(part, ast.Constant) and isinstance(part.value, str) else PLACEHOLDER
        for part in node.values
    )


def texts(path: Path) -> set[str]:
    """Every string literal of the module and every f-string's template (docstrings left out)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _docstrings(tree)
    inside = {id(part) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for part in node.values}
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            found.add(template(node).strip())
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in skip and id(node) not in inside:
                found.add(node.value.strip())
    return {text for text in found if text}


def is_sentence(text: str) -> bool:
    """At least `WORDS` words (or it begins with a capital), two of them written out."""
    words = text.split()
    written = sum(PLACEHOLDER not in word for word in words)
    return written >= 2 and (len(words) >= WORDS or text[0].isupper())


def owned() -> dict[str, Path]:
    """The narrator's texts of at least `WORDS` words, and the module that writes each."""
    return {
        text: path
        for path in sorted(NARRATION.glob("*.py"))
        for text in texts(path)
        if is_sentence(text)
    }


def test_the_narrator_owns_sentences():
    said = owned()
    for sentence in ("Took back {}", "Game {}: {} moves first", "Coin toss: {} starts."):
        assert any(text.startswith(sentence) for text in said), sorted(said)


def test_no_sentence_the_narrator_owns_is_written_anywhere_else():
    said = owned()
    copies = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if NARRATION in path.parents:
            continue
        written = "\0".join(texts(path))
        for sentence, where in said.items():
            if sentence in written:
                copies.append(f"{path.relative_to(PACKAGE)} writes {sentence!r} ({where.name} owns it)")
    assert not copies, "\n".join(copies)


def test_a_copy_is_found(tmp_path):
    """The scan finds a sentence written again, in a plain string as in an f-string's fixed part."""
    sentence = next(text for text in owned() if text.startswith("Took back"))
    copy = tmp_path / "copy.py"
    copy.write_text("def f(n):\n    return f'Took back {n} moves, said again.'\n", encoding="utf-8")
    assert any(sentence in text for text in texts(copy)), (sentence, texts(copy))


def test_every_name_the_narrator_offers_is_found():
    """The package loads its parts when first asked for: each name it lists comes from its part."""
    from gridgames.play import narration

    assert all(getattr(narration, name) is not None for name in narration.__all__)
