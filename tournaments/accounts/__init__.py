"""A user's own page: their invitations to clubs, and their password."""
