// Each game's board, built only from its view JSON, and its actions in words.
"use strict";
window.GAMES = {};

function chip(text, cls, title) {
  return el("span", { class: "chip " + (cls || ""), title: title || window.cardText(text) || null }, text);
}

function byColour(names) {
  const groups = {};
  for (const n of names) {
    const c = window.cardInfo(n).color || "other";
    (groups[c] = groups[c] || []).push(n);
  }
  return Object.entries(groups).map(([c, ns]) => el("div", { class: "row" }, ns.map((n) => chip(n, c))));
}

// ---------------- 7 Wonders ----------------
window.GAMES.classic = {
  nameOf: (key) => key,
  isSpecial: (legal) => legal.some((a) => !["build", "sell", "wonder"].includes(a.kind)),
  head(view) {
    const dir = view.pass_to ? " — " + t("Pass direction") + ": " + t(view.pass_to) : "";
    return el("div", {}, t("Age") + " " + ageName(view.age) + ", " + t("Turn") + " " + view.turn + dir +
      " — " + t("Discard pile") + ": " + view.discard_size + (view.phase ? " — " + phaseText("classic", view.phase) : ""));
  },
  city(p, label, full, chosen) {
    const info = window.cardInfo(p.wonder);
    const stages = (info.stages && info.stages[p.side]) || [];
    const box = el("div", { class: "city" + (full ? "" : " glance"), "data-seat": p.seat },
      el("h4", { title: info.text || "" }, label + ": " + p.wonder + " " + p.side),
      el("div", { class: "stats" }, p.coins, icon("coin", t("coins")), " ", p.shields, icon("shield", t("shields")), " " +
        p.stages + "/" + p.stages_total + " " + t("stages") +
        (p.tokens && p.tokens.length ? ", " + t("military") + ": " + p.tokens.join(" ") : "") +
        (p.debt ? ", " + t("Debt") + ": " + p.debt : "") + (p.chosen || chosen ? " ✓ " + t("has chosen") : "")));
    if (full) {
      box.append(el("ol", { class: "stages" }, stages.map((s, i) =>
        el("li", { class: i < p.stages ? "built" : "" }, iconize(s)))));
      box.append(...byColour(p.buildings));
      if (p.leaders && p.leaders.length) box.append(el("div", { class: "row" }, t("Leaders") + ": ", p.leaders.map((n) => chip(n, "white"))));
    } else {
      box.append(el("div", {}, p.buildings.length + " " + t("Cards")));
    }
    return box;
  },
  board(view, msg) {
    // 2 players: the Free City is the third city of the ring (seat 2: player 0 on its left)
    const cities = view.free_city ? [...view.players, view.free_city] : view.players;
    const freeCity = view.free_city ? view.free_city.seat : null;
    const n = cities.length;
    const me = view.seat === null || view.seat === undefined ? null : view.seat;
    const wrap = el("div", { class: "cities" });
    const finished = msg.status === "finished";
    const near = me === null ? [] : [(me + 1) % n, (me + n - 1) % n];
    if (view.hand && view.hand.length && me !== null) {
      const holding = view.free_city && view.free_city.controller === me;
      wrap.append(el("div", { class: "hand", id: "hand" },
        el("h3", {}, holding ? t("Your hand, with the Free City's card") : t("Your hand")),
        view.hand.map((c) => chip(c, window.cardInfo(c).color, window.cardText(c) + " — " + t("Cost") + ": " + (window.cardInfo(c).cost || "")))));
    }
    if (view.teammate_hand && view.teammate_hand.length) {
      wrap.append(el("div", { class: "hand" }, el("h3", {}, t("Hand") + " (" + window.who(view.teammate) + ")"),
        view.teammate_hand.map((c) => chip(c, window.cardInfo(c).color))));
    }
    const seats = cities.map((p) => p.seat);
    const order = me === null ? seats : [me, ...near.filter((s) => s !== me), ...seats.filter((s) => s !== me && !near.includes(s))];
    for (const s of order) {
      const p = cities[s];
      let label = s === freeCity ? t("The Free City") : window.who(s);
      if (me !== null && s === (me + 1) % n && s !== me) label += " (" + t("left") + ")";
      else if (me !== null && s === (me + n - 1) % n && s !== me) label += " (" + t("right") + ")";
      wrap.append(this.city(p, label, finished || me === null || s === me || near.includes(s), (msg.chosen || []).includes(s)));
    }
    return wrap;
  },
};

