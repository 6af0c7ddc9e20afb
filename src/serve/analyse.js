// The analysis and review of the page of `kifu serve` (loaded after
// serve.js, whose `game`, `ask`, `quietly`, `movetime`, `named`, `look`,
// `viewing` and `$` it uses): the engine's score and line for the
// position shown, and the review of the game: every move (Lotus: every
// turn) judged by the chance of winning it gave away, each side's
// accuracy, a chart of the first player's chance (Lotus: each player's;
// click to go to a move), and the better move drawn on the board. Every
// text from the server is set as text, never as HTML; the chart and the
// arrows are SVG built element by element.
"use strict";

const SVG = "http://www.w3.org/2000/svg";

// An SVG element `name` with `attributes`.
function svgElement(name, attributes) {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) {
    element.setAttribute(key, String(value));
  }
  return element;
}

// An SVG text at (x, y) saying `words`.
function svgText(x, y, words, attributes) {
  const text = svgElement("text", { x, y, ...attributes });
  text.textContent = words;
  return text;
}

// A score of KEP (`cp 35`, `win 3`, `loss 2`, from the view of `mover`)
// in a player's words: "White is better (+1.2)", "Black wins in 2
// moves"; Lotus's the mover's expected lead.
function scoreWords(score, mover) {
  if (score === null) return "no score";
  const [kind, number] = score.split(" ");
  const n = Number(number);
  const other = game.players.find((p) => p !== mover) || "";
  const moves = (plies) => `${Math.ceil(plies / 2)} move${Math.ceil(plies / 2) === 1 ? "" : "s"}`;
  if (kind === "win") return `${named(mover)} wins in ${moves(n)}`;
  if (kind === "loss") return `${named(other)} wins in ${moves(n)}`;
  // Hundredths as tenths, rounded half up on the size, the sign apart.
  const size = (Math.round(Math.abs(n) / 10) / 10).toFixed(1);
  const signed = `${n < 0 ? "-" : "+"}${size}`;
  if (game.game === "lotus") return `${named(mover)} expects to lead by ${signed} points`;
  if (Math.abs(n) < 30) return `About even (${signed})`;
  return `${named(n > 0 ? mover : other)} is better (+${size})`;
}

// Arrows over the board: each `[from, to, kind]` from one square's
// centre to another's, as the board's `squares` place them; none clears.
function drawArrows(arrows) {
  const holder = $("arrows");
  holder.replaceChildren();
  if (!game || arrows.length === 0) return;
  const [width, height] = game.size;
  holder.setAttribute("viewBox", `0 0 ${width} ${height}`);
  const centre = (name) => {
    const square = game.squares.find((s) => s.square === name);
    return square ? [square.x + square.w / 2, square.y + square.h / 2, Math.min(square.w, square.h)] : null;
  };
  const defs = svgElement("defs", {});
  for (const kind of ["played", "better", "answer"]) {
    const marker = svgElement("marker", {
      id: `head-${kind}`, viewBox: "0 0 10 10", refX: 5, refY: 5,
      markerWidth: 3, markerHeight: 3, orient: "auto-start-reverse",
    });
    marker.append(svgElement("path", { d: "M 0 0 L 10 5 L 0 10 z", class: `arrow-${kind}` }));
    defs.append(marker);
  }
  holder.append(defs);
  for (const [from, to, kind] of arrows) {
    const a = centre(from);
    const b = centre(to);
    if (!a || !b) continue;
    holder.append(svgElement("line", {
      x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: `arrow arrow-${kind}`,
      "stroke-width": a[2] * (kind === "answer" ? 0.1 : 0.16), "marker-end": `url(#head-${kind})`,
    }));
  }
}

// The review of the game shown, once made (reset when its moves change).
let review = null;

// The words for a move judged: "Move 1, Black e1-e4??: a blunder, 43
// points less chance of winning (of 100) than c1-c3 (then d6-c4)."; a
// Lotus turn: "Turn 4, Red r0 g3 o7?: a mistake, ... than r2 g3 o7."
function judgement(move) {
  const what = review.turns ? "Turn" : "Move";
  const head = `${what} ${move.number}, ${named(move.mover)} ${move.played}${move.glyph || ""}`;
  const answer = !review.turns && move.line[1] ? ` (then ${move.line[1]})` : "";
  const line = move.best ? `${move.best}${answer}` : "";
  const good = review.turns ? "a good turn" : "a good move";
  if (!move.class) return `${head}: ${good}` + (line ? ` (the computer prefers ${line})` : "") + ".";
  const article = move.class === "inaccuracy" ? "an" : "a";
  return `${head}: ${article} ${move.class}, ${Math.round(move.drop)} points less chance of winning (of 100) than ${line}.`;
}

// The move judged that is played from the position after `ply` plies,
// or whose turn that ply is in (Lotus); none at the end.
function judgedAt(ply) {
  return review && review.moves.find((m) => ply >= m.ply && ply < m.ply + m.plies);
}

