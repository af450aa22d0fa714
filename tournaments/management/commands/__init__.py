"""load_demo: the demo evening and the director's login."""
