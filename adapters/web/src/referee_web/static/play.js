// One seat's page (or the gamesmaster's console).  The join link's fragment says which:
// /play#table=ID&seat=NAME&invite=SECRET for a seat (claimed through claim.js), &token=SECRET
// for the gamesmaster.  The token stays in this page: it is sent in a header and in the live
// connection's first message, never in a URL.
import { credential, drawInvitations, refused, showClaimRefused } from "./claim.js";
import { requestForm } from "./forms.js";
import { drawPresentation } from "./present.js";
import { api, el, readable, render, renderView, words } from "./ui.js";

const params = new URLSearchParams(location.hash.slice(1));
const table = params.get("table") || "";
const seat = params.get("seat") || "";
let token = "";
const gm = seat === "gamesmaster";
const base = `/api/tables/${encodeURIComponent(table)}/seats/${encodeURIComponent(seat)}`;

const $ = (id) => document.getElementById(id);
let entries = [];
const opened = new Map(); // request id -> the entry that last opened it
let length = 0;
let over = false;
let latest = null;
let socket = null;
let replaying = false;
let shownReport = null;

function status(text) {
  $("status").textContent = text;
}

// Where a rule reference comes from: "pigsty 4.6.4.1" is section 4.6.4.1 of the game's
// rulebook, "referee flow" the table's own rules, "cashnguns.medic 2" an extension's.
function ruleOf(rule) {
  const game = latest?.view.game || "";
  const [first, ...rest] = rule.split(" ");
  const origin = latest?.title || "the rulebook";
  if (rest.length && first === game) return { short: rest.join(" "), long: `${origin}: ${rest.join(" ")}` };
  if (rest.length && first === "referee") return { short: rest.join(" "), long: `the table's own rules: ${rest.join(" ")}` };
  if (rest.length && first.startsWith(`${game}.`)) return { short: rest.join(" "), long: `${readable(first.slice(game.length + 1))}: ${rest.join(" ")}` };
  return { short: rule, long: `${origin}: ${rule}` };
}

// One line of the story: what happened in the reader's words, what only they may see marked,
// what is hidden from them muted, the kernel's bookkeeping folded unless asked for.
function entryItem(entry) {
  const kind = entry.kind || (entry.hidden ? "hidden" : "play");
  const rule = entry.rule ? ruleOf(entry.rule) : null;
  return el(
    "li",
    { class: `${kind}${entry.seat === seat ? " own" : ""}`, "data-seq": entry.seq, "data-kind": kind },
    el("span", { class: "words", text: entry.text }),
    kind === "private" && !gm ? [" ", el("span", { class: "only-you", text: "only you" })] : null,
    rule ? [" ", el("span", { class: "rule", title: rule.long, text: `§ ${rule.short}` })] : null,
  );
}

function drawLog(fresh, reset) {
  const log = $("log");
  const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 40;
  if (reset) log.replaceChildren();
  log.append(...fresh.map(entryItem));
  if (atBottom || reset) log.scrollTop = log.scrollHeight;
  const slider = $("replay");
  slider.max = String(Math.max(1, length));
  if (!replaying) slider.value = String(length);
  $("replay-at").textContent = replaying ? `entry ${slider.value} of ${length}` : `live (entry ${length})`;
  if (latest?.head) $("head").textContent = `log head ${latest.head}`;
}

// The host's signed receipt for each answer, kept in this browser (one JSON line each) and
// offered with the seat's export: with it, a log shown later that differs is the host's word
// against itself (docs/security.md, "Receipts").
const receiptsKey = `referee.receipts:${table}:${seat}`;

function keepReceipt(answered) {
  if (!answered || !answered.receipt) return;
  try {
    localStorage.setItem(receiptsKey, (localStorage.getItem(receiptsKey) || "") + JSON.stringify(answered.receipt) + "\n");
  } catch {
    status("this browser would not keep the receipt of that answer (storage full or blocked)");
  }
}

