// Building the page without ever turning data into HTML: elements from
// createElement and text nodes, the translated texts, numbers in the page's
// language, and what the phone keeps in localStorage.
import { $, LANG, T, state } from "./app.js";

export function say(key, params) {
  let text = T[key] || key;
  for (const [name, value] of Object.entries(params || {})) {
    text = text.split(`%(${name})s`).join(String(value));
  }
  return text;
}

// Children as nodes or text, nested lists flattened, the missing ones left out.
export function present(children) {
  return children.flat(Infinity)
    .filter((child) => child !== null && child !== undefined && child !== false)
    .map((child) => (child instanceof Node ? child : String(child)));
}

// An element with attributes, listeners ("onclick") and children (text or nodes).
export function el(tag, props, ...children) {
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

export function button(label, onclick, cls, extra) {
  return el("button", { type: "button", class: cls, onclick, ...extra }, label);
}

export function show(view, ...nodes) {
  state.view = view;
  $("table-signin").hidden = true;
  $("table-footer").hidden = view === "busy";
  $("table-screen").replaceChildren(...present(nodes));
  window.scrollTo(0, 0);
}

export function setBanner(text, detail) {
  const banner = $("table-banner");
  banner.replaceChildren(...present([
    el("strong", {}, text), detail ? el("span", { class: "detail" }, detail) : null,
  ]));
  banner.hidden = !text;
}

// Waits ms, or less when the network comes back.
export function pause(ms) {
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

export function newId() {
  if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

export function signed(number) {
  const format = new Intl.NumberFormat(LANG, {
    signDisplay: "exceptZero", useGrouping: false, maximumFractionDigits: 2,
  });
  return format.format(number);
}

export function decimal(number, digits) {
  const format = new Intl.NumberFormat(LANG, {
    minimumFractionDigits: digits, maximumFractionDigits: 2, useGrouping: false,
  });
  return format.format(number);
}

export const store = {
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

export const keys = {
  token: () => `table.token.${state.code}`,
  seat: () => `table.seat.${state.code}`,
  outbox: () => `table.outbox.${state.code}`,
  round: () => `table.round.${state.code}`,
  notices: () => `table.notices.${state.code}`,
  first: () => `table.members.${state.code}.first`,
  members: (round) => `table.members.${state.code}.${round}`,
  // The token of the table a pair's phone has left: its pair, for the next.
  previous: () => "table.previous",
};
