"""Director's pages for the club's roster of players and their master points."""