async function submit(request, args) {
  keepReceipt(await api(`${base}/act`, token, { method: "POST", body: { action: request.action, args, request: request.id } }));
}

function drawRequests(update) {
  const box = $("requests");
  const requests = update.view.requests || [];
  // Keep a form the person is filling in while nothing about it changed; a request asked
  // again under the same id (opened by a later entry) is a new form.
  const ids = JSON.stringify(requests.map((r) => [r, opened.get(r.id)])) + (update.view.result ? "/over" : "");
  if (box.dataset.ids === ids && requests.length) return;
  box.dataset.ids = ids;
  box.replaceChildren();
  if (update.view.result) {
    box.append(el("p", { class: "result", text: `Game over: ${update.view.result.reason}` }));
    const standings = update.view.result.standings || [];
    if (standings.length && !(update.presentation?.standings || []).length) {
      box.append(el("ol", { class: "standings" }, standings.map((s) => el("li", { text: `${s.seat}: ${typeof s.score === "number" ? s.score.toLocaleString("en") : s.score}${s.note ? ` (${s.note})` : ""}` }))));
    }
    return;
  }
  if (!requests.length) {
    const waiting = update.view.waiting_for || [];
    box.append(el("p", { class: "idle", text: waiting.length ? `Waiting for ${waiting.join(", ")}.` : "Nothing to do right now." }));
    return;
  }
  for (const request of requests) box.append(requestForm(request, submit));
  const first = box.querySelector("input, select, textarea, button");
  if (first && document.activeElement === document.body && !replaying) first.focus({ preventScroll: true });
}

// The table as the game presents it, or (a game that declares nothing) its view laid out.
function drawTable(view, presentation, result) {
  const board = $("board");
  const me = gm ? null : seat;
  board.replaceChildren(...(presentation ? drawPresentation(presentation, me) : renderView(view.view, me)));
  board.classList.toggle("presented", Boolean(presentation));
  $("table").dataset.round = String(view.round);
  if (presentation && presentation.status) {
    $("facts").textContent = presentation.status;
  } else {
    const facts = [`Round ${view.round}`];
    if (view.turn) facts.push(`turn ${view.turn}`);
    if (view.phase) facts.push(words(view.phase));
    if (view.active) facts.push(`${view.active} to play`);
    $("facts").textContent = facts.join(" · ") + (result ? ` · ${result}` : "");
  }
  const waiting = new Set(view.waiting_for || []);
  $("seats").replaceChildren(
    ...view.seats.map((s) =>
      el(
        "li",
        { class: [s === seat ? "mine" : "", waiting.has(s) ? "waiting" : "sent"].join(" ").trim() },
        s === seat ? `${s} (you)` : s,
        (latest?.bots || []).includes(s) ? " · bot" : "",
        waiting.has(s) ? " · to answer" : "",
      ),
    ),
  );
}

async function drawReport(update) {
  const published = update.published || [];
  const last = published[published.length - 1];
  if (gm || last === undefined || last === shownReport) return;
  shownReport = last;
  const report = await api(`${base}/report?round=${last}`, token);
  $("report").replaceChildren(el("h2", { text: `Report of round ${report.round}` }), el("pre", { text: report.text }));
  $("report").hidden = false;
}

