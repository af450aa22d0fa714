"""Movements: pure generators and the validator (movements.md). No Django here."""
