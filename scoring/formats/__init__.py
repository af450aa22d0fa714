"""The bridge world's files, read (and written) as plain values: USEBIO results
(formats.md §1), PBN (§2), and the double-dummy par of a deal (endplay's DDS).
No Django here: importing and exporting events is `scoring.interchange`'s job."""
