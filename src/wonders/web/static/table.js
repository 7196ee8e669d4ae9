// The table page: one WebSocket per seat (or spectator), redrawn from each state message
// (view(seat), its legal actions, who has chosen, the log, the result). Nothing else is known
// here: the page never sees another seat's hidden cards.
"use strict";
const T = window.TABLE;
const G = window.GAMES[T.game];
let socket = null;
let last = null;
let texts = {};
let textsReady = false;  // the page is drawn once the names and texts of its language came
let retry = 500;

function who(seat) {
  if (seat === null || seat === undefined) return "";
  if (seat === T.seat) return t("you");
  const s = last && last.seats[seat];
  return s ? s.name : t("Player {n}", { n: seat + 1 });
}
window.who = who;
window.cardText = (name) => (texts[name] && texts[name].text) || "";
window.cardInfo = (name) => texts[name] || {};
window.cardName = (name) => (texts[name] && texts[name].name) || name;
// an action's words from the server (through gettext), for the decisions a game's script
// does not word itself
window.actionLabel = (a) => {
  const i = last ? last.legal.findIndex((b) => sameAction(a, b)) : -1;
  return i >= 0 && last.labels ? last.labels[i] : "";
};

// ---- the connection: always shown, never losing a choice ----
// conn: "connecting" (first time), "connected", "reconnecting" (the socket closed: trying
// again), "offline" (the browser has no network: trying again when it is back).
// outbox: the seat's latest choice and what became of it: "queued" (not connected: sent once
// the connection is back, if it still applies), "sent" (waiting for the server's answer),
// "unconfirmed" (the connection dropped before the answer), "accepted", "refused".
const TIMING = Object.assign({ ackWait: 10000, pingEvery: 20000, pingWait: 10000 },
  window.WONDERS_TIMING || {});  // (tests shorten these)
const NONCE = Math.random().toString(36).slice(2, 10);
let conn = "connecting";
let outbox = null;
let sent = 0;
let retryTimer = null;
let heard = 0;  // when the server was last heard (ms, this page's clock)
let pinged = 0;  // when the unanswered ping went (0: none out)
let clockEnd = null;  // when this seat's turn clock runs out (ms, this page's clock)

function setConn(state) {
  conn = state;
  const box = document.getElementById("status");
  box.dataset.state = state;
  box.textContent = {
    connecting: t("Connecting..."),
    connected: t("Connected"),
    reconnecting: t("Reconnecting..."),
    offline: t("Offline: waiting for the network"),
  }[state];
  document.body.classList.toggle("disconnected", state !== "connected");
  renderOutbox();
}

function connect() {
  clearTimeout(retryTimer);
  if (!navigator.onLine) { setConn("offline"); return; }
  if (conn === "offline") setConn("reconnecting");
  const path = T.seat === null ? "/ws/watch/" + T.table : "/ws/play/" + T.token;
  const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + path);
  socket = ws;
  ws.onopen = () => {
    if (socket !== ws) return;
    retry = 500;
    heard = Date.now();
    pinged = 0;
    setConn("connected");  // a queued choice waits for the fresh state the server sends first
  };
  ws.onmessage = (m) => {
    if (socket !== ws) return;
    heard = Date.now();
    pinged = 0;
    receive(JSON.parse(m.data));
  };
  ws.onclose = () => { if (socket === ws) dropped(); };
}

function dropped() {
  socket = null;
  if (outbox && outbox.status === "sent") outbox.status = "unconfirmed";
  if (!navigator.onLine) { setConn("offline"); return; }
  setConn("reconnecting");
  retryTimer = setTimeout(connect, retry);
  retry = Math.min(retry * 2, 8000);
}

// the connection is taken for dead (no network, no answer): drop it and start again
function cut() {
  const ws = socket;
  if (!ws) return;
  socket = null;
  ws.onclose = null;
  ws.close();
  dropped();
}

