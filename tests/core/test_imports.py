"""The package has no import cycles (module-level, function-level and type-checking imports
alike), so every module can be read, tested and compiled on its own."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"


def _modules() -> dict[str, Path]:
    out = {}
    for path in SRC.rglob("*.py"):
        parts = path.relative_to(SRC).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = path
    return out


def _graph(mods: dict[str, Path]) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {m: set() for m in mods}
    for name, path in mods.items():
        for node in ast.walk(ast.parse(path.read_text())):
            targets: list[str] = []
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                for alias in node.names:
                    sub = f"{node.module}.{alias.name}"
                    targets.append(sub if sub in mods else node.module)
            elif isinstance(node, ast.Import):
                targets += [alias.name for alias in node.names]
            graph[name] |= {t for t in targets if t in mods and t != name}
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle, as the path of modules around it, or None."""
    done: set[str] = set()
    path: list[str] = []

    def visit(m: str) -> list[str] | None:
        if m in path:
            return [*path[path.index(m) :], m]
        if m in done:
            return None
        path.append(m)
        for n in sorted(graph[m]):
            found = visit(n)
            if found:
                return found
        path.pop()
        done.add(m)
        return None

    for m in sorted(graph):
        found = visit(m)
        if found:
            return found
    return None


def test_no_import_cycles() -> None:
    assert _cycle(_graph(_modules())) is None


def test_the_cycle_finder_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}
    assert _cycle(graph) == ["a", "b", "c", "a"]


def test_the_graph_sees_type_checking_and_function_level_imports() -> None:
    graph = _graph(_modules())
    assert "wonders.classic.turn" in graph["wonders.classic.sampling"]  # under TYPE_CHECKING
    assert "wonders.bots.greedy" in graph["wonders.bots"]  # inside a function


def test_plain_line_mode_loads_no_textual() -> None:
    """``--plain`` is for screen readers and scripts: it must not need the full-screen table's
    library (a fresh interpreter, so that no other test's imports count)."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "import wonders.cli.plain, wonders.classic.plain, wonders.duel.plain\n"
        "import wonders.architects.plain\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'textual'))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
