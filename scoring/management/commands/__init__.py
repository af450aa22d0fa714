"""results, export, import_usebio: scored events to the terminal and files."""
