// Live standings reload themselves every data-refresh seconds, unless the
// reader pauses them (WCAG 2.2.1: a page that changes by itself can be
// stopped); the choice is kept in this browser.
(function () {
  "use strict";
  const KEY = "refresh-paused";
  const page = document.querySelector("[data-refresh]");
  const button = document.getElementById("refresh-pause");
  if (!page || !button) return;
  const every = Number(page.dataset.refresh) * 1000;
  let timer = null;
  function paused() {
    try { return localStorage.getItem(KEY) === "yes"; } catch (error) { return false; }
  }
  function show() {
    const stop = paused();
    button.setAttribute("aria-pressed", stop ? "true" : "false");
    clearTimeout(timer);
    if (!stop) timer = setTimeout(function () { window.location.reload(); }, every);
  }
  button.hidden = false;
  button.addEventListener("click", function () {
    try { localStorage.setItem(KEY, paused() ? "no" : "yes"); } catch (error) { /* private mode */ }
    show();
  });
  show();
})();
