// Each game's board, built only from its view JSON and the words the server sends with it:
// msg.board (wonders/web/boards.py: headings, the head line, every count, in the reader's
// language; a {field} in a phrase is where an element goes) and the printed names of the
// cards (window.cardName, from /api/texts). This script holds no word of a game.
"use strict";
window.GAMES = {};

// a card, wonder or token: a tap, a click or the keyboard shows its details (common.js)
function chip(id, cls, title, text) {
  const attrs = { class: "chip " + (cls || ""), title: title || window.cardText(id) || null };
  const known = window.cardInfo(id).name || window.cardInfo(id).text;
  return el("span", known ? detailed(attrs, id) : attrs, text === undefined ? window.cardName(id) : text);
}

// a city's heading: its wonder's details on a tap; the wonder's own resource in sight below
function cityTitle(wonder, title) {
  return el("h4", { title: window.cardText(wonder) || null },
    window.cardInfo(wonder).text ? el("span", detailed({}, wonder), title) : title);
}

function produces(wonder) {
  const made = window.cardInfo(wonder).produces;
  return made ? el("div", { class: "produces" }, el("span", { class: "res" }, iconize(made))) : null;
}

function chips(ids, cls) {
  return ids.map((id) => chip(id, cls || window.cardInfo(id).color));
}

function byColour(names) {
  const groups = {};
  for (const n of names) {
    const c = window.cardInfo(n).color || "other";
    (groups[c] = groups[c] || []).push(n);
  }
  return Object.entries(groups).map(([c, ns]) => el("div", { class: "row" }, ns.map((n) => chip(n, c))));
}

// a line of the server's words with elements in its {fields}
function line(phrase, fields, attrs) {
  return el("div", attrs || {}, nodes(phrase || "", fields || {}));
}

function words(msg) {
  return (msg && msg.board) || {};
}

// On a phone the reader's own city comes first, above the decision (#mine), not under the
// choices and the hand a screen or two down; on a wider page it stays on the board.
const PHONE = window.matchMedia("(max-width: 800px)");
function placeMine(seat) {
  const mine = document.getElementById("mine");
  if (!mine) return;
  mine.replaceChildren();
  if (seat === null || seat === undefined || !PHONE.matches) return;
  const city = [...document.querySelectorAll("#board .city")].find((c) => c.dataset.seat === String(seat));
  if (city) mine.append(city);
}

// ---------------- 7 Wonders ----------------
window.GAMES.classic = {
  isSpecial: (legal) => legal.some((a) => !["build", "sell", "wonder"].includes(a.kind)),
  head(view, msg) {
    return el("div", {}, words(msg).head || "");
  },
  city(p, W, full, chosen) {
    const info = window.cardInfo(p.wonder);
    const stages = (info.stages && info.stages[p.side]) || [];
    const said = (W.cities || {})[p.seat] || {};
    const box = el("div", { class: "city" + (full ? "" : " glance"), "data-seat": p.seat },
      cityTitle(p.wonder, said.title || ""),
      produces(p.wonder),
      el("div", { class: "stats" }, p.coins, icon("coin", iconWord("coin")), " ", p.shields,
        icon("shield", iconWord("shield")), " ", said.stats || "",
        p.chosen || chosen ? el("span", { class: "has-chosen" }, "✓ " + (W.has_chosen || "")) : null));
    if (full) {
      box.append(el("ol", { class: "stages" }, stages.map((s, i) =>
        el("li", { class: i < p.stages ? "built" : "" }, iconize(s)))));
      box.append(...byColour(p.buildings));
      if (p.leaders && p.leaders.length) box.append(line(W.leaders, { leaders: chips(p.leaders, "white") }, { class: "row" }));
    } else {
      box.append(el("div", {}, said.cards || ""));
    }
    return box;
  },
  board(view, msg) {
    const W = words(msg);
    // 2 players: the Free City is the third city of the ring (seat 2: player 0 on its left)
    const cities = view.free_city ? [...view.players, view.free_city] : view.players;
    const n = cities.length;
    const me = view.seat === null || view.seat === undefined ? null : view.seat;
    const wrap = el("div", { class: "cities" });
    const finished = msg.status === "finished";
    const near = me === null ? [] : [(me + 1) % n, (me + n - 1) % n];
    if (view.hand && view.hand.length && me !== null) {
      wrap.append(el("div", { class: "hand", id: "hand" }, el("h3", {}, W.hand || ""),
        view.hand.map((c) => chip(c, window.cardInfo(c).color,
          window.cardText(c) + " — " + fill(W.cost || "", { cost: window.cardInfo(c).cost || "" })))));
    }
    if (view.teammate_hand && view.teammate_hand.length) {
      wrap.append(el("div", { class: "hand" }, el("h3", {}, W.teammate_hand || ""), chips(view.teammate_hand)));
    }
    const seats = cities.map((p) => p.seat);
    const order = me === null ? seats : [me, ...near.filter((s) => s !== me), ...seats.filter((s) => s !== me && !near.includes(s))];
    for (const s of order) {
      wrap.append(this.city(cities[s], W, finished || me === null || s === me || near.includes(s), (msg.chosen || []).includes(s)));
    }
    return wrap;
  },
};

