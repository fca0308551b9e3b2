"""Harvest Festival, a house rule for Pigsty to Palace (an example third-party Referee plugin).

``plugin`` is the module the ``referee`` entry point names and the plugin registered on
tables that use the house rule; ``events`` holds the one event it adds.
"""
