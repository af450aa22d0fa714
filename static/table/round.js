// The round at a table: its boards and their state, the moves after it, the
// round's scorecard to confirm (each score from the viewer's side), the thanks
// at the end, and the director's corrections as notices.
import { $, T, mySide, ownPhones, state } from "./app.js";
import { fetchUntilAnswered, signedOut, tryOnce } from "./api.js";
import {
  answerWaitingScreen, confirmScreen, returnedScreen, versionText, waitingScreen,
} from "./confirm.js";
import { button, el, keys, say, show, signed, store } from "./dom.js";
import { entryScreen } from "./entry.js";
import { matchBox } from "./match.js";
import { asksMembers, membersScreen } from "./members.js";
import { blankDraft, draftFromEntry, readContract, contractNode, seatLetter } from "./notation.js";
import { queue, queuedBoards, showWaiting } from "./outbox.js";
import { resultFacts, scoreBoxes, shownBox } from "./scores.js";

export function tableHead(data) {
  return el("header", { class: "table-head" },
    el("p", { class: "event" }, data.event),
    el("h1", {}, say("section_table", data)),
    data.round === null ? null : el("p", { class: "round" }, say("round", data)),
    data.phone && data.phone.seat
      ? el("p", { class: "seat" }, say("this_phone", { seat: seatShort(data.phone.seat) }))
      : null);
}

// "NS", "EO", "N", "O": the phone's seat as its language writes it.
function seatShort(seat) {
  return seat.length === 2 ? T[seat.toLowerCase()] : seatLetter(seat);
}

function pairBox(direction, pair) {
  return el("div", { class: `pair ${direction}` },
    el("span", { class: "direction" }, T[direction]),
    el("strong", { class: "label" }, pair ? pair.label : "—"),
    pair && pair.names ? el("span", { class: "names" }, pair.names) : null);
}

// An individual's table: the four players, North-South on the left and
// East-West on the right as for pairs; this phone's seat is marked.
const SEAT_WORDS = { N: "north", E: "east", S: "south", W: "west" };

function playerBox(seat, player) {
  const phone = state.round && state.round.phone;
  const mine = (phone && phone.follows ? phone.seat : state.seat) === seat;
  const word = T[SEAT_WORDS[seat]];
  return el("div", { class: `pair player seat-${seat}${mine ? " mine" : ""}`,
    "aria-current": mine ? "true" : null },
  el("span", { class: "direction" }, mine ? say("yours", { side: word }) : word),
  el("strong", { class: "label" }, player ? player.label : "—"),
  player && player.name ? el("span", { class: "names" }, player.name) : null);
}

function pairsBox(data) {
  const boxes = data.players
    ? ["N", "E", "S", "W"].map((seat) => playerBox(seat, data.players[seat]))
    : [pairBox("ns", data.pairs.ns), pairBox("ew", data.pairs.ew)];
  return el("div", { class: data.players ? "pairs players" : "pairs" }, boxes,
    data.arrow_switch ? el("p", { class: "note arrow" }, T.arrow_switch) : null);
}

// Whether this phone is to accept or reject the board's pending result.
function toDecide(board) {
  return board.status === "pending" && board.entry && ownPhones()
    && board.entry.side !== mySide();
}

// A result the opponents sent back with their version, on the pairs' own
// phones: the sender's side answers it (true), the other waits (false).
function returned(board) {
  return board.status === "rejected" && board.entry && board.entry.version
    && ownPhones();
}

function toAnswer(board) {
  return returned(board) && board.entry.side === mySide();
}

function otherName(side) {
  return T[`side_${side === "EW" ? "ns" : "ew"}`];
}

function statusText(board, queued) {
  if (queued.has(board.number)) return T.status_queued;
  if (toDecide(board)) return T.status_to_confirm;
  if (toAnswer(board)) return say("status_to_answer", { side: otherName(board.entry.side) });
  if (returned(board)) {
    return say("status_answer_waiting", { side: T[`side_${board.entry.side.toLowerCase()}`] });
  }
  if (board.status === "accepted" && board.settled) return T.status_settled;
  if (board.status === "pending" && board.entry) {
    const other = board.entry.side === "EW" ? "ns" : "ew";
    return say("status_pending_side", { side: T[`side_${other}`] });
  }
  return T[`status_${board.status}`] || board.status;
}

