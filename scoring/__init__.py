"""The scoring app: results entered, scored by event family and reported.

Empty of imports on purpose: importing ``scoring.engine`` must not import Django.
"""
