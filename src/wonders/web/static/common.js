// Shared helpers of the pages: the words (window.STRINGS, made by the server through gettext
// in the visitor's language), the language picker and a tiny element builder. Plain
// JavaScript, no build step. A script never glues words: each phrase is a whole sentence of
// strings.PHRASES whose {fields} it fills, and every count comes from the server in words.
"use strict";
// {fields} of a phrase filled with text
function fill(text, fields) {
  if (!fields) return text;
  return String(text).replace(/\{(\w+)\}/g, (m, k) => (k in fields ? String(fields[k]) : m));
}
// a listed phrase in the visitor's language, its {fields} filled
function t(phrase, fields) {
  return fill((window.STRINGS && window.STRINGS[phrase]) || phrase, fields);
}
// a phrase whose {fields} are elements (a link, a row of chips, a drawn cost): its pieces
function nodes(text, fields) {
  const out = [];
  let at = 0;
  text = String(text || "");
  for (const m of text.matchAll(/\{(\w+)\}/g)) {
    if (!(m[1] in fields)) continue;
    if (m.index > at) out.push(text.slice(at, m.index));
    out.push(fields[m[1]]);
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}
// a bot's name as the visitor reads it, and a drawn symbol's word (for screen readers)
function botName(bot) {
  return (window.STRINGS && window.STRINGS["bot:" + bot]) || bot || "";
}
function iconWord(name) {
  return (window.STRINGS && window.STRINGS["icon:" + name]) || name;
}
// the picker: the choice is kept in a cookie by the server, which brings the page back
function pickLanguage() {
  const form = document.getElementById("language-form");
  const select = document.getElementById("language");
  if (!form || !select) return;
  select.addEventListener("change", () => {
    form.querySelector("input[name=next]").value = location.pathname + location.search + location.hash;
    form.submit();
  });
}
// a POST's body is JSON, and says so (the server refuses any other type)
const JSON_TYPE = { "Content-Type": "application/json" };
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "style") node.style.cssText = v;  // not an attribute: the CSP has no inline styles
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
// a tooltip; iconize() puts them in place of the symbol words of a card's cost or effect,
// whatever the language (window.ICON_WORDS: each word and counted form, to its icon).
const SVG = "http://www.w3.org/2000/svg";
const ICON_WORDS = window.ICON_WORDS || {};
const ICON_PATTERN = (() => {
  const words = Object.keys(ICON_WORDS).sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return words.length ? new RegExp("(?<![\\p{L}\\p{N}_])(" + words.join("|") + ")(?![\\p{L}\\p{N}_])", "gu") : null;
})();
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
  if (!ICON_PATTERN) return [String(text)];
  const out = [];
  let at = 0;
  text = String(text);
  for (const m of text.matchAll(ICON_PATTERN)) {
    if (m.index > at) out.push(text.slice(at, m.index));
    out.push(icon(ICON_WORDS[m[1]], m[1]));
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
    el("tr", {}, el("th", {}, t("Rank")), el("th", {}, t("Team")), el("th", {}, t("Total")), el("th", {}, t("Coins"))),
    sorted.map((team) => el("tr", { "data-rank": team.rank },
      el("td", {}, team.rank), el("td", {}, team.seats.map((s) => who(s)).join(" + ")),
      el("td", { class: "total" }, team.total), el("td", {}, team.coins))));
}
// The links a table's creator sends: kept in this browser when the table is made (the server
// keeps only the tokens' hashes), shown on the creator's seat page until they fold them away.
const LINKS_KEY = "wonders:created";
function storedLinks() {
  try { return JSON.parse(localStorage.getItem(LINKS_KEY) || "{}"); } catch (e) { return {}; }
}
function keepLinks(all) {
  const recent = Object.entries(all).sort((a, b) => b[1].at - a[1].at).slice(0, 20);
  try { localStorage.setItem(LINKS_KEY, JSON.stringify(Object.fromEntries(recent))); } catch (e) { /* not kept */ }
}
function rememberLinks(made) {
  const all = storedLinks();
  all[made.table] = { at: Date.now(), token: made.creator.token, watch: made.watch, manage: made.manage,
    invites: made.seats.filter((s) => !s.creator).map((s) => ({ seat: s.seat, link: s.link })),
    open: made.open, folded: false };
  keepLinks(all);
}
function showLinks() {
  const T = window.TABLE;
  const all = storedLinks();
  const made = T && T.token ? all[T.table] : null;
  if (!made || made.token !== T.token) return;  // only on the creator's own seat
  const base = location.origin;
  const box = el("details", { id: "links", open: !made.folded },
    el("summary", {}, t("Invite links")),
    made.invites.length ? el("p", {}, t("Send each friend the link of their seat: whoever opens it plays that seat.")) : null,
    el("ul", { id: "invites" }, made.invites.map((s) => el("li", {},
      nodes(t("Seat {n}: {link}", { n: s.seat + 1 }),
        { link: el("a", { href: s.link, class: "invite", "data-seat": s.seat }, base + s.link) })))),
    made.open.length ? el("p", {}, t("Open seats go to the first people who join them from the lobby.")) : null,
    el("p", {}, nodes(t("Spectator link: {link}"), { link: el("a", { href: made.watch, id: "watch-link" }, base + made.watch) })),
    el("p", {}, nodes(t("Manage link (keep it: it seats a bot for an absent player): {link}"),
      { link: el("a", { href: made.manage, id: "manage-link" }, base + made.manage) })));
  box.addEventListener("toggle", () => {
    const now = storedLinks();
    if (now[T.table]) { now[T.table].folded = !box.open; keepLinks(now); }
  });
  document.querySelector("main").prepend(box);
}
// A seat's player names themselves once (the form is on their page until they do).
function askName() {
  const form = document.getElementById("name-form");
  if (!form || !window.TABLE) return;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const res = await fetch("/api/play/" + window.TABLE.token + "/name",
      { method: "POST", headers: JSON_TYPE, body: JSON.stringify({ name: document.getElementById("seat-name").value }) });
    const data = await res.json();
    if (res.ok) form.remove();
    else document.getElementById("seat-name-error").textContent = data.error;
  });
}
// ---- details of a card, wonder or token: a tap, a click or the keyboard opens them ----
// (a title's tooltip shows on a hover only: no use on a phone). An element made with
// detailed(attrs, id) is a button for them; the one popover (#details) stands beside it with
// the printed name, the cost and the text in the page's language (window.cardInfo). A second
// tap, a tap elsewhere (on them too) or Escape closes it; a redraw of the page keeps it beside
// the same element (keepDetails).
let detailsOpen = null;  // { id, n, node, byFocus }: the element it stands beside

