"""The README stays a newcomer's page (issue 20, item 17): at most 200 lines, and the pages it sends a
reader to exist, down to the section a link names."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
LINK = re.compile(r"\]\(([^)\s]+)\)")  # Markdown links: [text](target)
MAX_LINES = 200


def anchors(page: Path) -> set[str]:
    """The `#section` names GitHub gives the page's headings."""
    names = set()
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            names.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return names


def links(page: Path) -> list[str]:
    return LINK.findall(page.read_text(encoding="utf-8"))


def test_the_readme_is_at_most_200_lines():
    lines = README.read_text(encoding="utf-8").count("\n")
    assert lines <= MAX_LINES, f"README.md has {lines} lines: move the detail into docs/"


def test_the_readme_sends_the_reader_to_each_docs_page():
    targets = {link.split("#")[0] for link in links(README) if link.startswith("docs/")}
    pages = {f"docs/{page.name}" for page in (ROOT / "docs").glob("*.md")}
    assert targets == pages  # every page reachable from the README, and no link to a missing one


def test_every_docs_link_resolves_to_a_file_and_its_section():
    checked = 0
    for page in [README, *(ROOT / "docs").glob("*.md")]:
        for link in links(page):
            if "://" in link:
                continue
            path, _, section = link.partition("#")
            target = (page.parent / path).resolve() if path else page
            assert target.is_file(), f"{page.name} links to {link}, which does not exist"
            if section and target.suffix == ".md":
                assert section in anchors(target), f"{page.name} links to {link}: no such section"
            checked += 1
    assert checked >= 10
