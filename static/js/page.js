// What the pages' markup asks for with data- attributes, so that no page needs
// an inline script or event handler (the Content-Security-Policy allows none):
// a <select data-submit-on-change> sends its form when changed (the language
// and notation menus), a <button data-print> prints the page, a
// <button data-confirm="question"> sends its form only once the question is
// answered yes.
for (const select of document.querySelectorAll("select[data-submit-on-change]")) {
  select.addEventListener("change", () => select.form.submit());
}
for (const button of document.querySelectorAll("button[data-print]")) {
  button.addEventListener("click", () => window.print());
}
for (const button of document.querySelectorAll("button[data-confirm]")) {
  button.addEventListener("click", (event) => {
    if (!window.confirm(button.dataset.confirm)) event.preventDefault();
  });
}
