// The page of `kifu serve`: a new game and its board, played by clicking.
// The server says which squares the board has (their rectangles), which
// pieces may move and where, and which moves need a button; the page
// only marks them and sends the move chosen. Everything shown from the
// server is set as text or as an image's address, never as HTML.
"use strict";

const $ = (id) => document.getElementById(id);
let game = null;
// The square of the piece chosen, while its targets are shown.
let chosen = null;

// Drop the token from the address bar: the cookie carries it from now on.
if (location.search.includes("token=")) {
  history.replaceState(null, "", "/");
}

async function ask(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const answer = await response.json();
  if (!response.ok) {
    throw new Error(answer.error || response.statusText);
  }
  return answer;
}

function say(text, error) {
  $("status").textContent = text;
  $("status").className = error ? "error" : "";
}

// A button showing `text` that does `action`.
function button(text, action) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.addEventListener("click", action);
  return b;
}

function movetime() {
  const ms = Number($("movetime").value);
  return Number.isInteger(ms) && ms > 0 ? ms : 1000;
}

function play(move) {
  act(() => ask("POST", `/api/games/${game.id}/moves`, { move }));
}

// The moves of the piece chosen, by the square clicked.
function targetsOf(square) {
  const piece = game.pieces.find((p) => p.from === chosen);
  return piece ? piece.targets.filter((t) => t.to === square) : [];
}

function click(square) {
  if (!game || document.documentElement.dataset.state === "busy") return;
  if (game.placing) {
    if (game.placing.open.includes(square)) {
      act(() => ask("POST", `/api/games/${game.id}/placement`, { square }));
    }
    return;
  }
  const targets = targetsOf(square);
  if (targets.length > 0) {
    const moves = targets[0].moves;
    if (moves.length === 1) {
      play(moves[0]);
    } else {
      choose(moves);
    }
    return;
  }
  chosen = chosen !== square && game.pieces.some((p) => p.from === square) ? square : null;
  choose([]);
  mark();
}

// Offers `moves`, which one click could not tell apart, as buttons.
function choose(moves) {
  $("choices").replaceChildren(...moves.map((move) => button(move, () => play(move))));
}

// Marks the squares: the pieces that may move, the one chosen and its
// targets, or the squares open to a placement.
function mark() {
  const piece = game.pieces.find((p) => p.from === chosen);
  const targets = new Set(piece ? piece.targets.map((t) => t.to) : []);
  const movable = new Set(game.pieces.map((p) => p.from));
  const open = new Set(game.placing ? game.placing.open : []);
  for (const spot of $("spots").children) {
    const square = spot.dataset.square;
    spot.classList.toggle("movable", movable.has(square));
    spot.classList.toggle("chosen", square === chosen);
    spot.classList.toggle("target", targets.has(square));
    spot.classList.toggle("open", open.has(square));
  }
  // A target that reaches no square of the board is a button.
  const off = piece ? piece.targets.filter((t) => t.to === null) : [];
  if (off.length > 0) choose(off.flatMap((t) => t.moves));
}

// One transparent spot over each square of the board, to click.
function spots(state) {
  const [width, height] = state.size;
  const all = state.squares.map((s) => {
    const spot = document.createElement("div");
    spot.className = "spot";
    spot.dataset.square = s.square;
    spot.style.left = `${(100 * s.x) / width}%`;
    spot.style.top = `${(100 * s.y) / height}%`;
    spot.style.width = `${(100 * s.w) / width}%`;
    spot.style.height = `${(100 * s.h) / height}%`;
    spot.addEventListener("click", () => click(s.square));
    return spot;
  });
  $("spots").replaceChildren(...all);
}

function players(state) {
  const auto = $("auto");
  const kept = auto.value;
  auto.replaceChildren(new Option("nobody", ""), ...state.players.map((p) => new Option(p, p)));
  auto.value = state.players.includes(kept) ? kept : "";
}

function show(state) {
  const fresh = !game || game.id !== state.id;
  game = state;
  chosen = null;
  $("play").hidden = false;
  $("board").src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(state.board);
  $("record").textContent = state.record;
  $("hint-text").textContent = "";
  if (fresh) players(state);
  spots(state);
  choose([]);
  mark();
  $("buttons").replaceChildren(...state.buttons.map((move) => button(move, () => play(move))));
  $("result").textContent = state.result ? `${state.result.result}: ${state.result.reason}` : "";
  if (state.result) {
    say("Game over");
  } else if (state.placing) {
    say(`${state.placing.request}; given: ${state.placing.given.join(" ")}`);
  } else {
    say(`${state.to_move} to move` + (state.constraint ? `: ${state.constraint}` : ""));
  }
  const idle = Boolean(state.result || state.placing);
  $("engine").disabled = idle;
  $("hint").disabled = idle;
}

// Runs a request that answers a state (or an engine's answer with one),
// shows it, then lets the engine play if it plays the side to move.
async function act(request) {
  document.documentElement.dataset.state = "busy";
  try {
    const answer = await request();
    show(answer.state || answer);
  } catch (error) {
    say(error.message, true);
    document.documentElement.dataset.state = "ready";
    return;
  }
  if (!game.result && !game.placing && game.to_move === $("auto").value) {
    await act(() => ask("POST", `/api/games/${game.id}/engine`, { movetime: movetime() }));
    return;
  }
  document.documentElement.dataset.state = "ready";
}

async function files() {
  const list = await ask("GET", "/api/files");
  const select = $("file");
  select.replaceChildren(...list.map((file) => new Option(file.name, file.index)));
  $("save").disabled = list.length === 0;
}

$("new").addEventListener("submit", (event) => {
  event.preventDefault();
  const body = { game: $("game").value };
  if ($("setup").value.trim()) body.setup = $("setup").value.trim();
  if ($("seed").value.trim()) body.seed = Number($("seed").value);
  act(() => ask("POST", "/api/games", body));
});

$("engine").addEventListener("click", () =>
  act(() => ask("POST", `/api/games/${game.id}/engine`, { movetime: movetime() })));

$("auto").addEventListener("change", () => {
  if (game && !game.result && !game.placing && game.to_move === $("auto").value) {
    act(() => ask("POST", `/api/games/${game.id}/engine`, { movetime: movetime() }));
  }
});

// Runs a request that changes no state, the page busy meanwhile.
async function quietly(request) {
  document.documentElement.dataset.state = "busy";
  try {
    await request();
  } catch (error) {
    say(error.message, true);
  }
  document.documentElement.dataset.state = "ready";
}

$("hint").addEventListener("click", () => quietly(async () => {
  const hint = await ask("POST", `/api/games/${game.id}/hint`, { movetime: movetime() });
  $("hint-text").textContent = hint.resigned ? "Hint: the engine would resign" : `Hint: ${hint.moves.join(" ")}`;
}));

$("save").addEventListener("click", () => quietly(async () => {
  const saved = await ask("POST", `/api/games/${game.id}/save`, { file: Number($("file").value) });
  say(`Saved to ${saved.name} (${saved.records} records)`);
}));

files().catch((error) => say(error.message, true));
