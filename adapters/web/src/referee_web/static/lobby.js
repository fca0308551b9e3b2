// Opening a table: the game, its seats (people or bots), its options and extensions, built
// from what the server says is installed; then one invitation per person (the first browser
// to open it claims the seat) and the gamesmaster's own link.
import { el, words } from "./ui.js";

const $ = (id) => document.getElementById(id);
const NAMES = ["Ann", "Bob", "Cleo", "Dino", "Edna", "Fritz", "Greta", "Hugo", "Iris", "Jonas", "Kiki", "Luis"];
let games = [];

function seatRow(name, bot) {
  const n = $("seat-list").children.length + 1;
  const nameId = `seat-${n}-${Math.random().toString(36).slice(2, 7)}`;
  const botId = `${nameId}-bot`;
  const row = el(
    "li",
    {},
    el("label", { for: nameId, class: "visually-hidden", text: `Seat ${n} name` }),
    el("input", { id: nameId, class: "seat-name", type: "text", value: name, maxlength: 40, required: true }),
    el("label", { for: botId, class: "choice" }, el("input", { id: botId, class: "seat-bot", type: "checkbox", checked: bot }), " bot"),
    el("button", { type: "button", class: "small", "aria-label": `remove seat ${n}`, onclick: () => row.remove() }, "✕"),
  );
  $("seat-list").append(row);
}

function optionInput(name, value) {
  const id = `option-${name}`;
  let input;
  if (typeof value === "boolean") input = el("input", { id, type: "checkbox", checked: value, "data-kind": "bool" });
  else if (typeof value === "number") input = el("input", { id, type: "number", step: Number.isInteger(value) ? "1" : "any", value, "data-kind": "number" });
  else if (typeof value === "string") input = el("input", { id, type: "text", value, "data-kind": "text" });
  else input = el("textarea", { id, rows: 2, "data-kind": "json", text: JSON.stringify(value) });
  input.dataset.name = name;
  input.dataset.initial = typeof value === "string" ? value : JSON.stringify(value);
  const hint = name === "deadline" ? el("span", { class: "hint", text: " (seconds to answer each request; 0 waits)" }) : null;
  return el("div", { class: "field" }, el("label", { for: id, text: words(name) }, hint), input);
}

function chooseGame() {
  const game = games.find((g) => g.name === $("game").value);
  if (!game) return;
  $("game-about").textContent = `${game.title}, for ${game.seats} players. ${game.summary || ""}`;
  const [low] = game.seats.split(/[-+]/).map(Number);
  $("seat-list").replaceChildren();
  for (let i = 0; i < Math.max(low, 2); i++) seatRow(NAMES[i], i >= 1);
  const options = Object.entries(game.options || {});
  $("options-box").hidden = options.length === 0;
  $("options").replaceChildren(...options.map(([k, v]) => optionInput(k, v)));
  $("extensions-box").hidden = game.extensions.length === 0;
  $("extensions").replaceChildren(
    ...game.extensions.map((e) => el("label", { class: "choice" }, el("input", { type: "checkbox", value: e.name, checked: e.default }), ` ${e.title} (${e.kind})`)),
  );
}

function readOptions() {
  const options = {};
  for (const input of $("options").querySelectorAll("[data-name]")) {
    const kind = input.dataset.kind;
    const value = kind === "bool" ? input.checked : kind === "number" ? Number(input.value) : kind === "json" ? JSON.parse(input.value) : input.value;
    // Only options changed from their defaults are sent: the table records the rest as defaults.
    if ((typeof value === "string" ? value : JSON.stringify(value)) !== input.dataset.initial) options[input.dataset.name] = value;
  }
  return options;
}

async function create(event) {
  event.preventDefault();
  $("error").textContent = "";
  const rows = [...$("seat-list").children];
  const seats = rows.map((r) => r.querySelector(".seat-name").value.trim());
  const bots = rows.filter((r) => r.querySelector(".seat-bot").checked).map((r) => r.querySelector(".seat-name").value.trim());
  let options;
  try {
    options = readOptions();
  } catch {
    $("error").textContent = "an option written as JSON does not read as JSON";
    return;
  }
  // Only changes to the game's defaults are sent (+name, -name), as options are: the table
  // gets the game as it comes plus or minus what was ticked here.
  const extensions = [...$("extensions").querySelectorAll("input")].filter((i) => i.checked !== i.defaultChecked).map((i) => (i.checked ? "+" : "-") + i.value);
  const response = await fetch("/api/tables", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: $("game").value, seats, bots, options, ...(extensions.length ? { extensions } : {}) }),
  });
  const data = await response.json();
  if (!response.ok) {
    $("error").textContent = data.error;
    return;
  }
  const list = $("link-list");
  list.replaceChildren();
  const links = [...Object.entries(data.invitations).map(([seat, invite]) => [seat, "invite", invite]), ...Object.entries(data.tokens).map(([role, token]) => [role, "token", token])];
  for (const [role, kind, secret] of links) {
    const href = `${location.origin}/play#table=${encodeURIComponent(data.table)}&seat=${encodeURIComponent(role)}&${kind}=${encodeURIComponent(secret)}`;
    const copy = el("button", { type: "button", class: "small", onclick: () => navigator.clipboard?.writeText(href).then(() => (copy.textContent = "copied")) }, "copy");
    list.append(el("li", { "data-role": role }, el("strong", { text: role === "gamesmaster" ? "Gamesmaster" : role }), " ", el("a", { href, target: "_blank", rel: "noopener", text: "open" }), " ", copy, el("code", { text: href })));
  }
  $("links").hidden = false;
  $("links").querySelector("a")?.focus();
}

async function start() {
  const response = await fetch("/api/games");
  const data = await response.json();
  games = data.games;
  $("game").replaceChildren(...games.map((g) => el("option", { value: g.name, text: g.title })));
  $("game").addEventListener("change", chooseGame);
  $("add-seat").addEventListener("click", () => seatRow(NAMES[$("seat-list").children.length] || "", false));
  $("create").addEventListener("submit", create);
  chooseGame();
}

start();
