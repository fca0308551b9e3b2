"""The ten Play cards of PornStar, one plugin module each.

Each declares itself with ``referee_extensions`` (kind ``"card"``, on by default: the
cards are in the deck; a table without a card's plugin deals the card but cannot play
it), answers ``pornstar_play_rules`` for its own kind, says when it may not be played
(``pornstar_play_refused``), emits its effect (``pornstar_play_card``) and implements
the other PornStar hooks its text needs.  The cards are the project's own design (the
published list is lost; DATA.md).
"""
