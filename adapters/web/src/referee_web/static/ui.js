// Shared pieces of the browser UI: building elements, showing any game's view as cards
// and counters, and turning a request's answer schema (referee.answers) into a form.

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

const TITLE_KEYS = ["name", "title", "label", "id"];

function isScalar(value) {
  return value === null || ["string", "number", "boolean"].includes(typeof value);
}

function scalar(value) {
  if (value === null || value === undefined) return el("span", { class: "none", text: "—" });
  if (typeof value === "boolean") return el("span", { class: value ? "flag yes" : "flag no", text: value ? "yes" : "no" });
  if (typeof value === "number") return el("span", { class: "counter", text: value.toLocaleString() });
  return el("span", { class: "text", text: value });
}

function titleOf(item) {
  for (const key of TITLE_KEYS) if (typeof item[key] === "string" && item[key]) return [key, item[key]];
  return [null, null];
}

// One object as a card: its name on top, numbers as counters, the rest below.
function card(item, seat, depth) {
  const [titleKey, title] = titleOf(item);
  // The seat's own record at the top level (its gangster, its farmer) is marked; what lies inside it is not again.
  const mine = depth === 0 && seat && (item.name === seat || item.seat === seat);
  const node = el("article", { class: `card${mine ? " mine" : ""}` });
  if (title) node.append(el("h4", { text: title + (mine ? " (you)" : "") }));
  const stats = el("dl", { class: "stats" });
  const rest = [];
  for (const [key, value] of Object.entries(item)) {
    if (key === titleKey) continue;
    if ((key === "owner" || key === "id") && titleKey && titleKey !== key) continue; // machine names beside a person's
    if (isScalar(value)) {
      if (value === null || value === false || value === "") continue; // nothing to show
      stats.append(el("div", {}, el("dt", { text: words(key) }), el("dd", {}, scalar(value))));
    } else rest.push([key, value]);
  }
  if (stats.children.length) node.append(stats);
  for (const [key, value] of rest) {
    if (Array.isArray(value) && value.length === 0) continue;
    if (!Array.isArray(value) && Object.keys(value).length === 0) continue;
    node.append(el("div", { class: "nested" }, el("span", { class: "key", text: words(key) }), render(value, seat, depth + 1)));
  }
  return node;
}

