// Keyboard traveller entry: focus the first field, show the score while typing.
(function () {
  const form = document.getElementById("entry-form");
  if (!form) return;
  // An individual's form names four players (north first), a pairs form two.
  const first = form.querySelector("input[name=ns], input[name=north]");
  const entry = form.querySelector("input[name=entry]");
  // A seating taken from the schedule: the pairs are known, type only the result.
  const prefilled = first && first.value && !form.querySelector(".errorlist");
  if (prefilled && entry) entry.focus(); else if (first) first.focus();
  document.querySelectorAll("a.prefill").forEach(function (link) {
    link.addEventListener("click", function (event) {
      event.preventDefault();
      // Each data-* of the link fills the field of its name (round: round_no).
      Object.entries(link.dataset).forEach(function ([name, value]) {
        const input = form.querySelector(
          `input[name=${name === "round" ? "round_no" : name}]`);
        if (input) input.value = value;
      });
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
