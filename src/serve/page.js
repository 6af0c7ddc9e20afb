// The page of `kifu serve`: it opens on a board, a game against the
// computer ready to play, with a few large choices beside it (the game,
// the computer or people on this device, the computer's level, your
// side; Lotus's seats), the rest under "More options". The board is
// played by clicking or dragging (board.js, loaded before). The server
// says which squares the board has, which pieces may move and where, and
// which moves need a button; the page only marks them and sends the move
// chosen. Everything shown from the server is set as text or as an
// image's address, never as HTML.
"use strict";

const $ = (id) => document.getElementById(id);
let game = null;
// The players the computer plays in the game shown, and at what level.
let computer = new Set();
let level = 2;
// The choices the game shown was started with, for a rematch.
let started = null;

// Drop the token from the address bar: the cookie carries it from now on.
if (location.search.includes("token=")) {
  history.replaceState(null, "", "/");
}

// What each game is, in a line.
const GAME_LINES = {
  mana: "Claude Leroy's duel on a 6×6 board of squares with one, two or three lines: a piece moves as many squares as the lines it leaves, and the square your opponent left says which of your pieces may move. Capture the other Daimyo.",
  escampe: "Mana's first edition: the same board, each side places a Unicorn and five Paladins, then races to take the other Unicorn.",
  shogun: "Teruo Matsumoto's 1976 game on an 8×8 board: a hidden magnet under each square sets how far a piece moves next. Take the other side's Shogun.",
  lotus: "Bruno Faidutti's race of frogs for 3 to 6 players: leap along the course, gather flowers and stones, and score the most when every frog is home.",
};

// Lotus's seat names, in turn order, when "Player names" is left empty.
const SEAT_NAMES = ["red", "green", "orange", "blue", "yellow", "purple"];

function say(text, error) {
  $("status").textContent = text;
  $("status").className = error ? "error" : "";
}

function movetime() {
  const ms = Number($("movetime").value);
  return Number.isInteger(ms) && ms > 0 ? ms : 1000;
}

// A player's name as a person reads it: "White", "Red".
function named(player) {
  return player ? player.charAt(0).toUpperCase() + player.slice(1) : "";
}

function play(move) {
  act(() => ask("POST", `/api/games/${game.id}/moves`, { move }));
}

// The board of the game played.
const playBoard = makeBoard($("spots"), $("choices"), play, (square) =>
  act(() => ask("POST", `/api/games/${game.id}/placement`, { square })), (move) => moveLabel(move));

// Marks the page busy (a request runs, the computer thinks) or ready:
// while busy every button that asks the engine, and take back, are off,
// so that no two requests race.
function busy(on) {
  document.documentElement.dataset.state = on ? "busy" : "ready";
  for (const b of document.querySelectorAll(".engine-button, .engine-free, #rematch")) {
    b.disabled = on || (b.classList.contains("engine-button") && Boolean(game && game.result));
  }
  if (!on && game) $("takeback").disabled = game.moves.length === 0 || Boolean(game.placing);
}

// The seats of the game shown: who plays each player, a person or the
// computer, changeable during the game.
function seats(state) {
  $("seats").replaceChildren(...state.players.map((player) => {
    const label = document.createElement("label");
    label.append(named(player) + " ");
    const select = document.createElement("select");
    select.id = `seat-${player.toLowerCase()}`;
    select.append(new Option("Person", "person"), new Option(`Computer (level ${level})`, "computer"));
    select.value = computer.has(player) ? "computer" : "person";
    select.addEventListener("change", () => {
      if (select.value === "computer") computer.add(player); else computer.delete(player);
      if (engineToMove()) act(engineMove);
    });
    label.append(select);
    return label;
  }));
}

