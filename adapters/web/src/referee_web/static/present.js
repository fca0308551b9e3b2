// A game's presentation (referee.Presentation, sent with the view) drawn as a table a person
// sits at: the reader's hand and area first, the other seats compact, the common board, a
// picture of who aims at whom, and the standings with how each total was made.  Every value
// is text the game already wrote for a reader; nothing here knows any game.
import { el } from "./ui.js";

const ROLE_ORDER = { hand: 0, mine: 1, board: 2, opponent: 3 };
const CROWDED = 3;

// A colour per tone ("bang", "power", a suit): the same tone always gets the same hue.
function hue(tone) {
  let h = 0;
  for (const ch of tone) h = (h * 31 + ch.codePointAt(0)) % 360;
  return h;
}

function stats(list, className) {
  if (!list || !list.length) return null;
  return el(
    "dl",
    { class: className },
    list.map((s) => el("div", { title: s.hint || null }, el("dt", { text: s.label }), el("dd", { text: s.value }))),
  );
}

export function cardFace(card) {
  const face = el(
    "article",
    { class: "card-face", "data-tone": card.tone || null },
    el(
      "header",
      {},
      card.number !== undefined && card.number !== null ? el("span", { class: "card-number", title: "the number forms use for this card", text: card.number }) : null,
      el("h4", { class: "card-name", text: card.name }),
    ),
    card.kind ? el("p", { class: "card-kind", text: card.kind }) : null,
    stats(card.stats, "card-stats"),
    card.text ? el("p", { class: "card-text", title: card.text, text: card.text }) : null,
    card.notes && card.notes.length ? el("ul", { class: "card-notes" }, card.notes.map((n) => el("li", { text: n }))) : null,
  );
  if (card.tone) face.style.setProperty("--tone", String(hue(card.tone)));
  return face;
}

function backs(list) {
  const shown = (list || []).filter((b) => b.count > 0);
  if (!shown.length) return null;
  return el(
    "ul",
    { class: "backs" },
    shown.map((b) =>
      el(
        "li",
        { class: "back-stack", "data-count": b.count },
        el("span", { class: "back-card", "aria-hidden": "true" }, el("span", { class: "back-count", text: b.count })),
        el("span", { class: "back-label", text: `${b.count} ${b.label}` }),
      ),
    ),
  );
}

function zone(z, seat) {
  const mine = z.role === "hand" || z.role === "mine";
  // A crowded zone on the table (more than three cards: a studio, a street) shows its cards compact, as the
  // other seats' are; a hand never: its rules text is read whole.
  const crowded = z.role !== "hand" && (z.cards || []).length > CROWDED;
  const node = el("section", {
    class: `zone role-${z.role || "board"}${z.active ? " active" : ""}${crowded ? " crowded" : ""}`,
    "data-role": z.role || "board",
    "data-owner": z.owner || null,
    "aria-label": z.title,
  });
  node.style.setProperty("--cards", String((z.cards || []).length));
  // The zone's counters on its title's line, where they fit.
  node.append(
    el(
      "div",
      { class: "zone-head" },
      el(
        "h3",
        { class: "zone-title" },
        z.title,
        z.owner && z.owner === seat && !mine ? " (you)" : null,
        z.active ? el("span", { class: "turn-mark", text: "to play" }) : null,
      ),
      stats(z.counters, "counters"),
    ),
  );
  if (z.notes && z.notes.length) {
    // Without cards, the notes sit on the title's line ("Edge slots 1, 2 and 3 are empty").
    const notes = el("ul", { class: "zone-notes" }, z.notes.map((n) => el("li", { text: n })));
    (z.cards && z.cards.length ? node : node.querySelector(".zone-head")).append(notes);
  }
  if (z.cards && z.cards.length) node.append(el("div", { class: "card-row" }, z.cards.map(cardFace)));
  const hidden = backs(z.backs);
  if (hidden) {
    // Without cards, the backs sit on the title's line too (a table of decks is one line).
    if (z.cards && z.cards.length) node.append(hidden);
    else node.querySelector(".zone-head").append(hidden);
  }
  return node;
}

