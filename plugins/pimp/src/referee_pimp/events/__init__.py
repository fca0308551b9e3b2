"""Everything that can happen at a Pimp table, in the rulebook's words.

Each event is declared beside the others of its part of the rules: ``setup`` (Setting
up), ``turn`` (Pay Dues, Recruitment, Retirement, the end; and the tokens every phase
changes), ``doing_shit`` (the actions and the influence test), ``power`` (Drawing a power
card), ``combat`` and ``soliciting``; ``words`` holds the card face and the words they
share.  Every one is importable from here.  Tags are stable, ``pimp.<Name>``, and the log
stores the tag, never the module, so where a class is declared changes no stored log.
Each event says what happened in one line for its reader (``describe(words)``), naming
cards as the event's ``names`` do ("your Vicky" to her pimp).
"""

from __future__ import annotations

from referee import Event

from .combat import AttackDeclared, AttacksAnnounced, CombatEnded, CombatStarted, DefendersJoined, FightTested, HitScored, PadTrashed
from .doing_shit import (
    ActionBegan,
    ActivityEnded,
    BidsRevealed,
    BitchBroughtIntoPlay,
    BitchMoved,
    CardsReordered,
    EdgeSlotLooked,
    InfluenceBid,
    InfluenceBought,
    InfluenceTestBegan,
    InfluenceTestDecided,
    MoneyTransferred,
    SpecialPlayed,
)
from .power import Draw, DrawsPlanned, PowerCardDrawn
from .setup import DeckListed, DeckShuffled, FirstPimpChosen, GirlfriendClashed, GirlfriendDrawn
from .soliciting import (
    BitchesSent,
    BribeAtRisk,
    BribeDemanded,
    BusinessStarted,
    CrackdownBegan,
    LooksTested,
    LooksTestStarted,
    OfferPutToTheStreet,
    PsychoPunterRolled,
    PuntersChose,
    PuntersDroveAway,
    PuntersPaid,
    PuntersRolled,
    ShaggedOut,
    SolicitationRolled,
    StaminaTested,
)
from .turn import (
    BitchRetired,
    BribePaid,
    CardDiscarded,
    CardDrawn,
    InfluenceChanged,
    MoneyChanged,
    MoneyCounted,
    MoneyOnBitch,
    PimpOut,
    ShaggedOutCleared,
)
from .words import CardFace

# The words events share were importable from here when every event lived in one module.
from .words import _all as _all
from .words import _money as _money
from .words import _n as _n
from .words import _plural as _plural

# In the order the events were first declared in one module: the order the game
# registers them in.
EVENT_TYPES: tuple[type[Event], ...] = (
    DeckListed,
    DeckShuffled,
    CardDrawn,
    GirlfriendDrawn,
    FirstPimpChosen,
    InfluenceChanged,
    MoneyChanged,
    ShaggedOutCleared,
    ActionBegan,
    SpecialPlayed,
    BitchBroughtIntoPlay,
    BitchMoved,
    MoneyTransferred,
    InfluenceBought,
    EdgeSlotLooked,
    PowerCardDrawn,
    InfluenceBid,
    InfluenceTestDecided,
    BitchRetired,
    MoneyOnBitch,
    CombatStarted,
    AttacksAnnounced,
    FightTested,
    HitScored,
    PadTrashed,
    SolicitationRolled,
    PuntersRolled,
    OfferPutToTheStreet,
    LooksTested,
    PuntersChose,
    PuntersDroveAway,
    StaminaTested,
    ShaggedOut,
    PuntersPaid,
    PsychoPunterRolled,
    BribeDemanded,
    BribePaid,
    PimpOut,
    CardsReordered,
    CardDiscarded,
    MoneyCounted,
    DrawsPlanned,
    AttackDeclared,
    DefendersJoined,
    CombatEnded,
    BidsRevealed,
    LooksTestStarted,
    BusinessStarted,
    ActivityEnded,
    InfluenceTestBegan,
    BitchesSent,
    CrackdownBegan,
    GirlfriendClashed,
    BribeAtRisk,
)

__all__ = [
    "EVENT_TYPES",
    "CardFace",
    "Draw",
    "ActionBegan",
    "ActivityEnded",
    "AttackDeclared",
    "AttacksAnnounced",
    "BidsRevealed",
    "BitchBroughtIntoPlay",
    "BitchMoved",
    "BitchRetired",
    "BitchesSent",
    "BribeAtRisk",
    "BribeDemanded",
    "BribePaid",
    "BusinessStarted",
    "CardDiscarded",
    "CardDrawn",
    "CardsReordered",
    "CombatEnded",
    "CombatStarted",
    "CrackdownBegan",
    "DeckListed",
    "DeckShuffled",
    "DefendersJoined",
    "DrawsPlanned",
    "EdgeSlotLooked",
    "FightTested",
    "FirstPimpChosen",
    "GirlfriendClashed",
    "GirlfriendDrawn",
    "HitScored",
    "InfluenceBid",
    "InfluenceBought",
    "InfluenceChanged",
    "InfluenceTestBegan",
    "InfluenceTestDecided",
    "LooksTestStarted",
    "LooksTested",
    "MoneyChanged",
    "MoneyCounted",
    "MoneyOnBitch",
    "MoneyTransferred",
    "OfferPutToTheStreet",
    "PadTrashed",
    "PimpOut",
    "PowerCardDrawn",
    "PsychoPunterRolled",
    "PuntersChose",
    "PuntersDroveAway",
    "PuntersPaid",
    "PuntersRolled",
    "ShaggedOut",
    "ShaggedOutCleared",
    "SolicitationRolled",
    "SpecialPlayed",
    "StaminaTested",
]
