"""Cards, shoe, rules of every variant, tables and bots. Imports nothing from Jupyter."""
