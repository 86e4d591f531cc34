"""One module per game; each defines ``GAME`` (see :mod:`pycore.registry`)."""
