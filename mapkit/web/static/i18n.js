// The page's language (issue 37): English, Czech or German, from the browser's choice
// (navigator.languages) unless the player picked one in the header (kept in localStorage).
// The messages come from the server as JSON (/i18n/<lang>.json), made from the same gettext
// catalogues (mapkit/locale/<lang>/LC_MESSAGES/mapkit.po) as the printed kits, so there is one
// source of truth; every script imports t() from here, and a top-level await makes the
// catalogue loaded before any of them runs. English is the source: its text is the key, and a
// message without a translation shows in English.
"use strict";

export const LANGUAGES = { en: "English", cs: "Čeština", de: "Deutsch" };
const STORE = "mapkit-lang";

function chosen() {
  let stored = null;
  try { stored = localStorage.getItem(STORE); } catch (e) { /* private mode: the browser's choice */ }
  if (stored && stored in LANGUAGES) return stored;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const code = String(tag).toLowerCase().split("-")[0];
    if (code in LANGUAGES) return code;
  }
  return "en";
}

export const lang = chosen();
let messages = {};
if (lang !== "en") {
  try {
    const res = await fetch(`/i18n/${lang}.json`);
    if (res.ok) messages = (await res.json()).messages || {};
  } catch (e) { /* offline or an old server: the page stays in English */ }
}

// t("Race {n}", { n: 3 }): the message in the page's language, its {fields} filled in.
export function t(text, values) {
  const s = messages[text] || text;
  if (!values) return s;
  return s.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
}

// A line the game wrote in English (its log, a ledger's reason, a card's title) in the page's
// language: `said`, the view's index (English text -> {message, fields}, made by
// mapkit.i18n.said), names the message it was made from and its fields; a field that is a line
// of the index itself is said too. A text the index does not know is shown as it is (a name,
// or a line of a game saved before lines were indexed).
export function say(text, said, depth = 0) {
  const entry = said && typeof text === "string" ? said[text] : null;
  if (!entry || depth > 4) return text;
  const values = {};
  for (const [k, v] of Object.entries(entry.fields || {})) values[k] = say(v, said, depth + 1);
  return t(entry.message, values);
}

// The static text of the HTML pages: elements marked data-i18n (their English text is the key)
// and the attributes named by data-i18n-title, data-i18n-placeholder and data-i18n-aria-label.
export function translatePage(root = document) {
  for (const node of root.querySelectorAll("[data-i18n]")) {
    node.textContent = t(node.textContent.trim().replace(/\s+/g, " "));
  }
  for (const attr of ["title", "placeholder", "aria-label"]) {
    for (const node of root.querySelectorAll(`[data-i18n-${attr}]`)) {
      node.setAttribute(attr, t(node.getAttribute(`data-i18n-${attr}`)));
    }
  }
}

// The picker in the page's header: choosing a language stores it and reloads the page (every
// script's text is made once, from the catalogue loaded at the start).
export function languagePicker() {
  const sel = document.createElement("select");
  sel.id = "lang";
  sel.setAttribute("aria-label", t("language"));
  for (const [code, name] of Object.entries(LANGUAGES)) {
    const opt = document.createElement("option");
    opt.value = code;
    opt.textContent = name;
    sel.append(opt);
  }
  sel.value = lang;
  sel.addEventListener("change", () => {
    try { localStorage.setItem(STORE, sel.value); } catch (e) { /* the choice lasts this page only */ }
    location.reload();
  });
  return sel;
}

document.documentElement.lang = lang;
translatePage();
const header = document.querySelector("header.top");
if (header) header.append(languagePicker());
