"""Discrete VP scales shipped as data: one ``<key>.csv`` per scale.

Read by ``scoring.engine.vp_tables`` through ``importlib.resources``; the file
format is described there. A federation's table is added by dropping a file here.
"""