// Shows what the review says of the position after `ply` moves: the move
// played from it, judged, its arrow and the better line's.
function reviewAt(ply) {
  if (!review) {
    drawArrows([]);
    return;
  }
  const move = judgedAt(ply);
  $("review-move").textContent = move ? judgement(move) : "The end of the game.";
  for (const dot of $("review-chart").querySelectorAll("[data-ply]")) {
    dot.classList.toggle("current", move !== undefined && Number(dot.dataset.ply) === move.ply);
  }
  // The move judged is the one played from here: the next in the list
  // (Lotus: the turn's plies).
  for (const b of $("move-list").querySelectorAll("button")) {
    const at = Number(b.dataset.ply);
    b.classList.toggle("judged", move !== undefined && at > move.ply && at <= move.ply + move.plies);
  }
  const arrows = [];
  if (move && move.best && move.ply === ply) {
    if (move.squares) arrows.push([...move.squares, "played"]);
    move.arrows.forEach(([from, to], i) => arrows.push([from, to, i === 0 || review.turns ? "better" : "answer"]));
  }
  drawArrows(arrows);
}

// The chart of the first player's chance over the game (Lotus: each
// player's own, a line of its colour, at its turns): 0 to 100 up the
// side, the plies along the bottom, each judged move a dot of its class;
// a click goes to the nearest move.
function drawChart(reviewed) {
  const width = 600;
  const height = 170;
  const left = 44;
  const bottom = 24;
  const plot = { w: width - left - 8, h: height - bottom - 8 };
  const last = Math.max(1, ...reviewed.points.map((p) => p.ply));
  const x = (ply) => left + (ply / last) * plot.w;
  const y = (chance) => 8 + (1 - chance / 100) * plot.h;
  const first = named(reviewed.player);
  const svg = svgElement("svg", {
    viewBox: `0 0 ${width} ${height}`, role: "img", class: "chart",
    "aria-label": reviewed.turns ? "Each player's chance of winning, turn by turn" : `${first}'s chance of winning, move by move`,
  });
  svg.append(svgElement("rect", { x: left, y: 8, width: plot.w, height: plot.h, class: "chart-back" }));
  const at = (p) => `${x(p.ply)},${y(p.chance)}`;
  if (reviewed.turns) {
    // A line for each player in its colour, its name in that colour
    // along the top.
    let namedAt = left + 6;
    for (const player of game.players) {
      const own = reviewed.points.filter((p) => p.player === player);
      if (own.length === 0) continue;
      const colour = reviewed.colours[player] || "currentColor";
      svg.append(svgElement("polyline", { points: own.map(at).join(" "), class: "chart-player", stroke: colour }));
      svg.append(svgText(namedAt, 22, named(player), { class: "chart-name", fill: colour }));
      namedAt += 12 + 8.5 * named(player).length;
    }
  } else {
    const area = [`${x(0)},${y(0)}`, ...reviewed.points.map(at), `${x(last)},${y(0)}`];
    svg.append(svgElement("polygon", { points: area.join(" "), class: "chart-area" }));
    svg.append(svgElement("polyline", { points: reviewed.points.map(at).join(" "), class: "chart-line" }));
  }
  svg.append(svgElement("line", { x1: left, y1: y(50), x2: left + plot.w, y2: y(50), class: "chart-even" }));
  for (const [chance, words] of [[100, "100%"], [50, "50%"], [0, "0%"]]) {
    svg.append(svgText(left - 6, y(chance) + 4, words, { "text-anchor": "end", class: "chart-label" }));
  }
  if (!reviewed.turns) {
    svg.append(svgText(left + 6, 22, `${first} better`, { class: "chart-label" }));
    const other = named(game.players.find((p) => p !== reviewed.player) || "");
    svg.append(svgText(left + 6, y(0) - 6, `${other} better`, { class: "chart-label" }));
  }
  const step = Math.max(1, Math.ceil(last / 10 / 2) * 2);
  for (let ply = 0; ply <= last; ply += step) {
    svg.append(svgText(x(ply), height - 6, String(ply), { "text-anchor": "middle", class: "chart-label" }));
  }
  const what = reviewed.turns ? "Turn" : "Move";
  for (const move of reviewed.moves.filter((m) => m.class)) {
    const point = reviewed.points.find((p) => p.ply === move.ply && (!reviewed.turns || p.player === move.mover));
    const dot = svgElement("circle", {
      cx: x(move.ply), cy: y(point ? point.chance : 50), r: 6,
      class: `chart-dot mark-${move.class}`, "data-ply": move.ply, tabindex: 0, role: "button",
      "aria-label": `${what} ${move.number}: ${named(move.mover)} ${move.played}, ${move.class}`,
    });
    const title = svgElement("title", {});
    title.textContent = `${what} ${move.number}: ${move.played}${move.glyph}`;
    dot.append(title);
    dot.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        event.stopPropagation();
        goTo(move.ply);
      }
    });
    svg.append(dot);
  }
  // A click goes to the position of the nearest point.
  const plies = [...new Set(reviewed.points.map((p) => p.ply))];
  svg.addEventListener("click", (event) => {
    const box = svg.getBoundingClientRect();
    const ply = ((((event.clientX - box.left) / box.width) * width - left) / plot.w) * last;
    goTo(plies.reduce((best, p) => (Math.abs(p - ply) < Math.abs(best - ply) ? p : best), 0));
  });
  $("review-chart").replaceChildren(svg);
}

