"""A scorepad on the phone for a social table (individual-and-social.md §3): no
event, no login; whoever has the pad's link may enter its deals.

``pads`` turns the stored rows into the engine's pad and saves an entry only
when the engine accepts it; ``refusals`` says the engine's refusals in the
user's language; ``forms``, ``sheets``, ``views`` and ``urls`` are the pages.
"""