function drawConsole(update) {
  if (!gm) return;
  const box = $("console");
  box.hidden = false;
  drawInvitations(update, base, token);
  const view = update.view;
  const waiting = new Set(view.waiting_for || []);
  $("sent").replaceChildren(...view.seats.map((s) => el("li", { class: waiting.has(s) ? "waiting" : "sent", text: `${s}: ${waiting.has(s) ? "not yet" : "sent"}${(update.bots || []).includes(s) ? " (bot)" : ""}` })));
  const paste = $("paste");
  const ids = (update.pasteable || []).map((p) => p.request).join("|");
  if (paste.dataset.ids !== ids) {
    paste.dataset.ids = ids;
    paste.replaceChildren(
      ...(update.pasteable || []).map((p) => {
        const id = `paste-${p.request}`;
        const area = el("textarea", { id, rows: 3 });
        const error = el("p", { class: "error", role: "alert" });
        return el(
          "form",
          {
            class: "request",
            onsubmit: async (event) => {
              event.preventDefault();
              error.textContent = "";
              try {
                keepReceipt(await api(`${base}/act`, token, { method: "POST", body: { action: p.action, args: { [p.field]: area.value }, request: p.request, seat: p.seat } }));
              } catch (problem) {
                error.textContent = problem.message;
              }
            },
          },
          el("label", { for: id, text: `${words(p.label)} from ${p.seat}, as written` }),
          p.hint ? el("p", { class: "hint", text: p.hint }) : null,
          area,
          el("button", { type: "submit", text: `Enter ${p.seat}'s ${p.label}` }),
          error,
        );
      }),
    );
  }
  const bots = $("bot-seats");
  const key = view.seats.join("|") + "/" + (update.bots || []).join("|");
  if (bots.dataset.key !== key) {
    bots.dataset.key = key;
    bots.replaceChildren(...view.seats.map((s) => el("label", { class: "choice" }, el("input", { type: "checkbox", value: s, checked: (update.bots || []).includes(s) }), ` ${s}`)));
  }
}