// Goes to the position after `ply` moves, the review's words and arrows
// with it.
function goTo(ply) {
  look(ply).then(() => reviewAt(ply), (error) => say(error.message, true));
}

// Each side's accuracy and counts, a row each.
function drawSides(reviewed) {
  // Each count's heading in words, and its glyph, which a phone shows
  // instead.
  const head = document.createElement("tr");
  for (const [words, glyph] of [["", ""], ["Accuracy", ""], ["Inaccuracies", "?!"], ["Mistakes", "?"], ["Blunders", "??"]]) {
    const th = document.createElement("th");
    const long = document.createElement("span");
    long.className = glyph ? "long" : "";
    long.textContent = words;
    th.append(long);
    if (glyph) {
      const short = document.createElement("span");
      short.className = "short";
      short.textContent = glyph;
      th.append(short);
    }
    head.append(th);
  }
  const rows = reviewed.sides.map((side) => {
    const tr = document.createElement("tr");
    const accuracy = side.accuracy === null ? "—" : `${Math.round(side.accuracy)}%`;
    for (const [i, words] of [named(side.player), accuracy, side.inaccuracies, side.mistakes, side.blunders].entries()) {
      const cell = document.createElement(i === 0 ? "th" : "td");
      cell.textContent = String(words);
      if (i > 1) cell.className = words > 0 ? `mark-${["inaccuracy", "mistake", "blunder"][i - 2]}` : "none";
      tr.append(cell);
    }
    return tr;
  });
  $("review-sides").replaceChildren(head, ...rows);
}

// Marks the move list with the review's glyphs (Lotus: at a turn's
// last ply).
function markMoves() {
  for (const b of $("move-list").querySelectorAll("button")) {
    const move = review && review.moves.find((m) => m.ply + m.plies === Number(b.dataset.ply));
    if (!move || !move.class) continue;
    b.classList.add(`mark-${move.class}`);
    b.textContent = `${b.textContent}${move.glyph}`;
    b.title = `${b.title}: ${move.class}`;
  }
}

// Shows `reviewed`, the game's review, from its first move.
function showReview(reviewed) {
  review = reviewed;
  $("review").hidden = false;
  document.body.classList.add("reviewing");
  $("review-status").textContent = "";
  $("review-note-moves").hidden = reviewed.turns;
  $("review-note-turns").hidden = !reviewed.turns;
  drawSides(reviewed);
  drawChart(reviewed);
  markMoves();
  const first = reviewed.moves.findIndex((m) => m.class);
  const unit = reviewed.turns ? "turn" : "move";
  $("review-status").textContent = first < 0
    ? "No inaccuracies, mistakes or blunders: click the chart to go through the game."
    : `Click a dot of the chart, or use ← →, to see each ${unit} judged and the better ${unit}.`;
}

// Reviews the game shown: asks the server until the review is made (a
// long game takes several requests), showing how far it has got.
async function reviewGame() {
  const each = Math.min(movetime(), 300);
  $("review").hidden = false;
  $("review-status").textContent = "Reviewing the game…";
  for (;;) {
    const answer = await ask("POST", `/api/games/${game.id}/review`, { movetime: each });
    if (answer.review) {
      showReview(answer.review);
      return;
    }
    $("review-status").textContent = `Reviewing the game: ${answer.searched} of about ${answer.most} positions searched…`;
  }
}

// Forgets the review when the game shown is another or its moves change.
function forgetReview(state) {
  if (review && game && game.id === state.id && game.moves.length === state.moves.length) return;
  review = null;
  $("review").hidden = true;
  document.body.classList.remove("reviewing");
  $("review-chart").replaceChildren();
  $("review-sides").replaceChildren();
  $("review-move").textContent = "";
  drawArrows([]);
}

// Offers the reviewed record as a file to download.
$("review-download").addEventListener("click", () => {
  if (review) offer(review.record, `${game.game}-${game.id}-reviewed.kifu`);
});

$("review-game").addEventListener("click", () => quietly(reviewGame));

$("analyse").addEventListener("click", () => quietly(async () => {
  const seen = await ask("POST", `/api/games/${game.id}/analyse`, { movetime: movetime() });
  const line = seen.pv.length ? seen.pv.join(" ") : (seen.best || []).join(" ");
  $("analysis").textContent = `After move ${seen.ply}: ${scoreWords(seen.score, seen.to_move)}. Expected line: ${line} (${seen.score || "no score"})`;
}));
