"""The director's result pages: rankings, travellers and scorecards of every
pairs family, a team event's standings and matches, and the downloads."""
