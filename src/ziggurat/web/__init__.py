"""The browser front end: static files (HTML, CSS, ES modules) that ``ziggurat serve`` serves.

No Python here; the package exists so that the files ship with the wheel.
"""