// The moves played, numbered by turn, each a button that shows the
// record up to it (the computer's moves underlined).
function moveList(state) {
  const items = [];
  let turn = 0;
  state.moves.forEach((move, ply) => {
    const mover = state.movers[ply];
    const li = document.createElement("li");
    if (ply === 0 || state.movers[ply - 1] !== mover) {
      turn += 1;
      const number = document.createElement("span");
      number.className = "number";
      number.textContent = `${turn}.`;
      li.append(number);
    }
    const b = button(move, () => look(ply + 1));
    b.dataset.ply = String(ply + 1);
    b.title = `${named(mover)}: ${move}`;
    if (computer.has(mover)) b.classList.add("engine-played");
    if (ply === state.moves.length - 1) b.classList.add("current");
    li.append(b);
    items.push(li);
  });
  $("move-list").replaceChildren(...items);
  const last = $("move-list").lastElementChild;
  if (last) last.scrollIntoView({ block: "nearest" });
}

// The result in words: who won and how, or Lotus's places.
function resultWords(result) {
  if (result.scores) {
    const first = result.scores.filter((p) => p.place === 1).map((p) => named(p.player));
    return `${first.join(" and ")} ${first.length > 1 ? "share first place" : "wins"}: ${result.reason}`;
  }
  return result.winner ? `${named(result.winner)} wins: ${result.reason}` : `No winner: ${result.reason}`;
}

// The ply looked back at in the move list, or null at the game's live
// position (the only one moves are played in).
let viewing = null;

// Shows the position after `ply` moves (the live one at the last ply),
// the move list marking it.
async function look(ply) {
  if (!game || document.documentElement.dataset.state === "busy") return;
  const last = game.moves.length;
  const target = Math.max(0, Math.min(ply, last));
  for (const b of $("move-list").querySelectorAll("button")) {
    b.classList.toggle("current", Number(b.dataset.ply) === target);
  }
  if (target === last) {
    viewing = null;
    $("board-wrap").classList.remove("past");
    $("board").src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(game.board);
    show(game);
    reviewAt(target);
    return;
  }
  viewing = target;
  busy(true);
  let at;
  try {
    at = await ask("GET", `/api/games/${game.id}/board/${target}`);
  } finally {
    busy(false);
  }
  if (viewing !== target) return;
  $("board").src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(at.board);
  $("board-wrap").classList.add("past");
  say(`Looking back at move ${target} of ${last}: → or End returns to the game`);
  reviewAt(target);
}

// ←/→/Home/End go through the moves, unless a field has the keys.
document.addEventListener("keydown", (event) => {
  if (!game || event.target.closest("input, select, textarea, [contenteditable]")) return;
  const at = viewing === null ? game.moves.length : viewing;
  const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: game.moves.length }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  look(to).catch((error) => say(error.message, true));
});

// A move's button label, in words where its notation is terse: Mana's
// pass, a Lotus frog by its owner's name.
function moveLabel(move) {
  if (move === "--") return "Pass";
  const frog = game && game.game === "lotus" ? /^([a-z])(\d+)(.*)$/.exec(move) : null;
  if (!frog) return move;
  const owner = game.players.find((p) => p.charAt(0).toLowerCase() === frog[1]) || frog[1];
  return `${named(owner)} frog` + (frog[3] ? ` ${frog[3]}` : "");
}

// A button for `move`, labelled for a player, its notation in its title.
function moveButton(move, action) {
  const b = button(moveLabel(move), action);
  b.title = move;
  return b;
}

// Sounds, if the switch is on: a short tone a move as it lands, lower
// for the computer's. `data-sounds` counts them.
let audio = null;
function sound(computers) {
  if (!$("sound").checked) return;
  const root = document.documentElement;
  root.dataset.sounds = String(Number(root.dataset.sounds || 0) + 1);
  try {
    audio = audio || new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = computers ? 440 : 660;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.12);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.12);
  } catch (error) {
    // No audio here: the game goes on silently.
  }
}

