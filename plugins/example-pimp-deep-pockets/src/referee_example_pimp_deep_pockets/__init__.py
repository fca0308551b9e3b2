"""Deep Pockets, a house rule for Pimp: every pimp has one more edge slot."""
