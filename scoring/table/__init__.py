"""Play at the table: the phones of a session's tables sign in with a code,
send results that the opponents accept, and see what the director allows; the
director watches the room fill in and calls the rounds."""
