// Shared pieces of the browser UI: building elements, calling the server, and showing the
// view of a game that declares no presentation as cards and counters.

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// "loot_left" -> "Loot left"; "my_guns" -> "My guns".
export function words(key) {
  const text = String(key).replace(/[_-]+/g, " ").trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// A machine name given as a value ("the-insane", "candy / smooth-silas") in words; any
// other text as it is.
const SLUG = /^[a-z0-9]+(?:[-_][a-z0-9]+)+$/;
export function readable(text) {
  return String(text)
    .split(" / ")
    .map((part) => (SLUG.test(part) ? words(part) : part))
    .join(" / ");
}

const TITLE_KEYS = ["name", "title", "label", "id"];

function isScalar(value) {
  return value === null || ["string", "number", "boolean"].includes(typeof value);
}

// Nothing to show: no value, an empty text, list or record (drawn as nothing, never "none").
function isEmpty(value) {
  if (value === null || value === undefined || value === "") return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === "object" && Object.keys(value).length === 0;
}

function scalar(value) {
  if (typeof value === "boolean") return el("span", { class: value ? "flag yes" : "flag no", text: value ? "yes" : "no" });
  if (typeof value === "number") return el("span", { class: "counter", text: value.toLocaleString("en") });
  return el("span", { class: "text", text: readable(value) });
}

function titleOf(item) {
  for (const key of TITLE_KEYS) if (typeof item[key] === "string" && item[key]) return [key, item[key]];
  return [null, null];
}

// A record's key in words, unless it is a name (a seat's, a card's) rather than a field's.
function keyText(key) {
  return key.length > 2 && /[_a-z]/.test(key) && key === key.toLowerCase() ? words(key) : key;
}

// One object as a card: its name on top, numbers as counters, the rest below.
function card(item, seat, depth) {
  const [titleKey, title] = titleOf(item);
  // The seat's own record at the top level (its gangster, its farmer) is marked; what lies inside it is not again.
  const mine = depth === 0 && seat && (item.name === seat || item.seat === seat);
  const node = el("article", { class: `card${mine ? " mine" : ""}` });
  if (title) node.append(el("h4", { text: readable(title) + (mine ? " (you)" : "") }));
  const stats = el("dl", { class: "stats" });
  const rest = [];
  for (const [key, value] of Object.entries(item)) {
    if (key === titleKey || isEmpty(value) || value === false) continue;
    if ((key === "owner" || key === "id") && titleKey && titleKey !== key) continue; // machine names beside a person's
    if (isScalar(value)) stats.append(el("div", {}, el("dt", { text: words(key) }), el("dd", {}, scalar(value))));
    else rest.push([key, value]);
  }
  if (stats.children.length) node.append(stats);
  for (const [key, value] of rest) node.append(el("div", { class: "nested" }, el("span", { class: "key", text: words(key) }), render(value, seat, depth + 1)));
  return node;
}

// Any value of a game's view, drawn for a person: lists of things as cards, numbers as
// counters, maps of names to numbers as a small table; what is empty is left out.
// Nothing game-specific is needed.
export function render(value, seat = null, depth = 0) {
  if (isScalar(value)) return isEmpty(value) ? null : scalar(value);
  if (Array.isArray(value)) {
    const shown = value.filter((v) => !isEmpty(v));
    if (shown.length === 0) return null;
    if (shown.every(isScalar)) return el("ul", { class: "chips" }, shown.map((v) => el("li", {}, scalar(v))));
    if (shown.every((v) => v && typeof v === "object" && !Array.isArray(v))) {
      return el("div", { class: "cards" }, shown.map((v) => card(v, seat, depth)));
    }
    return el("ol", { class: "list" }, shown.map((v) => el("li", {}, render(v, seat, depth + 1))));
  }
  const entries = Object.entries(value).filter(([, v]) => !isEmpty(v));
  if (entries.length === 0) return null;
  if (entries.every(([, v]) => isScalar(v))) {
    return el(
      "dl",
      { class: "stats" },
      entries.map(([k, v]) => el("div", { class: seat && k === seat ? "mine" : null }, el("dt", { text: keyText(k) }), el("dd", {}, scalar(v)))),
    );
  }
  if (entries.every(([, v]) => v && typeof v === "object" && !Array.isArray(v) && !entries.some(([k]) => k === "name"))) {
    // A map of names to records: a card per name.
    return el("div", { class: "cards" }, entries.map(([k, v]) => card({ name: k, ...v }, seat, depth)));
  }
  const level = Math.min(6, 3 + depth);
  return el(
    "div",
    { class: "section" },
    entries.map(([k, v]) => el("section", { class: isScalar(v) ? "row" : "block" }, el(`h${level}`, { text: keyText(k) }), render(v, seat, depth + 1))),
  );
}

// A view, the seat's own things first ("my_..." fields), then the table.
export function renderView(view, seat) {
  const mine = {};
  const table = {};
  for (const [key, value] of Object.entries(view || {})) {
    if (key === "bots" || isEmpty(value)) continue;
    if (key.startsWith("my_") || key === "hand" || key === "mine") mine[key.replace(/^my_/, "")] = value;
    else table[key] = value;
  }
  const parts = [];
  if (Object.keys(mine).length) parts.push(el("section", { class: "yours" }, el("h3", { text: "Yours" }), render(mine, seat)));
  const rest = render(table, seat);
  if (rest) parts.push(el("section", { class: "board" }, rest));
  return parts;
}

export async function api(path, token, options = {}) {
  const response = await fetch(path, {
    method: options.method || "GET",
    headers: { Authorization: `Bearer ${token}`, ...(options.body ? { "Content-Type": "application/json" } : {}) },
    body: options.body ? JSON.stringify(options.body) : undefined,
  });
  const data = await response.json().catch(() => ({ error: `the server answered ${response.status}` }));
  if (!response.ok) throw new Error(data.error || `the server answered ${response.status}`);
  return data;
}
