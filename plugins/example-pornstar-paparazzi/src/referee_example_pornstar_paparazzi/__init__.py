"""Paparazzi, a new Play card for PornStar: one declaration (``referee_pornstar.PlayCard``)."""
