// The page of `kifu serve`: a new game and its board, played by clicking
// or dragging (board.js, loaded before). The server says which squares
// the board has (their rectangles), which pieces may move and where, and
// which moves need a button; the page only marks them and sends the move
// chosen. Everything shown from the server is set as text or as an
// image's address, never as HTML.
"use strict";

const $ = (id) => document.getElementById(id);
let game = null;

// Drop the token from the address bar: the cookie carries it from now on.
if (location.search.includes("token=")) {
  history.replaceState(null, "", "/");
}

function say(text, error) {
  $("status").textContent = text;
  $("status").className = error ? "error" : "";
}

function movetime() {
  const ms = Number($("movetime").value);
  return Number.isInteger(ms) && ms > 0 ? ms : 1000;
}

function play(move) {
  act(() => ask("POST", `/api/games/${game.id}/moves`, { move }));
}

// The board of the game played.
const playBoard = makeBoard($("spots"), $("choices"), play, (square) =>
  act(() => ask("POST", `/api/games/${game.id}/placement`, { square })));

function players(state) {
  const auto = $("auto");
  const kept = auto.value;
  auto.replaceChildren(new Option("nobody", ""), ...state.players.map((p) => new Option(p, p)));
  auto.value = state.players.includes(kept) ? kept : "";
}

function show(state) {
  const fresh = !game || game.id !== state.id;
  game = state;
  $("play").hidden = false;
  $("board").src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(state.board);
  $("record").textContent = state.record;
  $("hint-text").textContent = "";
  if (fresh) players(state);
  playBoard.show(state);
  $("buttons").replaceChildren(...state.buttons.map((move) => button(move, () => play(move))));
  $("result").textContent = state.result ? `${state.result.result}: ${state.result.reason}` : "";
  if (state.result) {
    say("Game over");
  } else if (state.placing) {
    say(`${state.placing.request}; given: ${state.placing.given.join(" ")}`);
  } else {
    say(`${state.to_move} to move` + (state.constraint ? `: ${state.constraint}` : ""));
  }
  $("engine").disabled = Boolean(state.result);
  $("hint").disabled = Boolean(state.result);
}

// Whether the side to move (or to place its start) is the one the engine
// plays.
function engineToMove() {
  return Boolean(game && !game.result && game.to_move === $("auto").value);
}

// The engine's move (or placement) for the side to move.
function engineMove() {
  return ask("POST", `/api/games/${game.id}/engine`, { movetime: movetime() });
}

// Runs a request that answers a state (or an engine's answer with one),
// shows it, then lets the engine play if it plays the side to move.
async function act(request) {
  document.documentElement.dataset.state = "busy";
  let resigned = false;
  try {
    const answer = await request();
    show(answer.state || answer);
    resigned = answer.resigned === true;
  } catch (error) {
    say(error.message, true);
    document.documentElement.dataset.state = "ready";
    return;
  }
  // An engine that resigns is not asked again: the side is left to a
  // person.
  if (resigned) {
    say(`The engine resigns for ${game.to_move}`);
  } else if (engineToMove()) {
    await act(engineMove);
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

// The start of each game when the Setup field is left empty, and the
// form of one.
const SETUP_HINTS = {
  mana: "drawn at random, or like c1 f6",
  escampe: "placed on the board, or like b6 a6 c6 d5 e6 f5 / e1 a1 b2 c1 d2 f1",
  shogun: "XXYZSZYX/XYZSZYXX unless given",
};

// Shows the fields of the new-game form that the chosen game takes (a
// label with `data-games` names them), and hides the others.
function fields() {
  const name = $("game").value;
  for (const label of $("new").querySelectorAll("label[data-games]")) {
    label.hidden = !label.dataset.games.split(" ").includes(name);
  }
  $("setup").placeholder = SETUP_HINTS[name] || "";
}

// The body of `POST /api/games` from the form: the game, and each field
// it shows that is filled in, as `kifu new`'s option of the same name.
function newGame() {
  const body = { game: $("game").value };
  for (const name of ["setup", "players", "flowers", "course", "rotation", "first", "discs", "position"]) {
    const value = $(name).value.trim();
    if (value && !$(name).closest("label").hidden) body[name] = value;
  }
  const seed = $("seed").value.trim();
  if (seed) {
    if (!/^[0-9]+$/.test(seed) || !Number.isSafeInteger(Number(seed))) {
      throw new Error("the seed is a whole number, 0 or more");
    }
    body.seed = Number(seed);
  }
  body.tags = $("tags").value.split(";").map((tag) => tag.trim()).filter(Boolean);
  return body;
}

$("game").addEventListener("change", fields);
fields();

$("new").addEventListener("submit", (event) => {
  event.preventDefault();
  act(async () => ask("POST", "/api/games", newGame()));
});

$("engine").addEventListener("click", () => act(engineMove));

$("auto").addEventListener("change", () => {
  if (engineToMove()) act(engineMove);
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
  const records = saved.records === 1 ? "1 record" : `${saved.records} records`;
  say(`Saved to ${saved.name} (${records})`);
}));

files().catch((error) => say(error.message, true));
