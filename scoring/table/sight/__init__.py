"""What a phone may see: the one rule every answer follows (``rule``), the
boards it may be shown once played (``shown``) and the director's corrections
that reach the table (``notices``)."""
