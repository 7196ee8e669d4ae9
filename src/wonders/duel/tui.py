"""7 Wonders Duel at the full-screen table: both cities on the left, the structure on the
right (cards that can be taken in bold, face-down ones as ``?``), the cards you can take as
choices with their cost for you, and every wonder and token described."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from wonders.cli.session import SeatTable
from wonders.cli.tui.palette import MUTED, TOKEN, WARNING, WONDER, card_style
from wonders.cli.tui.scores import headings
from wonders.cli.tui.view import Choice, GameView
from wonders.core.i18n import _
from wonders.core.present import age_name, coins, colour_card
from wonders.duel import advice, terminal
from wonders.duel.city import card_facts
from wonders.duel.describe import colour_name, printed, symbol_name
from wonders.duel.present import (
    Log,
    action_label,
    category_name,
    decision,
    pawn,
    victory_line,
    victory_name,
)
from wonders.duel.terminal import texts
from wonders.duel.views import DuelView, duel_view

CELL = 9  # characters per card in the structure panel: names of 8 (legend below)
FULL_CELL = 13  # in the page of every city and the structure
WIDE_CELLS = (20, 17, 15, 13, 11)  # in a roomy terminal (20: every name whole)


class DuelScreen(GameView):
    """7 Wonders Duel's table: the cities beside the structure."""

    widths = ("24", "1fr")
    top_height = 10

    def __init__(self, table: SeatTable) -> None:
        super().__init__(table)
        self.narrator = Log(self.view())

    def view(self) -> DuelView:
        return duel_view(super().view())

    def name(self, p: int) -> str:
        return terminal.who(p, self.seat)

    def panel_titles(self) -> tuple[str, str]:
        return _("Cities (c: yours)"), _("The structure (o: in full)")

    def panel_widths(self) -> tuple[str, str]:
        """At 80 columns the cities take 24 and the structure the rest; with room, a third."""
        return ("1fr", "2fr") if self.roomy else self.widths

    def cell(self) -> int:
        """Characters a card of the structure panel: 9 at 80 columns; with room, the widest
        of ``WIDE_CELLS`` that fits the panel (two thirds of the terminal), up to whole
        names."""
        view = self.view()
        if not self.roomy or view["phase"] == "draft" or not view["structure"]:
            return CELL
        xs = [s.x for s in advice.slots(view)]
        panel = self.room.width * 2 // 3 - 2
        fits = [c for c in WIDE_CELLS if (max(xs) - min(xs)) * c // 2 + c <= panel]
        return fits[0] if fits else CELL

    def status(self) -> str:
        view = self.view()
        me, rival = view["players"][self.seat], view["players"][1 - self.seat]
        age = (
            _("wonder draft")
            if view["phase"] == "draft"
            else _("Age {a}").format(a=age_name(view["age"]))
        )
        return _("Duel · {age} · you {c1}, {p1} VP · rival {c2}, {p2} VP").format(
            age=age,
            c1=coins(me["coins"]),
            p1=me["points"],
            c2=coins(rival["coins"]),
            p2=rival["points"],
        )

    def city_text(self, p: int, full: bool) -> Text:
        view = self.view()
        info = view["players"][p]
        out = Text()
        out.append((_("You") if p == self.seat else _("Rival")) + ": ", style="bold")
        out.append(
            _("{coins}, ≈{vp} VP").format(coins=coins(info["coins"]), vp=info["points"]) + "\n"
        )
        production = advice.production(view, p)
        out.append(" " + _("produces {what}").format(what=production) + "\n")
        if full:
            for colour in ("brown", "grey", "yellow", "blue", "green", "red", "purple"):
                names = [printed(c) for c in info["cards"] if card_facts()[c].card.color == colour]
                if names:
                    out.append(f" {colour_name(colour)}: ", style=card_style(colour))
                    out.append(", ".join(names) + "\n")
        for w in info["wonders"]:
            built = w in info["built"]
            out.append((" ✓ " if built else " · ") + printed(w), style=WONDER if built else "")
            out.append((": " + texts()[w] if full else "") + "\n")
        if info["tokens"]:
            for t in info["tokens"]:
                about = ": " + texts()[t] if full else ""
                out.append(" ◆ " + printed(t) + about + "\n", style=TOKEN)
        if info["science"]:
            symbols = ", ".join(sorted(symbol_name(s) for s in info["science"]))
            out.append(" " + _("science: {s}").format(s=symbols) + "\n")
        return out

    def city(self) -> RenderableType:
        view = self.view()
        out = Text(pawn(view["military"]["position"], self.seat).capitalize() + "\n")
        out.append_text(self.city_text(self.seat, full=self.roomy))
        out.append_text(self.city_text(1 - self.seat, full=self.roomy))
        return out

    def city_full(self) -> RenderableType:
        view = self.view()
        out = Text(pawn(view["military"]["position"], self.seat).capitalize() + "\n")
        out.append_text(self.city_text(self.seat, full=True))
        return out

    def table(self) -> RenderableType:
        view = self.view()
        if view["phase"] == "draft":
            out = Text(_("Wonders on offer:") + "\n", style="bold")
            for w in view["offer"]:
                out.append(f"{printed(w)}: {texts()[w]}\n")
            return out
        out = self.structure(self.cell())
        legend = self.legend(self.cell() - 1)
        if legend:
            out.append(legend + "\n", style=MUTED)
        if view["board_tokens"]:
            names = ", ".join(map(printed, view["board_tokens"]))
            out.append(_("Progress tokens: {names}").format(names=names))
        return out

    def legend(self, width: int, every: bool = False) -> str:
        """The printed names of the structure's face-up cards shortened to ``width``, in full:
        those that cannot be taken yet (the others are named in full in the choices), or
        ``every`` one."""
        short = terminal.short_names(width)  # by English name, printed names shortened
        shown = [
            place["card"]
            for place in self.view()["structure"]
            if place["card"]
            and not place["taken"]
            and (every or not place["accessible"])
            and short[place["card"]] != printed(place["card"])
        ]
        return " · ".join(f"{short[n]}={printed(n)}" for n in shown)

    def structure(self, cell: int) -> Text:
        """The Age's structure as the seat sees it, ``cell`` characters a card: face-down
        cards as ``?``, the cards that can be taken bold and reversed, names too long for
        the cell shortened (``legend``)."""
        view = self.view()
        out = Text()
        if view["phase"] == "draft" or not view["structure"]:
            return out
        places = view["structure"]
        slots = advice.slots(view)
        short = terminal.short_names(cell - 1)
        low = min(s.x for s in slots)
        for row in sorted({s.row for s in slots}):
            line = Text()
            column = 0
            for i, slot in enumerate(slots):
                if slot.row != row:
                    continue
                start = (slot.x - low) * cell // 2
                line.append(" " * max(0, start - column))
                place = places[i]
                if place["taken"]:
                    text, style = "", ""
                elif place["card"] is None:
                    text, style = "[ ? ]".center(cell - 1), MUTED
                else:
                    name = place["card"]
                    colour = card_facts()[name].card.color
                    text = short[name]
                    style = card_style(colour)
                    style += " bold reverse" if place["accessible"] else ""
                line.append(text.ljust(cell - 1), style=style)
                line.append(" ")
                column = start + cell
            out.append_text(line)
            out.append("\n")
        return out

    def everyone(self) -> RenderableType:
        view = self.view()
        parts: list[RenderableType] = [
            Text(_("The structure (bold: cards you can take)"), style="bold"),
            self.structure(FULL_CELL),
            Text(self.legend(FULL_CELL - 1, every=True), style=MUTED),
            Text(pawn(view["military"]["position"], self.seat).capitalize()),
            self.city_text(self.seat, full=True),
            self.city_text(1 - self.seat, full=True),
        ]
        if view["board_tokens"]:
            parts.append(Text(_("Progress tokens on the board:"), style="bold"))
            parts += [
                Text(f" ◆ {printed(t)}: {texts()[t]}", style=TOKEN) for t in view["board_tokens"]
            ]
        if view["discard"]:
            names = ", ".join(map(printed, view["discard"]))
            parts.append(Text(_("Discard pile: {names}").format(names=names)))
        return Group(*parts)

    def prompt(self) -> str:
        """The decision's title in bold on its own line, then why and how."""
        legal = [a.to_json() for a in self.legal_actions()]
        title, prompt = decision(self.view(), legal)
        return f"[bold]{escape(title)}[/]\n{escape(prompt)}"

    def choices(self) -> list[Choice]:
        view = self.view()
        actions = self.legal_actions()
        groups: dict[str, list[Any]] = {}
        flat = []
        for a in actions:
            if a.kind in ("build", "sell", "wonder"):
                groups.setdefault(a.card, []).append(a)
            else:
                flat.append(a)
        # the printed names padded to the longest, never cut
        width = max((len(printed(card)) for card in groups), default=0)
        out = []
        for card, group in groups.items():
            ways = [Choice(action_label(view, a.to_json()), action=a) for a in group]
            colour = card_facts()[card].card.color
            name = printed(card)
            label = Text.assemble((name, card_style(colour)))  # the name only in its colour
            build = next((a for a in group if a.kind == "build"), None)
            if build is None:
                price = _("can't build")
            else:
                total = advice.card_cost(view, self.seat, card)[0]
                price = coins(total) if total else _("free")
            label.append(" " * (width - len(name)) + "  " + price)
            detail = Text(name, style="bold " + card_style(colour))
            detail.append(" · " + colour_card(colour) + "\n" + texts()[card] + "\n")
            if build is None:
                detail.append(advice.why_not(view, card) + "\n", style=WARNING)
            for way in ways:
                detail.append("• " + str(way.label) + "\n")
            for way in ways:
                way.detail = detail
            out.append(Choice(label, detail, children=ways))
        for a in flat:  # listed by what they take, in full beside
            text = action_label(view, a.to_json())
            taken = a.wonder or a.token or a.card
            out.append(Choice(printed(taken) if taken else text, Text(text), action=a))
        return out

    def log_lines(self, events: list[dict[str, Any]]) -> list[str]:
        return self.narrator.lines(events)

    def final(self) -> RenderableType:
        result = self.seat_table.result()
        table = Table(
            title=_("Final scores ({victory})").format(victory=victory_name(result.victory)),
            box=None,
            padding=(0, 1),
        )
        table.add_column(_("player"), no_wrap=True)
        categories = list(result.players[0].breakdown)
        heads, legend = headings(categories, self.roomy, category_name)
        for head in heads:
            table.add_column(head, justify="right")
        table.add_column(_("total"), justify="right")
        for pr in sorted(result.players, key=lambda pr: pr.rank):
            table.add_row(
                self.name(pr.seat),
                *(str(pr.breakdown[c]) for c in categories),
                f"[bold]{pr.total}[/]",
            )
        won = Text(victory_line(result.to_json(), self.seat), style="bold")
        legend_line = [Text(legend, style=MUTED)] if legend else []
        return Group(won, table, *legend_line, self.card_points())

    def card_points(self) -> Table:
        """Each of your cards, wonders and tokens with the points it scored at the end."""
        table = Table(title=_("Your cards at the end"), box=None, padding=(0, 1))
        table.add_column(_("card"), no_wrap=True)
        table.add_column(_("VP"), justify="right")
        table.add_column(_("what it did"))
        for name, kind, points in advice.card_points(self.view()):
            style = card_style(kind)
            shown = Text(printed(name), style=style)
            table.add_row(shown, str(points) if points else "", texts()[name])
        return table

    def help(self) -> str:
        return _(
            "The structure panel shows the Age's cards where they lie: face-down cards as "
            "[ ? ], the cards you can take in bold on their colour. Long names are shortened "
            "there: the cards you can take are named in full in your choices, the others in "
            "the line below the structure. The cost beside each card you can take is what it "
            "costs you now, trade included."
        )
