"""7 Wonders Architects at the full-screen table: your wonder with each stage's cost pattern
and reward and your cards by what they are; the decks by where they lie, the progress
tokens with their effects, the conflict tokens and the other wonders."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from wonders.architects import advice
from wonders.architects.actions import Action
from wonders.architects.cards import CENTRAL, catalog
from wonders.architects.describe import kind_text
from wonders.architects.present import (
    Log,
    action_label,
    card_label,
    decision,
    shields,
    token_effect,
    victory_line,
    victory_tokens,
    where,
)
from wonders.cli import architects_words as words
from wonders.cli.session import SeatTable
from wonders.cli.tui.app import Choice, GameView
from wonders.core.i18n import _, ngettext


class ArchitectsView(GameView):
    title = "7 Wonders Architects"
    panels = ("Your wonder", "The table")

    def __init__(self, table: SeatTable) -> None:
        super().__init__(table)
        self.names = [info["wonder"] for info in self.view()["players"]]
        self.narrator = Log(self.view())

    def name(self, p: int) -> str:
        return _("you") if p == self.seat else self.names[p]

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
            wonder=me["wonder"],
            stages=len(me["stages"]),
            vp=self.score(self.seat),
            cat=cat,
        )

    def wonder_text(self, p: int) -> Text:
        view = self.view()
        info = view["players"][p]
        out = Text()
        out.append(f"{info['wonder']}", style="bold cyan")
        out.append(
            " · " + shields(info["shields"]) + ", " + victory_tokens(info["victory_tokens"]) + "\n"
        )
        for s in range(1, 6):
            built = s in info["stages"]
            mark = "✓" if built else ("→" if s in info["next_stages"] else "·")
            out.append(
                f"{mark} {s}: {words.stage_text(info['wonder'], s)}\n",
                style="green" if built else "",
            )
        cards = ", ".join(
            card_label(k) + (f" x{n}" if n > 1 else "") for k, n in info["cards"].items()
        )
        out.append(_("cards: {cards}").format(cards=cards or _("none")) + "\n")
        for t in info["progress"]:
            out.append(f"◆ {t}: {token_effect(t)}\n", style="bright_green")
        parts = ", ".join(f"{_(k)} {v}" for k, v in advice.breakdown(view, p).items() if v)
        if parts:
            out.append(_("score now ≈ {vp} ({parts})").format(vp=self.score(p), parts=parts))
        else:
            out.append(_("score now ≈ {vp}").format(vp=self.score(p)))
        return out

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
                ).format(deck=deck["deck"], where=place or _("far"), top=top, n=deck["size"])
                + "\n",
                style="" if place else "dim",
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
            out.append(f" ◆ {t}: {token_effect(t)}\n", style="bright_green")
        for p, info in enumerate(view["players"]):
            if p != self.seat:
                cat = " " + _("(cat)") if info["cat"] else ""
                out.append(
                    ngettext(
                        "{wonder}: {s}/5 stages, {sh} shield, ≈{vp} VP{cat}",
                        "{wonder}: {s}/5 stages, {sh} shields, ≈{vp} VP{cat}",
                        info["shields"],
                    ).format(
                        wonder=info["wonder"],
                        s=len(info["stages"]),
                        sh=info["shields"],
                        vp=self.score(p),
                        cat=cat,
                    )
                    + "\n"
                )
        return out

    def everyone(self) -> RenderableType:
        parts: list[RenderableType] = []
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
            card = shown_card(view, a)
            if card:
                detail.append(kind_text(catalog().kinds[card]))
            out.append(Choice(text, detail, action=a))
        return out

    def log_lines(self, events: list[dict[str, Any]]) -> list[str]:
        return self.narrator.lines(events)

    def final(self) -> RenderableType:
        result = self.seat_table.result()
        table = Table(title=_("Final scores"), box=None, padding=(0, 1))
        table.add_column(_("player"))
        categories = list(result.players[0].breakdown)
        for c in categories:
            table.add_column(c, justify="right")
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
        return Group(table, Text(won + "\n"), self.card_points())

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
            "7 Wonders Architects: on your turn take one card: the top of the deck on your "
            "left or right (face up) or of the central deck (face down). Grey cards and gold "
            "pay your wonder's stages (each stage's pattern: so many different or equal "
            "resources); 2 equal or 3 different science symbols take a progress token; horns "
            "on red cards flip conflict tokens, and when the last flips, shields fight; blue "
            "cards are points, and a cat card brings the cat. The game ends when a wonder is "
            "complete."
        )


def shown_card(view: dict[str, Any], action: Action) -> str | None:
    """The card an action takes or keeps, as the seat sees it: a side deck's top, the
    central deck's only with the cat's peek, the card kept of a search. None otherwise."""
    if action.kind == "pick":
        return action.card
    if action.kind != "take":
        return None
    if action.deck == CENTRAL:
        peek: str | None = view["central"].get("top")
        return peek
    top: str | None = view["decks"][advice.deck_index(view, action.deck)]["top"]
    return top
