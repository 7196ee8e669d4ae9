// Shared helpers of the pages: the words (window.STRINGS, made by the server through
// gettext) and a tiny element builder. Plain JavaScript, no build step.
"use strict";
function t(phrase) {
  return (window.STRINGS && window.STRINGS[phrase]) || phrase;
}
// an Age as the rulebooks write it: I, II, III
function ageName(age) {
  return ({ 1: "I", 2: "II", 3: "III" })[age] || String(age);
}
// a game's phase in words ("phase:<game>:<id>" in the strings), its id if it has none
function phaseText(game, phase) {
  if (!phase) return "";
  const key = "phase:" + game + ":" + phase;
  const words = t(key);
  return words === key ? phase.replace(/_/g, " ") : words;
}
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}
// The symbols (static/icons.svg): each drawn icon carries its word for screen readers and as
// a tooltip; iconize() puts them in place of the symbol words of a card's cost or effect.
const SVG = "http://www.w3.org/2000/svg";
const ICONS = { wood: "wood", stone: "stone", clay: "clay", brick: "clay", ore: "ore", glass: "glass",
  papyrus: "papyrus", loom: "loom", coin: "coin", coins: "coin", gold: "coin", shield: "shield",
  shields: "shield", VP: "vp", compass: "compass", gear: "gear", tablet: "tablet",
  horn: "horn", horns: "horn", cat: "cat" };  // Duel's six science symbols stay words
const ICON_WORDS = new RegExp("\\b(" + Object.keys(ICONS).join("|") + ")\\b", "g");
function icon(name, label) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", "icon icon-" + name);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  const title = document.createElementNS(SVG, "title");
  title.textContent = label;
  const use = document.createElementNS(SVG, "use");
  use.setAttribute("href", "/static/icons.svg#" + name);
  svg.append(title, use);
  return svg;
}
function iconize(text) {
  if (!text) return [];
  const out = [];
  let at = 0;
  for (const m of String(text).matchAll(ICON_WORDS)) {
    if (m.index > at) out.push(text.slice(at, m.index));
    out.push(icon(ICONS[m[1]], t(m[1])));
    at = m.index + m[1].length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
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
