"""The ziggurat server: tables, seats and bots over REST and WebSocket (docs/server-api.md).

It knows no rule of any game: it stores actions, rebuilds states through the game interface,
and sends each seat the view that seat may see.
"""
