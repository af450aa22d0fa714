// A team table's match: its number, room and teams, and its score from the
// phone's own team's side, as the server shows it (nothing while the director
// hides it, or while the phone's pairs have not played every board it adds).
import { T } from "./app.js";
import { decimal, el, say } from "./dom.js";

function scoreLines(match, ours, theirs) {
  const sides = (score, digits) => ({
    ours: decimal(score[ours], digits), theirs: decimal(score[theirs], digits),
  });
  const done = el("p", { class: "match-boards" }, say("match_boards", {
    done: match.boards_complete, boards: match.boards.length,
  }));
  if (!match.imps) return [el("p", { class: "match-score" }, T.match_hidden), done];
  const unit = match.unit === "points" ? "match_points" : "match_imps";
  return [
    el("p", { class: "match-score" }, say(unit, sides(match.imps, 0))),
    match.vps && match.unit !== "points"
      ? el("p", { class: "match-score final" }, say("match_vps", sides(match.vps, 2)))
      : null,
    done,
  ];
}

export function matchBox(match) {
  if (!match) return null;
  const ours = match.ours;
  const theirs = ours === "home" ? "away" : "home";
  const room = match.room === "open" ? "match_open" : "match_closed";
  return el("section", { class: "match", "aria-label": say(room, match) },
    el("h2", {}, say(room, match)),
    el("p", { class: "match-teams" },
      say("match_teams", { ours: match[ours], theirs: match[theirs] })),
    scoreLines(match, ours, theirs));
}

// The scorecard screen waits for its own button: its match box alone follows
// the other room's results as they come.
export function matchRefreshed(match) {
  const box = document.querySelector("#table-screen section.match");
  if (box && match) box.replaceWith(matchBox(match));
}