function apply(update) {
  const reset = update.after === 0;
  if (reset) {
    entries = [];
    opened.clear();
  }
  entries.push(...update.entries);
  for (const entry of update.entries) if (entry.request) opened.set(entry.request, entry.seq);
  length = update.length;
  latest = update;
  const wasOver = over;
  over = update.over;
  // The server writes a dispute report only once the game is over (before, it would
  // describe entries still hidden): the form waits for the end.
  $("dispute-form").hidden = !over;
  const title = update.title || words(update.view.game);
  document.title = `${title} — ${gm ? "gamesmaster" : seat} — Referee`;
  $("title").textContent = title;
  $("who").textContent = gm ? "Gamesmaster console" : `You are ${seat}`;
  drawLog(update.entries, reset);
  if (!replaying) drawTable(update.view, update.presentation, update.view.result ? "game over" : "");
  drawRequests(update);
  drawConsole(update);
  drawReport(update).catch(() => {});
  if (!wasOver && over && entries.some((e) => e.hidden) && socket) {
    // The end of the game opens every entry: read the log again.
    socket.send(JSON.stringify({ after: 0 }));
  }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}${base}/live`);
  socket.addEventListener("open", () => {
    socket.send(JSON.stringify({ token, after: length }));
  });
  socket.addEventListener("message", (message) => {
    const data = JSON.parse(message.data);
    if (data.error) {
      status(`refused: ${data.error}`);
      refused(table, seat, data);
      socket.close();
      socket = null;
      return;
    }
    if (data.type === "update") {
      apply(data);
      status("connected");
    }
  });
  socket.addEventListener("close", () => {
    if (socket === null) return;
    status("reconnecting…");
    setTimeout(connect, 1000);
  });
}

// The past is only looked at: while the slider is back, the answer forms are inert.
function showPast(past) {
  replaying = past;
  $("replay-banner").hidden = !past;
  $("past-note").hidden = !past;
  $("requests").inert = past;
  $("requests").classList.toggle("inert", past);
}

async function replayTo(to) {
  if (to >= length) {
    showPast(false);
    if (latest) drawTable(latest.view, latest.presentation, latest.view.result ? "game over" : "");
    $("replay").value = String(length);
    $("replay-at").textContent = `live (entry ${length})`;
    return;
  }
  showPast(true);
  const walked = await api(`${base}/replay?to=${to}`, token);
  if (walked.view) drawTable(walked.view, walked.presentation, walked.result || "");
  $("replay-at").textContent = `entry ${to} of ${length}`;
}

async function exportLog() {
  const out = $("export-result");
  out.textContent = "checking…";
  try {
    const exported = await api(`${base}/export`, token);
    const verdict = exported.verify;
    out.replaceChildren(el("span", { class: verdict.ok ? "ok" : "bad", text: `${verdict.ok ? "Verified" : "Does not verify"}: ${verdict.message}` }));
    if (exported.jsonl) {
      const link = el("a", { href: URL.createObjectURL(new Blob([exported.jsonl], { type: "application/jsonl" })), download: `${table}${exported.full ? "" : `-${seat}`}.jsonl`, text: `Download the log (${exported.entries} entries)` });
      out.append(" ", link);
    }
    const kept = localStorage.getItem(receiptsKey) || "";
    if (kept) {
      const count = kept.split("\n").filter(Boolean).length;
      $("receipts-link").replaceChildren(el("a", { href: URL.createObjectURL(new Blob([kept], { type: "application/jsonl" })), download: `${table}${exported.full ? "" : `-${seat}`}.receipts.jsonl`, text: `Download your receipts (${count})` }));
    }
  } catch (problem) {
    out.textContent = problem.message;
  }
}

// The dispute report on one entry, written by the server from its log and the receipts this
// browser kept, as a page to save (check it with `referee dispute` on the downloaded files).
async function disputeReport(event) {
  event.preventDefault();
  const out = $("dispute-result");
  out.textContent = "writing…";
  try {
    const entry = Number($("dispute-entry").value);
    const report = await api(`${base}/dispute`, token, { method: "POST", body: { entry, receipts: localStorage.getItem(receiptsKey) || "" } });
    out.replaceChildren(el("a", { href: URL.createObjectURL(new Blob([report.html], { type: "text/html" })), download: `${table}-entry-${entry}.html`, text: `Save the report: ${report.title}` }));
  } catch (problem) {
    out.textContent = problem.message;
  }
}

async function consoleAction(body, out) {
  out.textContent = "";
  try {
    await api(`${base}/act`, token, { method: "POST", body });
    out.textContent = "done";
  } catch (problem) {
    out.textContent = problem.message;
  }
}

async function setup() {
  if (!table || !seat) {
    status("This page needs a join link (it ends with #table=…&seat=…&invite=…).");
    return;
  }
  try {
    token = await credential(table, seat, params);
  } catch (problem) {
    showClaimRefused(problem.message);
    return;
  }
  $("replay").addEventListener("change", (event) => replayTo(Number(event.target.value)).catch((p) => status(p.message)));
  $("show-bookkeeping").addEventListener("change", (event) => $("log").classList.toggle("with-bookkeeping", event.target.checked));
  $("replay-live").addEventListener("click", () => replayTo(length));
  $("export").addEventListener("click", exportLog);
  $("dispute-form").addEventListener("submit", disputeReport);
  if (gm) {
    $("close-turn").addEventListener("click", () => consoleAction({ action: "close", args: { turn: latest?.view.round } }, $("console-result")));
    $("publish").addEventListener("click", async () => {
      try {
        const report = await api(`${base}/report`, token, { method: "POST", body: {} });
        $("gm-report").replaceChildren(el("h3", { text: `Round ${report.round}, published` }), el("pre", { text: report.text }));
      } catch (problem) {
        $("gm-report").textContent = problem.message;
      }
    });
    $("bots-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const seats = [...$("bot-seats").querySelectorAll("input:checked")].map((i) => i.value);
      consoleAction({ action: "automate", args: { seats } }, $("console-result"));
    });
    $("abandon-form").addEventListener("submit", (event) => {
      event.preventDefault();
      consoleAction({ action: "abandon", args: { reason: $("abandon-reason").value || "ended by the gamesmaster" } }, $("console-result"));
    });
  }
  connect();
}

setup();
window.referee = { get length() { return length; }, get over() { return over; }, get presentationTitle() { return latest?.presentation?.title; }, render };
