// The table page: one WebSocket per seat (or spectator), redrawn from each state message
// (view(seat), its legal actions, who has chosen, the log, the result). Nothing else is known
// here: the page never sees another seat's hidden cards.
"use strict";
const T = window.TABLE;
const G = window.GAMES[T.game];
let socket = null;
let last = null;
let texts = {};
let retry = 500;

function who(seat) {
  if (seat === null || seat === undefined) return "";
  if (seat === T.seat) return t("you");
  const s = last && last.seats[seat];
  return s ? s.name : t("player") + " " + (seat + 1);
}
window.who = who;
window.cardText = (name) => (texts[name] && texts[name].text) || "";
window.cardInfo = (name) => texts[name] || {};
// an action's words from the server (through gettext), for the decisions a game's script
// does not word itself
window.actionLabel = (a) => {
  const i = last ? last.legal.findIndex((b) => sameAction(a, b)) : -1;
  return i >= 0 && last.labels ? last.labels[i] : "";
};

function connect() {
  const path = T.seat === null ? "/ws/watch/" + T.table : "/ws/play/" + T.token;
  socket = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + path);
  socket.onopen = () => { retry = 500; document.getElementById("status").textContent = t("Connected"); };
  socket.onmessage = (m) => {
    const msg = JSON.parse(m.data);
    if (msg.type === "state") { last = msg; render(msg); }
    else if (msg.type === "error") showError(msg.error);
    else if (msg.type === "ack") showError("");
  };
  socket.onclose = () => {
    document.getElementById("status").textContent = t("Reconnecting...");
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  };
}

function showError(text) {
  let box = document.getElementById("error");
  if (!box) {
    box = el("p", { id: "error", class: "error" });
    document.getElementById("decision").before(box);
  }
  box.textContent = text;
}

function send(action) {
  socket.send(JSON.stringify({ type: "act", action }));
}

function confirmAction(action) {
  const dialog = document.getElementById("confirm");
  document.getElementById("confirm-text").textContent = window.actionLabel(action);
  dialog.returnValue = "";
  const ok = document.getElementById("confirm-ok");
  const cancel = document.getElementById("confirm-cancel");
  ok.onclick = () => { dialog.close(); send(action); };
  cancel.onclick = () => dialog.close();
  dialog.showModal();
}

function groupKey(a) {
  for (const k of ["card", "wonder", "token", "deck"]) if (a[k] !== undefined) return String(a[k]);
  if (a.stage !== undefined) return t("Wonder stage") + " " + a.stage;
  return "";
}

function sameAction(a, b) {
  return b && JSON.stringify(a) === JSON.stringify(b);
}

function renderDecision(msg) {
  const box = document.getElementById("decision");
  box.replaceChildren();
  box.className = "";
  if (msg.status === "finished" || msg.seat === null) return;
  const standIn = msg.seats[msg.seat].stand_in;
  if (standIn) {
    box.append(el("p", { class: "dialog", id: "stand-in" }, t("A bot plays your seat while you are away") + " (" + standIn + ") ",
      el("button", { id: "take-back", onclick: () => fetch("/api/play/" + T.token + "/back", { method: "POST" }) }, t("Take my seat back"))));
    return;
  }
  if (msg.clock) box.append(el("p", { class: "clock" }, t("Turn clock") + ": " + msg.clock + " " + t("seconds")));
  if (!msg.legal.length) {
    box.append(el("p", { class: "waiting" }, t("Nothing to do: waiting for the others")));
    return;
  }
  const special = G.isSpecial(msg.legal, msg.view);
  box.className = special ? "dialog" : "";
  // the decision and every choice in the server's words (the game's presentation module)
  box.append(el("h3", { id: "decision-title" }, msg.decision.title));
  if (msg.decision.prompt) box.append(el("p", { id: "decision-prompt" }, msg.decision.prompt));
  for (const note of msg.notes || []) box.append(el("p", { class: "why-not" }, note));
  if (msg.my_choice) {
    box.append(el("p", { id: "my-choice", class: "chosen" }, t("Your choice") + ": " +
      window.actionLabel(msg.my_choice) + " — " + t("Change your choice")));
  }
  const groups = new Map();
  for (const a of msg.legal) {
    const key = groupKey(a);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(a);
  }
  const list = el("div", { class: "choices" });
  for (const [key, actions] of groups) {
    const info = (G.groupInfo && G.groupInfo(actions, msg.view)) || texts[key] || {};
    const card = el("div", { class: "choice card " + (info.color || ""), title: info.text || "" },
      el("div", { class: "name" }, info.title || (key ? G.nameOf(key) : "")),
      info.cost ? el("div", { class: "cost" }, t("Cost") + ": ", iconize(info.cost)) : null,
      info.text ? el("div", { class: "text" }, iconize(info.text)) : null,
      msg.why_not && msg.why_not[key] ? el("div", { class: "why-not" }, msg.why_not[key]) : null);
    for (const a of actions) {
      card.append(el("button", {
        class: "act" + (sameAction(a, msg.my_choice) ? " selected" : ""),
        "data-action": JSON.stringify(a),
        onclick: () => confirmAction(a),
      }, window.actionLabel(a)));
    }
    list.append(card);
  }
  box.append(list);
}

