"""The web table: ``wonders serve`` (FastAPI, uvicorn, SQLAlchemy, Alembic, Jinja2).

Parts: ``models.py`` (the one schema) and ``migrations/`` (Alembic, shipped in the package),
``store.py`` (the database: a game is its record, an action is stored before it is
acknowledged, appends check the stored length and pending choices under a row lock),
``service.py`` (one authoritative engine per table, rebuilt by replay; seats and tokens,
pending simultaneous choices, bots and stand-ins, the turn clock from its stored start, one
process claiming each bot decision, replays), ``thinking.py`` (the search bots' process pool;
the quick bots play in a worker thread), ``live.py`` (WebSocket pushes of ``view(seat)``),
``notify.py`` (PostgreSQL LISTEN/NOTIFY between server processes; ``listening.py``: the
listening thread both share), ``pubsub.py`` (Redis pub/sub instead, with
``WONDERS_PUBSUB``), ``tables.py`` (the tables' runtime: bots, clocks, pushes, catch-up),
``app.py`` (routes and pages), ``language.py`` (each visitor's language:
the picker's cookie, else Accept-Language, else English; every request and WebSocket
connection runs in it), ``words.py`` (the log, from each game's ``present.Log``),
``boards.py`` (the words around each game's board, from its ``board`` part), ``texts.py``
(card names and texts from each game's ``describe.py``, per language), ``reasons.py`` (why
a card on offer cannot be built, from each game's ``advice.py``), ``strings.py`` (the
pages' own words through gettext), ``templates/`` and ``static/`` (plain JavaScript, no build step).

Not done yet (issue 14):
- costs, effects, stages and cities show drawn icons (``static/icons.svg``) for resources,
  coins, shields, points, 7 Wonders' science symbols, horns and the cat; Duel's six science
  symbols are words, cards are coloured chips with the full effect in a tooltip; charts are
  plain bars of the totals; the per-game boards are functional, not polished (e.g. Duel's
  structure rows follow the Age's shape, not the physical overlap);
- every word of the pages goes through gettext, in each visitor's language (the log, each
  decision's title and prompt, each action's label and who won: each game's ``present.py``,
  sent as finished sentences; the boards' words: each game's ``board.py``; the pages'
  phrases: ``strings.py``; card names and texts: each game's ``describe.py``);
- no rate limiting or creator accounts: tokens in the links are the only credentials.
"""
