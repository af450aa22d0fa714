// Pages that show results as they arrive (the control room, the room display,
// the live standings): the element with data-live-feed waits on the event's
// change feed (long polling) and, when a change comes, reads the page again
// and puts in the new part, without reloading (a half-filled form elsewhere on
// the page stays as it is). Rows and tables that changed are lit for a moment.
// data-every (seconds) also reads the page at that pace, for what the change
// log does not hold (a phone last seen, a call to the director).
(function () {
  "use strict";
  const live = document.querySelector("[data-live-feed]");
  if (!live) return;
  const feed = live.dataset.liveFeed;
  const url = live.dataset.url || window.location.href;
  const every = Number(live.dataset.every || "0") * 1000;
  const GAP = 1000; // at most one reading a second, however fast changes come
  let after = Number(live.dataset.change || "0");
  let busy = false;

  // WCAG 2.2.2: a reader may pause a page that changes by itself (kept in
  // this browser); a paused page catches up when resumed.
  const KEY = "live-paused";
  const pause = document.getElementById("live-pause");
  const paused = () => {
    try { return localStorage.getItem(KEY) === "yes"; } catch (error) { return false; }
  };
  if (pause) {
    pause.hidden = false;
    pause.setAttribute("aria-pressed", paused() ? "true" : "false");
    pause.addEventListener("click", () => {
      try { localStorage.setItem(KEY, paused() ? "no" : "yes"); } catch (error) { /* private mode */ }
      pause.setAttribute("aria-pressed", paused() ? "true" : "false");
      if (!paused()) read();
    });
  }
  // A dispute the director is settling is not replaced under their hands.
  const settling = () =>
    Boolean(live.querySelector(".room-dispute :checked, .room-dispute input:focus"));

  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const shown = (root) =>
    new Set([...root.querySelectorAll("tr, .room-table")].map((el) => el.textContent));

  // The control room's "Round to call" follows the rounds called, unless the
  // director is typing another number there.
  function roundFollowed(next) {
    const field = document.querySelector("input.round-number");
    if (!field || !next || field === document.activeElement) return;
    if (field.value !== field.defaultValue) return;
    field.defaultValue = next;
    field.value = next;
  }

  async function read() {
    if (busy || paused() || settling()) return;
    busy = true;
    try {
      // The change the feed told of: any copy showing it or later will do.
      const asked = `${url}${url.includes("?") ? "&" : "?"}change=${after}`;
      const response = await fetch(asked, { credentials: "same-origin", cache: "no-cache" });
      if (!response.ok) return;
      const parsed = new DOMParser().parseFromString(await response.text(), "text/html");
      const fresh = parsed.getElementById(live.id);
      if (!fresh) return;
      const before = shown(live);
      live.replaceChildren(...fresh.childNodes);
      for (const el of live.querySelectorAll("tr, .room-table")) {
        if (!before.has(el.textContent) && !el.closest("thead")) el.classList.add("live-changed");
      }
      roundFollowed(fresh.dataset.roundNext);
      // The copy may show later changes than the feed told of: wait after those.
      after = Math.max(after, Number(fresh.dataset.change || "0"));
      live.dataset.read = String(after);
    } catch (error) {
      // Offline for a moment: the next change or reading tries again.
    } finally {
      busy = false;
    }
  }

  async function follow() {
    for (;;) {
      const asked = Date.now();
      try {
        const response = await fetch(`${feed}${feed.includes("?") ? "&" : "?"}after=${after}`, { cache: "no-store" });
        if (response.status === 200) {
          after = (await response.json()).change;
          await read();
        } else if (response.status !== 304) {
          await sleep(3000);
        }
      } catch (error) {
        await sleep(3000);
      }
      // An answer at once (a busy server lets no request wait): ask again later.
      await sleep(Math.max(GAP - (Date.now() - asked), 0));
    }
  }

  follow();
  if (every) setInterval(read, every);
})();