function renderSeats(msg) {
  const box = document.getElementById("seats");
  box.replaceChildren(el("h3", {}, t("Seats")));
  const ul = el("ul", {});
  for (const s of msg.seats) {
    let state = "";
    if (msg.to_move.includes(s.seat)) state = msg.chosen.includes(s.seat) ? t("has chosen") : t("to choose");
    let name = s.kind === "bot" ? s.name : (s.claimed ? s.name : s.name + " (" + t("waiting for a player") + ")");
    if (s.stand_in) name += " [" + t("A bot plays this seat") + ": " + s.stand_in + "]";
    ul.append(el("li", { "data-seat": s.seat, class: state ? "owing" : "" },
      (s.seat === msg.seat ? "▶ " : "") + (s.seat + 1) + ". " + name + (state ? " — " + state : "")));
  }
  box.append(ul);
}

function renderScores(msg) {
  const box = document.getElementById("scores");
  box.replaceChildren();
  if (!msg.result) return;
  const players = msg.result.players;
  const cats = Object.keys(players[0].breakdown);
  const best = Math.max(1, ...players.map((p) => p.total));
  box.append(el("h2", { id: "game-over" }, t("Final scores")),
    el("p", { id: "outcome" }, msg.outcome || ""),
    el("p", {}, el("a", { href: "/replay/" + T.table, id: "replay-link" }, t("Replay"))));
  box.append(el("div", { class: "score-tables" }, el("table", { class: "score" },
    el("tr", {}, el("th", {}, ""), players.map((p) => el("th", {}, who(p.seat)))),
    cats.map((c) => el("tr", {}, el("td", {}, c), players.map((p) => el("td", {}, p.breakdown[c])))),
    el("tr", { class: "total" }, el("td", {}, t("Total")), players.map((p) => el("td", {}, p.total))),
    el("tr", {}, el("td", {}, t("Rank")), players.map((p) => el("td", {}, p.rank)))),
    teamTable(msg.teams, who)));
  box.append(el("div", { class: "chart" }, players.map((p) =>
    el("div", { class: "bar-row" }, el("span", {}, who(p.seat)),
      el("span", { class: "bar", style: "width:" + (70 * p.total / best) + "%" }, p.total)))));
}

function render(msg) {
  const head = document.getElementById("head");
  head.replaceChildren(G.head(msg.view, msg));
  if (msg.status === "finished") head.prepend(el("strong", { class: "over" }, t("Game over") + ". "));
  renderDecision(msg);
  const board = document.getElementById("board");
  board.replaceChildren(G.board(msg.view, msg));
  renderScores(msg);
  renderSeats(msg);
  document.getElementById("log").replaceChildren(...msg.log.map((l) => el("li", {}, l)));
  const logBox = document.getElementById("log");
  logBox.scrollTop = logBox.scrollHeight;
}

fetch("/api/texts/" + T.game).then((r) => r.json()).then((d) => { texts = d; if (last) render(last); });
connect();