function boardButton(board, queued) {
  const status = queued.has(board.number) ? "queued"
    : toDecide(board) || toAnswer(board) ? "to_confirm"
      : board.settled ? "settled" : board.status;
  return el("li", {},
    button([
      el("span", { class: "number" }, say("board", { board: board.number })),
      el("span", { class: "state" }, statusText(board, queued)),
    ], () => openBoard(board, queued), `board-button status-${status}`,
    { "data-board": board.number }));
}

export function roundScreen(data) {
  const queued = queuedBoards();
  show("round",
    tableHead(data),
    pairsBox(data),
    matchBox(data.match),
    el("h2", {}, T.boards),
    el("ul", { class: "boards" }, data.boards.map((b) => boardButton(b, queued))),
    el("p", { class: "hint" }, T.tap_board),
    movesBox(T.after_round, data.next));
}

function movesBox(title, next) {
  if (!next) return null;
  return el("section", { class: "moves" },
    el("h2", {}, title),
    el("ul", {}, next.text.map((line) => el("li", {}, line))),
    next.notes ? el("p", { class: "note" }, next.notes) : null);
}

function sitOutScreen(data) {
  const follows = data.phone && data.phone.follows;
  show("round",
    follows ? tableHead({ ...data, table: "—" }) : tableHead(data),
    el("p", { class: "sit-out" }, follows ? T.you_sit_out : T.sit_out),
    goToNote(data),
    el("p", { class: "hint" }, T.sit_out_wait),
    movesBox(T.after_round, data.next));
}

function thanksScreen(data) {
  const pages = (data.personal || []).map((page) =>
    el("li", {}, el("a", { href: page.url }, page.pair)));
  show("thanks",
    tableHead({ ...data, round: null }),
    el("p", { class: "thanks" }, T.thanks),
    el("p", {}, T.thanks_text),
    matchBox(data.match),
    pages.length ? el("p", {}, T.personal) : null,
    pages.length ? el("ul", { class: "personal-pages" }, pages) : null);
}

function scorecardRow(line) {
  const contract = readContract(line.contract);
  const score = line.artificial || (line.score === null ? "—" : signed(line.score));
  return el("tr", {},
    el("td", {}, String(line.board)),
    el("td", {}, contract ? contractNode(contract) : line.contract,
      line.declarer ? ` ${seatLetter(line.declarer)}` : ""),
    el("td", {}, line.result.replace("-", "−")),
    el("td", { class: "num" }, score));
}

// The round's results as a scorecard from the viewer's side, to confirm.
function scorecardScreen(card, before, now) {
  const next = before && before.round === card.round ? before.next : null;
  const label = now && now.round !== card.round && !now.finished
    ? say("confirm_continue", { round: card.round, next: now.round })
    : say("confirm_round", { round: card.round });
  const follows = now && now.phone && now.phone.follows;
  const confirm = async (event) => {
    if (follows) event.currentTarget.disabled = true;
    const sent = queue({ kind: "round", method: "POST",
      path: `rounds/${card.round}/confirm`, body: {}, board: "" });
    if (follows) {  // the next answer is its pair's next table's
      state.round = null;
      await sent;
      return loadRound();
    }
    state.round = { ...now, scorecard: null };
    return arrived(state.round, null);
  };
  show("end",
    el("header", { class: "table-head" },
      el("p", { class: "event" }, (now || before).event),
      el("h1", {}, say("end_of_round", { round: card.round }))),
    el("h2", {}, say("scorecard_title", { side: T[card.side.toLowerCase()] })),
    el("table", { class: "scorecard" },
      el("thead", {}, el("tr", {}, [T.col_board, T.col_contract, T.col_result,
        say("col_score_side", { side: T[card.side.toLowerCase()] })]
        .map((h) => el("th", { scope: "col" }, h)))),
      el("tbody", {}, card.lines.map(scorecardRow))),
    matchBox(now && now.match),
    next ? [el("p", {}, T.moves),
      el("ul", { class: "moves big-moves" }, next.text.map((t) => el("li", {}, t))),
      next.notes ? el("p", { class: "note" }, next.notes) : null] : null,
    goToNote(now),
    button(label, confirm, "big primary confirm-round"));
}

// A pair's phone (one that named a seat) goes with its pair: the server says
// where the pair plays next, and after the round the phone is that table's.
function goToNote(data) {
  const goTo = data && data.phone && data.phone.follows ? data.go_to : null;
  if (!goTo) return null;
  return el("p", { class: "note arrow go-to" }, goTo.text);
}

