"""The tournaments app: clubs, events, sessions, sections, pairs, teams and
their set-up."""
