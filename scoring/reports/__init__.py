"""Reports: the rows of every report built once from a scored session, as typed
values, then laid out as `Document`s for pages, PDF and workbook, and as the
results JSON. Build documents inside `translation.override(language)`: labels
are translated when built."""
