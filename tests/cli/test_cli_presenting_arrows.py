"""The terminal's drawing of a presentation's arrows (issue 20): an arrow with a label reads
as the sentence the page writes under its picture, the source first and the target last."""

from __future__ import annotations

from referee import Arrow, Presentation
from referee_cli.presenting import text


def test_an_arrow_with_a_label_reads_as_a_sentence_and_one_without_as_an_arrow() -> None:
    shown = Presentation(
        title="Pimp: The Backhanding",
        arrows=(
            Arrow("Bob", "Ada", "sends Gator Boots Gary after Destiny, held by"),
            Arrow("Ada", "Bob"),
        ),
    )
    lines = text(shown).splitlines()
    assert "Bob sends Gator Boots Gary after Destiny, held by Ada" in lines
    assert "Ada -> Bob" in lines
