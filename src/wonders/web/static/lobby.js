// The lobby: the create-a-table form and the live lists of tables (WebSocket /ws/lobby).
// A person's seat is invited (only its link reaches it) or open (the first Join takes it);
// the creator sits at the seat they choose and is taken straight to it.
// The visitor is a player (players.py: the server's cookie): the name field is their name,
// kept by the server; "Move to another device" makes a one-time link (/#move=CODE, the code
// in the fragment never reaches the server's logs), which this page, opened with it, uses.
"use strict";
const forms = window.FORMS;
const nameBox = document.getElementById("my-name");
const NAME_KEY = "wonders:name";
let me = document.getElementById("you").dataset.player || null;
let savedName = nameBox.value.trim();

// one of the players' phrases (players.WORDS) in the visitor's language
function pw(phrase, fields) {
  return fill((window.PLAYER_WORDS && window.PLAYER_WORDS[phrase]) || phrase, fields);
}

function myName() {
  const name = nameBox.value.trim();
  try { localStorage.setItem(NAME_KEY, name); } catch (e) { /* private mode: not kept */ }
  return name;
}

// the player's name, kept by the server (once for each change)
// (the first name given makes this browser a player: the server's cookie comes with it)
async function saveName() {
  const name = myName();
  if (name === savedName) return;
  const res = await fetch("/api/players/me/name", { method: "POST", headers: JSON_TYPE, body: JSON.stringify({ name: name || null }) });
  const err = document.getElementById("you-error");
  const data = await res.json();
  if (!res.ok) { err.textContent = data.error; return; }
  savedName = name;
  err.textContent = "";
  if (!me) showPlayer(data.id);
}

// this browser's player's links, once it is one
function showPlayer(id) {
  me = id;
  document.getElementById("you").dataset.player = id;
  const page = el("a", { href: "/players/" + encodeURIComponent(id), id: "my-page" }, pw("Your games and ratings"));
  const move = el("button", { type: "button", id: "move-button" }, pw("Move to another device"));
  move.addEventListener("click", makeMoveLink);
  document.getElementById("you-error").before(page, " ", move);
}

async function makeMoveLink() {
  const res = await fetch("/api/players/me/move", { method: "POST", headers: JSON_TYPE, body: "{}" });
  const data = await res.json();
  const err = document.getElementById("you-error");
  if (!res.ok) { err.textContent = data.error; return; }
  err.textContent = "";
  const link = location.origin + data.link;
  const box = el("input", { id: "move-url", readonly: true, value: link, size: 40, "aria-label": pw("Move to another device") });
  box.addEventListener("focus", () => box.select());
  document.getElementById("move-link").replaceChildren(
    el("p", {}, pw("Open this link on your other device within {minutes} minutes. It works once, and whoever opens it plays as you: send it only to yourself.", { minutes: data.minutes })),
    box);
}

// this page was opened with a link to move a player here: asked, then used
function offerMove() {
  const m = /^#move=([\w-]+)$/.exec(location.hash);
  if (!m) return;
  const code = m[1];
  history.replaceState(null, "", location.pathname + location.search);  // not kept in the address bar
  document.getElementById("moving").hidden = false;
  document.getElementById("move-here").addEventListener("click", async () => {
    const res = await fetch("/api/players/move", { method: "POST", headers: JSON_TYPE, body: JSON.stringify({ code }) });
    const data = await res.json();
    if (!res.ok) { document.getElementById("move-error").textContent = data.error; return; }
    try { localStorage.setItem(NAME_KEY, data.name || ""); } catch (e) { /* not kept */ }
    location.reload();
  });
}

// the seat the creator sits at: the checked one, else the first person's seat (null: none)
function fixCreatorSeat() {
  const radios = [...document.querySelectorAll("#seat-list input[name=creator]")];
  for (const r of radios) r.disabled = document.getElementById("seat" + r.value).value.startsWith("bot:");
  const checked = radios.find((r) => r.checked && !r.disabled);
  if (!checked) {
    for (const r of radios) r.checked = false;
    const first = radios.find((r) => !r.disabled);
    if (first) first.checked = true;
  }
}

// a bot of the menu (a level) with the thinking time a move to expect, in the server's words
function menuName(bot) {
  return (window.STRINGS && window.STRINGS["menu:" + bot]) || t("Bot: {name}", { name: botName(bot) });
}

