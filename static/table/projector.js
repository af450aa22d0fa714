// The room display on a projector: when the ranking is longer than the
// screen, it shows a page of it at a time and turns to the next every
// data-page-seconds seconds, by itself (a paused display stays on its page).
// A fresh copy of the ranking (room.js) is cut into pages again, on the page
// shown. The turning has no animation of its own: the CSS fades the rows in,
// unless the reader prefers reduced motion.
(function () {
  "use strict";
  const display = document.querySelector(".projector[data-page-seconds]");
  const live = document.getElementById("live-part");
  if (!display || !live) return;
  const every = Math.max(Number(display.dataset.pageSeconds) || 12, 1) * 1000;
  const label = document.getElementById("projector-page");
  const pause = document.getElementById("live-pause");
  const GAP = 16; // px kept free below the last row
  let page = 0;
  let pages = [];

  // What a table costs above its rows on a page: its heading and column heads.
  function headHeight(table) {
    const block = table.closest("#live-part > *") || table;
    const title = block.previousElementSibling;
    const heading = title && title.tagName === "H2" ? title.offsetHeight + 32 : 0;
    return heading + (table.tHead ? table.tHead.offsetHeight : 0) + 24;
  }

  // The rows cut into pages that fit under the ranking's top.
  function cut() {
    for (const hidden of live.querySelectorAll(".off-page")) hidden.classList.remove("off-page");
    const rows = [...live.querySelectorAll("table tbody tr")];
    if (!rows.length) return [];
    const first = live.querySelector("h2, table");
    const room = window.innerHeight - first.getBoundingClientRect().top - window.scrollY - GAP;
    const cuts = [[]];
    let used = 0;
    let table = null;
    for (const row of rows) {
      const owner = row.closest("table");
      const height = row.getBoundingClientRect().height;
      let cost = height + (owner === table ? 0 : headHeight(owner));
      if (cuts[cuts.length - 1].length && used + cost > room) {
        cuts.push([]);
        cost = height + headHeight(owner);
        used = 0;
      }
      cuts[cuts.length - 1].push(row);
      used += cost;
      table = owner;
    }
    return cuts;
  }

  function show() {
    const shown = new Set(pages[page] || []);
    for (const table of live.querySelectorAll("table")) {
      const rows = [...table.querySelectorAll("tbody tr")];
      for (const row of rows) row.classList.toggle("off-page", !shown.has(row));
      const empty = rows.length > 0 && !rows.some((row) => shown.has(row));
      const block = table.closest("#live-part > *") || table;
      block.classList.toggle("off-page", empty);
      const title = block.previousElementSibling;
      if (title && title.tagName === "H2") title.classList.toggle("off-page", empty);
    }
    if (label) {
      label.hidden = pages.length < 2;
      label.textContent = label.dataset.text
        .replace("%(page)s", String(page + 1)).replace("%(pages)s", String(pages.length));
    }
  }

  function layout() {
    pages = cut();
    page = pages.length ? Math.min(page, pages.length - 1) : 0;
    show();
  }

  function turn() {
    if (pause && pause.getAttribute("aria-pressed") === "true") return;
    if (pages.length < 2) return layout();
    page = (page + 1) % pages.length;
    layout();
  }

  new MutationObserver(layout).observe(live, { childList: true });
  window.addEventListener("resize", layout);
  layout();
  setInterval(turn, every);
})();
