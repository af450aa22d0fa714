"""Project settings (read from the environment) and the top-level URLs."""
