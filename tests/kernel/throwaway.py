"""Registering throwaway plugins in tests, the way a third party's distribution would."""

from __future__ import annotations


def extension(game: str, plugin: object, name: str, *, default: bool = False, kind: str = "house rule") -> object:
    """A throwaway discovery plugin that offers ``plugin`` as an extension of ``game``."""
    from referee import Extension, hookimpl

    class Offer:
        @hookimpl
        def referee_extensions(self):
            return [Extension(name=name, game=game, title=name, plugin=plugin, kind=kind, default=default)]

    return Offer()
