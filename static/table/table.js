// The players' phone page of a table. It signs in with the table's code, asks
// the players' member numbers at the first round when the director wants them,
// shows the round and its boards, enters a board's result with big buttons (or typed
// notation), lets East-West accept or reject it, shows what the director allows
// once accepted, and follows the moves between rounds. Everything goes through
// the table API; every text comes translated from #table-messages.
//
// Data never becomes HTML: the page is built with createElement and text nodes.
// A submission (result, accept, reject) waits in localStorage with its
// client_id until the server answers, and is retried as it is, so a retry can
// never make a second result.
(function () {
  "use strict";

  const T = readJson("table-messages");
  const CONFIG = readJson("table-config");
  if (!T || !CONFIG) return;

  const LANG = document.documentElement.lang || "en";
  const NOTATION = CONFIG.notation;
  const POLL_MS = 15000;
  const RETRY_MS = [1000, 2000, 3000, 5000];
  const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };
  const SUIT_ORDER = ["S", "H", "D", "C"];
  const STRAIN_ORDER = ["C", "D", "H", "S", "NT"];
  const SEATS = ["N", "E", "S", "W"];
  const RANKS = ["A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"];
  const SIDE_SEATS = { ns: ["N", "S"], ew: ["E", "W"] };

  const $ = (id) => document.getElementById(id);
  const screen = $("table-screen");
  const signinBox = $("table-signin");
  const banner = $("table-banner");
  const footer = $("table-footer");
  const callButton = $("table-call");

  const state = { code: "", token: "", round: null, view: "", calling: false };

  // ---------------------------------------------------------------- helpers

  function readJson(id) {
    const node = document.getElementById(id);
    return node ? JSON.parse(node.textContent) : null;
  }

  function say(key, params) {
    let text = T[key] || key;
    for (const [name, value] of Object.entries(params || {})) {
      text = text.split(`%(${name})s`).join(String(value));
    }
    return text;
  }

  // An element with attributes, listeners ("onclick") and children (text or nodes).
  function el(tag, props, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(props || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "class") node.className = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : String(value));
    }
    node.append(...present(children));
    return node;
  }

  // Children as nodes or text, nested lists flattened, the missing ones left out.
  function present(children) {
    return children.flat(Infinity)
      .filter((child) => child !== null && child !== undefined && child !== false)
      .map((child) => (child instanceof Node ? child : String(child)));
  }

  function button(label, onclick, cls, extra) {
    return el("button", { type: "button", class: cls, onclick, ...extra }, label);
  }

  function show(view, ...nodes) {
    state.view = view;
    signinBox.hidden = true;
    footer.hidden = view === "busy";
    screen.replaceChildren(...present(nodes));
    window.scrollTo(0, 0);
  }

  function pause(ms) {
    return new Promise((resolve) => {
      const done = () => {
        window.removeEventListener("online", done);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(done, ms);
      window.addEventListener("online", done);
    });
  }

  function newId() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
  }

  function signed(number) {
    const format = new Intl.NumberFormat(LANG, {
      signDisplay: "exceptZero",
      useGrouping: false,
      maximumFractionDigits: 2,
    });
    return format.format(number);
  }

  function decimal(number, digits) {
    const format = new Intl.NumberFormat(LANG, {
      minimumFractionDigits: digits,
      maximumFractionDigits: 2,
      useGrouping: false,
    });
    return format.format(number);
  }

  // ---------------------------------------------------------------- storage

  const store = {
    get(key) {
      try {
        return JSON.parse(localStorage.getItem(key));
      } catch (error) {
        return null;
      }
    },
    set(key, value) {
      try {
        localStorage.setItem(key, JSON.stringify(value));
      } catch (error) {
        // Private mode or a full store: the page still works while it is open.
      }
    },
    drop(key) {
      try {
        localStorage.removeItem(key);
      } catch (error) {
        // As above.
      }
    },
  };

  const tokenKey = () => `table.token.${state.code}`;
  const outboxKey = () => `table.outbox.${state.code}`;
  const firstKey = () => `table.members.${state.code}.first`;
  const membersKey = (round) => `table.members.${state.code}.${round}`;

  // --------------------------------------------------------------- notation

  function seatLetter(seat) {
    const letters = NOTATION.seats;
    return Object.keys(letters).find((letter) => letters[letter] === seat) || seat;
  }

  function seatName(seat) {
    return T[{ N: "north", E: "east", S: "south", W: "west" }[seat]] || seat;
  }

  function strainNode(strain) {
    if (strain === "NT") return el("span", { class: "nt" }, NOTATION.nt);
    const red = strain === "H" || strain === "D";
    return el("span", { class: red ? "suit red" : "suit" }, SUITS[strain]);
  }

  function rankText(rank) {
    return rank === "T" ? "10" : rank;
  }

  // "4SX" / "3NT" / "Pass" / "NP" as the API writes a contract.
  function readContract(text) {
    if (text === "Pass") return { special: "pass" };
    if (text === "NP") return { special: "np" };
    const match = /^([1-7])(NT|C|D|H|S)(XX|X)?$/.exec(text || "");
    if (!match) return null;
    return { level: Number(match[1]), strain: match[2], doubling: match[3] || "" };
  }

  function readLead(text) {
    const match = /^([CDHS])(10|[AKQJT2-9])$/.exec(text || "");
    if (!match) return null;
    return { suit: match[1], rank: match[2] === "10" ? "T" : match[2] };
  }

  function contractNode(draft) {
    if (draft.special === "pass") return el("span", {}, NOTATION.pass_name);
    if (draft.special === "np") return el("span", {}, T.not_played);
    return el("span", { class: "contract" },
      String(draft.level), strainNode(draft.strain), draft.doubling);
  }

  function leadNode(lead) {
    if (!lead) return null;
    return el("span", { class: "lead" }, strainNode(lead.suit), rankText(lead.rank));
  }

  function resultText(result) {
    if (result === 0) return "=";
    return result > 0 ? `+${result}` : `−${-result}`;
  }

  // The results a contract of this level can have: -(6+level) … +(7-level).
  function resultRange(level) {
    return { down: 6 + level, over: 7 - level };
  }

  function draftFromEntry(entry) {
    const contract = entry && readContract(entry.contract);
    if (!contract) return blankDraft();
    const draft = { ...blankDraft(), ...contract };
    if (contract.special) return draft;
    draft.declarer = entry.declarer;
    draft.result = entry.tricks === null ? null : entry.tricks - 6 - contract.level;
    draft.lead = readLead(entry.lead);
    return draft;
  }

  function blankDraft() {
    return {
      special: null, level: null, strain: null, doubling: "",
      declarer: null, result: null, lead: null,
    };
  }

  // ------------------------------------------------------------ typed entry

  function escapeRe(text) {
    return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  }

  function alternatives(words) {
    return [...words].sort((a, b) => b.length - a.length).map(escapeRe).join("|");
  }

  function typedTables() {
    const strains = { ...NOTATION.strains, "♣": "C", "♦": "D", "♥": "H", "♠": "S" };
    const suits = Object.fromEntries(
      Object.entries(strains).filter(([, strain]) => strain !== "NT"));
    const ranks = { ...Object.fromEntries(RANKS.map((r) => [r, r])), 10: "T" };
    return { strains, suits, ranks: { ...ranks, ...NOTATION.ranks } };
  }

  function typedPattern(tables) {
    const strain = alternatives(Object.keys(tables.strains));
    const seat = alternatives(Object.keys(NOTATION.seats));
    const suit = alternatives(Object.keys(tables.suits));
    const rank = alternatives(Object.keys(tables.ranks));
    return new RegExp(
      `^([1-7])\\s*(${strain})\\s*(XX|X|\\*\\*|\\*)?\\s*(${seat})\\s*` +
      `(=|[+-]\\s*\\d{1,2}|\\d{1,2})` +
      `(?:\\s*(?:(${suit})\\s*(${rank})|(${rank})\\s*(${suit})))?$`);
  }

  function typedResult(text, level) {
    const compact = text.replace(/\s+/g, "");
    const range = resultRange(level);
    let result;
    if (compact === "=") result = 0;
    else if (/^[+-]/.test(compact)) result = Number(compact);
    else result = Number(compact) - 6 - level;
    return result >= -range.down && result <= range.over ? result : null;
  }

  // "4SX N =", "3NT S +1 HK", "4PX O 10 CR" (in the table's language) as a draft.
  function readTyped(text) {
    const words = text.toUpperCase().replace(/\s+/g, " ").trim();
    if (!words) return null;
    if (NOTATION.passes.includes(words)) return { ...blankDraft(), special: "pass" };
    if (words === "NP") return { ...blankDraft(), special: "np" };
    const tables = typedTables();
    const match = typedPattern(tables).exec(words);
    if (!match) return null;
    const level = Number(match[1]);
    const result = typedResult(match[5], level);
    if (result === null) return null;
    const suit = match[6] || match[9];
    const rank = match[7] || match[8];
    return {
      special: null, level, result,
      strain: tables.strains[match[2]],
      doubling: { "*": "X", "**": "XX" }[match[3]] || match[3] || "",
      declarer: NOTATION.seats[match[4]],
      lead: suit ? { suit: tables.suits[suit], rank: tables.ranks[rank] } : null,
    };
  }

  // -------------------------------------------------------------------- API

  class Offline extends Error {}

  async function api(method, path, body) {
    const headers = { Accept: "application/json", "Accept-Language": LANG };
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
    try {
      data = await response.json();
    } catch (error) {
      data = {};
    }
    return { status: response.status, data };
  }

  // A request as the signed-in table; an expired token is renewed with the code.
  async function request(method, path, body) {
    let answer = await api(method, path, body);
    if (answer.status === 401 && state.code) {
      const again = await api("POST", "signin", { code: state.code });
      if (again.status === 200) {
        keepToken(again.data.token);
        answer = await api(method, path, body);
      }
    }
    return answer;
  }

  // One try; null when the server did not answer (offline, or a server error).
  async function tryOnce(method, path, body) {
    try {
      const answer = await request(method, path, body);
      return answer.status >= 500 ? null : answer;
    } catch (error) {
      if (error instanceof Offline) return null;
      throw error;
    }
  }

  // Sends the item (kept in localStorage meanwhile) until the server answers.
  async function deliver(item) {
    store.set(outboxKey(), item);
    for (let attempt = 0; ; attempt += 1) {
      const answer = await tryOnce(item.method, item.path, item.body);
      if (answer) {
        store.drop(outboxKey());
        setBanner("");
        return answer;
      }
      setBanner(T.retrying, T.kept);
      await pause(RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]);
    }
  }

  // Reads until the server answers, saying so while it does not.
  async function fetchUntilAnswered(path) {
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

  function setBanner(text, detail) {
    banner.replaceChildren(...present([
      el("strong", {}, text), detail ? el("span", { class: "detail" }, detail) : null,
    ]));
    banner.hidden = !text;
  }

  // A refusal that ends the table's session on this phone (401, 403).
  function signedOut(answer) {
    if (answer.status !== 401 && answer.status !== 403) return false;
    if (answer.status === 401) store.drop(tokenKey());
    store.drop(outboxKey());
    showSignin(answer.data.error || T.signed_out);
    return true;
  }

  // ---------------------------------------------------------------- sign-in

  function normalCode(text) {
    return String(text || "").toUpperCase().replace(/[^A-Z0-9]/g, "");
  }

  function keepToken(token) {
    state.token = token;
    store.set(tokenKey(), token);
  }

  function showSignin(error) {
    state.view = "signin";
    screen.replaceChildren();
    footer.hidden = true;
    signinBox.hidden = false;
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

  async function signIn(code) {
    state.code = normalCode(code);
    state.token = store.get(tokenKey()) || "";
    if (state.token) return true;
    show("busy", el("p", { class: "busy" }, T.signing_in));
    const answer = await fetchSignin();
    if (answer.status !== 200) {
      showSignin(answer.data.error || T.signed_out);
      return false;
    }
    keepToken(answer.data.token);
    return true;
  }

  async function fetchSignin() {
    for (let attempt = 0; ; attempt += 1) {
      try {
        const answer = await api("POST", "signin", { code: state.code });
        if (answer.status < 500) {
          setBanner("");
          return answer;
        }
      } catch (error) {
        if (!(error instanceof Offline)) throw error;
      }
      setBanner(T.offline);
      await pause(RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]);
    }
  }

  // Signed in: the round, then whatever was waiting to be sent when the page
  // was last closed (its answer decides the screen).
  async function start(code) {
    if (!(await signIn(code))) return;
    rememberAddress(state.code);
    const answer = await fetchUntilAnswered("round");
    if (signedOut(answer)) return;
    const waiting = store.get(outboxKey());
    if (!waiting) return roundArrived(answer.data);
    state.round = answer.data;
    showCalled(answer.data.called);
    return submit(waiting);
  }

  // ------------------------------------------------------------------ round

  async function loadRound() {
    const answer = await fetchUntilAnswered("round");
    if (signedOut(answer)) return;
    roundArrived(answer.data);
  }

  function roundArrived(data) {
    const before = state.round;
    state.round = data;
    showCalled(data.called);
    if (data.finished) return thanksScreen(data);
    if (before && before.round !== data.round && before.next) {
      return endOfRoundScreen(before, data);
    }
    if (data.sit_out) return sitOutScreen(data);
    if (data.round === null) return show("round", el("p", { class: "note" }, T.no_round));
    if (asksMembers(data)) return membersScreen(data);
    return roundScreen(data);
  }

  function tableHead(data) {
    return el("header", { class: "table-head" },
      el("p", { class: "event" }, data.event),
      el("h1", {}, say("section_table", data)),
      data.round === null ? null : el("p", { class: "round" }, say("round", data)));
  }

  function pairBox(direction, pair) {
    return el("div", { class: `pair ${direction}` },
      el("span", { class: "direction" }, T[direction]),
      el("strong", { class: "label" }, pair ? pair.label : "—"),
      pair && pair.names ? el("span", { class: "names" }, pair.names) : null);
  }

  function pairsBox(data) {
    return el("div", { class: "pairs" },
      pairBox("ns", data.pairs.ns), pairBox("ew", data.pairs.ew),
      data.arrow_switch ? el("p", { class: "note arrow" }, T.arrow_switch) : null);
  }

  function boardButton(board) {
    return el("li", {},
      button([
        el("span", { class: "number" }, say("board", { board: board.number })),
        el("span", { class: "state" }, T[`status_${board.status}`] || board.status),
      ], () => openBoard(board), `board-button status-${board.status}`,
      { "data-board": board.number }));
  }

  function roundScreen(data) {
    show("round",
      tableHead(data),
      pairsBox(data),
      el("h2", {}, T.boards),
      el("ul", { class: "boards" }, data.boards.map(boardButton)),
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
    show("round",
      tableHead(data),
      el("p", { class: "sit-out" }, T.sit_out),
      el("p", { class: "hint" }, T.sit_out_wait),
      movesBox(T.after_round, data.next));
  }

  function endOfRoundScreen(before, now) {
    show("end",
      el("header", { class: "table-head" },
        el("p", { class: "event" }, before.event),
        el("h1", {}, say("end_of_round", before))),
      el("p", {}, T.moves),
      el("ul", { class: "moves big-moves" }, before.next.text.map((t) => el("li", {}, t))),
      before.next.notes ? el("p", { class: "note" }, before.next.notes) : null,
      button(say("continue_to", now), () => roundArrived(now), "big primary"));
  }

  function thanksScreen(data) {
    show("thanks",
      tableHead({ ...data, round: null }),
      el("p", { class: "thanks" }, T.thanks),
      el("p", {}, T.thanks_text));
  }

  function openBoard(board) {
    if (board.status === "pending" && board.entry) return confirmScreen(board.entry);
    if (board.status === "accepted") return showBoard(board.number);
    const draft = board.status === "rejected" ? draftFromEntry(board.entry) : blankDraft();
    const note = { rejected: T.rejected_note, reopened: T.reopened_note }[board.status];
    return entryScreen(board.number, draft, note);
  }

  async function showBoard(number) {
    show("busy", el("p", { class: "busy" }, T.loading));
    const answer = await fetchUntilAnswered(`boards/${number}`);
    if (signedOut(answer)) return;
    show("board",
      backButton(),
      el("h1", {}, say("board", { board: number })),
      shownBox(answer.data.shown));
  }

  function backButton() {
    return button(T.back, () => loadRound(), "back");
  }

  // -------------------------------------------------------- member numbers

  // The first round this phone saw the table play while the director asked for
  // member numbers: the players sign in there, and there only.
  function firstRound(data) {
    const first = store.get(firstKey());
    if (typeof first === "number") return first;
    store.set(firstKey(), data.round);
    return data.round;
  }

  function asksMembers(data) {
    if (!data.options || !data.options.players) return false;
    if (firstRound(data) !== data.round) return false;
    const kept = store.get(membersKey(data.round));
    return !(kept && kept.done);
  }

  // Both sides sign in (or skip); what is done is kept per code and round, so a
  // reload asks only what is left.
  function membersScreen(data) {
    const key = membersKey(data.round);
    const kept = { ns: null, ew: null, ...store.get(key) };
    const finish = () => {
      store.set(key, { ...kept, done: true });
      return loadRound();
    };
    const signedIn = (side, names, form) => {
      kept[side] = names;
      store.set(key, kept);
      if (typeof kept.ns === "string" && typeof kept.ew === "string") return finish();
      return form.replaceWith(signedSide(side, data.pairs[side], names));
    };
    show("members",
      tableHead(data),
      el("h2", {}, T.members_title),
      el("p", { class: "hint" }, T.members_hint),
      ["ns", "ew"].map((side) => (typeof kept[side] === "string"
        ? signedSide(side, data.pairs[side], kept[side])
        : memberForm(side, data.pairs[side], signedIn))),
      button(T.members_skip, finish, "big skip"));
  }

  function sideTitle(side, pair) {
    return el("h3", {}, T[`members_${side}`], pair ? ` · ${pair.label}` : "");
  }

  function signedSide(side, pair, names) {
    return el("section", { class: `members-side ${side} done` },
      sideTitle(side, pair),
      el("p", { class: "signed" }, say("members_signed_in", { names })));
  }

  function memberInput(seat, last) {
    const id = `table-member-${seat}`;
    return el("div", { class: "member" },
      el("label", { for: id }, seatName(seat)),
      el("input", {
        type: "text", id, name: seat, maxlength: 30, required: true,
        autocomplete: "off", autocapitalize: "characters", autocorrect: "off",
        spellcheck: "false", enterkeyhint: last ? "go" : "next",
      }));
  }

  // A side's two member numbers, sent together.
  function memberForm(side, pair, signedIn) {
    const send = (event) => {
      event.preventDefault();
      sendMembers(event.currentTarget, side, signedIn);
    };
    return el("form", { class: `members-side ${side}`, novalidate: true, onsubmit: send },
      sideTitle(side, pair),
      el("div", { class: "members" },
        SIDE_SEATS[side].map((seat, i) => memberInput(seat, i === 1))),
      el("p", { class: "table-error", role: "alert", hidden: true }),
      el("button", { type: "submit", class: "big primary" },
        say("members_send", { side: T[`members_${side}`] })));
  }

  function memberError(form, text, invalid) {
    const error = form.querySelector(".table-error");
    error.textContent = text;
    error.hidden = !text;
    for (const input of form.querySelectorAll("input")) {
      const bad = typeof invalid === "function" ? invalid(input) : Boolean(invalid);
      input.setAttribute("aria-invalid", String(bad));
    }
  }

  async function sendMembers(form, side, signedIn) {
    const members = [...form.querySelectorAll("input")].map((input) => input.value.trim());
    if (members.some((member) => !member)) {
      return memberError(form, T.members_missing, (input) => !input.value.trim());
    }
    const send = form.querySelector("button");
    const label = send.textContent;
    memberError(form, "");
    send.disabled = true;
    send.textContent = T.signing_in;
    const body = { side: side.toUpperCase(), members };
    const answer = await tryOnce("POST", "players", body);
    send.disabled = false;
    send.textContent = label;
    if (!answer) return memberError(form, T.members_failed);
    if (signedOut(answer)) return;
    if (answer.status !== 200) {
      return memberError(form, answer.data.error || T.members_failed,
        answer.data.field === "members");
    }
    return signedIn(side, answer.data.names, form);
  }

  // ------------------------------------------------------------------ entry

  function boardFacts(number) {
    const i = (number - 1) % 16;
    const seat = CONFIG.dealers[i];
    return el("p", { class: "facts" },
      say("dealer", { seat: seatLetter(seat) }), " · ", T[`vul_${CONFIG.vulnerable[i]}`]);
  }

  // A row of buttons of which one is chosen (aria-pressed).
  function choiceButtons(options, chosen, pick) {
    return el("div", { class: "buttons" }, options.map((option) =>
      el("button", {
        type: "button",
        class: "choice",
        "aria-pressed": String(option.value === chosen),
        "aria-label": option.title,
        "data-value": option.value,
        onclick: () => pick(option.value),
      }, option.label)));
  }

  function choices(legend, options, chosen, pick, cls) {
    return el("fieldset", { class: `choices ${cls}` },
      el("legend", {}, legend), choiceButtons(options, chosen, pick));
  }

  function levelChoices(draft, change) {
    const options = [1, 2, 3, 4, 5, 6, 7].map((n) => ({ value: n, label: String(n) }));
    return choices(T.level, options, draft.level, (level) => change({ level }), "level");
  }

  function strainChoices(draft, change) {
    const options = STRAIN_ORDER.map((s) => ({ value: s, label: strainNode(s) }));
    return choices(T.strain, options, draft.strain, (strain) => change({ strain }), "strain");
  }

  function doublingChoices(draft, change) {
    const options = ["", "X", "XX"].map((d) => ({ value: d, label: d || "—" }));
    return choices(T.doubling, options, draft.doubling,
      (doubling) => change({ doubling }), "doubling");
  }

  function declarerChoices(draft, change) {
    const options = SEATS.map((s) => ({ value: s, label: seatLetter(s), title: seatName(s) }));
    return choices(T.declarer, options, draft.declarer,
      (declarer) => change({ declarer }), "declarer");
  }

  function resultChoices(draft, change) {
    if (!draft.level) return null;
    const range = resultRange(draft.level);
    const option = (n) => ({
      value: n, label: resultText(n), title: say("tricks", { tricks: 6 + draft.level + n }),
    });
    const made = [0];
    for (let n = 1; n <= range.over; n += 1) made.push(n);
    const down = [];
    for (let n = 1; n <= range.down; n += 1) down.push(-n);
    const pick = (result) => change({ result });
    return el("fieldset", { class: "choices result" },
      el("legend", {}, T.result),
      choiceButtons(made.map(option), draft.result, pick),
      choiceButtons(down.map(option), draft.result, pick));
  }

  function leadChoices(draft, change) {
    const lead = draft.lead || {};
    const suits = SUIT_ORDER.map((s) => ({ value: s, label: strainNode(s) }));
    const ranks = RANKS.map((r) => ({ value: r, label: rankText(r) }));
    const pick = (part) => change({ lead: { ...lead, ...part } });
    return el("div", { class: "lead-choices" },
      choices(T.lead_suit, suits, lead.suit, (suit) => pick({ suit }), "lead-suit"),
      choices(T.lead_rank, ranks, lead.rank, (rank) => pick({ rank }), "lead-rank"));
  }

  function specialChoices(draft, change) {
    const toggle = (special) => change({ ...blankDraft(),
      special: draft.special === special ? null : special });
    return el("div", { class: "specials" },
      button(T.passed_out, () => toggle("pass"), "choice special",
        { "aria-pressed": String(draft.special === "pass") }),
      button(T.not_played, () => toggle("np"), "choice special",
        { "aria-pressed": String(draft.special === "np") }));
  }

  function missing(draft) {
    if (draft.special) return [];
    const parts = [];
    if (!draft.level) parts.push(T.level);
    if (!draft.strain) parts.push(T.strain);
    if (!draft.declarer) parts.push(T.declarer);
    if (draft.result === null) parts.push(T.result);
    const lead = draft.lead || {};
    if (state.round.options.lead && !(lead.suit && lead.rank)) parts.push(T.lead);
    return parts;
  }

  function summary(draft) {
    if (draft.special === "np") return el("p", { class: "summary" }, T.not_played_note);
    if (draft.special === "pass") return el("p", { class: "summary" }, contractNode(draft));
    if (!draft.level || !draft.strain) return null;
    const lead = draft.lead && draft.lead.suit && draft.lead.rank ? draft.lead : null;
    return el("p", { class: "summary" },
      contractNode(draft),
      draft.declarer ? ` ${say("by", { seat: seatLetter(draft.declarer) })}` : "",
      draft.result === null ? "" : ` ${resultText(draft.result)}`,
      lead ? " · " : "", leadNode(lead));
  }

  function entryParts(draft, change) {
    if (draft.special) return [specialChoices(draft, change)];
    return [
      levelChoices(draft, change),
      strainChoices(draft, change),
      doublingChoices(draft, change),
      declarerChoices(draft, change),
      resultChoices(draft, change),
      state.round.options.lead ? leadChoices(draft, change) : null,
      specialChoices(draft, change),
    ];
  }

  function typedBox(onRead) {
    const example = `4${NOTATION.strains.S ? "S" : "P"}X ${seatLetter("N")} = ` +
      `${NOTATION.strains.H ? "H" : "C"}K`;
    const status = el("p", { class: "typed-status", "aria-live": "polite" },
      say("typed_hint", { example }));
    const input = el("input", {
      type: "text", id: "table-typed", autocomplete: "off", autocapitalize: "characters",
      autocorrect: "off", spellcheck: "false", enterkeyhint: "done",
    });
    input.addEventListener("input", () => {
      const draft = readTyped(input.value);
      status.textContent = input.value.trim() ? (draft ? T.typed_ok : T.typed_bad) : "";
      status.classList.toggle("bad", Boolean(input.value.trim() && !draft));
      if (draft) onRead(draft);
    });
    return el("div", { class: "typed" },
      el("label", { for: "table-typed" }, T.typed), input, status);
  }

  function entryScreen(number, first, note, error) {
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
      foot.replaceChildren(...sendBar(number, draft));
    };
    render();
    show("entry",
      backButton(),
      el("h1", {}, say("board", { board: number })),
      boardFacts(number),
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
    const asked = ++scoreAsked;
    tryOnce("GET", `score?${query}`).then((answer) => {
      if (asked === scoreAsked && answer && answer.status === 200) {
        box.replaceChildren(scoreBoxes(answer.data.score_ns));
      }
    }).catch(() => {});
    return box;
  }

  function sendBar(number, draft) {
    const gaps = missing(draft);
    return [
      summary(draft),
      scorePreview(number, draft),
      gaps.length ? el("p", { class: "hint" },
        say("still_to_choose", { parts: gaps.join(", ") })) : null,
      button(T.send, () => sendResult(number, draft), "big primary send",
        { disabled: gaps.length > 0 }),
    ].filter(Boolean);
  }

  function payload(number, draft) {
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

  function sendResult(number, draft) {
    const body = payload(number, draft);
    return submit({
      kind: "send", method: "POST", path: "results", body, board: number, draft,
    });
  }

  // --------------------------------------------------------- submissions

  const AFTER = { send: afterSend, confirm: afterDecided, reject: afterRejected };

  async function submit(item) {
    show("busy",
      el("p", { class: "busy" }, say("sending", { board: item.board })),
      item.draft ? summary(item.draft) : null);
    const answer = await deliver(item);
    if (signedOut(answer)) return;
    await AFTER[item.kind](answer, item);
  }

  async function afterSend(answer, item) {
    const { body, draft } = item;
    if (answer.status === 400 || answer.status === 409) {
      return entryScreen(item.board, draft, null, answer.data.error);
    }
    if (answer.data.status !== "pending") return loadRound();
    const entry = {
      id: answer.data.id, board: body.board, contract: body.contract,
      declarer: body.declarer || null, tricks: body.tricks ?? null,
      lead: body.lead || null, score_ns: answer.data.score_ns,
    };
    return confirmScreen(entry);
  }

  async function afterDecided(answer, item) {
    if (answer.status !== 200) return refusedDecision(answer, item);
    if (answer.data.status !== "accepted") return loadRound();
    return acceptedScreen(answer.data);
  }

  async function afterRejected(answer, item) {
    if (answer.status !== 200) return refusedDecision(answer, item);
    const draft = draftFromEntry(answer.data);
    return entryScreen(item.board, draft, T.rejected_note);
  }

  async function refusedDecision(answer, item) {
    await loadRound();
    if (state.view !== "round") return;
    screen.prepend(el("p", { class: "table-error", role: "alert" },
      answer.data.error || say("board", { board: item.board })));
  }

  // kind: "confirm" or "reject".
  function decide(kind, entry) {
    const path = `results/${entry.id}/${kind}`;
    return submit({ kind, method: "POST", path, body: {}, board: entry.board });
  }

  // ---------------------------------------------------------------- confirm

  function scoreBoxes(scoreNs) {
    const known = scoreNs !== null && scoreNs !== undefined;
    const side = (name, score) => el("div", { class: `score ${name}` },
      el("span", { class: "direction" }, T[name]),
      el("strong", {}, known ? signed(score) : "—"));
    return el("div", { class: "scores" },
      side("ns", scoreNs), side("ew", known ? -scoreNs : null));
  }

  function resultFacts(entry) {
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

  function confirmScreen(entry) {
    show("confirm",
      el("h1", {}, say("board", { board: entry.board })),
      el("p", { class: "ask" }, T.ew_accept),
      resultFacts(entry),
      el("p", { class: "score-title" }, T.score),
      scoreBoxes(entry.score_ns),
      el("div", { class: "decide" },
        button(T.accept, () => decide("confirm", entry), "big primary accept"),
        button(T.reject, () => decide("reject", entry), "big reject")),
      el("p", { class: "hint" }, T.hand_over));
  }

  // ------------------------------------------------------------ after accept

  function acceptedScreen(entry) {
    show("accepted",
      el("h1", {}, say("accepted", { board: entry.board })),
      resultFacts(entry),
      el("p", { class: "score-title" }, T.score),
      scoreBoxes(entry.score_ns),
      shownBox(entry.shown),
      button(T.continue, () => loadRound(), "big primary continue"));
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
      ["ns", "ew"].map((side) => el("div", { class: `score ${side}` },
        el("span", { class: "direction" }, T[side]),
        el("strong", {}, value(side)))));
  }

  function shownBox(shown) {
    if (!shown) return el("p", { class: "note" }, T.nothing_shown);
    const title = "imps_ns" in shown ? T.imps_title : T.percentage_title;
    return el("section", { class: "shown" },
      shown.kind === "traveller" ? travellerTable(shown.lines) : null,
      el("p", { class: "score-title" }, title),
      sideTiles(shown));
  }

  // A traveller line as results --json writes it, in the table's notation.
  function lineCells(line) {
    const draft = line.contract ? draftFromEntry(line) : null;
    const number = (n) => (n === null || n === undefined ? "" : decimal(n, 0));
    const played = draft && !draft.special && draft.result !== null;
    return [
      line.ns, line.ew,
      draft ? [contractNode(draft), played ? ` ${seatLetter(line.declarer)}` : ""] : "—",
      played ? resultText(draft.result) : "",
      leadNode(readLead(line.lead)) || "",
      line.score_ns === null || line.score_ns === undefined ? "" : signed(line.score_ns),
      number(line.ns_points), number(line.ew_points),
    ];
  }

  function travellerTable(lines) {
    const heads = ["col_ns", "col_ew", "col_contract", "col_result", "col_lead",
      "col_score", "col_ns_points", "col_ew_points"];
    const ours = state.round && state.round.pairs.ns ? state.round.pairs.ns.label : "";
    return el("div", { class: "traveller" },
      el("h2", {}, T.traveller),
      el("table", {},
        el("thead", {}, el("tr", {}, heads.map((h) => el("th", { scope: "col" }, T[h])))),
        el("tbody", {}, lines.map((line) => el("tr",
          { class: line.ns === ours ? "ours" : null },
          lineCells(line).map((cell) => el("td", {}, cell)))))));
  }

  // ------------------------------------------------------- director, polling

  function showCalled(called) {
    callButton.textContent = called ? T.called : T.call;
    callButton.classList.toggle("called", Boolean(called));
    callButton.setAttribute("aria-pressed", String(Boolean(called)));
  }

  async function callDirector() {
    if (state.calling) return;
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

  async function poll() {
    const quiet = ["round", "end", "thanks"];
    if (document.hidden || !quiet.includes(state.view) || !state.token) return;
    const answer = await tryOnce("GET", "round");
    if (!answer || !quiet.includes(state.view)) return;
    if (signedOut(answer)) return;
    const changed = JSON.stringify(answer.data) !== JSON.stringify(state.round);
    showCalled(answer.data.called);
    // The end-of-round screen waits for its own button.
    if (changed && state.view !== "end") roundArrived(answer.data);
  }

  function onSigninSubmit(event) {
    event.preventDefault();
    const code = normalCode($("table-code").value);
    if (!code) return showSignin(T.type_code);
    store.drop(`table.token.${code}`);
    start(code);
  }

  $("table-signin-form").addEventListener("submit", onSigninSubmit);
  callButton.addEventListener("click", callDirector);
  setInterval(poll, POLL_MS);
  if (CONFIG.code) start(CONFIG.code);
  else showSignin("");
})();
