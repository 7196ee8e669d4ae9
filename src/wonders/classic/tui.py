"""7 Wonders (base game, Leaders, Cities, the Free City) at the full-screen table.

Your city lists every wonder stage with its cost and its reward; the table shows both
neighbours (what they produce, their cards by colour, shields, coins, score estimate); the
choices are your hand's cards (cost for you now), each opening its ways to be played with
what the payment buys from whom; the detail panel gives the card's plain description, the
cards it chains from and into, and every way to play it.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from wonders.classic import advice, describe, terminal
from wonders.classic.present import Log, action_label, category_name, column_heading, decision
from wonders.classic.views import CityPublic, ClassicView, classic_view
from wonders.cli import render
from wonders.cli.session import SeatTable
from wonders.cli.tui.palette import BUILT, MUTED, WARNING, WONDER, card_style
from wonders.cli.tui.scores import headings
from wonders.cli.tui.view import Choice, GameView
from wonders.core.i18n import _, ngettext
from wonders.core.present import age_name, coins, colour_card


def shields(n: int) -> str:
    return ngettext("{n} shield", "{n} shields", n).format(n=n)


# the kinds of action that play a card of the hand (two copies there are two cards)
HAND_PLAYS = ("build", "wonder", "sell", "free_build")


class ClassicScreen(GameView):
    """7 Wonders' table: your city beside your neighbours, your hand's cards as choices."""

    def view(self) -> ClassicView:
        return classic_view(super().view())

    def __init__(self, table: SeatTable) -> None:
        super().__init__(table)
        view = self.view()
        self.narrator = Log(view)
        self.cat = advice.catalog(view)
        every = [c.to_json() for c in (*self.cat.cards, *self.cat.leaders)]
        self.into = describe.chains_into(every)
        self.card_json = {c["name"]: c for c in every}

    # ------------------------------------------------------------------ helpers

    def name(self, p: int) -> str:
        return self.narrator.name(p)

    def wonder(self, p: int) -> str:
        """City ``p``'s wonder, by its printed name."""
        return describe.printed(self.entries()[p]["wonder"])

    def entries(self) -> list[CityPublic]:
        return advice.city_entries(self.view())

    def players(self) -> int:
        return len(self.view()["players"])

    def left(self, p: int) -> int:
        return advice.left(self.view(), p)

    def right(self, p: int) -> int:
        return advice.right(self.view(), p)

    def score(self, p: int) -> int:
        return advice.score(self.view(), p)

    def stages(self, p: int) -> list[tuple[bool, str]]:
        """Each stage of ``p``'s board side: built or not, and "cost -> reward"."""
        entry = self.entries()[p]
        texts = terminal.stage_texts(self.view(), p)
        return [(i < entry["stages"], text) for i, text in enumerate(texts)]

    def card_text(self, name: str) -> str:
        data = self.card_json.get(name)
        return describe.card_text(data, self.into.get(name)) if data else ""

    def acting(self) -> int:
        """The city the seat's decision is for (the Free City's turn or debt included)."""
        return advice.acting(self.view())

    def cards_by_colour(self, p: int, names: bool = True) -> list[Text]:
        built = [self.cat.card_named(n) for n in self.entries()[p]["buildings"]]
        lines = []
        for colour in render.COLOR_STYLE:
            cards = sorted(describe.printed(c.name) for c in built if c.color == colour)
            if cards:
                body = ", ".join(cards) if names else str(len(cards))
                head = f"{describe.colour_name(colour)}: "
                lines.append(Text.assemble((head, card_style(colour)), body))
        return lines

    # ------------------------------------------------------------------ panels

    def status(self) -> str:
        view = self.view()
        entry = view["players"][self.seat]
        age = age_name(view["age"])
        when = _("Leader draft") if view["phase"] == "leader_draft" else _("Age {a}").format(a=age)
        if view["turn"]:
            when += " " + _("turn {t}").format(t=view["turn"])
        return _("{when} · {wonder} {side} · {coins} · {shields} · about {vp} VP").format(
            when=when,
            wonder=describe.printed(entry["wonder"]),
            side=entry["side"],
            coins=coins(entry["coins"]),
            shields=shields(entry["shields"]),
            vp=self.score(self.seat),
        )

    def board(self, p: int, full: bool = True) -> Text:
        view = self.view()
        entry = self.entries()[p]
        out = Text()
        out.append(f"{self.wonder(p)} {entry['side']}", style=WONDER)
        out.append(" · " + _("produces {what}").format(what=advice.production(view, p)) + "\n")
        for i, (built, text) in enumerate(self.stages(p), 1):
            mark = "✓" if built else "·"
            out.append(f"{mark} {i}: {text}\n", style=BUILT if built else "")
        tokens = " ".join(f"{t:+d}" for t in entry["tokens"]) or _("none")
        out.append(
            _("{coins} · {shields} · military tokens {tokens}").format(
                coins=coins(entry["coins"]), shields=shields(entry["shields"]), tokens=tokens
            )
            + "\n"
        )
        if "debt" in entry:
            out.append(
                _("debt {d} · diplomacy {k}").format(d=entry["debt"], k=entry["diplomacy"]) + "\n"
            )
        for line in self.cards_by_colour(p, names=full):
            out.append_text(line)
            out.append("\n")
        science = advice.science(view, p)
        if science:
            out.append(_("science: {s}").format(s=science) + "\n")
        if entry.get("leaders") or entry.get("courtesan"):
            names = ", ".join(map(describe.printed, entry.get("leaders", []))) or _("none")
            out.append(_("leaders: {names}").format(names=names) + "\n")
        if p < self.players():
            parts = ", ".join(
                f"{column_heading(k)} {v}" for k, v in advice.breakdown(view, p).items() if v
            )
            if parts:
                out.append(_("score now ≈ {vp} ({parts})").format(vp=self.score(p), parts=parts))
            else:
                out.append(_("score now ≈ {vp}").format(vp=self.score(p)))
        return out

    def city(self) -> RenderableType:
        view = self.view()
        out = Text()
        if view.get("leader_hand"):  # kept (or not yet recruited) leaders first: the draft
            names = ", ".join(map(describe.printed, view["leader_hand"]))
            out.append(_("Your leaders: {names}").format(names=names) + "\n", style="bold")
        out.append_text(self.board(self.seat))
        return out

    def table(self) -> RenderableType:
        entries = self.entries()
        out = Text()
        near = (self.left(self.seat), self.right(self.seat))
        for p in dict.fromkeys(near):
            out.append_text(self.neighbour(p))
        others = [p for p in range(len(entries)) if p not in (self.seat, *near)]
        if others and self.roomy:  # room for every city: each as the neighbours, by counts
            for p in others:
                out.append_text(self.neighbour(p, names=False))
        elif others:
            short = ", ".join(
                _("{wonder} {coins}c {shields}sh").format(
                    wonder=self.wonder(p), coins=entries[p]["coins"], shields=entries[p]["shields"]
                )
                for p in others
            )
            out.append(_("Others (key o): {short}").format(short=short))
        return out

    def neighbour(self, p: int, names: bool = True) -> Text:
        """A city of the table panel: stages, coins, shields, score, production, its cards by
        colour (``names``, else how many), a teammate's hand."""
        view = self.view()
        entry = self.entries()[p]
        out = Text()
        out.append(self.name(p), style="bold")
        facts = {
            "s": entry["stages"],
            "n": entry["stages_total"],
            "coins": coins(entry["coins"]),
            "shields": shields(entry["shields"]),
        }
        if p < self.players():
            said = _("stage {s}/{n}, {coins}, {shields}, ≈{vp} VP").format(
                vp=self.score(p), **facts
            )
        else:  # the Free City does not score
            said = _("stage {s}/{n}, {coins}, {shields}").format(**facts)
        out.append(" · " + said + "\n")
        out.append("  " + _("produces {what}").format(what=advice.production(view, p)) + "\n")
        lines = self.cards_by_colour(p, names)
        if names:
            for line in lines:
                out.append_text(Text("  ").append_text(line).append("\n"))
        elif lines:  # how many of each colour, on one line
            out.append_text(Text("  ").append_text(Text(" · ").join(lines)).append("\n"))
        if p == view.get("teammate") and view.get("teammate_hand"):
            hand = ", ".join(map(describe.printed, view["teammate_hand"]))
            out.append("  " + _("their hand: {cards}").format(cards=hand) + "\n")
        return out

    def everyone(self) -> RenderableType:
        entries = self.entries()
        summary = Table(padding=(0, 1), box=None)
        for column in (_("city"), _("stages"), _("coins"), _("shields"), _("tokens"), _("≈VP")):
            summary.add_column(column, justify="left" if column == _("city") else "right")
        for p, entry in enumerate(entries):
            summary.add_row(
                self.name(p) if p != self.seat else _("you") + f" ({self.wonder(p)})",
                f"{entry['stages']}/{entry['stages_total']}",
                str(entry["coins"]),
                str(entry["shields"]),
                " ".join(f"{t:+d}" for t in entry["tokens"]) or "-",
                str(self.score(p)) if p < self.players() else "-",
            )
        parts: list[RenderableType] = [summary, Text("")]
        for p in range(len(entries)):
            parts.append(Text(self.name(p) if p != self.seat else _("You"), style="bold underline"))
            parts.append(self.board(p))
        return Group(*parts)

    def prompt(self) -> str:
        title, prompt = decision(self.view(), [a.to_json() for a in self.legal_actions()])
        return f"{title} — {prompt}" if title else ""

    # ------------------------------------------------------------------ choices

    def choices(self) -> list[Choice]:
        """The hand's cards (or leaders), each opening its ways to be played; the actions
        without a card (declining, paying a loss) last."""
        view = self.view()
        acting = self.acting()
        actions = self.legal_actions()
        legal = [a.to_json() for a in actions]
        why = advice.unbuildable(view, legal)
        groups: dict[str, list[Any]] = {}
        flat: list[Any] = []
        for a in actions:
            if a.card:
                groups.setdefault(a.card, []).append(a)
            else:
                flat.append(a)
        copies = Counter(view.get("hand") or [])
        width = max(
            (len(self.card_name(n, group, copies)) for n, group in groups.items()), default=0
        )
        out = []
        for name, group in groups.items():
            ways = [Choice(action_label(view, a.to_json()), action=a) for a in group]
            held = copies[name] if all(a.kind in HAND_PLAYS for a in group) else 1
            detail = self.card_detail(name, ways, held)
            if why.get(name):
                detail.append(why[name] + "\n", style=WARNING)
            label = self.card_label(acting, name, group, name in why, copies, width)
            if len(group) == 1 and group[0].kind in ("draft", "return", "copy"):
                out.append(Choice(label, detail, action=group[0]))  # one leader, one choice
                continue
            for way in ways:
                way.detail = detail
            out.append(Choice(label, detail, children=ways))
        for a in flat:
            text = action_label(view, a.to_json())
            out.append(Choice(text, Text(text), action=a))
        return out

    @staticmethod
    def card_name(name: str, group: list[Any], copies: Counter[str]) -> str:
        """A card's printed name in the list, with "x2" when the hand holds two copies of
        it."""
        n = copies[name] if all(a.kind in HAND_PLAYS for a in group) else 1
        shown = describe.printed(name)
        return _("{card} x{n}").format(card=shown, n=n) if n > 1 else shown

    def card_label(
        self,
        acting: int,
        name: str,
        group: list[Any],
        blocked: bool,
        copies: Counter[str],
        width: int,
    ) -> Text:
        """A card of the list: its name in its colour (never cut: the names are padded to
        the longest, ``width``), and what it costs you now (or that it cannot be built,
        ``blocked``: its reason is in the detail panel)."""
        cards = self.cat.by_name.get(name.lower())
        colour = cards[0].color if cards else "white"
        builds = [a for a in group if a.kind in advice.BUILDS]
        price = ""
        if any(a.kind in ("free_build", "discard_build") for a in builds):
            price = _("free")
        elif builds:
            extra = cards[0].coins if cards and builds[0].kind == "build" else 0
            if builds[0].kind == "recruit":
                price = coins(advice.leader_cost(self.view(), acting, name))
            else:
                cheapest = min(a.left + a.right + a.bank for a in builds) + extra
                price = coins(cheapest) if cheapest else _("free")
        elif any(a.kind == "draft" for a in group):
            price = coins(cards[0].coins) if cards else ""
        elif blocked and self.view()["phase"] in ("recruit", "recruit_now"):
            price = _("can't recruit")
        elif blocked:
            price = _("can't build")
        shown = self.card_name(name, group, copies)
        label = Text.assemble((shown, card_style(colour)))  # the name only in its colour
        label.append(" " * (width - len(shown)) + f"  {price}")
        return label

    def card_detail(self, name: str, ways: list[Choice], held: int = 1) -> Text:
        """A card described: its name, its colour in words and its cost, what it does (and
        chains into), how many copies you hold, then its ways to be played."""
        out = Text()
        cards = self.cat.by_name.get(name.lower())
        colour = cards[0].color if cards else "white"
        out.append(describe.printed(name), style="bold " + card_style(colour))
        data = self.card_json.get(name)
        cost = describe.cost_text(data["cost"]) if data else ""
        kind = colour_card(colour)
        out.append(
            " · " + (_("{colour} · cost: {cost}").format(colour=kind, cost=cost) if data else kind)
        )
        out.append("\n" + self.card_text(name) + "\n")
        if held > 1:
            out.append(
                ngettext(
                    "You hold {n} copy of this card.", "You hold {n} copies of this card.", held
                ).format(n=held)
                + "\n"
            )
        for way in ways:
            out.append("• " + str(way.label) + "\n")
        return out

    # ------------------------------------------------------------------ log, end

    def log_lines(self, events: list[dict[str, Any]]) -> list[str]:
        return self.narrator.lines(events)

    def final(self) -> RenderableType:
        result = self.seat_table.result()
        names = [_("you") if p == self.seat else self.wonder(p) for p in range(self.players())]
        categories = list(result.players[0].breakdown)
        heads, legend = headings(categories, self.roomy, category_name)
        parts: list[RenderableType] = [self.score_table(result, names, heads)]
        if legend:
            parts.append(Text(legend, style=MUTED))
        if "teams" in result.extra:
            parts.append(render.teams_table(result, names))
        if "free_city" in result.extra:
            fc = result.extra["free_city"]
            parts.append(
                Text(_("The Free City scored {n} (it does not rank).").format(n=fc["total"]))
            )
        parts.append(self.card_points())
        return Group(*parts)

    def score_table(self, result: Any, names: list[str], heads: list[str]) -> Table:
        """The final scores in 80 columns: rank, city, each category, total, coins."""
        table = Table(title=_("Final scores"), box=None, padding=(0, 0))
        categories = list(result.players[0].breakdown)
        table.add_column("#", justify="right")
        table.add_column(" " + _("city"), no_wrap=True, max_width=16)
        for head in heads:  # short headings: 10 categories fit 80 columns
            table.add_column(" " + head, justify="right", min_width=4)
        table.add_column(" " + _("total"), justify="right")
        table.add_column(" " + _("coins"), justify="right")
        for pr in sorted(result.players, key=lambda pr: pr.rank):
            table.add_row(
                str(pr.rank),
                " " + names[pr.seat],
                *(str(pr.breakdown[c]) for c in categories),
                f"[bold]{pr.total}[/]",
                str(pr.tiebreak),
            )
        return table

    def card_points(self) -> Table:
        """Your cards one by one at the end: the points each scored and what it did (science
        counts as a set, in the score table), then your wonder stages."""
        view = self.view()
        table = Table(title=_("Your cards at the end"), padding=(0, 1))
        table.add_column(_("card"))
        table.add_column(_("VP"), justify="right")
        table.add_column(_("what it did"))
        for name, colour, points in advice.card_points(view):
            table.add_row(
                Text(describe.printed(name), style=card_style(colour)),
                str(points) if points else "",
                self.card_text(name),
            )
        texts = terminal.stage_texts(view, self.seat)
        for i, points in enumerate(advice.stage_points(view), 1):
            label = _("wonder stage {n}").format(n=i)
            table.add_row(Text(label, style=WONDER), str(points) if points else "", texts[i - 1])
        return table

    def help(self) -> str:
        return _(
            "The status line's score is what your city would score if the game ended now. The "
            "list gives each card of your hand with what it costs you now; the panel beside "
            "says its colour, what it does and why it cannot be built, and Enter opens its "
            "ways to be played, with what each payment buys from whom."
        )
