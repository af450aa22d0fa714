"""Interchange: events in from files and out to files, on the pure readers and
writers of `scoring.formats` (today: a USEBIO results file imported as a new
event, all or nothing)."""
