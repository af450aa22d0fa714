// The control room refreshes its live part every few seconds, without reloading
// the page (so a half-filled form stays as it is).
(function () {
  "use strict";
  const live = document.getElementById("room-live");
  if (!live) return;
  const every = Number(live.dataset.every || "5") * 1000;
  // A dispute the director is settling is not replaced under their hands.
  function settling() {
    return Boolean(live.querySelector(".room-dispute :checked, .room-dispute input:focus"));
  }
  async function refresh() {
    if (settling()) return setTimeout(refresh, every);
    try {
      const response = await fetch(live.dataset.url, { credentials: "same-origin" });
      if (response.ok) {
        const html = await response.text();
        const parsed = new DOMParser().parseFromString(html, "text/html");
        const fresh = parsed.getElementById("room-live");
        if (fresh && !settling()) live.replaceChildren(...fresh.childNodes);
      }
    } catch (error) {
      // Offline for a moment: the next refresh tries again.
    }
    setTimeout(refresh, every);
  }
  setTimeout(refresh, every);
})();
