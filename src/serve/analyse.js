// The analysis of the page of `kifu serve` (loaded after serve.js, whose
// `game`, `ask`, `quietly`, `movetime`, `named` and `$` it uses): the engine's
// score and line for the position shown, and the score graph of the
// game, drawn as inline SVG built element by element: every text from
// the server is set as text, never as HTML.
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

// The graph of `graph.points` (values from -cap to cap, from the view of
// `graph.player`): a line over the plies, the zero line across, each
// point titled with its ply and score.
function drawGraph(graph) {
  const cap = 1000;
  const width = 300;
  const height = 100;
  const points = graph.points.filter((point) => point.value !== null);
  const last = Math.max(1, graph.points.length - 1);
  const x = (ply) => (ply / last) * width;
  const y = (value) => height / 2 - (value / cap) * (height / 2);
  const svg = svgElement("svg", {
    viewBox: `0 0 ${width} ${height}`, width, height, role: "img", class: "graph",
  });
  const label = svgElement("title", {});
  label.textContent = `Score from ${graph.player}'s view, by ply`;
  svg.append(label);
  svg.append(svgElement("line", { x1: 0, y1: height / 2, x2: width, y2: height / 2, stroke: "#999" }));
  svg.append(svgElement("polyline", {
    points: points.map((point) => `${x(point.ply)},${y(point.value)}`).join(" "),
    fill: "none", stroke: "#1f8a3b", "stroke-width": 2,
  }));
  for (const point of points) {
    const dot = svgElement("circle", { cx: x(point.ply), cy: y(point.value), r: 3, fill: "#1f8a3b" });
    const title = svgElement("title", {});
    title.textContent = `ply ${point.ply}: ${point.score}`;
    dot.append(title);
    svg.append(dot);
  }
  $("graph-view").replaceChildren(svg);
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

$("analyse").addEventListener("click", () => quietly(async () => {
  const seen = await ask("POST", `/api/games/${game.id}/analyse`, { movetime: movetime() });
  const line = seen.pv.length ? seen.pv.join(" ") : (seen.best || []).join(" ");
  $("analysis").textContent = `After move ${seen.ply}: ${scoreWords(seen.score, seen.to_move)}. Expected line: ${line} (${seen.score || "no score"})`;
}));

$("graph").addEventListener("click", () => quietly(async () => {
  const plies = game.moves.length + 1;
  // At most 20 s in all on the server, each position's margin included.
  const each = Math.max(1, Math.min(movetime(), Math.floor(15000 / plies)));
  drawGraph(await ask("POST", `/api/games/${game.id}/graph`, { movetime: each }));
}));