function show(state) {
  const fresh = !game || game.id !== state.id;
  if (!fresh) {
    for (let ply = game.moves.length; ply < state.moves.length; ply++) {
      sound(computer.has(state.movers[ply]));
    }
  }
  viewing = null;
  $("board-wrap").classList.remove("past");
  const ended = state.result && (!game || !game.result || fresh) && !state.reviewing;
  forgetReview(state);
  game = state;
  document.documentElement.dataset.game = String(state.id);
  $("table").hidden = false;
  $("play").hidden = false;
  $("board").src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(state.board);
  $("board").alt = `the ${$("game").selectedOptions[0].text} board`;
  $("record").textContent = state.record;
  $("hint-text").textContent = "";
  $("analysis").textContent = "";
  if (fresh) seats(state);
  $("flip").setAttribute("aria-pressed", String(Boolean(state.flip)));
  clocks(state);
  moveList(state);
  markMoves();
  playBoard.show(state);
  $("buttons").replaceChildren(...state.buttons.map((move) => moveButton(move, () => play(move))));
  if (state.result) {
    say(resultWords(state.result));
  } else if (state.placing) {
    say(`${named(state.placing.mover)} places: ${state.placing.request}; given: ${state.placing.given.join(" ")}`);
  } else {
    const who = computer.has(state.to_move) ? " (the computer)" : "";
    say(`${named(state.to_move)} to move${who}` + (state.constraint ? `: ${state.constraint}` : ""));
  }
  // A review kept (the board flipped, say): its words and arrows for the
  // position shown, drawn on the board as it now stands.
  if (review) reviewAt(state.moves.length);
  if (ended) end(state.result);
}

// The clocks of the game shown, if it has one: each player's time, the
// running one counted down here between the server's states; when it
// runs out the server is asked, and says the game is lost on time.
let clockShown = null;
function clocks(state) {
  clockShown = state.clock ? { clock: state.clock, at: performance.now(), id: state.id, asked: false } : null;
  $("clocks").hidden = !state.clock;
  if (!state.clock) return;
  $("clocks").replaceChildren(...state.clock.players.map((p) => {
    const time = document.createElement("span");
    time.className = "clock";
    time.dataset.player = p.player;
    time.classList.toggle("running", p.running);
    return time;
  }));
  tickClocks();
}