// ---------------- 7 Wonders Duel ----------------
const DUEL_ROWS = { 1: [2, 3, 4, 5, 6], 2: [6, 5, 4, 3, 2], 3: [2, 3, 4, 2, 4, 3, 2] };
window.GAMES.duel = {
  nameOf: (key) => key,
  isSpecial: (legal) => legal.some((a) => !["build", "sell", "wonder"].includes(a.kind)),
  head(view) {
    return el("div", {}, t("Age") + " " + ageName(view.age) + " — " + phaseText("duel", view.phase) +
      (view.victory ? " — " + t("Victory") + ": " + view.victory : ""));
  },
  // the conflict track: seat 0's capital at the left end, seat 1's at the right; the pawn,
  // and the military tokens still on the board (2 or 5 coins) on the space that triggers them
  track(view) {
    const pos = view.military.position;
    const tokens = new Map(view.military.tokens.map(([p, z]) => [p === 0 ? -z : z, z >= 6 ? 5 : 2]));
    const cells = [];
    for (let i = -9; i <= 9; i++) {
      const capital = i === -9 || i === 9;
      const coins = tokens.get(i);
      let cls = "cell" + (capital ? " capital" : "") + (i === 0 ? " centre" : "") + (coins ? " token" : "");
      let text = capital ? "⌂" : (i === 0 ? "|" : "·");
      if (coins) text = String(coins);
      if (i === pos) { cls += " pawn"; text = "⚔"; }
      const title = capital ? window.who(i < 0 ? 0 : 1) : (coins ? coins + " " + t("coins") : null);
      cells.push(el("span", { class: cls, title }, text));
    }
    return el("div", { class: "track", id: "military" }, el("span", { class: "side" }, window.who(0)),
      el("span", { class: "cells" }, cells), el("span", { class: "side" }, window.who(1)));
  },
  structure(view) {
    const rows = DUEL_ROWS[view.age] || [view.structure.length];
    const box = el("div", { class: "structure", id: "structure" }, el("h3", {}, t("Structure")));
    let i = 0;
    for (const n of rows) {
      const row = el("div", { class: "srow" });
      for (let k = 0; k < n && i < view.structure.length; k++, i++) {
        const c = view.structure[i];
        if (c.taken) row.append(el("span", { class: "slot empty" }, ""));
        else if (!c.face_up) row.append(el("span", { class: "slot down" }, t("face down")));
        else row.append(el("span", { class: "slot" + (c.accessible ? " open" : ""), title: window.cardText(c.card) }, chip(c.card, window.cardInfo(c.card).color)));
      }
      box.append(row);
    }
    return box;
  },
  board(view) {
    const wrap = el("div", { class: "cities" });
    wrap.append(this.track(view));
    if (view.offer && view.offer.length) wrap.append(el("div", {}, t("Wonder draft") + ": ", view.offer.map((w) => chip(w, "wonder"))));
    wrap.append(el("div", {}, t("Progress tokens") + ": ", view.board_tokens.map((n) => chip(n, "token"))));
    if (view.structure.some((c) => !c.taken)) wrap.append(this.structure(view));
    for (const p of view.players) {
      wrap.append(el("div", { class: "city", "data-seat": p.seat },
        el("h4", {}, window.who(p.seat)),
        el("div", { class: "stats" }, p.coins, icon("coin", t("coins")), " ", p.points, icon("vp", t("points"))),
        el("div", { class: "row" }, t("Wonders") + ": ", p.wonders.map((w) => chip(w + (p.built[w] ? " ✓" : ""), p.built[w] ? "wonder built" : "wonder", window.cardText(w)))),
        el("div", { class: "row" }, t("Tokens") + ": ", p.tokens.map((n) => chip(n, "token"))),
        el("div", { class: "stats" }, icon("science", t("Science")), " ", Object.entries(p.science).map(([k, v]) => k + "×" + v + " ")),
        ...byColour(p.cards)));
    }
    if (view.discard.length) wrap.append(el("div", {}, t("Discard pile") + ": ", view.discard.map((c) => chip(c, window.cardInfo(c).color))));
    return wrap;
  },
};

// ---------------- 7 Wonders Architects ----------------
window.GAMES.architects = {
  nameOf: (key) => (window.cardInfo(key).label || key),
  // taking from a deck: what lies on top of it (the central deck's top is hidden)
  groupInfo(actions, view) {
    const a = actions[0];
    if (a.kind !== "take") return null;
    // the central deck's top is seen by the cat's holder only (the view has it then)
    const deck = view.decks.find((d) => d.deck === a.deck) || view.central;
    const where = deck === view.central ? t("Central deck") : deck.deck;
    if (!deck.top) return { title: where + ": " + t("face down"), text: "" };
    const top = window.cardInfo(deck.top);
    return { title: where + ": " + (top.label || deck.top), text: top.text || "", color: top.color };
  },
  isSpecial: (legal) => legal.some((a) => !["take"].includes(a.kind)),
  head(view) {
    return el("div", {}, t("Turn") + " " + view.turn + " — " + t("Conflict") + ": " +
      view.conflict.battle_side + "/" + view.conflict.total);
  },
  board(view) {
    const wrap = el("div", { class: "cities" });
    wrap.append(el("div", { class: "decks", id: "decks" }, el("h3", {}, t("Decks")),
      view.decks.map((d) => el("div", { class: "deck" }, d.deck + " (" + d.size + "): ",
        d.top ? chip(window.cardInfo(d.top).label || d.top, window.cardInfo(d.top).color, window.cardText(d.top)) : t("face down"))),
      el("div", { class: "deck", id: "central" }, t("Central deck") + " (" + view.central.size + "): ",
        view.central.top ? chip(window.cardInfo(view.central.top).label || view.central.top,
          window.cardInfo(view.central.top).color, window.cardText(view.central.top)) : t("face down"))));
    wrap.append(el("div", {}, t("Progress tokens") + ": ", view.tokens.face_up.map((n) => chip(n, "token")), " (+" + view.tokens.stack + ")"));
    for (const p of view.players) {
      const info = window.cardInfo(p.wonder);
      const stages = info.stages || [];
      wrap.append(el("div", { class: "city", "data-seat": p.seat },
        el("h4", { title: info.text || "" }, window.who(p.seat) + ": " + p.wonder + (p.cat ? " 🐱 " + t("Cat") : "")),
        el("div", { class: "stats" }, p.shields, icon("shield", t("shields")), " " + p.victory_tokens + " " + t("tokens")),
        el("ol", { class: "stages" }, stages.map((s, i) => el("li", { class: p.stages.includes(i + 1) ? "built" : "" }, iconize(s)))),
        el("div", { class: "row" }, Object.entries(p.cards).map(([k, n]) => chip((window.cardInfo(k).label || k) + " ×" + n, window.cardInfo(k).color, window.cardText(k)))),
        el("div", { class: "row" }, t("Progress tokens") + ": ", p.progress.map((n) => chip(n, "token")))));
    }
    return wrap;
  },
};
