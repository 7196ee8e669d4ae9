"""Tournaments between bots: paired seeds and rotated seats, run on local cores or Ray.

- ``schedule``: the games (a seed per block of games, every seat rotation of the lineup in
  each block, so each bot plays each seat of the same deal equally often);
- ``games``: one game by its spec, a pure function of it (the same results locally, in a
  worker process or as a Ray task) giving the outcome and the game record;
- ``runner``: all games with multiprocessing (``workers``) or as Ray tasks, with a progress
  bar; outcomes sorted by game so ratings never depend on which game finished first;
- ``stats``: win rates with Wilson 95% intervals, mean score and rank with 95% intervals,
  OpenSkill (Plackett-Luce) ratings; ``report``: the table and the JSON.

Identical results across runs, workers and Ray need bots whose moves depend only on their
seed: ``random``, ``greedy`` and search bots with an iteration budget (``ismcts:300i``). A
think time in seconds makes a search bot's moves depend on the machine's speed.
"""