window.addEventListener("offline", () => {
  if (socket) cut();
  else { clearTimeout(retryTimer); setConn("offline"); }
});
window.addEventListener("online", () => { if (!socket) { retry = 500; connect(); } });

// a connection that says nothing (a sleeping laptop, a changed network) is pinged, then cut;
// a choice the server does not answer in time is checked again on a new connection
setInterval(() => {
  if (conn !== "connected" || !socket) return;
  const now = Date.now();
  if (outbox && outbox.status === "sent" && now - outbox.sentAt > TIMING.ackWait) cut();
  else if (pinged && now - pinged > TIMING.pingWait) cut();
  else if (!pinged && now - heard > TIMING.pingEvery) {
    pinged = now;
    socket.send(JSON.stringify({ type: "ping" }));
  }
}, 250);

// ---- your turn, told while you look elsewhere: the tab's title, a sound, a notification ----
const BASE_TITLE = document.title;
const SOUND_KEY = "wonders-sound";  // localStorage: "on" when the player asked for a sound
let wasMyTurn = false;

function myTurn(msg) {
  return msg.seat !== null && msg.status !== "finished" && msg.legal.length > 0
    && !msg.my_choice && !msg.seats[msg.seat].stand_in;
}

function soundOn() {
  try { return localStorage.getItem(SOUND_KEY) === "on"; } catch (e) { return false; }
}

// a short tone made in the page (no sound file to fetch)
function chime() {
  try {
    const ctx = new (window.AudioContext || window.webkitAudioContext)();
    const tone = ctx.createOscillator();
    const volume = ctx.createGain();
    tone.frequency.value = 660;
    volume.gain.value = 0.08;
    tone.connect(volume).connect(ctx.destination);
    tone.onended = () => ctx.close();
    tone.start();
    tone.stop(ctx.currentTime + 0.18);
  } catch (e) { /* no sound in this browser */ }
}

// the title says it while it is your turn; a sound and a notification (if asked for) when
// it becomes your turn, the notification only while the page is out of sight
function attend(msg) {
  const now = myTurn(msg);
  document.title = now ? t("Your turn: {title}", { title: BASE_TITLE }) : BASE_TITLE;
  if (now && !wasMyTurn) {
    if (soundOn()) chime();
    if (document.hidden && "Notification" in window && Notification.permission === "granted") {
      const note = new Notification(t("Your turn: {title}", { title: BASE_TITLE }), { tag: "wonders-" + T.table });
      note.onclick = () => { window.focus(); note.close(); };
    }
  }
  wasMyTurn = now;
}

function notifyState(box) {
  const allowed = "Notification" in window ? Notification.permission : "denied";
  if (allowed === "granted") box.replaceChildren(t("Notifications are on"));
  else if (allowed === "denied") box.replaceChildren(t("Notifications are blocked by the browser"));
  else {
    box.replaceChildren(el("button", { id: "notify", onclick: () => {
      Notification.requestPermission().then(() => notifyState(box));
    } }, t("Notify me on my turn")));
  }
}

// a player's controls for being told (a spectator has no turn)
function attentionControls() {
  if (T.seat === null) return;
  const sound = el("input", { type: "checkbox", id: "sound", onchange: () => {
    try { localStorage.setItem(SOUND_KEY, sound.checked ? "on" : "off"); } catch (e) { /* private mode */ }
    if (sound.checked) chime();  // what it will sound like (and the browser allows sound from now)
  } });
  sound.checked = soundOn();
  const notify = el("span", { id: "notify-state" });
  notifyState(notify);
  document.getElementById("notices").prepend(
    el("p", { id: "attention" }, el("label", {}, sound, " ", t("Sound on your turn")), " ", notify));
}

