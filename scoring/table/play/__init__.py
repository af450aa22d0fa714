"""Where a table stands and what it writes: the round and boards it plays, the
seats of an individual, the codes its phones sign in with, a result read as
sent and its warnings, the write side (results sent, accepted, rejected,
reopened; rounds called) and the end-of-round scorecard. Every other part of
play at the tables builds on this one."""
