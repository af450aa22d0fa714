// The players' member numbers at the first round, when the director asks:
// both sides sign in (or skip); what is done is kept per code and round.
import { T, go } from "./app.js";
import { tryOnce, signedOut } from "./api.js";
import { button, el, keys, say, show, store } from "./dom.js";
import { seatName } from "./notation.js";
import { tableHead } from "./round.js";

const SIDE_SEATS = { ns: ["N", "S"], ew: ["E", "W"] };
const firstKey = keys.first;
const membersKey = keys.members;
const loadRound = () => go.loadRound();

// The first round this phone saw the table play while the director asked for
// member numbers: the players sign in there, and there only.
export function firstRound(data) {
  const first = store.get(firstKey());
  if (typeof first === "number") return first;
  store.set(firstKey(), data.round);
  return data.round;
}

export function asksMembers(data) {
  if (!data.options || !data.options.players) return false;
  if (firstRound(data) !== data.round) return false;
  const kept = store.get(membersKey(data.round));
  return !(kept && kept.done);
}

// Both sides sign in (or skip); what is done is kept per code and round, so a
// reload asks only what is left.
export function membersScreen(data) {
  const key = membersKey(data.round);
  const kept = { ns: null, ew: null, ...store.get(key) };
  const finish = () => {
    store.set(key, { ...kept, done: true });
    return loadRound();
  };
  const signedIn = (side, names, form) => {
    kept[side] = names;
    store.set(key, kept);
    if (typeof kept.ns === "string" && typeof kept.ew === "string") return finish();
    return form.replaceWith(signedSide(side, data.pairs[side], names));
  };
  show("members",
    tableHead(data),
    el("h2", {}, T.members_title),
    el("p", { class: "hint" }, T.members_hint),
    ["ns", "ew"].map((side) => (typeof kept[side] === "string"
      ? signedSide(side, data.pairs[side], kept[side])
      : memberForm(side, data.pairs[side], signedIn))),
    button(T.members_skip, finish, "big skip"));
}

export function sideTitle(side, pair) {
  return el("h3", {}, T[`members_${side}`], pair ? ` · ${pair.label}` : "");
}

export function signedSide(side, pair, names) {
  return el("section", { class: `members-side ${side} done` },
    sideTitle(side, pair),
    el("p", { class: "signed" }, say("members_signed_in", { names })));
}

export function memberInput(seat, last) {
  const id = `table-member-${seat}`;
  return el("div", { class: "member" },
    el("label", { for: id }, seatName(seat)),
    el("input", {
      type: "text", id, name: seat, maxlength: 30, required: true,
      autocomplete: "off", autocapitalize: "characters", autocorrect: "off",
      spellcheck: "false", enterkeyhint: last ? "go" : "next",
    }));
}

// A side's two member numbers, sent together.
export function memberForm(side, pair, signedIn) {
  const send = (event) => {
    event.preventDefault();
    sendMembers(event.currentTarget, side, signedIn);
  };
  return el("form", { class: `members-side ${side}`, novalidate: true, onsubmit: send },
    sideTitle(side, pair),
    el("div", { class: "members" },
      SIDE_SEATS[side].map((seat, i) => memberInput(seat, i === 1))),
    el("p", { class: "table-error", role: "alert", hidden: true }),
    el("button", { type: "submit", class: "big primary" },
      say("members_send", { side: T[`members_${side}`] })));
}

export function memberError(form, text, invalid) {
  const error = form.querySelector(".table-error");
  error.textContent = text;
  error.hidden = !text;
  for (const input of form.querySelectorAll("input")) {
    const bad = typeof invalid === "function" ? invalid(input) : Boolean(invalid);
    input.setAttribute("aria-invalid", String(bad));
  }
}

export async function sendMembers(form, side, signedIn) {
  const members = [...form.querySelectorAll("input")].map((input) => input.value.trim());
  if (members.some((member) => !member)) {
    return memberError(form, T.members_missing, (input) => !input.value.trim());
  }
  const send = form.querySelector("button");
  const label = send.textContent;
  memberError(form, "");
  send.disabled = true;
  send.textContent = T.signing_in;
  const body = { side: side.toUpperCase(), members };
  const answer = await tryOnce("POST", "players", body);
  send.disabled = false;
  send.textContent = label;
  if (!answer) return memberError(form, T.members_failed);
  if (signedOut(answer)) return;
  if (answer.status !== 200) {
    return memberError(form, answer.data.error || T.members_failed,
      answer.data.field === "members");
  }
  return signedIn(side, answer.data.names, form);
}