function receive(msg) {
  if (msg.type === "state") {
    last = msg;
    attend(msg);
    clockEnd = msg.clock_left === null || msg.clock_left === undefined ? null
      : performance.now() + msg.clock_left * 1000;  // the server's count: no clock skew
    if (textsReady) render(msg);
    settle(msg);
    if (msg.rematch && T.seat !== null && rematch.asked !== msg.rematch && !linkOf(msg.rematch)) {
      askRematch();  // the finished table has a rematch: this seat's own link at it
    }
  } else if (msg.type === "ack") {
    if (outbox && msg.id === outbox.id) { outbox.status = "accepted"; renderOutbox(); }
    showError("");
  } else if (msg.type === "chat") {
    heardChat(msg);
  } else if (msg.type === "rematch") {
    heardRematch(msg);
  } else if (msg.type === "error" && msg.about === "rematch") {
    if (rematch.asked === "new") rematch.asked = null;  // (a link asked for is not asked again)
    rematch.error = msg.error;
    if (last && textsReady) renderScores(last);
  } else if (msg.type === "error") {
    if (outbox && msg.id !== undefined && msg.id === outbox.id) {
      outbox.status = "refused";
      outbox.error = msg.error;
      renderOutbox();
    } else showError(msg.error);
  }
}

// a fresh state after (re)connecting: a waiting choice is sent once if it still applies to
// it (one of its legal actions; the server checks the version it was made on), a choice
// whose answer was lost is matched with what the server says it took
function settle(msg) {
  if (!outbox || conn !== "connected") return;
  const mine = sameAction(outbox.action, msg.my_choice);
  if (outbox.status === "unconfirmed" && (msg.acked === outbox.id || mine)) {
    outbox.status = "accepted";
  } else if (outbox.status === "queued" || outbox.status === "unconfirmed") {
    if (msg.legal.some((a) => sameAction(a, outbox.action))) transmit();
    else {
      outbox.stale = outbox.status === "queued" ? "queued" : "unconfirmed";
      outbox.status = "refused";
    }
  }
  renderOutbox();
}

function transmit() {
  socket.send(JSON.stringify({ type: "act", action: outbox.action, version: outbox.version, id: outbox.id }));
  outbox.status = "sent";
  outbox.sentAt = Date.now();
  renderOutbox();
}

// the seat's choice, made on the state message of ``version``
function choose(action, version) {
  sent += 1;
  outbox = { action, version, label: window.actionLabel(action), id: NONCE + "-" + sent, status: "queued" };
  if (conn === "connected" && socket) transmit();
  else { renderOutbox(); if (last && textsReady) renderDecision(last); }
}

function renderOutbox() {
  const box = document.getElementById("outbox");
  if (!box) return;
  box.replaceChildren();
  box.className = outbox ? outbox.status : "";
  if (!outbox) return;
  const said = (phrase) => t(phrase, { choice: outbox.label, why: outbox.error || "" });
  if (outbox.status === "queued") {
    box.append(said("Not connected: “{choice}” will be sent when the connection is back"), " ",
      el("button", { id: "outbox-cancel", onclick: () => {
        outbox = null;
        renderOutbox();
        if (last && textsReady) renderDecision(last);
      } }, t("Cancel")));
  } else if (outbox.status === "sent") box.append(said("Sent: “{choice}”. Waiting for the server..."));
  else if (outbox.status === "unconfirmed") {
    box.append(said("No answer yet about “{choice}”: it is checked when the connection is back"));
  } else if (outbox.status === "accepted") box.append(said("Accepted: “{choice}”"));
  else if (outbox.stale === "queued") {
    box.append(said("“{choice}” was not sent: the table has moved on since you chose. Choose again."));
  } else if (outbox.stale) box.append(said("No answer came about “{choice}”, and the table has moved on: see the log."));
  else box.append(said("“{choice}” was not accepted: {why}"));
}

// seconds as a clock shows them (1:05): no word to count
function clockTime(seconds) {
  const s = Math.max(0, Math.round(seconds));
  return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
}

