"""Tests of the terminal front end: the ``ziggurat`` command, rendering and human input."""
