"""Cash'n'Guns (Ludovic Maublancin, first edition) as a Referee game, its ten powers as plugins."""
