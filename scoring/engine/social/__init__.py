"""Bridge at social tables (individual-and-social.md §3): pure rules, no Django.

One module per job:

* ``deal``: a deal as entered (result and honours held) and its Law 77 parts;
* ``chicago``: the Chicago scorepad of one chukker (§3.1), standard or
  duplicate-style;
* ``rubber``: the rubber scorepad, above and below the line (§3.2);
* ``house_rules``: one club's four-player game with its own scoring table
  (§3.3), a labelled HOUSE RULES preset, never a default, never used for
  duplicate results;
* ``session``: partners rotating between chukkers and the players' ranking by
  total points (§3.1).

Import from the submodules.
"""
