// The opponents' side of a result: accept it, or reject it (on their own
// phone with their version, which goes back to the side that sent it; a
// second rejection is a dispute); the sender's side: withdraw a result still
// waiting, answer the opponents' version, or call the director about the
// board; then what the director lets the table see of the board.
import { $, T, go, mySide, ownPhones, state } from "./app.js";
import { tryOnce, signedOut } from "./api.js";
import { button, el, say, setBanner, show } from "./dom.js";
import { entryScreen, sendResult } from "./entry.js";
import { draftFromEntry } from "./notation.js";
import { answered, submit } from "./outbox.js";
import { resultFacts, scoreBoxes, shownBox, warningList } from "./scores.js";

function sideName(side) {
  return T[`side_${(side || "NS").toLowerCase()}`];
}

function otherSide(side) {
  return side === "EW" ? "NS" : "EW";
}

// A version's text as the phones print it ("3NT S −1 −50").
export function versionText(version) {
  return (version && version.text ? version.text : "—").replace(/-/g, "−");
}

// The director called about a board: its waiting result becomes a dispute.
async function callAbout(board) {
  const answer = await tryOnce("POST", "call", { board });
  if (answer && signedOut(answer)) return undefined;
  if (!answer || answer.status !== 200) return setBanner(T.call_failed);
  go.called(true);
  return go.loadRound();
}

function callButton(board) {
  return button(T.call_about, () => callAbout(board), "big call-about");
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
    entry.version ? el("p", { class: "note warn" },
      say("you_said", { text: versionText(entry.version) })) : null,
    resultFacts(entry),
    el("p", { class: "score-title" }, T.score),
    scoreBoxes(entry.score_ns),
    warningList(entry.warnings),
    el("div", { class: "decide" },
      button(T.accept, () => decide("confirm", entry), "big primary accept"),
      button(T.reject, () => rejectScreen(entry), "big reject")),
    own ? callButton(entry.board) : null,
    own ? null : el("p", { class: "hint" }, T.hand_over));
}

// The sender's side reads the opponents' version of its result: correct it
// (their version filled in), keep its own (sent again: a second rejection is
// then a dispute), or call the director.
export function returnedScreen(entry) {
  const them = otherSide(entry.side);
  show("returned",
    button(T.back, () => {
      state.skipped = entry.id;
      return go.loadRound();
    }, "back"),
    el("h1", {}, say("board", { board: entry.board })),
    el("p", { class: "note warn they-say" },
      say("they_say", { side: T[them.toLowerCase()], text: versionText(entry.version) })),
    el("p", { class: "score-title" }, T.you_sent),
    resultFacts(entry),
    scoreBoxes(entry.score_ns),
    el("div", { class: "decide" },
      button(T.correct_ours, () => entryScreen(entry.board,
        draftFromEntry(entry.version), T.correct_note), "big primary correct"),
      button(T.keep_ours, () => sendResult(entry.board, draftFromEntry(entry)),
        "big keep")),
    callButton(entry.board));
}

// The opponents' phone while the sender's side reads their version.
export function answerWaitingScreen(entry) {
  show("board",
    button(T.back, () => go.loadRound(), "back"),
    el("h1", {}, say("board", { board: entry.board })),
    el("p", { class: "ask" }, say("answer_waiting", { side: sideName(entry.side) })),
    el("p", { class: "note" },
      say("they_say", { side: T[mySide().toLowerCase()], text: versionText(entry.version) })),
    callButton(entry.board));
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

function withdraw(entry) {
  const path = `results/${entry.id}/withdraw`;
  return submit({ kind: "withdraw", method: "POST", path, body: {}, board: entry.board,
    entry });
}

export function waitingScreen(entry) {
  show("waiting",
    el("h1", {}, say("board", { board: entry.board })),
    el("p", { class: "ask" },
      say("waiting_for", { side: sideName(entry.side === "NS" ? "EW" : "NS") })),
    resultFacts(entry),
    el("p", { class: "score-title" }, T.score),
    scoreBoxes(entry.score_ns),
    warningList(entry.warnings),
    button(T.back, () => go.loadRound(), "big continue"),
    entry.id ? button(T.withdraw, () => withdraw(entry), "big withdraw") : null);
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
  if (answer.data.status !== "rejected" || answer.data.version) return go.loadRound();
  return entryScreen(item.board, draftFromEntry(answer.data), T.rejected_note);
};

answered.withdraw = async (answer, item, watched) => {
  if (!watched) return behind(answer, item);
  if (answer.status !== 200) return refusedDecision(answer, item);
  return entryScreen(item.board, draftFromEntry(item.entry), T.withdrawn_note);
};
