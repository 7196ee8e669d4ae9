// The lobby: the create-a-table form and the live lists of tables (WebSocket /ws/lobby).
"use strict";
const forms = window.FORMS;

function seatRows() {
  const game = document.getElementById("game").value;
  let players = Number(document.getElementById("players").value) || forms[game].default;
  const [lo, hi] = forms[game].players;
  players = Math.min(hi, Math.max(lo, players));
  const box = document.getElementById("seat-list");
  const old = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren();
  for (let i = 0; i < players; i++) {
    const sel = el("select", { name: "seat" + i, id: "seat" + i },
      el("option", { value: "human" }, t("Human")),
      forms.bots.map((b) => el("option", { value: "bot:" + b }, t("Bot") + ": " + b)));
    sel.value = old[i] || (i === 0 ? "human" : "bot:greedy");
    box.append(el("label", { class: "seat" }, t("Seat") + " " + (i + 1) + " ", sel));
  }
}

// the setup options of the game chosen, from the options its registry entry takes
function options() {
  const game = document.getElementById("game").value;
  const form = forms[game];
  const takes = (flag) => form.flags.includes(flag);
  const opts = {};
  if (form.players[0] !== form.players[1]) opts.players = Number(document.getElementById("players").value);
  if (takes("sides")) opts.sides = document.getElementById("sides").value;
  if (takes("expansions")) {
    const exp = [];
    if (document.getElementById("exp-leaders").checked) exp.push("leaders");
    if (document.getElementById("exp-cities").checked) exp.push("cities");
    if (exp.length) opts.expansions = exp;
  }
  if (takes("teams") && document.getElementById("teams").checked) opts.teams = true;
  if (takes("first_game") && document.getElementById("first-game").checked) opts.first_game = true;
  return opts;
}

function showGameOptions() {
  const game = document.getElementById("game").value;
  const form = forms[game];
  for (const span of document.querySelectorAll(".opt")) span.hidden = !form.flags.includes(span.dataset.flag);
  const input = document.getElementById("players");
  input.min = form.players[0];
  input.max = form.players[1];
  if (form.players[0] === form.players[1]) input.value = form.players[0];
  seatRows();
}

async function create(event) {
  event.preventDefault();
  const seats = [...document.querySelectorAll("#seat-list select")].map((s) =>
    s.value === "human" ? { kind: "human" } : { kind: "bot", bot: s.value.slice(4) });
  const body = { game: document.getElementById("game").value, options: options(), seats };
  const clock = document.getElementById("clock").value;
  if (clock) body.clock = Number(clock);
  const res = await fetch("/api/tables", { method: "POST", body: JSON.stringify(body) });
  const data = await res.json();
  const err = document.getElementById("create-error");
  const out = document.getElementById("created");
  if (!res.ok) { err.textContent = data.error; return; }
  err.textContent = "";
  const base = location.origin;
  out.replaceChildren(
    el("h3", {}, t("Invite links")),
    el("ul", { id: "invites" }, data.seats.map((s) =>
      el("li", {}, t("Seat") + " " + (s.seat + 1) + ": ",
        el("a", { href: s.link, class: "invite", "data-seat": s.seat }, base + s.link)))),
    el("p", {}, t("Spectator link") + ": ", el("a", { href: data.watch, id: "watch-link" }, base + data.watch)),
    el("p", {}, t("Manage link (keep it: it seats a bot for an absent player)") + ": ",
      el("a", { href: data.manage, id: "manage-link" }, base + data.manage)));
}

function entry(table, kind) {
  const names = table.seats.map((s) => s.kind === "bot" ? s.name : (s.claimed ? s.name : "…")).join(", ");
  const label = (forms[table.game] || {}).label || table.game;
  const opts = Object.entries(table.options).map(([k, v]) => k + " " + v).join(", ");
  const li = el("li", { "data-table": table.id }, el("b", {}, label), " (" + opts + ") ", names, " ",
    el("a", { href: "/watch/" + table.id }, t("Watch")));
  if (kind === "finished") li.append(" ", el("a", { href: "/replay/" + table.id, class: "replay" }, t("Replay")));
  if (kind === "open") {
    li.append(" ", el("button", { class: "join", onclick: async () => {
      const res = await fetch("/api/tables/" + table.id + "/join", { method: "POST" });
      const data = await res.json();
      if (res.ok) location.href = data.link; else alert(data.error);
    } }, t("Join")));
  }
  return li;
}

function showTables(data) {
  for (const kind of ["open", "playing", "finished"]) {
    document.getElementById(kind).replaceChildren(...data[kind].map((tb) => entry(tb, kind)));
  }
}

function connectLobby() {
  const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws/lobby");
  ws.onmessage = (m) => { const d = JSON.parse(m.data); if (d.type === "lobby") showTables(d); };
  ws.onclose = () => setTimeout(connectLobby, 2000);
}

document.getElementById("game").addEventListener("change", showGameOptions);
document.getElementById("players").addEventListener("change", seatRows);
document.getElementById("create-form").addEventListener("submit", create);
showGameOptions();
connectLobby();