// ---------------- 7 Wonders Duel ----------------
const DUEL_ROWS = { 1: [2, 3, 4, 5, 6], 2: [6, 5, 4, 3, 2], 3: [2, 3, 4, 2, 4, 3, 2] };
window.GAMES.duel = {
  isSpecial: (legal) => legal.some((a) => !["build", "sell", "wonder"].includes(a.kind)),
  head(view, msg) {
    return el("div", {}, words(msg).head || "");
  },
  // the conflict track: seat 0's capital at the left end, seat 1's at the right; the pawn,
  // and the military tokens still on the board (2 or 5 coins) on the space that triggers them
  track(view, W) {
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
      const title = capital ? window.who(i < 0 ? 0 : 1) : (coins ? (W.coins || {})[coins] : null);
      cells.push(el("span", { class: cls, title }, text));
    }
    return el("div", { class: "track", id: "military", title: W.pawn || null },
      el("span", { class: "side" }, window.who(0)),
      el("span", { class: "cells", role: "img", "aria-label": W.pawn || null }, cells),
      el("span", { class: "side" }, window.who(1)));
  },
  structure(view, W) {
    const rows = DUEL_ROWS[view.age] || [view.structure.length];
    const box = el("div", { class: "structure", id: "structure" }, el("h3", {}, W.structure || ""));
    let i = 0;
    for (const n of rows) {
      const row = el("div", { class: "srow" });
      for (let k = 0; k < n && i < view.structure.length; k++, i++) {
        const c = view.structure[i];
        if (c.taken) row.append(el("span", { class: "slot empty" }, ""));
        else if (!c.face_up) row.append(el("span", { class: "slot down", title: W.face_down || null, "aria-label": W.face_down || null }, ""));
        else row.append(el("span", { class: "slot" + (c.accessible ? " open" : ""), title: window.cardText(c.card) }, chip(c.card, window.cardInfo(c.card).color)));
      }
      box.append(row);
    }
    return box;
  },
  board(view, msg) {
    const W = words(msg);
    const wrap = el("div", { class: "cities" });
    wrap.append(this.track(view, W));
    if (view.offer && view.offer.length) wrap.append(line(W.offer, { names: chips(view.offer, "wonder") }));
    wrap.append(line(W.board_tokens, { tokens: chips(view.board_tokens, "token") }));
    if (view.structure.some((c) => !c.taken)) wrap.append(this.structure(view, W));
    for (const p of view.players) {
      const said = (W.players || {})[p.seat] || {};
      wrap.append(el("div", { class: "city", "data-seat": p.seat },
        el("h4", {}, window.who(p.seat)),
        el("div", { class: "stats" }, p.coins, icon("coin", iconWord("coin")), " ", p.points, icon("vp", iconWord("vp"))),
        line(W.wonders, { wonders: p.wonders.map((w) => chip(w, p.built[w] ? "wonder built" : "wonder", window.cardText(w),
          window.cardName(w) + (p.built[w] ? " ✓" : ""))) }, { class: "row" }),
        line(W.tokens, { tokens: chips(p.tokens, "token") }, { class: "row" }),
        el("div", { class: "stats" }, icon("science", iconWord("science")), " ", said.science || ""),
        ...byColour(p.cards)));
    }
    if (view.discard.length) wrap.append(line(W.discard, { cards: chips(view.discard) }));
    return wrap;
  },
};

// ---------------- 7 Wonders Architects ----------------
window.GAMES.architects = {
  // taking from a deck: what lies on top of it (the central deck's top is seen by the cat's
  // holder only: the view has it then)
  groupInfo(actions, view, msg) {
    const a = actions[0];
    if (a.kind !== "take") return null;
    const W = words(msg);
    const deck = view.decks.find((d) => d.deck === a.deck) || view.central;
    const id = deck === view.central ? W.central : deck.deck;
    const called = ((W.decks || {})[id] || {}).name || "";
    if (!deck.top) return { title: fill(W.card_on_top || "", { deck: called, card: W.face_down || "" }), text: "" };
    const top = window.cardInfo(deck.top);
    return { title: fill(W.card_on_top || "", { deck: called, card: window.cardName(deck.top) }), text: top.text || "", color: top.color };
  },
  isSpecial: (legal) => legal.some((a) => !["take"].includes(a.kind)),
  head(view, msg) {
    return el("div", {}, words(msg).head || "");
  },
  deck(id, top, W, attrs) {
    const said = (W.decks || {})[id] || {};
    return line(said.line, {
      top: top ? chip(top, window.cardInfo(top).color, window.cardText(top)) : W.face_down || "",
    }, attrs);
  },
  board(view, msg) {
    const W = words(msg);
    const wrap = el("div", { class: "cities" });
    wrap.append(el("div", { class: "decks", id: "decks" }, el("h3", {}, W.decks_title || ""),
      view.decks.map((d) => this.deck(d.deck, d.top, W, { class: "deck" })),
      this.deck(W.central, view.central.top, W, { class: "deck", id: "central" })));
    wrap.append(line(W.offer, { tokens: chips(view.tokens.face_up, "token") }));
    for (const p of view.players) {
      const info = window.cardInfo(p.wonder);
      const stages = info.stages || [];
      const said = (W.players || {})[p.seat] || {};
      wrap.append(el("div", { class: "city", "data-seat": p.seat },
        cityTitle(p.wonder, said.title || ""),
        el("div", { class: "stats" }, p.shields, icon("shield", iconWord("shield")), " ", said.tokens || ""),
        el("ol", { class: "stages" }, stages.map((s, i) => el("li", { class: p.stages.includes(i + 1) ? "built" : "" }, iconize(s)))),
        el("div", { class: "row" }, Object.entries(p.cards).map(([k, n]) =>
          chip(k, window.cardInfo(k).color, window.cardText(k), window.cardName(k) + " ×" + n))),
        line(W.tokens, { tokens: chips(p.progress, "token") }, { class: "row" })));
    }
    return wrap;
  },
};
