// The replay page of a finished game: steps forwards and backwards through its record,
// as a spectator (no hidden card) or as any seat saw it. A step is a turn: all the seats'
// choices of a simultaneous turn together (7 Wonders), one decision where the game is
// turn-based; the server sends where each turn ends in the record (``turns``).
"use strict";
const R = window.TABLE;
const RG = window.GAMES[R.game];
let step = R.steps;  // the actions shown (the record's first ``step``)
let turns = null;  // the numbers of actions at which a turn is over: 0, ..., R.steps
let shown = null;
let rtexts = {};

window.who = (seat) => {
  if (seat === null || seat === undefined) return "";
  if (shown && seat === shown.seat) return t("you");
  return shown ? shown.seats[seat].name : t("Player {n}", { n: seat + 1 });
};
window.cardText = (name) => (rtexts[name] && rtexts[name].text) || "";
window.cardInfo = (name) => rtexts[name] || {};
window.cardName = (name) => (rtexts[name] && rtexts[name].name) || name;

async function load() {
  const seat = document.getElementById("seat").value;
  const res = await fetch(`/api/tables/${R.table}/replay?step=${step}` + (seat === "" ? "" : "&seat=" + seat));
  const data = await res.json();
  if (!res.ok) { document.getElementById("where").textContent = data.error; return; }
  shown = data;
  turns = data.turns || turns;
  const where = document.getElementById("where");
  const turn = turnOf(data.step);
  where.textContent = t("Step {step} of {steps}", { step: turn, steps: turns ? turns.length - 1 : data.steps });
  where.dataset.step = turn;
  document.getElementById("head").replaceChildren(RG.head(data.view, data));
  document.getElementById("board").replaceChildren(RG.board(data.view,
    { status: data.result ? "finished" : "playing", board: data.board, chosen: [] }));
  placeMine(data.seat);
  const log = document.getElementById("log");
  log.replaceChildren(...data.log.map((l) => el("li", {}, l)));
  log.scrollTop = log.scrollHeight;
  const scores = document.getElementById("scores");
  scores.replaceChildren();
  if (data.result) {
    scores.append(el("h2", {}, t("Final scores")), el("p", { id: "outcome" }, data.outcome || ""),
      el("div", { class: "score-tables" }, el("table", { class: "score" },
      el("tr", {}, el("th", {}, ""), data.result.players.map((p) => el("th", {}, window.who(p.seat)))),
      Object.keys(data.result.players[0].breakdown).map((c) => el("tr", {}, el("td", {}, (data.categories || {})[c] || c),
        data.result.players.map((p) => el("td", {}, p.breakdown[c])))),
      el("tr", { class: "total" }, el("td", {}, t("Total")), data.result.players.map((p) => el("td", {}, p.total)))),
      teamTable(data.teams, window.who)));
  }
  keepDetails();
}

// the turn a number of actions is in (the last turn over by then)
function turnOf(actions) {
  if (!turns) return actions;
  let i = 0;
  while (i + 1 < turns.length && turns[i + 1] <= actions) i++;
  return i;
}

// to the end of turn ``to`` (0: the game's start)
function go(to) {
  if (!turns) return;
  step = turns[Math.max(0, Math.min(turns.length - 1, to))];
  load();
}
document.getElementById("first").onclick = () => go(0);
document.getElementById("prev").onclick = () => go(turnOf(step) - 1);
document.getElementById("next").onclick = () => go(turnOf(step) + 1);
document.getElementById("last").onclick = () => go(Infinity);
PHONE.addEventListener("change", () => { if (shown) load(); });
document.getElementById("seat").onchange = load;
document.addEventListener("keydown", (e) => {
  if (e.key === "ArrowLeft") go(turnOf(step) - 1);
  if (e.key === "ArrowRight") go(turnOf(step) + 1);
});
fetch("/api/texts/" + R.game + "?lang=" + encodeURIComponent(window.LANGUAGE || ""))
  .then((r) => r.json()).then((d) => { rtexts = d; }).catch(() => { /* the identifiers then */ })
  .finally(load);
