"""Pigsty to Palace: a multi-player game of trading and ethics, as a Referee plugin."""
