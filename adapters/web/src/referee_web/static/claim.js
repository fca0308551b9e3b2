// A seat's link is an invitation (#table=…&seat=…&invite=…): the first browser to open it
// claims the seat, and the server gives that browser the seat's credential, kept here in
// this browser's storage for this origin.  It is sent only as the pages send any token (an
// Authorization header, the live connection's first message), never in a URL, and never by
// the browser on its own as a cookie would be.  Opening the same link again in this browser
// finds the credential; in any other browser the invitation is spent.  The gamesmaster's
// link (and a seat's link from before invitations) carries its token itself: #…&token=….
import { api, el } from "./ui.js";

const key = (table, seat) => `referee.seat:${table}:${seat}`;
let unkept = "";

function kept(table, seat) {
  try {
    return JSON.parse(localStorage.getItem(key(table, seat)) || "null");
  } catch {
    return null;
  }
}

function keep(table, seat, value) {
  try {
    localStorage.setItem(key(table, seat), JSON.stringify(value));
  } catch {
    unkept = "This browser keeps nothing for this site: leaving or reloading this page loses the seat (the host can re-issue its invitation).";
  }
}

function forget(table, seat) {
  try {
    localStorage.removeItem(key(table, seat));
  } catch {
    // nothing was kept
  }
}

function banner(text) {
  const box = document.getElementById("seat-banner");
  if (!box) return;
  box.textContent = text;
  box.hidden = !text;
}

// The token this page acts with: the link's own token, the credential this browser got
// from the same invitation before, or the credential a claim of the invitation gives now.
export async function credential(table, seat, params) {
  const token = params.get("token");
  if (token) return token;
  const invite = params.get("invite") || "";
  const before = kept(table, seat);
  if (before && (!invite || before.invite === invite)) return before.credential;
  if (!invite) throw new Error("This page needs a join link (it ends with #table=…&seat=…&invite=…).");
  const path = `/api/tables/${encodeURIComponent(table)}/seats/${encodeURIComponent(seat)}/claim`;
  const claimed = await api(path, invite, { method: "POST" });
  // The spent invitation is kept beside the credential only to know this link again.
  keep(table, seat, { credential: claimed.credential, invite, claimed_at: claimed.claimed_at });
  banner(unkept);
  return claimed.credential;
}

// An invitation that opens nothing (claimed by another browser, replaced, mistyped): the
// page says so, and shows nothing of the table.
export function showClaimRefused(message) {
  document.getElementById("status").textContent = "not joined";
  document.querySelector("main").replaceChildren(
    el(
      "section",
      { id: "claim", "aria-labelledby": "claim-h" },
      el("h2", { id: "claim-h", text: "This invitation cannot be used" }),
      el("p", { class: "error", role: "alert", text: message }),
      el("p", { class: "hint", text: "An invitation opens its seat once, in the first browser that opens it. Only the host can give the seat a new one." }),
    ),
  );
}

// A refusal on the live connection: a credential revoked by a re-issue is forgotten, the
// reason stays on the page, and the seat's forms go (they would only be refused).
export function refused(table, seat, data) {
  banner(data.error);
  if (data.status !== 403) return;
  forget(table, seat);
  document.getElementById("status").textContent = "not joined";
  document.getElementById("turn")?.setAttribute("hidden", "");
}

// The gamesmaster's console: each seat's invitation (claimed or not, never a token), and
// a re-issue, which the log records and which revokes whoever holds the seat now.
const fresh = {};
let latest = null;

export function drawInvitations(update, base, token) {
  const list = document.getElementById("invitations");
  if (!list) return;
  latest = update;
  const invitations = update.invitations || {};
  const seats = update.view.seats;
  const drawn = JSON.stringify([seats, invitations, fresh]);
  if (list.dataset.drawn === drawn) return;
  list.dataset.drawn = drawn;
  list.replaceChildren(
    ...seats.map((seat) => {
      const state = invitations[seat];
      const said = !state
        ? "no invitation"
        : state.link
          ? `holds a link from before invitations`
          : state.claimed_at
            ? `claimed at ${new Date(state.claimed_at).toLocaleString()}`
            : "not claimed yet";
      const out = el("span", { class: "error", role: "alert" });
      const button = el("button", { type: "button", class: "small" }, `Re-issue ${seat}'s invitation`);
      button.addEventListener("click", async () => {
        out.textContent = "";
        try {
          const done = await api(`${base}/reissue`, token, { method: "POST", body: { seat } });
          const table = new URLSearchParams(location.hash.slice(1)).get("table") || "";
          fresh[seat] = `${location.origin}/play#table=${encodeURIComponent(table)}&seat=${encodeURIComponent(seat)}&invite=${encodeURIComponent(done.invitation)}`;
          // The update that said the seat is free again may have come first: draw the newest.
          list.dataset.drawn = "";
          drawInvitations(latest, base, token);
        } catch (problem) {
          out.textContent = problem.message;
        }
      });
      const link = fresh[seat];
      const copy = link ? el("button", { type: "button", class: "small", onclick: () => navigator.clipboard?.writeText(link).then(() => (copy.textContent = "copied")) }, "copy") : null;
      return el(
        "li",
        { "data-seat": seat },
        el("strong", { text: seat }),
        `: ${said} `,
        button,
        out,
        link ? el("p", { class: "hint", text: `New invitation for ${seat}, shown once: send it to ${seat} only.` }) : null,
        link ? el("code", { class: "invitation", text: link }) : null,
        copy,
      );
    }),
  );
}