// the turn clock's line, counted down between the server's messages
function tickClock() {
  const line = document.getElementById("clock");
  if (!line) return;
  if (clockEnd === null) {
    line.textContent = t("Turn clock: {time} for each decision", { time: clockTime(last.clock) });
    line.className = "clock";
    return;
  }
  const left = Math.max(0, Math.ceil((clockEnd - performance.now()) / 1000));
  line.className = "clock running" + (left <= 10 ? " urgent" : "");
  line.dataset.left = left;
  line.textContent = left > 0 ? t("Turn clock: {time} left", { time: clockTime(left) })
    : t("Time is up: a bot is choosing for you");
}
setInterval(tickClock, 250);

function showError(text) {
  let box = document.getElementById("error");
  if (!box) {
    box = el("p", { id: "error", class: "error" });
    document.getElementById("decision").before(box);
  }
  box.textContent = text;
}

function confirmAction(action, version) {
  const dialog = document.getElementById("confirm");
  document.getElementById("confirm-text").textContent = window.actionLabel(action);
  dialog.returnValue = "";
  const ok = document.getElementById("confirm-ok");
  const cancel = document.getElementById("confirm-cancel");
  ok.onclick = () => { dialog.close(); choose(action, version); };
  cancel.onclick = () => dialog.close();
  dialog.showModal();
}

// the actions are grouped by what they take (a card, a wonder, a token, a deck, a stage)
function groupKey(a) {
  for (const k of ["card", "wonder", "token", "deck"]) if (a[k] !== undefined) return String(a[k]);
  if (a.stage !== undefined) return "stage:" + a.stage;
  return "";
}

function groupTitle(key, msg) {
  if (key.startsWith("stage:")) return t("Wonder stage {n}", { n: key.slice(6) });
  const other = ((msg.board || {}).names || {})[key];  // an identifier that is no card
  return other || (key ? window.cardName(key) : "");
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
    const bot = msg.seats[msg.seat].stand_in_name || botName(standIn);
    box.append(el("p", { class: "dialog", id: "stand-in" }, t("A bot ({bot}) plays your seat while you are away.", { bot }), " ",
      el("button", { id: "take-back", onclick: () => fetch("/api/play/" + T.token + "/back", { method: "POST" }) }, t("Take my seat back"))));
    return;
  }
  if (msg.clock) { box.append(el("p", { class: "clock", id: "clock" })); tickClock(); }
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
    box.append(el("p", { id: "my-choice", class: "chosen" },
      t("Your choice: {choice}. You may change it until everyone has chosen.", { choice: window.actionLabel(msg.my_choice) })));
  }
  const groups = new Map();
  for (const a of msg.legal) {
    const key = groupKey(a);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(a);
  }
  const list = el("div", { class: "choices" });
  for (const [key, actions] of groups) {
    const info = (G.groupInfo && G.groupInfo(actions, msg.view, msg)) || texts[key] || {};
    const card = el("div", { class: "choice card " + (info.color || ""), title: info.text || "" },
      el("div", { class: "name" }, info.title || groupTitle(key, msg)),
      info.cost ? el("div", { class: "cost" }, nodes(t("Cost: {cost}"), { cost: iconize(info.cost) })) : null,
      info.text ? el("div", { class: "text" }, iconize(info.text)) : null,
      msg.why_not && msg.why_not[key] ? el("div", { class: "why-not" }, msg.why_not[key]) : null);
    for (const a of actions) {
      const queued = outbox && outbox.status === "queued" && sameAction(a, outbox.action);
      card.append(el("button", {
        class: "act" + (sameAction(a, msg.my_choice) ? " selected" : "") + (queued ? " queued" : ""),
        "data-action": JSON.stringify(a),
        onclick: () => confirmAction(a, msg.version),
      }, window.actionLabel(a)));
    }
    list.append(card);
  }
  box.append(list);
}

// ---- each city's score so far, counted by the server from what everyone sees ----
function runningScore(msg, seat) {
  const said = (msg.score_words || [])[seat];
  if (said === undefined) return null;
  return el("span", { class: "running", "data-seat": seat,
    title: t("The score so far: what each city would score if the game ended now, counting only what everyone can see") },
  "≈ ", iconize(said));
}

