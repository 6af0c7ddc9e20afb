// The analysis of the page of `kifu serve` (loaded after serve.js, whose
// `game`, `ask`, `quietly`, `movetime` and `$` it uses): the engine's
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

$("analyse").addEventListener("click", () => quietly(async () => {
  const seen = await ask("POST", `/api/games/${game.id}/analyse`, { movetime: movetime() });
  const score = seen.score === null ? "no score" : seen.score;
  const line = seen.pv.length ? seen.pv.join(" ") : (seen.best || []).join(" ");
  $("analysis").textContent = `After ply ${seen.ply}, ${seen.to_move} to move: ${score}; line: ${line}`;
}));

$("graph").addEventListener("click", () => quietly(async () => {
  const plies = game.moves.length + 1;
  // At most 20 s in all on the server, each position's margin included.
  const each = Math.max(1, Math.min(movetime(), Math.floor(15000 / plies)));
  drawGraph(await ask("POST", `/api/games/${game.id}/graph`, { movetime: each }));
}));
