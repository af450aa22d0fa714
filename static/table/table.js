// The players' phone page of a table. It signs in with the table's code (and
// the seat or pair this phone is, when the opponents confirm on their own
// phone), shows the round and its boards, enters results, lets the opponents
// accept or dispute them, shows each score from the phone's own side, asks
// both pairs to confirm the round's scorecard, and shows the director's
// corrections. It polls the round every 1.5 s with its ETag (a 304 costs the
// server one query). Everything goes through the table API; every text comes
// translated from #table-messages.
//
// Modules by job: app (shared state), dom (elements, storage), notation,
// api (client), outbox (nothing lost offline), choices and entry (a result),
// confirm and scores (the opponents' side), round, members.
//
// Data never becomes HTML: the page is built with createElement and text nodes.
import { $, CONFIG, T, go, ownPhones, state } from "./app.js";
import { api, keepToken, signedOut, tryOnce } from "./api.js";
import "./confirm.js";
import { button, el, keys, pause, setBanner, show, store } from "./dom.js";
import { answered, flush, showWaiting, waiting } from "./outbox.js";
import { matchRefreshed } from "./match.js";
import { loadRound, roundArrived, roundOrKept, showNotices } from "./round.js";

const POLL_MS = 1500;
const SEAT_CHOICES = ["NS", "EW", "N", "E", "S", "W"];

function normalCode(text) {
  return String(text || "").toUpperCase().replace(/[^A-Z0-9]/g, "");
}

function showSignin(error) {
  state.view = "signin";
  $("table-screen").replaceChildren();
  $("table-footer").hidden = true;
  $("table-signin").hidden = false;
  const message = $("table-signin-error");
  message.textContent = error || "";
  message.hidden = !error;
  $("table-code").value = state.code || $("table-code").value;
}

// The page's address becomes the code's own, so a reload stays signed in.
function rememberAddress(code) {
  const address = `${CONFIG.page}${encodeURIComponent(code)}/`;
  if (window.location.pathname !== address) {
    window.history.replaceState(null, "", address);
  }
  const next = document.querySelector("#language-form input[name=next]");
  if (next) next.value = address;
}

async function fetchSignin() {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const previous = store.get(keys.previous()) || "";
      const body = { code: state.code, seat: state.seat, previous };
      const answer = await api("POST", "signin", body);
      if (answer.status < 500) {
        setBanner("");
        return answer;
      }
    } catch (error) {
      // Offline: try again.
    }
    setBanner(T.offline);
    await pause([1000, 2000, 3000, 5000][Math.min(attempt, 3)]);
  }
}

async function signIn(code, seat) {
  if (normalCode(code) !== state.code) {
    state.round = null;  // another table: nothing of the last one carries over
    state.etag = "";
  }
  state.code = normalCode(code);
  state.seat = seat ?? (store.get(keys.seat()) || "");
  state.token = store.get(keys.token()) || "";
  if (state.token) return true;
  show("busy", el("p", { class: "busy" }, T.signing_in));
  const answer = await fetchSignin();
  if (answer.status !== 200) {
    showSignin(answer.data.error || T.signed_out);
    return false;
  }
  keepToken(answer.data.token);
  store.set(keys.seat(), state.seat);
  if (state.seat) store.drop(keys.previous());  // the pair is known here now
  return true;
}

// Which seat or pair this phone is: asked when the opponents confirm on their
// own phone and the phone has not said.
function seatScreen(data) {
  const choose = async (seat) => {
    store.drop(keys.token());
    state.token = "";
    await start(state.code, seat);
  };
  show("seat",
    el("header", { class: "table-head" },
      el("p", { class: "event" }, data.event),
      el("h1", {}, T.seat_title)),
    el("p", { class: "hint" }, T.seat_hint),
    el("div", { class: "seat-choices" }, SEAT_CHOICES.map((seat) =>
      button(T[`seat_${seat}`], () => choose(seat), "big seat-choice",
        { "data-seat": seat }))));
}

