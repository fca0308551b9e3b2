"""Heavy Shame, a house rule for Cash'n'Guns: each shame token costs $10,000."""
