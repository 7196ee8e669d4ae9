// The replay page of a finished game: steps forwards and backwards through its record,
// as a spectator (no hidden card) or as any seat saw it.
"use strict";
const R = window.TABLE;
const RG = window.GAMES[R.game];
let step = R.steps;
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
  const where = document.getElementById("where");
  where.textContent = t("Step {step} of {steps}", { step: data.step, steps: data.steps });
  where.dataset.step = data.step;
  document.getElementById("head").replaceChildren(RG.head(data.view, data));
  document.getElementById("board").replaceChildren(RG.board(data.view,
    { status: data.result ? "finished" : "playing", board: data.board, chosen: [] }));
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
}

function go(to) { step = Math.max(0, Math.min(R.steps, to)); load(); }
document.getElementById("first").onclick = () => go(0);
document.getElementById("prev").onclick = () => go(step - 1);
document.getElementById("next").onclick = () => go(step + 1);
document.getElementById("last").onclick = () => go(R.steps);
document.getElementById("seat").onchange = load;
document.addEventListener("keydown", (e) => { if (e.key === "ArrowLeft") go(step - 1); if (e.key === "ArrowRight") go(step + 1); });
fetch("/api/texts/" + R.game + "?lang=" + encodeURIComponent(window.LANGUAGE || ""))
  .then((r) => r.json()).then((d) => { rtexts = d; }).catch(() => { /* the identifiers then */ })
  .finally(load);
