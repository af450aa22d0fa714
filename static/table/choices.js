// The buttons of the entry screen, one group per part of a result (level,
// strain, doubling, declarer, result, lead), and the typed line beside them.
import { CONFIG, NOTATION, T, state } from "./app.js";
import { button, el, say } from "./dom.js";
import {
  RANKS, SEATS, STRAIN_ORDER, SUIT_ORDER, blankDraft, contractNode, leadNode,
  rankText, readTyped, resultRange, resultText, seatLetter, seatName, strainNode,
} from "./notation.js";

export function boardFacts(number) {
  const i = (number - 1) % 16;
  const seat = CONFIG.dealers[i];
  return el("p", { class: "facts" },
    say("dealer", { seat: seatLetter(seat) }), " · ", T[`vul_${CONFIG.vulnerable[i]}`]);
}

// A button's name for a screen reader: its visible text first (WCAG 2.5.3),
// then what it means ("+1, 11 tricks").
function spoken(option) {
  if (!option.title || option.title === String(option.label)) return undefined;
  return `${option.label}, ${option.title}`;
}

// A row of buttons of which one is chosen (aria-pressed).
export function choiceButtons(options, chosen, pick) {
  return el("div", { class: "buttons" }, options.map((option) =>
    el("button", {
      type: "button",
      class: "choice",
      "aria-pressed": String(option.value === chosen),
      "aria-label": spoken(option),
      "data-value": option.value,
      onclick: () => pick(option.value),
    }, option.label)));
}

export function choices(legend, options, chosen, pick, cls) {
  return el("fieldset", { class: `choices ${cls}` },
    el("legend", {}, legend), choiceButtons(options, chosen, pick));
}

export function levelChoices(draft, change) {
  const options = [1, 2, 3, 4, 5, 6, 7].map((n) => ({ value: n, label: String(n) }));
  return choices(T.level, options, draft.level, (level) => change({ level }), "level");
}

export function strainChoices(draft, change) {
  const options = STRAIN_ORDER.map((s) => ({ value: s, label: strainNode(s) }));
  return choices(T.strain, options, draft.strain, (strain) => change({ strain }), "strain");
}

export function doublingChoices(draft, change) {
  const options = ["", "X", "XX"].map((d) => ({ value: d, label: d || "—" }));
  return choices(T.doubling, options, draft.doubling,
    (doubling) => change({ doubling }), "doubling");
}

export function declarerChoices(draft, change) {
  const options = SEATS.map((s) => ({ value: s, label: seatLetter(s), title: seatName(s) }));
  return choices(T.declarer, options, draft.declarer,
    (declarer) => change({ declarer }), "declarer");
}

export function resultChoices(draft, change) {
  if (!draft.level) return null;
  const range = resultRange(draft.level);
  const option = (n) => ({
    value: n, label: resultText(n), title: say("tricks", { tricks: 6 + draft.level + n }),
  });
  const made = [0];
  for (let n = 1; n <= range.over; n += 1) made.push(n);
  const down = [];
  for (let n = 1; n <= range.down; n += 1) down.push(-n);
  const pick = (result) => change({ result });
  return el("fieldset", { class: "choices result" },
    el("legend", {}, T.result),
    choiceButtons(made.map(option), draft.result, pick),
    choiceButtons(down.map(option), draft.result, pick));
}

export function leadChoices(draft, change) {
  const lead = draft.lead || {};
  const suits = SUIT_ORDER.map((s) => ({ value: s, label: strainNode(s) }));
  const ranks = RANKS.map((r) => ({ value: r, label: rankText(r) }));
  const pick = (part) => change({ lead: { ...lead, ...part } });
  return el("div", { class: "lead-choices" },
    choices(T.lead_suit, suits, lead.suit, (suit) => pick({ suit }), "lead-suit"),
    choices(T.lead_rank, ranks, lead.rank, (rank) => pick({ rank }), "lead-rank"));
}

export function specialChoices(draft, change) {
  const toggle = (special) => change({ ...blankDraft(),
    special: draft.special === special ? null : special });
  return el("div", { class: "specials" },
    button(T.passed_out, () => toggle("pass"), "choice special",
      { "aria-pressed": String(draft.special === "pass") }),
    button(T.not_played, () => toggle("np"), "choice special",
      { "aria-pressed": String(draft.special === "np") }));
}

export function missing(draft) {
  if (draft.special) return [];
  const parts = [];
  if (!draft.level) parts.push(T.level);
  if (!draft.strain) parts.push(T.strain);
  if (!draft.declarer) parts.push(T.declarer);
  if (draft.result === null) parts.push(T.result);
  const lead = draft.lead || {};
  if (state.round.options.lead && !(lead.suit && lead.rank)) parts.push(T.lead);
  return parts;
}

export function summary(draft) {
  if (draft.special === "np") return el("p", { class: "summary" }, T.not_played_note);
  if (draft.special === "pass") return el("p", { class: "summary" }, contractNode(draft));
  if (!draft.level || !draft.strain) return null;
  const lead = draft.lead && draft.lead.suit && draft.lead.rank ? draft.lead : null;
  return el("p", { class: "summary" },
    contractNode(draft),
    draft.declarer ? ` ${say("by", { seat: seatLetter(draft.declarer) })}` : "",
    draft.result === null ? "" : ` ${resultText(draft.result)}`,
    lead ? " · " : "", leadNode(lead));
}

export function entryParts(draft, change) {
  if (draft.special) return [specialChoices(draft, change)];
  return [
    levelChoices(draft, change),
    strainChoices(draft, change),
    doublingChoices(draft, change),
    declarerChoices(draft, change),
    resultChoices(draft, change),
    state.round.options.lead ? leadChoices(draft, change) : null,
    specialChoices(draft, change),
  ];
}

export function typedBox(onRead) {
  const example = `4${NOTATION.strains.S ? "S" : "P"}X ${seatLetter("N")} = ` +
    `${NOTATION.strains.H ? "H" : "C"}K`;
  const status = el("p", { class: "typed-status", "aria-live": "polite" },
    say("typed_hint", { example }));
  const input = el("input", {
    type: "text", id: "table-typed", autocomplete: "off", autocapitalize: "characters",
    autocorrect: "off", spellcheck: "false", enterkeyhint: "done",
  });
  input.addEventListener("input", () => {
    const draft = readTyped(input.value);
    status.textContent = input.value.trim() ? (draft ? T.typed_ok : T.typed_bad) : "";
    status.classList.toggle("bad", Boolean(input.value.trim() && !draft));
    if (draft) onRead(draft);
  });
  return el("div", { class: "typed" },
    el("label", { for: "table-typed" }, T.typed), input, status);
}
