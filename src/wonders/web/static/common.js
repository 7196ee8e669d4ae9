// Shared helpers of the pages: the words (window.STRINGS, made by the server through
// gettext) and a tiny element builder. Plain JavaScript, no build step.
"use strict";
function t(phrase) {
  return (window.STRINGS && window.STRINGS[phrase]) || phrase;
}
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}
// A team game's teams beside the score table: rank, players, total, coins (best first).
function teamTable(teams, who) {
  if (!teams) return null;
  const sorted = [...teams].sort((a, b) => a.rank - b.rank);
  return el("table", { class: "score teams", id: "teams" },
    el("caption", {}, t("Team scores")),
    el("tr", {}, el("th", {}, t("Rank")), el("th", {}, t("Team")), el("th", {}, t("Total")), el("th", {}, t("coins"))),
    sorted.map((team) => el("tr", { "data-rank": team.rank },
      el("td", {}, team.rank), el("td", {}, team.seats.map((s) => who(s)).join(" + ")),
      el("td", { class: "total" }, team.total), el("td", {}, team.coins))));
}
function translatePage() {
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
}
document.addEventListener("DOMContentLoaded", translatePage);
