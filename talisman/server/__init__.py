"""The web game: ``talisman serve``.

- :mod:`talisman.server.app`: the FastAPI application (API, WebSocket, the UI's files).
- :mod:`talisman.server.api`: the JSON API; :mod:`talisman.server.ws`: the live connection.
- :mod:`talisman.server.hub`: live games, seats and tokens, bots playing on the server.
- :mod:`talisman.server.store`: games in any SQLAlchemy database (SQLite by default).
- :mod:`talisman.server.catalog`: modules, characters, bots and boards as the lobby offers them.
- :mod:`talisman.server.choosing`: games that wait for their people to choose characters.
- :mod:`talisman.server.serve`: the command that runs it all on uvicorn.

The browser UI is plain ES modules in ``talisman/web``, served as they are.
"""
