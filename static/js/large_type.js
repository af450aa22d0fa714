// Large type, kept in this browser (localStorage) from page to page. Loaded in
// the page's head so that the page is drawn at once in the size chosen.
(function () {
  "use strict";
  const KEY = "large-type";
  const root = document.documentElement;
  function stored() {
    try { return localStorage.getItem(KEY) === "on"; } catch (error) { return false; }
  }
  function show(on) {
    root.classList.toggle("large-type", on);
    const button = document.getElementById("large-type");
    if (button) button.setAttribute("aria-pressed", on ? "true" : "false");
  }
  show(stored());
  document.addEventListener("DOMContentLoaded", function () {
    const button = document.getElementById("large-type");
    if (!button) return;
    button.hidden = false;
    show(stored());
    button.addEventListener("click", function () {
      const on = !root.classList.contains("large-type");
      try { localStorage.setItem(KEY, on ? "on" : "off"); } catch (error) { /* private mode */ }
      show(on);
    });
  });
})();