// `m:ss` of a number of ms (tenths under 10 s).
function clockWords(ms) {
  const left = Math.max(0, ms);
  if (left < 10000) return `0:0${(Math.floor(left / 100) / 10).toFixed(1)}`;
  const seconds = Math.floor(left / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

function tickClocks() {
  if (!clockShown) return;
  const { clock, at } = clockShown;
  const spent = performance.now() - at;
  for (const p of clock.players) {
    const left = p.running && !game.result ? p.left_ms - spent : p.left_ms;
    const time = $("clocks").querySelector(`[data-player="${p.player}"]`);
    if (time) time.textContent = `${named(p.player)} ${clockWords(left)}`;
    if (p.running && !game.result && left <= 0 && !clockShown.asked) {
      clockShown.asked = true;
      const id = clockShown.id;
      ask("GET", `/api/games/${id}`).then((state) => {
        if (game && game.id === id && document.documentElement.dataset.state !== "busy") show(state);
      }, (error) => say(error.message, true));
    }
  }
}
setInterval(tickClocks, 100);

// The dialog at the end of a game: who won and how, Lotus's places and
// points, a rematch and the record.
function end(result) {
  $("end-text").textContent = resultWords(result);
  $("end-places").replaceChildren(...(result.scores || []).map((p) => {
    const li = document.createElement("li");
    li.textContent = `${named(p.player)}: place ${p.place}, ${p.score} points`;
    return li;
  }));
  if ($("end").showModal && !$("end").open) $("end").showModal();
}

// Whether the player to move (or to place its start) is the computer's.
function engineToMove() {
  return Boolean(game && !game.result && computer.has(game.to_move));
}

// The computer's move (or placement) for the player to move, at its level.
function engineMove() {
  return ask("POST", `/api/games/${game.id}/engine`, { movetime: movetime(), level });
}

// Runs a request that answers a state (or an engine's answer with one),
// shows it, then lets the computer play if it plays the player to move.
async function act(request) {
  busy(true);
  let resigned = false;
  try {
    const answer = await request();
    show(answer.state || answer);
    resigned = answer.resigned === true;
  } catch (error) {
    say(error.message, true);
    busy(false);
    return;
  }
  // A computer that resigns is not asked again: the seat is left to a
  // person.
  if (resigned) {
    computer.delete(game.to_move);
    seats(game);
    say(`The computer resigns for ${named(game.to_move)}`);
  } else if (engineToMove()) {
    await act(engineMove);
    return;
  }
  busy(false);
}

async function files() {
  // The static board has no files: its records are downloaded.
  if (window.kifuAsk) return;
  const list = await ask("GET", "/api/files");
  const select = $("file");
  select.replaceChildren(...list.map((file) => new Option(file.name, file.index)));
  $("save").disabled = list.length === 0;
  $("file").hidden = list.length === 0;
}

// The start of each game when the Setup field is left empty, and the
// form of one.
const SETUP_HINTS = {
  mana: "drawn at random, or like c1 f6",
  escampe: "placed on the board, or like b6 a6 c6 d5 e6 f5 / e1 a1 b2 c1 d2 f1",
  shogun: "XXYZSZYX/XYZSZYXX unless given",
};

// The players of a two-player game, first mover first.
const SIDES = {
  mana: ["black", "white"],
  escampe: ["white", "black"],
  shogun: ["white", "red"],
};

// The seat choices of Lotus: one row a seat, a person or the computer.
function seatChoices() {
  const count = Number($("seat-count").value);
  const kept = [...$("seat-choices").querySelectorAll("select")].map((s) => s.value);
  $("seat-choices").replaceChildren(...Array.from({ length: count }, (_, i) => {
    const label = document.createElement("label");
    label.className = "row";
    label.append(`Seat ${i + 1} `);
    const select = document.createElement("select");
    select.id = `seat-choice-${i + 1}`;
    select.append(new Option("Person", "person"), new Option("Computer", "computer"));
    select.value = kept[i] || (i === 0 ? "person" : "computer");
    label.append(select);
    return label;
  }));
}

// Shows the choices and fields the chosen game takes (an element with
// `data-games` names them, one with `data-opponent` the opponent).
function fields() {
  const name = $("game").value;
  const opponent = document.querySelector("input[name=opponent]:checked").value;
  for (const element of $("new").querySelectorAll("[data-games], [data-opponent]")) {
    const games = element.dataset.games;
    const own = element.dataset.opponent;
    const shown = opponent === "review"
      ? own === "review"
      : (!games || games.split(" ").includes(name)) && (!own || own === opponent || (name === "lotus" && own !== "review"));
    element.hidden = !shown;
  }
  $("begin").textContent = opponent === "review" ? "Review" : "Play";
  $("setup").placeholder = SETUP_HINTS[name] || "";
  $("game-line").textContent = GAME_LINES[name];
  $("people-label").textContent = name === "lotus" ? "Players here" : "Two players here";
  for (const radio of document.querySelectorAll("input[name=game-choice]")) {
    radio.checked = radio.value === name;
  }
  const sides = SIDES[name];
  if (sides) {
    const kept = $("side").value;
    $("side").replaceChildren(...sides.map((side, i) =>
      new Option(`${named(side)} (moves ${i === 0 ? "first" : "second"})`, String(i))));
    $("side").value = kept === "1" ? "1" : "0";
  }
}

// The body of `POST /api/games` from the form: the game, and each field
// it shows that is filled in, as `kifu new`'s option of the same name.
function newGame() {
  const name = $("game").value;
  const body = { game: name };
  for (const field of ["setup", "players", "flowers", "course", "rotation", "first", "discs", "position"]) {
    const value = $(field).value.trim();
    if (value && !$(field).closest("label").hidden) body[field] = value;
  }
  if (name === "lotus" && !body.players && !body.position) {
    body.players = SEAT_NAMES.slice(0, Number($("seat-count").value)).join(" ");
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

// Whom the computer plays in a game of `players`, as the form chose:
// nobody with people only; in Lotus the seats marked; otherwise the
// side you do not play.
function computerSeats(players) {
  if (!$("vs-computer").checked && $("game").value !== "lotus") return new Set();
  if ($("game").value === "lotus") {
    const marks = [...$("seat-choices").querySelectorAll("select")].map((s) => s.value);
    return new Set(players.filter((_, i) => marks[i] === "computer"));
  }
  const mine = SIDES[$("game").value][Number($("side").value) || 0];
  return new Set(players.filter((player) => player.toLowerCase() !== mine));
}

// Opens the record `text` as a game at its end, nobody's seat given to
// the computer and no end of game's dialog, the form's game its game;
// whether it opened.
async function gameOfRecord(text) {
  let opened = false;
  await act(async () => {
    const state = await ask("POST", "/api/games/record", { text });
    computer = new Set();
    game = null;
    opened = true;
    if ($("game").value !== state.game) {
      $("game").value = state.game;
      $("game").dispatchEvent(new Event("change"));
    }
    return { ...state, reviewing: true };
  });
  return opened;
}

// Opens the record `text` and reviews it.
async function reviewRecord(text) {
  if (await gameOfRecord(text)) await quietly(reviewGame);
}

// Opens the record `text` at its start, to go through it move by move
// (→), the board in view.
async function replayRecord(text) {
  if (!(await gameOfRecord(text))) return;
  $("table").scrollIntoView();
  await look(0);
}

// Starts the game the form describes; the computer plays the seats it
// was given for this game only.
function begin() {
  if ($("vs-review").checked) {
    reviewRecord($("review-text").value);
    return;
  }
  level = Number($("level").value) || level;
  localStorage.setItem("kifu.game", $("game").value);
  localStorage.setItem("kifu.level", String(level));
  started = { side: $("side").value };
  act(async () => {
    let state = await ask("POST", "/api/games", newGame());
    computer = computerSeats(state.players);
    game = null;
    // Playing the side that moves second, you see the board from it.
    if (SIDES[state.game] && computer.size > 0 && started.side === "1") {
      state = await ask("POST", `/api/games/${state.id}/flip`, { flip: true });
    }
    // A clock for a person against the computer (Lotus: for every seat).
    const clock = $("clock").value;
    if ((computer.size > 0 || !SIDES[state.game]) && clock) {
      const [base, increment] = clock.split("+").map(Number);
      state = await ask("POST", `/api/games/${state.id}/clock`, { base_ms: base, increment_ms: increment });
    }
    return state;
  });
}

// The levels of the computer, each named with its Elo in the game chosen.
let levels = [];
function levelOptions() {
  const name = $("game").value;
  const kept = $("level").value || String(level);
  $("level").replaceChildren(...levels.map((l) =>
    new Option(`${l.level} · ${l.name}` + (l.elo[name] ? ` (Elo ${l.elo[name]})` : ""), String(l.level))));
  $("level").value = kept;
}

// The moves to keep for a take back: the last turn of a person and every
// computer's move after it, so that you are to move again.
function keptAfterTakeBack() {
  const movers = game.movers;
  let at = movers.length;
  // The computer's moves at the end, then the person's turn before them.
  while (at > 0 && computer.has(movers[at - 1])) at -= 1;
  const person = at > 0 ? movers[at - 1] : null;
  while (at > 0 && movers[at - 1] === person) at -= 1;
  return at;
}

for (const radio of document.querySelectorAll("input[name=game-choice]")) {
  radio.addEventListener("change", () => {
    $("game").value = radio.value;
    $("game").dispatchEvent(new Event("change"));
  });
}
$("game").addEventListener("change", () => { fields(); levelOptions(); });
$("vs-computer").addEventListener("change", fields);
$("vs-people").addEventListener("change", fields);
$("vs-review").addEventListener("change", fields);
$("seat-count").addEventListener("change", seatChoices);
$("level").addEventListener("change", () => {
  level = Number($("level").value) || level;
  localStorage.setItem("kifu.level", String(level));
  if (game) seats(game);
});

$("new").addEventListener("submit", (event) => {
  event.preventDefault();
  try {
    begin();
  } catch (error) {
    say(error.message, true);
  }
});

$("engine").addEventListener("click", () => act(engineMove));

// Turns the board round (the server draws it so, its squares with it).
function flip(on) {
  $("flip").setAttribute("aria-pressed", String(on));
  return act(() => ask("POST", `/api/games/${game.id}/flip`, { flip: on }));
}
$("flip").addEventListener("click", () => flip($("flip").getAttribute("aria-pressed") !== "true"));

$("takeback").addEventListener("click", () => act(() =>
  ask("POST", `/api/games/${game.id}/takeback`, { kept: keptAfterTakeBack() })));

// Runs a request that changes no state, the page busy meanwhile.
async function quietly(request) {
  busy(true);
  try {
    await request();
  } catch (error) {
    say(error.message, true);
  }
  busy(false);
}

$("hint").addEventListener("click", () => quietly(async () => {
  const hint = await ask("POST", `/api/games/${game.id}/hint`, { movetime: movetime() });
  $("hint-text").textContent = hint.resigned ? "Hint: the computer would resign" : `Hint: ${hint.moves.join(" ")}`;
}));

$("save").addEventListener("click", () => quietly(async () => {
  const saved = await ask("POST", `/api/games/${game.id}/save`, { file: Number($("file").value) });
  const records = saved.records === 1 ? "1 record" : `${saved.records} records`;
  const text = `Saved to ${saved.name} (${records})`;
  say(text);
  $("saved").textContent = text;
}));

// Offers the record as a file to download.
function download() {
  offer(game.record, `${game.game}-${game.id}.kifu`);
}
$("download").addEventListener("click", download);

// Copies the record's text; where the browser does not allow it, selects
// it for the player to copy.
$("copy-record").addEventListener("click", async () => {
  try {
    await navigator.clipboard.writeText(game.record);
    say("The record is copied");
  } catch (error) {
    getSelection().selectAllChildren($("record"));
    say("The record is selected: copy it with Ctrl+C (the browser did not let the page copy it)");
  }
});
$("sound").checked = localStorage.getItem("kifu.sound") !== "off";
$("sound").addEventListener("change", () =>
  localStorage.setItem("kifu.sound", $("sound").checked ? "on" : "off"));
$("end-download").addEventListener("click", download);
$("end-close").addEventListener("click", () => $("end").close());
$("end-review").addEventListener("click", () => {
  $("end").close();
  quietly(reviewGame);
});
$("rematch").addEventListener("click", () => {
  $("end").close();
  if ($("game").value !== "lotus" && started) {
    $("side").value = started.side === "1" ? "0" : "1";
  }
  begin();
});

// The landing: the game last chosen, against the computer at the level
// last chosen, ready for a first move.
async function land() {
  const last = localStorage.getItem("kifu.game");
  if (last && GAME_LINES[last]) $("game").value = last;
  level = Number(localStorage.getItem("kifu.level")) || level;
  seatChoices();
  fields();
  try {
    levels = await ask("GET", "/api/levels");
  } catch (error) {
    levels = [];
  }
  levelOptions();
  $("level").value = String(level);
  // With a match to watch, the page opens on it: a game starts when
  // asked for.
  const watching = !window.kifuAsk && await fetch("/api/watch").then((r) => r.ok, () => false);
  $("table").hidden = watching;
  if (!watching) begin();
}

// After every script (analyse.js, annotate.js) has loaded.
document.addEventListener("DOMContentLoaded", land);
files().catch((error) => say(error.message, true));