// Who aims at whom: the seats on an ellipse, an arrow from each source to its target.
export function arrowPicture(arrows, seats, seat) {
  const names = [...seats];
  for (const a of arrows) for (const n of [a.source, a.target]) if (!names.includes(n)) names.push(n);
  const width = 420;
  const height = 230;
  const cx = width / 2;
  const cy = height / 2;
  const rx = width / 2 - 60;
  const ry = height / 2 - 30;
  const at = {};
  names.forEach((n, i) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * i) / names.length;
    at[n] = [cx + rx * Math.cos(angle), cy + ry * Math.sin(angle)];
  });
  const NS = "http://www.w3.org/2000/svg";
  const svg = (tag, attrs = {}, ...children) => {
    const node = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
    for (const child of children) node.append(child);
    return node;
  };
  const sentences = arrows.map((a) => `${a.source} ${a.label || "points at"} ${a.target}`);
  const picture = svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": sentences.join("; "), class: "arrows" });
  picture.append(
    svg("defs", {}, svg("marker", { id: "arrowhead", viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" }, svg("path", { d: "M0,0 L10,5 L0,10 z", class: "arrowhead" }))),
  );
  const pairs = new Set(arrows.map((a) => `${a.source}\u0000${a.target}`));
  for (const a of arrows) {
    const [x1, y1] = at[a.source];
    const [x2, y2] = at[a.target];
    const length = Math.hypot(x2 - x1, y2 - y1) || 1;
    const [ux, uy] = [(x2 - x1) / length, (y2 - y1) / length];
    // Two seats aiming at each other: the two arrows side by side, not on top of each other.
    const shift = pairs.has(`${a.target}\u0000${a.source}`) ? 6 : 0;
    const [px, py] = [-uy * shift, ux * shift];
    const gap = 26;
    picture.append(
      svg("line", {
        x1: x1 + ux * gap + px,
        y1: y1 + uy * gap + py,
        x2: x2 - ux * gap + px,
        y2: y2 - uy * gap + py,
        class: `arrow${a.source === seat ? " mine" : ""}${a.target === seat ? " at-me" : ""}`,
        "marker-end": "url(#arrowhead)",
      }),
    );
  }
  for (const n of names) {
    const [x, y] = at[n];
    picture.append(
      svg("circle", { cx: x, cy: y, r: 22, class: `seat-dot${n === seat ? " mine" : ""}` }),
      svg("text", { x, y: y + 4, "text-anchor": "middle", class: "seat-name" }, document.createTextNode(n.length > 8 ? `${n.slice(0, 7)}…` : n)),
    );
  }
  return el("figure", { class: "standoff" }, picture, el("figcaption", {}, el("ul", { class: "aims" }, sentences.map((s) => el("li", { text: s })))));
}

function standings(places) {
  return el(
    "section",
    { class: "standings", "aria-label": "standings" },
    el("h3", { text: "Standings" }),
    el(
      "ol",
      {},
      places.map((p) =>
        el(
          "li",
          { class: `place-${p.place}` },
          el("span", { class: "place", text: `${p.place}.` }),
          " ",
          el("strong", { class: "who", text: p.seat }),
          " ",
          el("span", { class: "total", text: p.total }),
          stats(p.breakdown, "breakdown"),
        ),
      ),
    ),
  );
}

// The whole presentation as nodes for the table panel.
export function drawPresentation(shown, seat) {
  const zones = [...(shown.zones || [])].map((z, i) => [z, i]);
  zones.sort(([a, i], [b, j]) => (ROLE_ORDER[a.role || "board"] ?? 2) - (ROLE_ORDER[b.role || "board"] ?? 2) || i - j);
  const parts = [];
  if (shown.standings && shown.standings.length) parts.push(standings(shown.standings));
  const own = zones.filter(([z]) => z.role === "hand" || z.role === "mine").map(([z]) => zone(z, seat));
  const board = zones.filter(([z]) => (z.role || "board") === "board").map(([z]) => zone(z, seat));
  const others = zones.filter(([z]) => z.role === "opponent").map(([z]) => zone(z, seat));
  if (own.length) parts.push(el("div", { class: "zones own" }, own));
  // The board and the picture of who aims at whom side by side where there is room.
  const middle = [];
  if (board.length) middle.push(el("div", { class: "zones board" }, board));
  if (shown.arrows && shown.arrows.length) {
    const seats = (shown.zones || []).filter((z) => z.owner && (z.role === "mine" || z.role === "opponent")).map((z) => z.owner);
    middle.push(arrowPicture(shown.arrows, [...new Set(seats)], seat));
  }
  if (middle.length) parts.push(el("div", { class: "middle" }, middle));
  if (others.length) parts.push(el("div", { class: "zones others" }, others));
  return parts;
}
