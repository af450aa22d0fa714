// Keyboard traveller entry: focus the first field, show the score while typing.
(function () {
  const form = document.getElementById("entry-form");
  if (!form) return;
  const first = form.querySelector("input[name=ns]");
  const entry = form.querySelector("input[name=entry]");
  // A seating taken from the schedule: the pairs are known, type only the result.
  const prefilled = first && first.value && !form.querySelector(".errorlist");
  if (prefilled && entry) entry.focus(); else if (first) first.focus();
  document.querySelectorAll("a.prefill").forEach(function (link) {
    link.addEventListener("click", function (event) {
      event.preventDefault();
      form.querySelector("input[name=ns]").value = link.dataset.ns;
      form.querySelector("input[name=ew]").value = link.dataset.ew;
      form.querySelector("input[name=round_no]").value = link.dataset.round;
      form.querySelector("input[name=table]").value = link.dataset.table;
      entry.focus();
    });
  });
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
