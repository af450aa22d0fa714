// Nothing sent is lost: each result, decision and round confirmation waits in
// localStorage (a reload, a closed tab, minutes without network) and goes to
// the server in the order it was made, retried as it is, so its client_id (or
// the entry's id) keeps it single. The banner says how many still wait.
import { T, go, state } from "./app.js";
import { RETRY_MS, signedOut, tryOnce } from "./api.js";
import { button, el, keys, newId, pause, say, setBanner, show, store } from "./dom.js";

// kind -> (answer, item, watched): what to do with an answer; watched is true
// when the screen still waits for this item.
export const answered = {};
// kind -> (item) -> the screen to show while the item waits (null: none).
let watching = null;
let running = null;

export function waiting() {
  const list = store.get(keys.outbox());
  return Array.isArray(list) ? list : [];
}

function keep(list) {
  if (list.length) store.set(keys.outbox(), list);
  else store.drop(keys.outbox());
}

// The banner: how many wait, and that they go when the network is back.
// (It clears only its own banner: a refusal said there stays.)
let saying = false;

export function showWaiting(stuck) {
  const count = waiting().length;
  if (!count) {
    if (saying) setBanner("");
    saying = false;
    return;
  }
  saying = true;
  const text = say(count === 1 ? "waiting_1" : "waiting_n", { count });
  setBanner(text, stuck ? [T.retrying, " ", T.kept] : T.kept);
}

export function queuedBoards() {
  return new Set(waiting().filter((i) => i.kind === "send").map((i) => i.board));
}

// Sends the queue in order until it is empty; one run at a time.
export function flush() {
  if (!running) {
    running = run().finally(() => {
      running = null;
    });
  }
  return running;
}

async function run() {
  for (let attempt = 0; ;) {
    const list = waiting();
    if (!list.length || !state.token) return showWaiting(false);
    const item = list[0];
    const answer = await tryOnce(item.method, item.path, item.body);
    if (!answer) {
      showWaiting(true);
      offerBoards();
      await pause(RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]);
      attempt += 1;
      continue;
    }
    attempt = 0;
    keep(waiting().filter((other) => other.id !== item.id));
    showWaiting(false);
    if (signedOut(answer)) return undefined;
    const watched = watching === item.id;
    if (watched) watching = null;
    await answered[item.kind](answer, item, watched);
  }
}

// While the network is down the players may go on with other boards.
function offerBoards() {
  if (!watching || state.view !== "busy" || document.querySelector("button.leave")) return;
  document.getElementById("table-screen").append(
    button(T.back, () => {
      watching = null;
      return go.loadRound();
    }, "big leave"));
}

// Queue the item and send the queue; the busy screen waits for this item.
export function submit(item, ...busy) {
  const queued = { ...item, id: item.id || newId() };
  keep([...waiting(), queued]);
  watching = queued.id;
  show("busy", el("p", { class: "busy" }, say("sending", { board: item.board })), busy);
  if (!navigator.onLine) {
    showWaiting(true);
    offerBoards();
  }
  return flush();
}

// Queue the item without waiting for it (a round confirmed offline).
export function queue(item) {
  keep([...waiting(), { ...item, id: item.id || newId() }]);
  showWaiting(false);
  return flush();
}
