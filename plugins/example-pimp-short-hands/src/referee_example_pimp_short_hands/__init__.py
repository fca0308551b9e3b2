"""Short Hands, a house rule for Pimp: every maximum hand size is one card smaller."""
