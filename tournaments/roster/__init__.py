"""The club's roster of players: records, search, the federation's member list,
merging two records of one person, a player's results, master points."""
