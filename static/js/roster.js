// Pair names found on the club's roster as they are typed (by name or member
// number): an ARIA combobox with a listbox; the last option keeps the typed name
// as a new player. Without JavaScript the names are plain text fields.
(function () {
  const form = document.getElementById("pair-names");
  if (!form || !form.dataset.search) return;
  const status = document.getElementById("roster-status");
  let lists = 0;

  function enhance(box) {
    const input = box.querySelector("input[type=text]");
    const chosen = box.querySelector("input[type=hidden]");
    const list = document.createElement("ul");
    list.id = "roster-list-" + (++lists);
    list.className = "roster-list";
    list.setAttribute("role", "listbox");
    list.setAttribute("aria-label", input.getAttribute("aria-label"));
    list.hidden = true;
    box.appendChild(list);
    input.setAttribute("role", "combobox");
    input.setAttribute("aria-autocomplete", "list");
    input.setAttribute("aria-expanded", "false");
    input.setAttribute("aria-controls", list.id);
    let active = -1;
    let timer = null;
    let asked = 0;

    const options = () => Array.from(list.querySelectorAll("[role=option]"));
    function close() {
      list.hidden = true;
      active = -1;
      input.setAttribute("aria-expanded", "false");
      input.removeAttribute("aria-activedescendant");
    }
    function highlight(index) {
      const all = options();
      active = index;
      all.forEach((o, i) => o.setAttribute("aria-selected", i === index ? "true" : "false"));
      input.setAttribute("aria-activedescendant", all[index].id);
      all[index].scrollIntoView({ block: "nearest" });
    }
    function choose(option) {
      input.value = option.dataset.name;
      chosen.value = option.dataset.id;
      close();
    }
    function add(text, name, id) {
      const option = document.createElement("li");
      option.id = list.id + "-" + list.children.length;
      option.setAttribute("role", "option");
      option.setAttribute("aria-selected", "false");
      option.textContent = text;
      option.dataset.name = name;
      option.dataset.id = id;
      option.addEventListener("mousedown", (e) => { e.preventDefault(); choose(option); });
      list.appendChild(option);
    }
    function show(people, typed) {
      list.replaceChildren();
      people.forEach((p) => add([p.name, p.national_id, p.home_club].filter(Boolean).join(" · "), p.name, p.id));
      add(form.dataset.newLabel + ": " + typed, typed, "");
      list.hidden = false;
      input.setAttribute("aria-expanded", "true");
      status.textContent = form.dataset.found + " " + people.length;
    }
    async function search(typed) {
      const ask = ++asked;
      const url = form.dataset.search + "?q=" + encodeURIComponent(typed);
      const response = await fetch(url, { headers: { Accept: "application/json" } });
      if (!response.ok || ask !== asked) return;
      const data = await response.json();
      if (ask === asked && input.value.trim() === typed) show(data.people, typed);
    }
    input.addEventListener("input", function () {
      chosen.value = "";  // typed anew: no longer the person chosen before
      clearTimeout(timer);
      const typed = input.value.trim();
      if (!typed) { close(); return; }
      timer = setTimeout(() => search(typed), 150);
    });
    input.addEventListener("keydown", function (e) {
      if (list.hidden) return;
      const count = options().length;
      if (e.key === "ArrowDown") { e.preventDefault(); highlight((active + 1) % count); }
      else if (e.key === "ArrowUp") { e.preventDefault(); highlight((active - 1 + count) % count); }
      else if (e.key === "Enter" && active >= 0) { e.preventDefault(); choose(options()[active]); }
      else if (e.key === "Escape") { close(); }
    });
    input.addEventListener("blur", close);
  }

  form.querySelectorAll(".roster-pick").forEach(enhance);
})();
