// What every module of the table page shares: the translated texts, the
// page's configuration, the phone's state, the page's fixed elements, and the
// screens other modules open (set by table.js, to keep imports one way).

function readJson(id) {
  const node = document.getElementById(id);
  return node ? JSON.parse(node.textContent) : null;
}

export const T = readJson("table-messages");
export const CONFIG = readJson("table-config");
export const LANG = document.documentElement.lang || "en";
export const NOTATION = CONFIG ? CONFIG.notation : null;

export const $ = (id) => document.getElementById(id);

// code, token, seat (as signed in), round (the last answer), view, calling.
export const state = {
  code: "", token: "", seat: "", round: null, view: "", calling: false, etag: "",
};

// Screens opened across modules: loadRound, roundArrived, showSignin, refresh,
// called (the call button's state).
export const go = {};

// The phone's side: NS or EW (a phone that named no seat scores for NS; a
// pair's phone, the side its pair holds at the table it is at now).
export function mySide() {
  const phone = state.round && state.round.phone;
  if (phone && phone.follows) return phone.side;  // its pair's side here
  const seat = state.seat || "";
  return ["EW", "E", "W"].includes(seat) ? "EW" : "NS";
}

// Whether the opponents confirm on their own phone (the session's setting).
export function ownPhones() {
  return Boolean(state.round && state.round.options
    && state.round.options.confirm === "own");
}
