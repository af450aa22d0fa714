// Keyboard traveller entry: focus the first field, show the score while typing.
(function () {
  const form = document.getElementById("entry-form");
  if (!form) return;
  const first = form.querySelector("input[name=ns]");
  if (first) first.focus();
  const entry = form.querySelector("input[name=entry]");
  const out = document.getElementById("preview");
  let timer = null;
  entry.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(async function () {
      if (!entry.value.trim()) { out.textContent = ""; return; }
      const url = form.dataset.preview + "?entry=" + encodeURIComponent(entry.value);
      const data = await (await fetch(url)).json();
      out.textContent = data.ok ? (data.score_ns > 0 ? "+" : "") + data.score_ns : data.message;
      out.className = data.ok ? "ok" : "error";
    }, 150);
  });
})();
