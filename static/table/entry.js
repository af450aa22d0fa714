// The entry screen: a board's result chosen with buttons (or typed), its score
// before sending, then sent through the outbox (the server's warnings come
// with the result sent: nothing read from the deal answers a preview). The
// same screen takes the opponents' version when they reject a result.
import { T, go, mySide, ownPhones } from "./app.js";
import { tryOnce } from "./api.js";
import { boardFacts, entryParts, missing, summary, typedBox } from "./choices.js";
import { button, el, newId, say, show } from "./dom.js";
import { resultRange } from "./notation.js";
import { submit } from "./outbox.js";
import { scoreBoxes } from "./scores.js";

// mode: null (a result to send) or { entry } (the opponents' version of it).
export function entryScreen(number, first, note, error, mode) {
  let draft = { ...first };
  const parts = el("div", { class: "parts" });
  const foot = el("div", { class: "send-bar" });
  const change = (update) => {
    draft = { ...draft, ...update };
    const range = draft.level ? resultRange(draft.level) : null;
    if (range && (draft.result > range.over || draft.result < -range.down)) {
      draft.result = null;
    }
    render();
  };
  const render = () => {
    parts.replaceChildren(...entryParts(draft, change).filter(Boolean));
    foot.replaceChildren(...sendBar(number, draft, mode));
  };
  render();
  show(mode ? "version" : "entry",
    button(T.back, () => go.loadRound(), "back"),
    el("h1", {}, say("board", { board: number })),
    boardFacts(number),
    mode ? el("p", { class: "ask" }, versionTitle(mode.entry)) : null,
    note ? el("p", { class: "note warn" }, note) : null,
    error ? el("p", { class: "table-error", role: "alert" }, error) : null,
    parts,
    typedBox((typed) => change(typed)),
    foot);
}

// The score of the result as chosen, from the server (the one scoring rule),
// before anything is sent; a later choice overtakes an answer still on its way.
let scoreAsked = 0;

function scorePreview(number, draft) {
  const box = el("div", { class: "score-preview", "aria-live": "polite" });
  if (missing(draft).length || draft.special === "np") return box;
  const body = payload(number, draft);
  const query = new URLSearchParams({ board: number, contract: body.contract });
  if (body.declarer) query.set("declarer", body.declarer);
  if (body.tricks !== undefined) query.set("tricks", body.tricks);
  if (body.lead) query.set("lead", body.lead);
  const asked = ++scoreAsked;
  tryOnce("GET", `score?${query}`).then((answer) => {
    if (asked === scoreAsked && answer && answer.status === 200) {
      box.replaceChildren(scoreBoxes(answer.data.score_ns));
    }
  }).catch(() => {});
  return box;
}

// On the pairs' own phones a first version goes back to the side that sent the
// result; a version against their answer goes to the director.
function toDirector(entry) {
  return !ownPhones() || Boolean(entry.version);
}

function versionTitle(entry) {
  if (toDirector(entry)) return T.version_title;
  return say("version_title_own", { side: T[`side_${other()}`] });
}

function sendBar(number, draft, mode) {
  const gaps = missing(draft);
  const sendTo = say("send_to", { side: T[`side_${other()}`] });
  const label = !mode ? sendTo : toDirector(mode.entry) ? T.send_version
    : say("send_version_own", { side: T[`side_${other()}`] });
  const send = mode ? () => sendVersion(mode.entry, draft) : () => sendResult(number, draft);
  return [
    summary(draft),
    scorePreview(number, draft),
    gaps.length ? el("p", { class: "hint" },
      say("still_to_choose", { parts: gaps.join(", ") })) : null,
    button(label, send, "big primary send", { disabled: gaps.length > 0 }),
  ].filter(Boolean);
}

function other() {
  return mySide() === "NS" ? "ew" : "ns";
}

export function payload(number, draft) {
  const body = { board: number, client_id: newId() };
  if (draft.special === "pass") return { ...body, contract: "Pass" };
  if (draft.special === "np") return { ...body, contract: "NP" };
  const lead = draft.lead && draft.lead.suit && draft.lead.rank
    ? draft.lead.suit + draft.lead.rank : "";
  return {
    ...body,
    contract: `${draft.level}${draft.strain}${draft.doubling}`,
    declarer: draft.declarer,
    tricks: 6 + draft.level + draft.result,
    lead,
  };
}

export function sendResult(number, draft) {
  const body = payload(number, draft);
  return submit({
    kind: "send", method: "POST", path: "results", body, board: number, draft,
  }, summary(draft));
}

// The opponents reject with their version (back to the side that sent it, or
// a dispute for the director).
function sendVersion(entry, draft) {
  const { board, client_id: _id, ...version } = payload(entry.board, draft);
  return submit({
    kind: "reject", method: "POST", path: `results/${entry.id}/reject`,
    body: version, board, entry, draft,
  }, summary(draft));
}
