// Contracts, leads and seats as the table reads and types them, in the
// table's language (CONFIG.notation), and a typed line ("4SX N = HK") read
// into a draft of the entry screen.
import { NOTATION, T } from "./app.js";
import { el } from "./dom.js";
import { parseEntry } from "./grammar.js";

export const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };
export const SUIT_ORDER = ["S", "H", "D", "C"];
export const STRAIN_ORDER = ["C", "D", "H", "S", "NT"];
export const SEATS = ["N", "E", "S", "W"];
export const RANKS = ["A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"];

export function seatLetter(seat) {
  const letters = NOTATION.seats;
  return Object.keys(letters).find((letter) => letters[letter] === seat) || seat;
}

export function seatName(seat) {
  return T[{ N: "north", E: "east", S: "south", W: "west" }[seat]] || seat;
}

export function strainNode(strain) {
  if (strain === "NT") return el("span", { class: "nt" }, NOTATION.nt);
  const red = strain === "H" || strain === "D";
  return el("span", { class: red ? "suit red" : "suit" }, SUITS[strain]);
}

export function rankText(rank) {
  return rank === "T" ? "10" : rank;
}

// "4SX" / "3NT" / "Pass" / "NP" as the API writes a contract.
export function readContract(text) {
  if (text === "Pass") return { special: "pass" };
  if (text === "NP") return { special: "np" };
  const match = /^([1-7])(NT|C|D|H|S)(XX|X)?$/.exec(text || "");
  if (!match) return null;
  return { level: Number(match[1]), strain: match[2], doubling: match[3] || "" };
}

export function readLead(text) {
  const match = /^([CDHS])(10|[AKQJT2-9])$/.exec(text || "");
  if (!match) return null;
  return { suit: match[1], rank: match[2] === "10" ? "T" : match[2] };
}

export function contractNode(draft) {
  if (draft.special === "pass") return el("span", {}, NOTATION.pass_name);
  if (draft.special === "np") return el("span", {}, T.not_played);
  return el("span", { class: "contract" },
    String(draft.level), strainNode(draft.strain), draft.doubling);
}

export function leadNode(lead) {
  if (!lead) return null;
  return el("span", { class: "lead" }, strainNode(lead.suit), rankText(lead.rank));
}

export function resultText(result) {
  if (result === 0) return "=";
  return result > 0 ? `+${result}` : `−${-result}`;
}

// The results a contract of this level can have: -(6+level) … +(7-level).
export function resultRange(level) {
  return { down: 6 + level, over: 7 - level };
}

export function draftFromEntry(entry) {
  const contract = entry && readContract(entry.contract);
  if (!contract) return blankDraft();
  const draft = { ...blankDraft(), ...contract };
  if (contract.special) return draft;
  draft.declarer = entry.declarer;
  draft.result = entry.tricks === null ? null : entry.tricks - 6 - contract.level;
  draft.lead = readLead(entry.lead);
  return draft;
}

export function blankDraft() {
  return {
    special: null, level: null, strain: null, doubling: "",
    declarer: null, result: null, lead: null,
  };
}

// ------------------------------------------------------------ typed entry

// "4SX N =", "3NT S +1 HK", "4PX O 10 CR", "4S= N" (in the table's language)
// as a draft: read by grammar.js on the server's own tables (CONFIG.notation,
// the JSON of api/table/notation/<lang>.json), so it reads what the server
// reads. "NP" (not played) is the phone's own button, not notation.
export function readTyped(text) {
  const words = text.toUpperCase().replace(/\s+/g, " ").trim();
  if (!words) return null;
  if (words === "NP") return { ...blankDraft(), special: "np" };
  const entry = parseEntry(text, NOTATION);
  if (entry.refusal) return null;
  if (entry.passed_out) return { ...blankDraft(), special: "pass" };
  return {
    special: null, level: entry.level, strain: entry.strain,
    doubling: entry.doubling, declarer: entry.declarer,
    result: entry.tricks - NOTATION.book - entry.level,
    lead: entry.lead ? { suit: entry.lead[0], rank: entry.lead.slice(1) } : null,
  };
}
