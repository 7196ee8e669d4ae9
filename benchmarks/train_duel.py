"""Train the ``learned`` bot of 7 Wonders Duel: ``benchmarks/train.py --game duel``.

Duel's settings (its features and factored head, 256 and 128 hidden units, the mix
``greedy=0.6,self=0.3,random=0.1``, ``--out learn-runs/duel``, ``--install`` to
``src/wonders/bots/data/duel_policy.npz``) are ``train.py``'s defaults for Duel; every option
of ``train.py`` but ``--game`` is taken here (see its docstring).

    pip install -e '.[learn]'
    python benchmarks/train_duel.py --minutes 30 --install
    python benchmarks/train_duel.py --test-only --test-games 200   # the shipped weights
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from train import main

if __name__ == "__main__":
    main("duel")