function detailed(attrs, id) {
  return Object.assign({}, attrs || {}, { "data-details": id, role: "button", tabindex: "0",
    "aria-expanded": "false", "aria-controls": "details", "aria-haspopup": "dialog" });
}

function detailsBox() {
  let box = document.getElementById("details");
  if (!box) {
    box = el("div", { id: "details", role: "dialog", "aria-labelledby": "details-name", hidden: true });
    document.body.append(box);
  }
  return box;
}

function detailsOf(id) {
  const info = (window.cardInfo && window.cardInfo(id)) || {};
  const name = (window.cardName && window.cardName(id)) || id;
  return [el("div", { class: "details-name", id: "details-name" }, name),
    info.cost ? el("div", { class: "details-cost" }, nodes(t("Cost: {cost}"), { cost: iconize(info.cost) })) : null,
    info.text ? el("div", { class: "details-text" }, iconize(info.text)) : null].filter((x) => x);
}

function sameDetails(id) {
  return [...document.querySelectorAll("[data-details]")].filter((n) => n.dataset.details === id);
}

function placeDetails(box, node) {
  const r = node.getBoundingClientRect();
  box.style.left = "0px";
  const width = box.offsetWidth;
  const room = document.documentElement.clientWidth;
  box.style.left = (window.scrollX + Math.max(6, Math.min(r.left, room - width - 6))) + "px";
  box.style.top = (window.scrollY + r.bottom + 4) + "px";
}

function openDetails(node, byFocus) {
  closeDetails();
  const id = node.dataset.details;
  detailsOpen = { id, n: sameDetails(id).indexOf(node), node, byFocus: !!byFocus };
  const box = detailsBox();
  box.replaceChildren(...detailsOf(id));
  box.hidden = false;
  node.setAttribute("aria-expanded", "true");
  placeDetails(box, node);
}

function closeDetails() {
  if (detailsOpen) detailsOpen.node.setAttribute("aria-expanded", "false");
  detailsOpen = null;
  const box = document.getElementById("details");
  if (box) box.hidden = true;
}

// after a redraw: beside the same element again (the same identifier, the same one of
// them), else closed
function keepDetails() {
  if (!detailsOpen) return;
  const node = sameDetails(detailsOpen.id)[detailsOpen.n];
  if (!node) { closeDetails(); return; }
  const had = document.activeElement === document.body && detailsOpen.byFocus;
  detailsOpen.node = node;
  node.setAttribute("aria-expanded", "true");
  placeDetails(detailsBox(), node);
  if (had) node.focus({ preventScroll: true });
}

function detailsTarget(event) {
  return event.target instanceof Element ? event.target.closest("[data-details]") : null;
}

document.addEventListener("click", (event) => {
  const node = detailsTarget(event);
  if (node) {
    if (detailsOpen && detailsOpen.node === node) closeDetails();
    else openDetails(node);
  } else closeDetails();  // a tap elsewhere, or on them
});
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && detailsOpen) {
    const node = detailsOpen.node;
    closeDetails();
    if (node.isConnected) node.focus();
    return;
  }
  const node = detailsTarget(event);
  if (node && (event.key === "Enter" || event.key === " ")) {
    event.preventDefault();
    if (detailsOpen && detailsOpen.node === node) closeDetails();
    else openDetails(node, true);
  }
});
// the keyboard's focus opens them (a tap's or a click's focus leaves it to the click)
document.addEventListener("focusin", (event) => {
  const node = detailsTarget(event);
  if (node && node.matches(":focus-visible") && !(detailsOpen && detailsOpen.node === node)) openDetails(node, true);
});
document.addEventListener("focusout", (event) => {
  if (detailsOpen && detailsOpen.byFocus && event.target === detailsOpen.node && event.relatedTarget) closeDetails();
});
window.addEventListener("resize", () => { if (detailsOpen) placeDetails(detailsBox(), detailsOpen.node); });

document.addEventListener("DOMContentLoaded", pickLanguage);
document.addEventListener("DOMContentLoaded", showLinks);
document.addEventListener("DOMContentLoaded", askName);
