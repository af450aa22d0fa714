"""Management commands of the movements app."""
