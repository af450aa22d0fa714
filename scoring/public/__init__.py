"""The public results site: read-only, no login, published events only."""
