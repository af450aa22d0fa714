"""Disputes: a result the opponents rejected, read in the control room and
settled there by the director."""
