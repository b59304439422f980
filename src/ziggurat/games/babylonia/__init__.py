"""Babylonia (Reiner Knizia, Ludonova 2019): the rules engine.

Entry point: ``ziggurat.load_game("babylonia", players=3)``; see :mod:`.game`.
"""