function seatRows() {
  const game = document.getElementById("game").value;
  let players = Number(document.getElementById("players").value) || forms[game].default;
  const [lo, hi] = forms[game].players;
  players = Math.min(hi, Math.max(lo, players));
  const box = document.getElementById("seat-list");
  const old = [...box.querySelectorAll("select")].map((s) => s.value);
  const mine = box.querySelector("input[name=creator]:checked");
  box.replaceChildren();
  // the menu's bots that play this game at this count (the learned bot at a few)
  const offered = forms.bots.filter((b) => forms[game].menu[b].includes(players));
  for (let i = 0; i < players; i++) {
    const sel = el("select", { name: "seat" + i, id: "seat" + i, onchange: fixCreatorSeat },
      el("option", { value: "invited" }, t("Invited friend (only their link)")),
      el("option", { value: "open" }, t("Open seat (anyone in the lobby)")),
      offered.map((b) => el("option", { value: "bot:" + b }, menuName(b))));
    sel.value = old[i] || (i === 0 ? "invited" : "bot:medium");
    if (!sel.value) sel.value = "bot:medium"; // a bot no longer offered at this count
    const me = el("input", { type: "radio", name: "creator", id: "me" + i, value: i,
      checked: mine ? Number(mine.value) === i : false });
    box.append(el("div", { class: "seat", "data-seat": i },
      el("label", { for: "seat" + i }, t("Seat {n}", { n: i + 1 })), " ", sel, " ",
      el("label", {}, me, " ", t("I sit here"))));
  }
  fixCreatorSeat();
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
  const mine = document.querySelector("#seat-list input[name=creator]:checked");
  const creator = mine ? Number(mine.value) : null;
  await saveName();
  const name = myName();
  const seats = [...document.querySelectorAll("#seat-list select")].map((s, i) => {
    if (s.value.startsWith("bot:")) return { kind: "bot", bot: s.value.slice(4) };
    const seat = { kind: "human", access: s.value };
    if (i === creator && name) seat.name = name;
    return seat;
  });
  const body = { game: document.getElementById("game").value, options: options(), seats, creator_seat: creator };
  const clock = document.getElementById("clock").value;
  if (clock) body.clock = Number(clock);
  const res = await fetch("/api/tables", { method: "POST", headers: JSON_TYPE, body: JSON.stringify(body) });
  const data = await res.json();
  const err = document.getElementById("create-error");
  if (!res.ok) { err.textContent = data.error; return; }
  err.textContent = "";
  if (data.creator) {  // to the creator's seat: its page shows them the links to send
    rememberLinks(data);
    location.href = data.creator.link;
    return;
  }
  const base = location.origin;  // nobody's seat is the creator's: the links are shown here
  document.getElementById("created").replaceChildren(
    el("p", {}, nodes(t("Spectator link: {link}"), { link: el("a", { href: data.watch, id: "watch-link" }, base + data.watch) })),
    el("p", {}, nodes(t("Manage link (keep it: it seats a bot for an absent player): {link}"),
      { link: el("a", { href: data.manage, id: "manage-link" }, base + data.manage) })));
}

function seatWords(s) {
  if (s.kind === "bot" || s.claimed) return s.name;
  return s.access === "open" ? t("free seat") : t("{name} (invited)", { name: s.name });
}

async function join(table) {
  await saveName();
  const name = myName();
  const res = await fetch("/api/tables/" + table.id + "/join",
    { method: "POST", headers: JSON_TYPE, body: JSON.stringify(name ? { name } : {}) });
  const data = await res.json();
  if (res.ok) location.href = data.link;
  else document.getElementById("lobby-error").textContent = data.error;
}

function entry(table, kind) {
  const seats = table.seats.map(seatWords).join(", ");
  const game = el("b", {}, (forms[table.game] || {}).label || table.game);
  const said = table.about ? nodes(t("{game} ({options}): {seats}"), { game, options: table.about, seats })
    : nodes(t("{game}: {seats}"), { game, seats });
  const li = el("li", { "data-table": table.id }, said, " ", el("a", { href: "/watch/" + table.id }, t("Watch")));
  if (kind === "finished") li.append(" ", el("a", { href: "/replay/" + table.id, class: "replay" }, t("Replay")));
  if (kind === "open" && table.joinable) li.append(" ", el("button", { class: "join", onclick: () => join(table) }, t("Join")));
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

if (!nameBox.value) {  // no name kept by the server yet: the one this browser remembers
  try { nameBox.value = localStorage.getItem(NAME_KEY) || ""; } catch (e) { /* not kept */ }
}
nameBox.addEventListener("change", saveName);
const moveButton = document.getElementById("move-button");
if (moveButton) moveButton.addEventListener("click", makeMoveLink);
offerMove();
document.getElementById("game").addEventListener("change", showGameOptions);
document.getElementById("players").addEventListener("change", seatRows);
document.getElementById("create-form").addEventListener("submit", create);
showGameOptions();
connectLobby();
