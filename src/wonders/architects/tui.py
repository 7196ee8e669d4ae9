"""7 Wonders Architects at the full-screen table: your wonder with each stage's cost pattern
and reward and your cards by what they are; the decks by where they lie, the progress
tokens with their effects, the conflict tokens and the other wonders."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from wonders.architects import advice, terminal
from wonders.architects.cards import catalog
from wonders.architects.describe import kind_text, printed
from wonders.architects.plain import shown_card
from wonders.architects.present import (
    Log,
    action_label,
    card_label,
    category_name,
    decision,
    shields,
    token_effect,
    victory_line,
    victory_tokens,
    where,
)
from wonders.architects.views import ArchitectsView, architects_view
from wonders.cli.session import SeatTable
from wonders.cli.tui.palette import BUILT, MUTED, TOKEN, WONDER, card_style
from wonders.cli.tui.scores import headings
from wonders.cli.tui.view import Choice, GameView
from wonders.core.i18n import _, ngettext
from wonders.core.present import colour_card


class ArchitectsScreen(GameView):
    """7 Wonders Architects' table: your wonder beside the decks and tokens."""

    def view(self) -> ArchitectsView:
        return architects_view(super().view())

    def __init__(self, table: SeatTable) -> None:
        super().__init__(table)
        self.names = [info["wonder"] for info in self.view()["players"]]  # English
        self.narrator = Log(self.view())

    def name(self, p: int) -> str:
        """A seat at the table: "you", else its wonder's printed name."""
        return _("you") if p == self.seat else printed(self.names[p])

    def panel_titles(self) -> tuple[str, str]:
        return _("Your wonder (c: in full)"), _("The table (o: in full)")

    def city_title(self) -> str:
        return _("Your wonder")

    def score(self, p: int) -> int:
        return advice.score(self.view(), p)

    def status(self) -> str:
        view = self.view()
        me = view["players"][self.seat]
        cat = " · " + _("you have the cat") if me["cat"] else ""
        return _(
            "Architects · turn {t} · {wonder} · {stages}/5 stages · about {vp} VP{cat}"
        ).format(
            t=view["turn"],
            wonder=printed(me["wonder"]),
            stages=len(me["stages"]),
            vp=self.score(self.seat),
            cat=cat,
        )

    def wonder_text(self, p: int) -> Text:
        view = self.view()
        info = view["players"][p]
        out = Text()
        out.append(printed(info["wonder"]), style=WONDER)
        out.append(
            " · " + shields(info["shields"]) + ", " + victory_tokens(info["victory_tokens"]) + "\n"
        )
        for s in range(1, 6):
            built = s in info["stages"]
            mark = "✓" if built else ("→" if s in info["next_stages"] else "·")
            out.append(
                f"{mark} {s}: {terminal.stage_text(info['wonder'], s)}\n",
                style=BUILT if built else "",
            )
        out.append_text(self.cards(info["cards"]))
        for t in info["progress"]:
            out.append(f"◆ {printed(t)}: {token_effect(t)}\n", style=TOKEN)
        parts = ", ".join(
            f"{category_name(k)} {v}" for k, v in advice.breakdown(view, p).items() if v
        )
        if parts:
            out.append(_("score now ≈ {vp} ({parts})").format(vp=self.score(p), parts=parts))
        else:
            out.append(_("score now ≈ {vp}").format(vp=self.score(p)))
        return out

    def cards(self, held: dict[str, int]) -> Text:
        """The cards a player holds, each in its colour: "cards: wood, gold coin x2"."""
        if not held:
            return Text(_("cards: {cards}").format(cards=_("none")) + "\n")
        kinds = catalog().kinds
        names = Text(", ").join(
            Text(
                _("{card} x{n}").format(card=card_label(k), n=n) if n > 1 else card_label(k),
                style=card_style(kinds[k].color),
            )
            for k, n in held.items()
        )
        head, _sep, tail = _("cards: {cards}").partition("{cards}")
        return Text.assemble(head, names, tail, "\n")

    def city(self) -> RenderableType:
        return self.wonder_text(self.seat)

    def table(self) -> RenderableType:
        view = self.view()
        out = Text()
        for deck in view["decks"]:
            place = where(view, deck["deck"])
            top = card_label(deck["top"]) if deck["top"] else "-"
            out.append(
                ngettext(
                    "{deck} deck ({where}): {top}, {n} card",
                    "{deck} deck ({where}): {top}, {n} cards",
                    deck["size"],
                ).format(
                    deck=printed(deck["deck"]), where=place or _("far"), top=top, n=deck["size"]
                )
                + "\n",
                style="" if place else MUTED,
            )
        central = view["central"]
        peek = (
            _("top {card} (the cat's peek)").format(card=card_label(central["top"]))
            if "top" in central
            else _("face down")
        )
        out.append(
            ngettext(
                "central deck: {peek}, {n} card", "central deck: {peek}, {n} cards", central["size"]
            ).format(peek=peek, n=central["size"])
            + "\n"
        )
        out.append(
            _("conflict: {b} of {t} tokens on the battle side").format(
                b=view["conflict"]["battle_side"], t=view["conflict"]["total"]
            )
            + "\n"
        )
        tokens = view["tokens"]
        out.append(_("progress tokens (stack {n}):").format(n=tokens["stack"]) + "\n")
        for t in tokens["face_up"]:
            out.append(f" ◆ {printed(t)}: {token_effect(t)}\n", style=TOKEN)
        for p, info in enumerate(view["players"]):
            if p != self.seat:
                cat = " " + _("(cat)") if info["cat"] else ""
                out.append(
                    ngettext(
                        "{wonder}: {s}/5 stages, {sh} shield, ≈{vp} VP{cat}",
                        "{wonder}: {s}/5 stages, {sh} shields, ≈{vp} VP{cat}",
                        info["shields"],
                    ).format(
                        wonder=printed(info["wonder"]),
                        s=len(info["stages"]),
                        sh=info["shields"],
                        vp=self.score(p),
                        cat=cat,
                    )
                    + "\n"
                )
        return out

    def everyone(self) -> RenderableType:
        """The table panel in full (decks, tokens), then every wonder."""
        parts: list[RenderableType] = [self.table()]
        for p in range(len(self.names)):
            parts.append(self.wonder_text(p))
            parts.append(Text(""))
        return Group(*parts)

    def prompt(self) -> str:
        """What is asked (bold) and why and how, from ``present.decision``."""
        legal = [a.to_json() for a in self.legal_actions()]
        title, prompt = decision(self.view(), legal)
        return f"[bold]{escape(title)}[/] · {escape(prompt)}" if title else ""

    def choices(self) -> list[Choice]:
        """Each action in words; beside it, what the card it takes or keeps does."""
        out = []
        view = self.view()
        for a in self.legal_actions():
            text = action_label(view, a.to_json())
            detail = Text(text + "\n")
            card = shown_card(view, a.to_json())
            if card:
                kind = catalog().kinds[card]
                detail.append(colour_card(kind.color) + "\n", style=card_style(kind.color))
                detail.append(kind_text(kind))
            out.append(Choice(text, detail, action=a))
        return out

    def log_lines(self, events: list[dict[str, Any]]) -> list[str]:
        return self.narrator.lines(events)

    def final(self) -> RenderableType:
        result = self.seat_table.result()
        table = Table(title=_("Final scores"), box=None, padding=(0, 1))
        table.add_column(_("player"))
        categories = list(result.players[0].breakdown)
        heads, legend = headings(categories, self.roomy, category_name)
        for head in heads:
            table.add_column(head, justify="right")
        table.add_column(_("total"), justify="right")
        table.add_column(_("stages"), justify="right")  # the tie-break
        for pr in sorted(result.players, key=lambda pr: pr.rank):
            table.add_row(
                self.name(pr.seat),
                *(str(pr.breakdown[c]) for c in categories),
                f"[bold]{pr.total}[/]",
                str(pr.tiebreak),
            )
        won = victory_line(result.to_json(), self.seat, self.names)
        legend_line = [Text(legend, style=MUTED)] if legend else []
        return Group(table, *legend_line, Text(won + "\n"), self.card_points())

    def card_points(self) -> Table:
        """Your points at the end item by item: stages, blue cards, tokens, cat, victories."""
        table = Table(title=_("Your points at the end"), box=None, padding=(0, 1))
        table.add_column(_("what"))
        table.add_column(_("VP"), justify="right")
        for label, points in advice.card_points(self.view()):
            table.add_row(label, str(points))
        return table

    def help(self) -> str:
        return _(
            "Your wonder's panel marks each stage built (✓) and the stages you can build next "
            "(→), with the resources each asks for and what it brings. The table panel gives "
            "each deck's top card (the decks far from you are greyed), the conflict tokens, "
            "the progress tokens on offer and the other wonders."
        )
