"""Tests of what ships: the wheel, installed outside the checkout."""
