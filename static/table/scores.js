// Scores as a player reads them: each from the viewer's own side first (the
// phone's pair), the opponents' beside it; the board's percentages or IMPs and
// its traveller with the viewer's line marked.
import { T, mySide, state } from "./app.js";
import { decimal, el, say, signed } from "./dom.js";
import {
  contractNode, draftFromEntry, leadNode, readLead, resultText, seatLetter, seatName,
} from "./notation.js";

// The viewer's side first: ["ns", "ew"] or ["ew", "ns"].
export function sidesMineFirst() {
  return mySide() === "EW" ? ["ew", "ns"] : ["ns", "ew"];
}

function tile(side, value) {
  const mine = side === mySide().toLowerCase();
  return el("div", { class: `score ${side}${mine ? " mine" : ""}` },
    el("span", { class: "direction" }, mine ? say("yours", { side: T[side] }) : T[side]),
    el("strong", {}, value));
}

export function scoreBoxes(scoreNs) {
  const known = scoreNs !== null && scoreNs !== undefined;
  const value = (side) => (known ? signed(side === "ns" ? scoreNs : -scoreNs) : "—");
  return el("div", { class: "scores" }, sidesMineFirst().map((s) => tile(s, value(s))));
}

export function resultFacts(entry) {
  const draft = draftFromEntry(entry);
  const rows = [[T.contract, contractNode(draft)]];
  if (!draft.special) {
    rows.push([T.declarer, `${seatLetter(entry.declarer)} · ${seatName(entry.declarer)}`]);
    rows.push([T.result,
      `${resultText(draft.result)} · ${say("tricks", { tricks: entry.tricks })}`]);
    if (entry.lead) rows.push([T.lead, leadNode(draft.lead)]);
  }
  return el("dl", { class: "facts-list" },
    rows.map(([name, value]) => [el("dt", {}, name), el("dd", {}, value)]));
}

function percentage(value) {
  return value === null || value === undefined ? "—" : `${decimal(value, 2)}%`;
}

function imps(value) {
  return value === null || value === undefined ? "—" : say("imps", { imps: signed(value) });
}

function sideTiles(shown) {
  const imp = "imps_ns" in shown;
  const value = (side) => (imp ? imps(shown[`imps_${side}`])
    : percentage(shown[`percentage_${side}`]));
  return el("div", { class: "scores shown" },
    sidesMineFirst().map((side) => tile(side, value(side))));
}

export function shownBox(shown) {
  if (!shown) return el("p", { class: "note" }, T.nothing_shown);
  const title = "imps_ns" in shown ? T.imps_title : T.percentage_title;
  return el("section", { class: "shown" },
    shown.kind === "traveller" ? travellerTable(shown.lines) : null,
    el("p", { class: "score-title" }, title),
    sideTiles(shown));
}

// A traveller line as results --json writes it, in the table's notation, its
// score and points from the viewer's side.
function lineCells(line, side) {
  const draft = line.contract ? draftFromEntry(line) : null;
  const number = (n) => (n === null || n === undefined ? "" : decimal(n, 0));
  const played = draft && !draft.special && draft.result !== null;
  const score = line.score_ns === null || line.score_ns === undefined ? null
    : (side === "ns" ? line.score_ns : -line.score_ns);
  return [
    line.ns, line.ew,
    draft ? [contractNode(draft), played ? ` ${seatLetter(line.declarer)}` : ""] : "—",
    played ? resultText(draft.result) : "",
    leadNode(readLead(line.lead)) || "",
    score === null ? "" : signed(score),
    number(line[`${side}_points`]),
  ];
}

// A heading in the few letters a phone's width allows, said in full in its
// title where the language shortens it.
function heading(key, params) {
  const full = say(`col_${key}`, params);
  const short = say(`short_${key}`, params);
  return short === full ? full : el("abbr", { title: full }, short);
}

export function travellerTable(lines) {
  const side = mySide().toLowerCase();
  const sided = { side: T[side] };
  const heads = [T.col_ns, T.col_ew, heading("contract"), heading("result"),
    heading("lead"), heading("score_side", sided), heading("points_side", sided)];
  const ours = state.round && state.round.pairs.ns ? state.round.pairs.ns.label : "";
  return el("div", { class: "traveller" },
    el("h2", {}, T.traveller),
    el("table", {},
      el("thead", {}, el("tr", {}, heads.map((h) => el("th", { scope: "col" }, h)))),
      el("tbody", {}, lines.map((line) => el("tr",
        { class: line.ns === ours ? "ours" : null,
          "aria-current": line.ns === ours ? "true" : null },
        lineCells(line, side).map((cell) => el("td", {}, cell)))))));
}

// The server's warnings on a result sent: what to check before accepting it.
export function warningList(warnings) {
  if (!warnings || !warnings.length) return null;
  return el("div", { class: "warnings", role: "status" },
    el("p", { class: "warnings-title" }, T.warnings_title),
    el("ul", {}, warnings.map((w) => el("li", { "data-field": w.field }, w.message))));
}
