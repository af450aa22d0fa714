"""The director's room: the control room's state of every table, the table
cards, the director's options and actions on the room, and their addresses."""
