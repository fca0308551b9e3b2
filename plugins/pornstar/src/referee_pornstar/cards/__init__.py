"""The ten Play cards of PornStar, one plugin module each.

Each declares itself with ``referee_extensions``, offering a ``PlayCard`` (kind
``"card"``, on by default: the cards are in the deck; a table without a card's plugin
deals the card but cannot play it): its title and type, its rules (``PlayRules``), when
it may not be played (``refused``) and what it does (``effect``, returning events).  A
card that changes a rule later implements the PornStar hook for it (a Production bonus,
a Specialty, Maintenance).  The cards are the project's own design (the published list
is lost; DATA.md).
"""
