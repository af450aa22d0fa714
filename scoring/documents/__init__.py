"""Report documents and their renderers: one `Document` (headed tables, deal
diagrams, page breaks) laid out as PDF (reportlab), workbook (openpyxl) or web
table (django-tables2), so the three renderings cannot disagree."""