// Signed in: the round, then whatever was waiting to be sent when the page
// was last closed goes, in order.
async function start(code, seat) {
  if (!(await signIn(code, seat))) return;
  rememberAddress(state.code);
  const answer = await roundOrKept();
  if (signedOut(answer)) return;
  state.etag = answer.etag;
  const data = answer.data;
  if (data.options && data.options.confirm === "own" && !state.seat) {
    return seatScreen(data);
  }
  showCalled(data.called);
  roundArrived(data);
  if (waiting().length) {
    showWaiting(false);
    flush();
  }
  serviceWorker();
}

// What the outbox does after an item it sent in the background.
async function refresh() {
  if (["round", "end", "thanks", "board", "confirm", "returned"].includes(state.view)) {
    await poll(true);
  }
}

answered.round = async () => refresh();

function showCalled(called) {
  const callButton = $("table-call");
  callButton.textContent = called ? T.called : T.call;
  callButton.classList.toggle("called", Boolean(called));
  callButton.setAttribute("aria-pressed", String(Boolean(called)));
}

async function callDirector() {
  if (state.calling) return;
  const callButton = $("table-call");
  state.calling = true;
  callButton.disabled = true;
  const answer = await tryOnce("POST", "call", {});
  state.calling = false;
  callButton.disabled = false;
  if (answer && signedOut(answer)) return;
  if (answer && answer.status === 200) {
    showCalled(true);
    setBanner("");
  } else {
    setBanner(T.call_failed);
  }
}

// The round again, when the server says it changed (ETag): pending results
// from the opponents, corrections, the director's answer to a call.
async function poll(forced) {
  const quiet = ["round", "end", "thanks", "board", "waiting"];
  // A pair's own phone follows the opponents' answer: a result withdrawn, or
  // a version sent back, is not decided on a screen that shows it no more.
  if (ownPhones()) quiet.push("confirm", "returned");
  if (!state.token || waiting().length) return;
  if (!forced && (document.hidden || !quiet.includes(state.view))) return;
  const extra = state.etag && !forced ? { "If-None-Match": state.etag } : undefined;
  const view = state.view;
  const answer = await tryOnce("GET", "round", undefined, extra);
  if (!answer || answer.status === 304) return;
  if (signedOut(answer)) return;
  // A screen the player opened while the poll was on its way (a board tapped)
  // is not drawn over: the next poll brings the news again (ETag kept).
  if (!forced && state.view !== view) return;
  state.etag = answer.etag;
  store.set(keys.round(), answer.data);
  showCalled(answer.data.called);
  showNotices(answer.data.notices);
  const changed = JSON.stringify(answer.data) !== JSON.stringify(state.round);
  // The end-of-round screen waits for its own button (its match's score
  // still follows the other room).
  if (changed && (forced || state.view !== "end")) roundArrived(answer.data);
  else if (changed) matchRefreshed(answer.data.match);
}

function onSigninSubmit(event) {
  event.preventDefault();
  const code = normalCode($("table-code").value);
  if (!code) return showSignin(T.type_code);
  store.drop(`table.token.${code}`);
  return start(code, state.seat || undefined);  // a pair's phone keeps its seat
}

// The service worker answers a reload without network from its cache; the
// page puts itself and its files there (window.tableKept once they are).
const PAGE_CACHE = "table-page-v1";

async function keepPage() {
  const files = performance.getEntriesByType("resource").map((r) => r.name)
    .filter((name) => new URL(name).pathname.startsWith(CONFIG.static));
  const cache = await caches.open(PAGE_CACHE);
  await cache.addAll([window.location.pathname, ...new Set(files)]);
  window.tableKept = true;
}

function serviceWorker() {
  if (!("serviceWorker" in navigator) || !window.caches || !CONFIG.worker) return;
  navigator.serviceWorker.register(CONFIG.worker, { scope: CONFIG.page })
    .then(() => navigator.serviceWorker.ready)
    .then(keepPage)
    .catch(() => {});
}

if (T && CONFIG) {
  Object.assign(go, { loadRound, roundArrived, showSignin, refresh, called: showCalled });
  $("table-signin-form").addEventListener("submit", onSigninSubmit);
  $("table-call").addEventListener("click", callDirector);
  window.addEventListener("online", () => flush());
  setInterval(() => poll(false), POLL_MS);
  if (CONFIG.code) start(CONFIG.code);
  else showSignin("");
}