// beside each city's name on the board (the Free City has none)
function placeRunning(msg) {
  for (const city of document.querySelectorAll("#board .city[data-seat]")) {
    const badge = runningScore(msg, Number(city.dataset.seat));
    const title = city.querySelector("h4");
    if (badge && title) title.append(" ", badge);
  }
}

function renderSeats(msg) {
  const box = document.getElementById("seats");
  box.replaceChildren(el("h3", {}, t("Seats")));
  const ul = el("ul", {});
  for (const s of msg.seats) {
    const score = runningScore(msg, s.seat);
    let state = "";
    if (msg.to_move.includes(s.seat)) state = msg.chosen.includes(s.seat) ? t("has chosen") : t("to choose");
    let name = s.kind === "bot" || s.claimed ? s.name : t("{name} (waiting for a player)", { name: s.name });
    if (s.stand_in) name = t("{name} (a bot plays this seat: {bot})", { name, bot: s.stand_in_name || botName(s.stand_in) });
    ul.append(el("li", { "data-seat": s.seat, class: state ? "owing" : "" },
      (s.seat === msg.seat ? "▶ " : "") + (s.seat + 1) + ". " + name + (state ? " — " + state : ""),
      score ? [" ", score] : null,
      s.rating ? [" ", el("a", { class: "rating", href: "/players/" + encodeURIComponent(s.player),
        title: "μ " + s.rating.mu + " ± σ " + s.rating.sigma }, s.rating.text)] : null));  // players.py
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
    el("p", { class: "after" }, el("a", { href: "/replay/" + T.table, id: "replay-link" }, t("Replay")),
      " ", rematchControl(msg)));
  if (rematch.error) box.append(el("p", { class: "error", id: "rematch-error", role: "alert" }, rematch.error));
  box.append(el("div", { class: "score-tables" }, el("table", { class: "score" },
    el("tr", {}, el("th", {}, ""), players.map((p) => el("th", {}, who(p.seat)))),
    cats.map((c) => el("tr", { "data-category": c }, el("td", {}, (msg.categories || {})[c] || c),
      players.map((p) => el("td", {}, p.breakdown[c])))),
    el("tr", { class: "total" }, el("td", {}, t("Total")), players.map((p) => el("td", {}, p.total))),
    el("tr", {}, el("td", {}, t("Rank")), players.map((p) => el("td", {}, p.rank)))),
    teamTable(msg.teams, who)));
  box.append(el("div", { class: "chart" }, players.map((p) =>
    el("div", { class: "bar-row" }, el("span", {}, who(p.seat)),
      el("span", { class: "bar", style: "width:" + (70 * p.total / best) + "%" }, p.total)))));
}

// ---- the rematch: any player proposes it once the game is over; each player's page then
// asks for its own seat's link at it on its connection (a spectator's watches it) ----
const rematch = { links: {}, asked: null, error: "" };  // links: rematch table -> this seat's link

function linkOf(table) {
  return rematch.links[table] || null;
}

function askRematch() {
  rematch.error = "";
  rematch.asked = (last && last.rematch) || "new";
  if (socket && conn === "connected") {
    socket.send(JSON.stringify({ type: "rematch" }));
    return;
  }
  fetch("/api/play/" + T.token + "/rematch", { method: "POST" }).then((r) => r.json()).then((data) => {
    if (data.error) receive({ type: "error", about: "rematch", error: data.error });
    else receive(data);
  }).catch(() => receive({ type: "error", about: "rematch", error: t("Reconnecting...") }));
}

function heardRematch(msg) {
  rematch.links[msg.table] = msg.link;
  rematch.error = "";
  if (msg.manage) {  // the proposer keeps the rematch's manage link, shown on their new seat's page
    rememberLinks({ table: msg.table, creator: { token: msg.token }, watch: msg.watch,
      manage: msg.manage, seats: [], open: [] });
  }
  if (last && textsReady) renderScores(last);
}

