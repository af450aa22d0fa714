"""The movements app: who plays which boards against whom in each round.

Empty of imports on purpose: importing ``movements.engine`` must not import Django.
"""
