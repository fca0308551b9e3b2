"""Street Cred, a new special card for Pimp: a plugin plus its data entry (special.toml)."""