function rematchControl(msg) {
  if (msg.rematch) {
    if (T.seat === null) {
      return el("a", { href: "/watch/" + msg.rematch, id: "rematch-link", class: "rematch" }, t("Rematch: watch"));
    }
    const link = linkOf(msg.rematch);
    return link ? el("a", { href: link, id: "rematch-link", class: "rematch" }, t("Rematch: join")) : null;
  }
  if (T.seat === null) return null;
  return el("button", { id: "rematch", disabled: rematch.asked === "new", onclick: askRematch }, t("Propose a rematch"));
}

// ---- the table chat: the players write, everyone reads; always shown as text ----
let chat = [];  // the messages so far, by id

function heardChat(msg) {
  const known = new Map(msg.all ? [] : chat.map((m) => [m.id, m]));
  for (const m of msg.messages) known.set(m.id, m);
  chat = [...known.values()].sort((a, b) => a.id - b.id).slice(-200);
  renderChat();
}

function renderChat() {
  const list = document.getElementById("chat");
  if (!list) return;
  const atEnd = list.scrollHeight - list.scrollTop - list.clientHeight < 30;
  list.replaceChildren(...chat.map((m) => el("li", {
    "data-id": m.id, "data-seat": m.seat, class: m.seat === T.seat ? "mine" : "",
    title: new Date(m.at * 1000).toLocaleTimeString(),
  }, el("b", { class: "who" }, who(m.seat)), " ", el("span", { class: "said" }, m.text))));
  if (atEnd || chat.length && chat[chat.length - 1].seat === T.seat) list.scrollTop = list.scrollHeight;
}

function chatControls() {
  const form = document.getElementById("chat-form");
  if (!form) return;
  const input = document.getElementById("chat-text");
  const error = document.getElementById("chat-error");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = input.value;
    let data = {};
    try {
      const res = await fetch("/api/play/" + T.token + "/chat",
        { method: "POST", headers: JSON_TYPE, body: JSON.stringify({ text }) });
      data = await res.json();
      if (res.ok) {
        input.value = "";
        error.textContent = "";
        heardChat({ messages: [data.message] });  // (the push brings it too: once)
        return;
      }
    } catch (e) {
      data = { error: t("Reconnecting...") };
    }
    error.textContent = data.error || "";
  });
}

// the turn clock's decisions for people whose time ran out, in the server's sentences
function renderStoodIn(msg) {
  document.getElementById("stood-in").replaceChildren(...(msg.stood_in || []).map((s) =>
    el("li", { "data-seat": s.seat, class: s.seat === T.seat ? "mine" : "" }, s.text)));
}

function render(msg) {
  const head = document.getElementById("head");
  head.replaceChildren(G.head(msg.view, msg));
  if (msg.status === "finished") head.prepend(el("strong", { class: "over" }, t("Game over.")), " ");
  renderStoodIn(msg);
  renderDecision(msg);
  const board = document.getElementById("board");
  board.replaceChildren(G.board(msg.view, msg));
  placeRunning(msg);
  placeMine(msg.seat);
  renderScores(msg);
  renderSeats(msg);
  document.getElementById("log").replaceChildren(...msg.log.map((l) => el("li", {}, l)));
  const logBox = document.getElementById("log");
  logBox.scrollTop = logBox.scrollHeight;
  renderChat();  // (the seats' names may have changed)
  keepDetails();
}
PHONE.addEventListener("change", () => { if (last && textsReady) render(last); });

// the names and texts of the cards in the page's language (then the page is drawn)
fetch("/api/texts/" + T.game + "?lang=" + encodeURIComponent(window.LANGUAGE || ""))
  .then((r) => r.json()).then((d) => { texts = d; }).catch(() => { /* the identifiers then */ })
  .finally(() => { textsReady = true; if (last) render(last); });
setConn("connecting");
attentionControls();
chatControls();
connect();
