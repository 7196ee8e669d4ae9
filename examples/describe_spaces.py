"""Print a game's action indices and observation fields, as the environments use them.

python examples/describe_spaces.py classic players=4 expansions=leaders,cities
python examples/describe_spaces.py duel
python examples/describe_spaces.py architects players=5 --actions
"""

from __future__ import annotations

import argparse
from typing import Any

from wonders.envs import make_codec


def parse_options(pairs: list[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        key, _, value = pair.partition("=")
        if key == "expansions":
            options[key] = [v for v in value.split(",") if v]
        elif value.isdigit():
            options[key] = int(value)
        elif value in ("true", "false"):
            options[key] = value == "true"
        else:
            options[key] = value
    return options


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=["classic", "duel", "architects"])
    parser.add_argument("options", nargs="*", help="key=value, e.g. players=4")
    parser.add_argument("--actions", action="store_true", help="list every action index")
    args = parser.parse_args()
    codec = make_codec(args.game, parse_options(args.options))
    print(f"{codec.num_actions} actions, observation of {codec.layout.size} numbers\n")
    print(codec.layout.describe())
    if args.actions:
        print()
        for index in range(codec.num_actions):
            print(index, codec.action_name(index))


if __name__ == "__main__":
    main()