// Any value of a game's view, drawn for a person: lists of things as cards, numbers as
// counters, maps of names to numbers as a small table.  Nothing game-specific is needed.
export function render(value, seat = null, depth = 0) {
  if (isScalar(value)) return scalar(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return el("span", { class: "none", text: "none" });
    if (value.every(isScalar)) return el("ul", { class: "chips" }, value.map((v) => el("li", {}, scalar(v))));
    if (value.every((v) => v && typeof v === "object" && !Array.isArray(v))) {
      return el("div", { class: "cards" }, value.map((v) => card(v, seat, depth)));
    }
    return el("ol", { class: "list" }, value.map((v) => el("li", {}, render(v, seat, depth + 1))));
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return el("span", { class: "none", text: "none" });
  if (entries.every(([, v]) => isScalar(v))) {
    return el(
      "dl",
      { class: "stats" },
      entries.map(([k, v]) => el("div", { class: seat && k === seat ? "mine" : null }, el("dt", { text: k.length > 2 && /[_a-z]/.test(k) && k === k.toLowerCase() ? words(k) : k }), el("dd", {}, scalar(v)))),
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
    entries.map(([k, v]) => el("section", { class: isScalar(v) ? "row" : "block" }, el(`h${level}`, { text: words(k) }), render(v, seat, depth + 1))),
  );
}

// A view, the seat's own things first ("my_..." fields), then the table.
export function renderView(view, seat) {
  const mine = {};
  const table = {};
  for (const [key, value] of Object.entries(view || {})) {
    if (key === "bots") continue;
    if (key.startsWith("my_") || key === "hand" || key === "mine") mine[key.replace(/^my_/, "")] = value;
    else table[key] = value;
  }
  const parts = [];
  const shownMine = Object.entries(mine).filter(([, v]) => v !== null && !(Array.isArray(v) && !v.length) && !(typeof v === "object" && v && !Object.keys(v).length));
  if (shownMine.length) parts.push(el("section", { class: "yours" }, el("h3", { text: "Yours" }), render(Object.fromEntries(shownMine), seat)));
  parts.push(el("section", { class: "board" }, render(table, seat)));
  return parts;
}

// --- forms from answer schemas ---------------------------------------------------------

let uid = 0;
const next = (prefix) => `${prefix}-${++uid}`;

function optionText(option) {
  return option.label || option.value;
}

function fieldLabel(name, shape) {
  return words(shape.label || name) + (shape.optional ? " (optional)" : "");
}

// Each builder returns [element, read]: read() gives the field's value, or undefined to leave it out.
const builders = {
  pick(name, shape) {
    const group = next("pick");
    if (shape.options.length > 8) {
      const id = next("select");
      const select = el("select", { id, name: group }, shape.optional || true ? el("option", { value: "", text: "— choose —" }) : null, shape.options.map((o) => el("option", { value: o.value, text: optionText(o) })));
      return [el("div", { class: "field" }, el("label", { for: id, text: fieldLabel(name, shape) }), select), () => (select.value === "" ? undefined : select.value)];
    }
    const set = el("fieldset", { class: "field choices" }, el("legend", { text: fieldLabel(name, shape) }));
    const radios = shape.options.map((o, i) => {
      const id = next("opt");
      const input = el("input", { type: "radio", id, name: group, value: o.value, required: !shape.optional && i === 0 ? true : null });
      set.append(el("label", { for: id, class: "choice" }, input, " ", optionText(o)));
      return input;
    });
    if (shape.optional) {
      const id = next("opt");
      const none = el("input", { type: "radio", id, name: group, value: "", checked: true });
      set.append(el("label", { for: id, class: "choice" }, none, " (none)"));
      radios.push(none);
    }
    return [set, () => radios.find((r) => r.checked && r.value !== "")?.value];
  },
  subset(name, shape) {
    const top = shape.max ?? shape.options.length;
    const set = el("fieldset", { class: "field choices", "data-min": shape.min || 0 }, el("legend", { text: `${fieldLabel(name, shape)}: ${shape.min === top ? `exactly ${top}` : `${shape.min || 0} to ${top}`}` }));
    const boxes = shape.options.map((o) => {
      const id = next("sub");
      const input = el("input", { type: "checkbox", id, value: o.value });
      set.append(el("label", { for: id, class: "choice" }, input, " ", optionText(o)));
      return input;
    });
    return [set, () => boxes.filter((b) => b.checked).map((b) => b.value)];
  },
  amount(name, shape) {
    const id = next("amount");
    const input = el("input", { type: "number", id, inputmode: "numeric", min: shape.min ?? 0, max: shape.max ?? null, step: shape.step || 1, value: shape.optional ? null : shape.min ?? 0, required: !shape.optional });
    const range = shape.max !== undefined && shape.max !== null ? `${shape.min ?? 0} to ${shape.max}` : `${shape.min ?? 0} or more`;
    return [el("div", { class: "field" }, el("label", { for: id, text: `${fieldLabel(name, shape)} (${range})` }), input), () => (input.value === "" ? undefined : Number.parseInt(input.value, 10))];
  },
  order(name, shape) {
    const list = el("ol", { class: "order" });
    const values = shape.options.map((o) => o.value);
    const text = Object.fromEntries(shape.options.map((o) => [o.value, optionText(o)]));
    const draw = () => {
      list.replaceChildren(
        ...values.map((v, i) =>
          el(
            "li",
            {},
            el("span", { text: text[v] }),
            el("button", { type: "button", class: "small", "aria-label": `move ${text[v]} up`, disabled: i === 0, onclick: () => { values.splice(i - 1, 0, values.splice(i, 1)[0]); draw(); list.querySelectorAll("button")[Math.max(0, (i - 1) * 2)].focus(); } }, "↑"),
            el("button", { type: "button", class: "small", "aria-label": `move ${text[v]} down`, disabled: i === values.length - 1, onclick: () => { values.splice(i + 1, 0, values.splice(i, 1)[0]); draw(); list.querySelectorAll("button")[Math.min(values.length * 2 - 1, (i + 1) * 2 + 1)].focus(); } }, "↓"),
          ),
        ),
      );
    };
    draw();
    return [el("fieldset", { class: "field" }, el("legend", { text: `${fieldLabel(name, shape)}: put them in your order` }), list), () => [...values]];
  },
  assign(name, shape) {
    const set = el("fieldset", { class: "field" }, el("legend", { text: fieldLabel(name, shape) }));
    const selects = shape.items.map((item) => {
      const id = next("assign");
      const select = el("select", { id, "data-item": item.value }, el("option", { value: "", text: "—" }), shape.targets.map((t) => el("option", { value: t.value, text: optionText(t) })));
      set.append(el("div", { class: "assign" }, el("label", { for: id, text: optionText(item) }), select));
      return select;
    });
    return [set, () => Object.fromEntries(selects.filter((s) => s.value).map((s) => [s.dataset.item, s.value]))];
  },
  text(name, shape) {
    const id = next("text");
    const help = next("help");
    const area = el("textarea", { id, rows: 4, maxlength: shape.max_length || 2000, "aria-describedby": shape.hint ? help : null, placeholder: shape.hint ? "" : null });
    return [el("div", { class: "field" }, el("label", { for: id, text: fieldLabel(name, shape) }), shape.hint ? el("p", { id: help, class: "hint", text: shape.hint }) : null, area), () => area.value];
  },
  flag(name, shape) {
    const id = next("flag");
    const box = el("input", { type: "checkbox", id });
    return [el("div", { class: "field" }, el("label", { for: id, class: "choice" }, box, " ", fieldLabel(name, shape))), () => box.checked];
  },
};

// A form for one request: its prompt, a control per field (required ones first), and Send.
export function requestForm(request, submit) {
  const form = el("form", { class: "request", "data-request": request.id, "data-action": request.action });
  form.append(el("h3", { class: "prompt", text: request.prompt }));
  if (request.deadline) form.append(el("p", { class: "deadline", text: `Answer within ${request.deadline} seconds.` }));
  const readers = [];
  const fields = Object.entries(request.answer || {}).sort((a, b) => Number(Boolean(a[1].optional)) - Number(Boolean(b[1].optional)));
  for (const [name, shape] of fields) {
    const build = builders[shape.kind];
    if (!build) continue;
    const [node, read] = build(name, shape);
    node.dataset.field = name;
    form.append(node);
    readers.push([name, read]);
  }
  if (!request.answer && request.choices) {
    // Requests of older logs list their answers.
    const [node, read] = builders.pick("choice", { options: request.choices.map((c, i) => ({ value: String(i), label: c.label })) });
    form.append(node);
    readers.push(["__choice", read]);
  }
  const error = el("p", { class: "error", role: "alert" });
  const send = el("button", { type: "submit", text: request.sealed ? "Send (sealed)" : "Send" });
  form.append(send, error);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    let args = {};
    for (const [name, read] of readers) {
      const value = read();
      if (value !== undefined) args[name] = value;
    }
    if ("__choice" in args) args = request.choices[Number(args.__choice)].args;
    send.disabled = true;
    error.textContent = "";
    try {
      await submit(request, args);
    } catch (problem) {
      error.textContent = problem.message;
      send.disabled = false;
    }
  });
  return form;
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
