// The opponents' side of a result: accept it, or reject it (with their
// version, a dispute, when they confirm on their own phone); then what the
// director lets the table see of the board.
import { $, T, go, ownPhones, state } from "./app.js";
import { button, el, say, setBanner, show } from "./dom.js";
import { entryScreen } from "./entry.js";
import { draftFromEntry } from "./notation.js";
import { answered, submit } from "./outbox.js";
import { resultFacts, scoreBoxes, shownBox, warningList } from "./scores.js";

function sideName(side) {
  return T[`side_${(side || "NS").toLowerCase()}`];
}

// kind: "confirm" or "reject" (without a version: the table enters it again).
function decide(kind, entry) {
  const path = `results/${entry.id}/${kind}`;
  return submit({ kind, method: "POST", path, body: {}, board: entry.board });
}

function rejectScreen(entry) {
  if (!ownPhones()) return decide("reject", entry);
  return entryScreen(entry.board, draftFromEntry(entry), T.version_hint, null, { entry });
}

export function confirmScreen(entry) {
  const own = ownPhones();
  show("confirm",
    own ? button(T.back, () => {
      state.skipped = entry.id;
      return go.loadRound();
    }, "back") : null,
    el("h1", {}, say("board", { board: entry.board })),
    el("p", { class: "ask" }, own ? say("accept_from", { side: sideName(entry.side) })
      : T.ew_accept),
    resultFacts(entry),
    el("p", { class: "score-title" }, T.score),
    scoreBoxes(entry.score_ns),
    warningList(entry.warnings),
    el("div", { class: "decide" },
      button(T.accept, () => decide("confirm", entry), "big primary accept"),
      button(T.reject, () => rejectScreen(entry), "big reject")),
    own ? null : el("p", { class: "hint" }, T.hand_over));
}

export function acceptedScreen(entry) {
  show("accepted",
    el("h1", {}, say("accepted", { board: entry.board })),
    resultFacts(entry),
    el("p", { class: "score-title" }, T.score),
    scoreBoxes(entry.score_ns),
    shownBox(entry.shown),
    button(T.continue, () => go.loadRound(), "big primary continue"));
}

function waitingScreen(entry) {
  show("waiting",
    el("h1", {}, say("board", { board: entry.board })),
    el("p", { class: "ask" },
      say("waiting_for", { side: sideName(entry.side === "NS" ? "EW" : "NS") })),
    resultFacts(entry),
    el("p", { class: "score-title" }, T.score),
    scoreBoxes(entry.score_ns),
    warningList(entry.warnings),
    button(T.back, () => go.loadRound(), "big continue"));
}

async function refusedDecision(answer, item) {
  await go.loadRound();
  if (state.view !== "round") return;
  $("table-screen").prepend(el("p", { class: "table-error", role: "alert" },
    answer.data.error || say("board", { board: item.board })));
}

// An item sent in the background: a refusal is said in the banner, not lost.
function behind(answer, item) {
  if (answer.status >= 400) {
    setBanner(`${say("board", { board: item.board })}: ${answer.data.error || ""}`);
  }
  return go.refresh();
}

answered.send = async (answer, item, watched) => {
  if (!watched) return behind(answer, item);
  const { body, draft } = item;
  if (answer.status === 400 || answer.status === 409) {
    return entryScreen(item.board, draft, null, answer.data.error);
  }
  if (answer.data.status !== "pending") return go.loadRound();
  const entry = {
    id: answer.data.id, board: body.board, contract: body.contract,
    declarer: body.declarer || null, tricks: body.tricks ?? null,
    lead: body.lead || null, score_ns: answer.data.score_ns,
    warnings: answer.data.warnings || [],
    side: state.round && state.round.phone ? state.round.phone.side : "NS",
  };
  return ownPhones() ? waitingScreen(entry) : confirmScreen(entry);
};

answered.confirm = async (answer, item, watched) => {
  if (!watched) return behind(answer, item);
  if (answer.status !== 200) return refusedDecision(answer, item);
  if (answer.data.status !== "accepted") return go.loadRound();
  return acceptedScreen(answer.data);
};

answered.reject = async (answer, item, watched) => {
  if (!watched) return behind(answer, item);
  if (answer.status === 400 && item.entry) {
    return entryScreen(item.board, item.draft, T.version_hint, answer.data.error,
      { entry: item.entry });
  }
  if (answer.status !== 200) return refusedDecision(answer, item);
  if (answer.data.status === "disputed") return go.loadRound();
  return entryScreen(item.board, draftFromEntry(answer.data), T.rejected_note);
};
