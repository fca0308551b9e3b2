// A request's answer schema (referee.answers) as a form.  A consequential choice is never
// made for the player: no radio, box or list starts chosen, a yes-or-no is two choices with
// neither picked, and a number starts empty.  Required fields are asked first and never
// called optional; an item of an Assign offers only its own legal targets.
import { el, words } from "./ui.js";

let uid = 0;
// A form of several fields offering more choices than LONG_FORM in all (a deal: every card
// of both studios) folds its optional lists of more than FOLDED choices, and any form of
// several fields its optional lists of more than MANY, under their names, so it fits beside
// the table; the player opens the ones the move needs.
const LONG_FORM = 12;
const FOLDED = 4;
const MANY = 6;
const next = (prefix) => `${prefix}-${++uid}`;

function optionText(option) {
  return option.label || option.value;
}

function fieldLabel(name, shape) {
  // A field of a group of alternatives (one_of) is named with the others, not as optional.
  if (shape.alternatives?.length) return `${words(shape.label || name)} (or ${shape.alternatives.join(" or ")})`;
  return words(shape.label || name) + (shape.optional ? " (optional)" : "");
}

function radios(set, group, options, required) {
  return options.map((o, i) => {
    const id = next("opt");
    const input = el("input", { type: "radio", id, name: group, value: o.value, required: required && i === 0 ? true : null });
    set.append(el("label", { for: id, class: "choice" }, input, " ", el("span", { text: optionText(o) })));
    return input;
  });
}

// Each builder returns [element, read]: read() gives the field's value, or undefined to leave it out.
const builders = {
  pick(name, shape) {
    const group = next("pick");
    if (shape.options.length > 8) {
      const id = next("select");
      const select = el(
        "select",
        { id, name: group, required: !shape.optional },
        el("option", { value: "", text: shape.optional ? "— none of these —" : "— choose —" }),
        shape.options.map((o) => el("option", { value: o.value, text: optionText(o) })),
      );
      return [el("div", { class: "field" }, el("label", { for: id, text: fieldLabel(name, shape) }), select), () => (select.value === "" ? undefined : select.value)];
    }
    const set = el("fieldset", { class: "field choices" }, el("legend", { text: fieldLabel(name, shape) }));
    const inputs = radios(set, group, shape.options, !shape.optional);
    if (shape.optional) {
      // A way back to "not this field" once a radio is picked; it starts unpicked like the rest.
      const id = next("opt");
      const skip = el("input", { type: "radio", id, name: group, value: "", "data-skip": "" });
      set.append(el("label", { for: id, class: "choice skip" }, skip, " ", el("span", { text: "leave this out" })));
      inputs.push(skip);
    }
    return [set, () => inputs.find((r) => r.checked && r.value !== "")?.value];
  },
  subset(name, shape) {
    const top = shape.max ?? shape.options.length;
    const least = shape.min || 0;
    const how = least === top ? `choose ${top}` : least ? `choose ${least} to ${top}` : top < shape.options.length ? `choose up to ${top}` : "choose any";
    // A long list (a deal's cards of both studios) takes two columns on a laptop.
    const set = el("fieldset", { class: shape.options.length > 8 ? "field choices many" : "field choices", "data-min": least }, el("legend", { text: `${fieldLabel(name, shape)}: ${how}` }));
    const boxes = shape.options.map((o) => {
      const id = next("sub");
      const input = el("input", { type: "checkbox", id, value: o.value });
      set.append(el("label", { for: id, class: "choice" }, input, " ", el("span", { text: optionText(o) })));
      return input;
    });
    // An optional field with nothing ticked is left out, not sent as an empty choice.
    return [set, () => { const picked = boxes.filter((b) => b.checked).map((b) => b.value); return picked.length || !shape.optional ? picked : undefined; }];
  },
  amount(name, shape) {
    const id = next("amount");
    const low = shape.min ?? 0;
    const range = shape.max !== undefined && shape.max !== null ? `${low} to ${shape.max}` : `${low} or more`;
    const input = el("input", { type: "number", id, inputmode: "numeric", min: low, max: shape.max ?? null, step: shape.step || 1, required: !shape.optional, placeholder: range });
    return [el("div", { class: "field" }, el("label", { for: id, text: `${fieldLabel(name, shape)} (${range})` }), input), () => (input.value === "" ? undefined : Number.parseInt(input.value, 10))];
  },
  order(name, shape) {
    const list = el("ol", { class: "order" });
    const values = shape.options.map((o) => o.value);
    const text = Object.fromEntries(shape.options.map((o) => [o.value, optionText(o)]));
    const move = (i, to) => {
      values.splice(to, 0, values.splice(i, 1)[0]);
      draw();
      list.querySelectorAll("li")[to].querySelector(to < i ? "button.up" : "button.down")?.focus();
    };
    const draw = () => {
      list.replaceChildren(
        ...values.map((v, i) =>
          el(
            "li",
            {},
            el("span", { text: text[v] }),
            el("button", { type: "button", class: "small up", "aria-label": `move ${text[v]} up`, disabled: i === 0, onclick: () => move(i, i - 1) }, "↑"),
            el("button", { type: "button", class: "small down", "aria-label": `move ${text[v]} down`, disabled: i === values.length - 1, onclick: () => move(i, i + 1) }, "↓"),
          ),
        ),
      );
    };
    draw();
    return [el("fieldset", { class: "field" }, el("legend", { text: `${fieldLabel(name, shape)}: put them in your order` }), list), () => [...values]];
  },
  assign(name, shape) {
    const top = shape.max ?? shape.items.length;
    const least = shape.min || 0;
    const how = least === top ? `give each of them a target` : least ? `give at least ${least} a target` : "give a target to those you play";
    const set = el("fieldset", { class: "field assigns" }, el("legend", { text: `${fieldLabel(name, shape)}: ${how}` }));
    const allowed = shape.allowed || {};
    const selects = [];
    for (const item of shape.items) {
      const targets = item.value in allowed ? shape.targets.filter((t) => allowed[item.value].includes(t.value)) : shape.targets;
      if (!targets.length) {
        set.append(el("div", { class: "assign" }, el("span", { class: "item", text: optionText(item) }), el("span", { class: "hint", text: "no target it may go to now" })));
        continue;
      }
      const id = next("assign");
      const select = el("select", { id, "data-item": item.value }, el("option", { value: "", text: "— not played —" }), targets.map((t) => el("option", { value: t.value, text: optionText(t) })));
      set.append(el("div", { class: "assign" }, el("label", { for: id, class: "item", text: optionText(item) }), select));
      selects.push(select);
    }
    return [set, () => { const given = selects.filter((s) => s.value); return given.length || !shape.optional ? Object.fromEntries(given.map((s) => [s.dataset.item, s.value])) : undefined; }];
  },
  text(name, shape) {
    const id = next("text");
    const help = next("help");
    const area = el("textarea", { id, rows: 3, maxlength: shape.max_length || 2000, "aria-describedby": shape.hint ? help : null });
    return [el("div", { class: "field" }, el("label", { for: id, text: fieldLabel(name, shape) }), shape.hint ? el("p", { id: help, class: "hint", text: shape.hint }) : null, area), () => (area.value || !shape.optional ? area.value : undefined)];
  },
  flag(name, shape) {
    // Yes or no is a decision: two choices, neither picked (a lone checkbox would answer "no" by itself).
    const group = next("flag");
    const set = el("fieldset", { class: "field choices flag" }, el("legend", { text: fieldLabel(name, shape) }));
    const inputs = radios(set, group, [{ value: "yes", label: "Yes" }, { value: "no", label: "No" }], !shape.optional);
    return [set, () => { const picked = inputs.find((r) => r.checked); return picked ? picked.value === "yes" : undefined; }];
  },
};

