// The table API as the phone speaks it: JSON with the phone's Bearer token
// (renewed with the table's code and seat when it has expired), reads that wait
// for the network, and the refusals that sign the phone out.
import { CONFIG, LANG, T, go, state } from "./app.js";
import { keys, pause, setBanner, store } from "./dom.js";

export const RETRY_MS = [1000, 2000, 3000, 5000];

export class Offline extends Error {}

export async function api(method, path, body, extra) {
  const headers = { Accept: "application/json", "Accept-Language": LANG, ...extra };
  if (state.token) headers.Authorization = `Bearer ${state.token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(CONFIG.api + path, {
      method, headers, cache: "no-store",
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new Offline(String(error));
  }
  let data = {};
  if (response.status !== 304) {
    try {
      data = await response.json();
    } catch (error) {
      data = {};
    }
  }
  return { status: response.status, data, etag: response.headers.get("ETag") || "" };
}

export function keepToken(token) {
  state.token = token;
  store.set(keys.token(), token);
}

export function signinBody() {
  return { code: state.code, seat: state.seat || "" };
}

// A request as the signed-in phone; an expired token is renewed with the code.
export async function request(method, path, body, extra) {
  let answer = await api(method, path, body, extra);
  if (answer.status === 401 && state.code) {
    const again = await api("POST", "signin", signinBody());
    if (again.status === 200) {
      keepToken(again.data.token);
      answer = await api(method, path, body, extra);
    }
  }
  return answer;
}

// One try; null when the server did not answer (offline, or a server error).
export async function tryOnce(method, path, body, extra) {
  try {
    const answer = await request(method, path, body, extra);
    return answer.status >= 500 ? null : answer;
  } catch (error) {
    if (error instanceof Offline) return null;
    throw error;
  }
}

// Reads until the server answers, saying so while it does not.
export async function fetchUntilAnswered(path) {
  for (let attempt = 0; ; attempt += 1) {
    const answer = await tryOnce("GET", path);
    if (answer) {
      setBanner("");
      return answer;
    }
    setBanner(T.offline);
    await pause(RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]);
  }
}

// A refusal that ends the table's session on this phone (401, 403).
export function signedOut(answer) {
  if (answer.status !== 401 && answer.status !== 403) return false;
  if (answer.status === 401) store.drop(keys.token());
  store.drop(keys.outbox());
  go.showSignin(answer.data.error || T.signed_out);
  return true;
}
