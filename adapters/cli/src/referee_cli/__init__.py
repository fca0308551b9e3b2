"""The ``referee`` command-line adapter."""
