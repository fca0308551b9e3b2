"""PornStar for Referee."""
