"""Event set-up: events with their sessions, sections and pairs (and their
default movement), team events with their teams, round-robin and Swiss rounds.
Every service validates first and writes in one transaction."""
