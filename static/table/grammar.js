// A typed traveller line ("4SX N = HK", "4S= N", "pass") read as the server
// reads it: the algorithm of scoring/engine/notation/parsing.py, step for step,
// on the grammar tables the server publishes (api/table/notation/<lang>.json,
// also in the page's configuration). No word of notation is written here.
//
// parseEntry(text, grammar) returns {passed_out: true}, an entry
// {level, strain, doubling, declarer, tricks, lead} (lead "HK" or null), or
// {refusal: code} with the server's NotationError code.

class Refusal extends Error {
  constructor(code) {
    super(code);
    this.code = code;
  }
}

function own(table, key) {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

function refuse(code) {
  throw new Refusal(code);
}

function escapeRe(text) {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

function alternatives(words) {
  return [...words].sort((a, b) => b.length - a.length).map(escapeRe).join("|");
}

function charClass(chars) {
  return [...chars].map((c) => `\\u{${c.codePointAt(0).toString(16)}}`).join("");
}

// The grammar's tables turned into the patterns the parser reads with.
function compile(grammar) {
  const sp = `[${charClass(grammar.spaces)}]`;
  const strains = [...Object.keys(grammar.strains), ...Object.keys(grammar.suit_symbols)];
  const made = escapeRe(grammar.made_exactly);
  return {
    grammar,
    sp,
    spaces: new RegExp(`${sp}+`, "gu"),
    level: new RegExp(`${sp}*(\\p{Nd}+)`, "uy"),
    strain: new RegExp(`${sp}*(${alternatives(strains)})`, "uy"),
    doubling: new RegExp(`${sp}*(${alternatives(Object.keys(grammar.doublings))})`, "uy"),
    char: new RegExp(`${sp}*([^${charClass(grammar.spaces)}])`, "uy"),
    result: new RegExp(`${sp}*(${made}|[+-]${sp}*\\p{Nd}+|\\p{Nd}+)`, "uy"),
    signed: /^([+-]?)(\p{Nd}+)$/u,
    doublingStarts: Object.keys(grammar.doublings).map((mark) => [...mark][0]),
  };
}

function strip(text, rules) {
  return text.replace(new RegExp(`^${rules.sp}+|${rules.sp}+$`, "gu"), "");
}

function words(text, rules) {
  const stripped = strip(text, rules);
  return stripped ? stripped.split(rules.spaces) : [];
}

function tidy(text, grammar) {
  let tidied = "";
  for (const c of text) tidied += own(grammar.tidy, c) ?? c;
  return tidied.toUpperCase();
}

function whole(digits, grammar) {
  const beyond = 10 ** grammar.max_digits;
  if (!/^[0-9]+$/.test(digits)) return beyond;
  const significant = digits.replace(/^0+/, "") || "0";
  return significant.length <= grammar.max_digits ? Number(significant) : beyond;
}

function first(text) {
  return [...text][0] || "";
}

class Cursor {
  constructor(text, rules) {
    this.text = text;
    this.pos = 0;
    this.rules = rules;
  }

  take(pattern) {
    pattern.lastIndex = this.pos;
    const match = pattern.exec(this.text);
    if (!match) return null;
    this.pos = pattern.lastIndex;
    return match[1];
  }

  rest() {
    return strip(this.text.slice(this.pos), this.rules);
  }

  word() {
    return words(this.rest(), this.rules)[0] || "";
  }
}

function isPass(text, rules) {
  const grammar = rules.grammar;
  const joined = words(text, rules).join(" ");
  if (joined === grammar.bare_p) refuse("p_not_pass");
  for (const word of grammar.passes) {
    if (joined === word) return true;
    if (joined.startsWith(word + " ")) refuse("extra_text");
  }
  return false;
}

function readContract(cursor, rules) {
  const grammar = rules.grammar;
  const levelText = cursor.take(rules.level);
  if (levelText === null) refuse("bad_level");
  const level = whole(levelText, grammar);
  if (level < grammar.levels[0] || level > grammar.levels[1]) refuse("bad_level");
  const strainText = cursor.take(rules.strain);
  if (strainText === null) refuse(first(cursor.word()) ? "unknown_strain" : "missing_strain");
  const strain = own(grammar.suit_symbols, strainText) || own(grammar.strains, strainText);
  const mark = cursor.take(rules.doubling);
  if (rules.doublingStarts.includes(first(cursor.word()))) refuse("bad_doubling");
  const doubling = mark ? own(grammar.doublings, mark) : "";
  return { level, strain, doubling };
}

function readSeat(cursor, rules) {
  const char = cursor.take(rules.char);
  if (char === null) refuse("missing_seat");
  const seat = own(rules.grammar.seats, char);
  if (seat === undefined) refuse("bad_seat");
  return seat;
}

function checkDifference(level, difference, grammar) {
  const tricks = level + grammar.book + difference;
  if (tricks > grammar.tricks) refuse("overtricks_impossible");
  if (tricks < 0) refuse("undertricks_impossible");
  return tricks;
}

function parseTricks(text, level, rules) {
  const grammar = rules.grammar;
  const token = words(tidy(text, grammar), rules).join("");
  if (!token) refuse("empty");
  if (token === grammar.made_exactly) return level + grammar.book;
  const match = rules.signed.exec(token);
  if (!match) refuse("bad_result");
  const number = whole(match[2], grammar);
  if (!match[1]) {
    if (number > grammar.tricks) refuse("too_many_tricks");
    return number;
  }
  if (number === 0) refuse("bad_result");
  return checkDifference(level, match[1] === "+" ? number : -number, grammar);
}

function readResult(cursor, contract, rules) {
  const token = cursor.take(rules.result);
  if (token === null) refuse(cursor.word() ? "bad_result" : "missing_result");
  return parseTricks(token, contract.level, rules);
}

function suitOf(char, grammar) {
  const suit = own(grammar.suit_symbols, char) || own(grammar.strains, char);
  return suit === "NT" ? undefined : suit;
}

function rankOf(text, grammar) {
  if (text === grammar.ten) return "T";
  if ([...text].length === 1 && grammar.ranks.includes(text)) return text;
  return own(grammar.local_ranks, text);
}

function card(text, grammar) {
  const chars = [...text];
  const readings = [
    [chars.slice(0, 1), chars.slice(1)],
    [chars.slice(-1), chars.slice(0, -1)],
  ];
  for (const [suitChars, rankChars] of readings) {
    const suit = suitOf(suitChars.join(""), grammar);
    const rank = rankOf(rankChars.join(""), grammar);
    if (suit && rank) return suit + rank;
  }
  return null;
}

function parseLead(text, rules) {
  const compact = words(tidy(text, rules.grammar), rules).join("");
  if (!compact) refuse("empty");
  return card(compact, rules.grammar) || refuse("bad_lead");
}

function readLead(rest, rules) {
  if (!rest) return null;
  try {
    return parseLead(rest, rules);
  } catch (error) {
    const space = rest.indexOf(" ");
    const extra = space < 0 ? "" : rest.slice(space + 1);
    if (extra && card(rest.slice(0, space), rules.grammar)) refuse("extra_text");
    throw error;
  }
}

function readEntry(text, rules) {
  const source = strip(text, rules);
  if (!source) refuse("empty");
  const cursor = new Cursor(tidy(source, rules.grammar), rules);
  if (isPass(cursor.text, rules)) return { passed_out: true };
  const contract = readContract(cursor, rules);
  let declarer;
  let tricks;
  if (rules.grammar.result_starts.includes(first(cursor.word()))) {
    tricks = readResult(cursor, contract, rules);
    declarer = readSeat(cursor, rules);
  } else {
    declarer = readSeat(cursor, rules);
    tricks = readResult(cursor, contract, rules);
  }
  const lead = readLead(cursor.rest(), rules);
  return { ...contract, declarer, tricks, lead };
}

const compiled = new WeakMap();

export function parseEntry(text, grammar) {
  if (!compiled.has(grammar)) compiled.set(grammar, compile(grammar));
  try {
    return readEntry(text, compiled.get(grammar));
  } catch (error) {
    if (error instanceof Refusal) return { refusal: error.code };
    throw error;
  }
}
