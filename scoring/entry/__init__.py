"""Entry: results typed in and corrected, adjusted scores given.

Services validate, write in one transaction and log every change; the keyboard
traveller pages and (next) the table-side pages sit on the same services.
"""
