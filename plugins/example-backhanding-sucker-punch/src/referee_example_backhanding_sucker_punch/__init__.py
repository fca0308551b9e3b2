"""Sucker Punch, a new Dirty Trick for Pimp: The Backhanding: one declaration (``referee_backhanding.DirtyTrick``)."""
