"""Palace Tithe, a house rule for Pigsty to Palace: a cheaper Palace that every festival Pig makes dearer."""
