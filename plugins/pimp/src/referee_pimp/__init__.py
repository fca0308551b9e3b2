"""Pimp (Critical Miss Gaming Society, 2000) for Referee: the game's data layer.

The rulebook leaves two documents to the players: "Card Customisation and Deck Assembly"
(everyone builds their own deck) and the Solicitation Sheet.  Neither survives, so this
package designs both as documented, validated data that a house rule can replace:
``cards`` (card and deck formats, deck assembly rules, the deck checker) and
``solicitation`` (the services and punters tables).  DATA.md explains every choice.
The game engine that plays with this data is a separate, later piece of work.
"""