// A long optional list under a line naming it and what is chosen in it, opened on demand.
function fold(set, shape, read) {
  const legend = set.querySelector("legend").textContent;
  const said = el("span", { class: "folded-choice" });
  const labels = Object.fromEntries(shape.options.map((o) => [o.value, optionText(o)]));
  const update = () => {
    const value = read();
    const picked = value === undefined ? [] : [].concat(value);
    said.textContent = picked.length ? `: ${picked.map((v) => labels[v] || v).join(", ")}` : "";
  };
  set.addEventListener("change", update);
  return el("details", { class: "fold" }, el("summary", {}, legend, said), set);
}

// A form for one request: its prompt, a control per field (required ones first), and Send.
export function requestForm(request, submit) {
  const form = el("form", { class: "request", "data-request": request.id, "data-action": request.action });
  form.append(el("h3", { class: "prompt", text: request.prompt }));
  if (request.deadline) form.append(el("p", { class: "deadline", text: `Answer within ${request.deadline} seconds.` }));
  const readers = [];
  const grouped = (shape) => Boolean(shape.optional) && !shape.one_of;
  const fields = Object.entries(request.answer || {}).sort((a, b) => Number(grouped(a[1])) - Number(grouped(b[1])));
  // Groups of alternative fields (one_of): the answer gives exactly one of each.
  const groups = {};
  for (const [name, shape] of fields) if (shape.one_of) (groups[shape.one_of] ||= []).push(name);
  const named = (name) => words(request.answer[name].label || name);
  const choices = fields.reduce((n, [, shape]) => n + (shape.options || []).length, 0);
  for (const [name, plain] of fields) {
    const build = builders[plain.kind];
    if (!build) continue;
    const shape = plain.one_of ? { ...plain, alternatives: groups[plain.one_of].filter((n) => n !== name).map(named) } : plain;
    const [node, read] = build(name, shape);
    node.dataset.field = name;
    node.dataset.kind = shape.kind;
    const offered = (shape.options || []).length;
    const long = fields.length > 1 && shape.optional && !shape.one_of && node.tagName === "FIELDSET" && (offered > MANY || (choices > LONG_FORM && offered > FOLDED));
    form.append(long ? fold(node, shape, read) : node);
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
    for (const members of Object.values(groups)) {
      if (members.filter((n) => n in args).length !== 1) {
        error.textContent = `Give exactly one of ${members.map(named).join(" or ")}.`;
        return;
      }
    }
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