function endOfRoundScreen(before, now) {
  show("end",
    el("header", { class: "table-head" },
      el("p", { class: "event" }, before.event),
      el("h1", {}, say("end_of_round", before))),
    el("p", {}, T.moves),
    el("ul", { class: "moves big-moves" }, before.next.text.map((t) => el("li", {}, t))),
    before.next.notes ? el("p", { class: "note" }, before.next.notes) : null,
    button(say("continue_to", now), () => arrived(now, null), "big primary"));
}

// A pair's phone at its next table while the pairs there finish their round.
function tableBusyScreen(data) {
  show("round", tableHead({ ...data, round: data.phone.round }),
    el("p", { class: "note table-busy" }, T.table_busy));
}

// The screen for a round's answer; before: the round shown until now.
function arrived(data, before) {
  if (data.scorecard) return scorecardScreen(data.scorecard, before, data);
  if (data.finished) return thanksScreen(data);
  if (data.phone && data.phone.follows && data.phone.waits) return tableBusyScreen(data);
  // A pair's phone has read where it goes on its scorecard screen.
  const follows = data.phone && data.phone.follows;
  if (before && before.round !== data.round && before.next && !follows) {
    return endOfRoundScreen(before, data);
  }
  if (data.sit_out) return sitOutScreen(data);
  if (data.round === null) return show("round", el("p", { class: "note" }, T.no_round));
  if (asksMembers(data)) return membersScreen(data);
  const deciding = ownPhones() && data.boards.find(toDecide);
  if (deciding && deciding.entry.id !== state.skipped) {
    return confirmScreen(deciding.entry);
  }
  const answering = data.boards.find(toAnswer);
  if (answering && answering.entry.id !== state.skipped) {
    return returnedScreen(answering.entry);
  }
  return roundScreen(data);
}

export function roundArrived(data) {
  const before = state.round;
  state.round = data;
  store.set(keys.round(), data);
  showNotices(data.notices);
  return arrived(data, before);
}

// The round as the server has it or, offline, as this phone last saw it.
export async function roundOrKept() {
  const answer = await tryOnce("GET", "round");
  if (answer) return answer;
  const kept = store.get(keys.round());
  if (kept) return { status: 200, data: kept, etag: "" };
  return fetchUntilAnswered("round");
}

export async function loadRound() {
  const answer = await roundOrKept();
  if (signedOut(answer)) return;
  state.etag = answer.etag;
  roundArrived(answer.data);
  showWaiting(!navigator.onLine);
}

function openBoard(board, queued) {
  if (queued.has(board.number)) return null;
  if (board.status === "pending" && board.entry) {
    if (!ownPhones() || toDecide(board)) return confirmScreen(board.entry);
    return waitingScreen(board.entry);  // the sender's: it may withdraw it
  }
  if (toAnswer(board)) return returnedScreen(board.entry);
  if (returned(board)) return answerWaitingScreen(board.entry);
  if (board.status === "disputed") return disputedScreen(board);
  if (board.status === "accepted") return showBoard(board.number, board.settled);
  const draft = board.status === "rejected" ? draftFromEntry(board.entry) : blankDraft();
  const note = { rejected: T.rejected_note, reopened: T.reopened_note }[board.status];
  return entryScreen(board.number, draft, note);
}

function disputedScreen(board) {
  const entry = board.entry;
  const version = entry.version || {};
  show("board",
    button(T.back, () => loadRound(), "back"),
    el("h1", {}, say("board", { board: board.number })),
    el("p", { class: "note warn" }, T.disputed_note),
    resultFacts(entry),
    scoreBoxes(entry.score_ns),
    version.text ? el("p", { class: "score-title" },
      say("version_of", { text: versionText(version) })) : null);
}

async function showBoard(number, settled) {
  show("busy", el("p", { class: "busy" }, T.loading));
  const answer = await fetchUntilAnswered(`boards/${number}`);
  if (signedOut(answer)) return;
  show("board",
    button(T.back, () => loadRound(), "back"),
    el("h1", {}, say("board", { board: number })),
    settled ? el("p", { class: "note settled" }, T.status_settled) : null,
    shownBox(answer.data.shown));
}

// The director's corrections not yet read on this phone, until dismissed.
export function showNotices(notices) {
  const box = $("table-notices");
  const seen = new Set(store.get(keys.notices()) || []);
  const fresh = (notices || []).filter((n) => !seen.has(n.id));
  box.replaceChildren(...fresh.map((n) => el("div", { class: "notice", role: "alert" },
    el("p", {}, n.text),
    button(T.notice_ok, () => {
      store.set(keys.notices(), [...seen, n.id].slice(-50));
      showNotices(notices);
    }, "notice-ok"))));
  box.hidden = !fresh.length;
}
