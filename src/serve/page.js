// The page of `kifu serve`: a new game, its board, its legal moves as
// buttons. Everything shown from the server is set as text or as an
// image's address, never as HTML.
"use strict";

const $ = (id) => document.getElementById(id);
let game = null;

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

function show(state) {
  game = state;
  $("play").hidden = false;
  $("board").src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(state.board);
  $("record").textContent = state.record;
  const moves = $("moves");
  moves.replaceChildren();
  for (const move of state.legal_moves) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = move;
    button.addEventListener("click", () => act(() => ask("POST", `/api/games/${game.id}/moves`, { move })));
    moves.append(button);
  }
  if (state.result) {
    say(`Game over: ${state.result.result} (${state.result.reason})`);
  } else {
    say(`${state.to_move} to move` + (state.constraint ? `: ${state.constraint}` : ""));
  }
  $("engine").disabled = Boolean(state.result);
}

async function act(request) {
  try {
    const answer = await request();
    show(answer.state || answer);
  } catch (error) {
    say(error.message, true);
  }
}

async function files() {
  const list = await ask("GET", "/api/files");
  const select = $("file");
  select.replaceChildren();
  for (const file of list) {
    const option = document.createElement("option");
    option.value = file.index;
    option.textContent = file.name;
    select.append(option);
  }
  $("save").disabled = list.length === 0;
}

$("new").addEventListener("submit", (event) => {
  event.preventDefault();
  const body = { game: $("game").value };
  if ($("setup").value.trim()) body.setup = $("setup").value.trim();
  if ($("seed").value.trim()) body.seed = Number($("seed").value);
  act(() => ask("POST", "/api/games", body));
});

$("engine").addEventListener("click", () => act(() => ask("POST", `/api/games/${game.id}/engine`, {})));

$("save").addEventListener("click", async () => {
  try {
    const saved = await ask("POST", `/api/games/${game.id}/save`, { file: Number($("file").value) });
    say(`Saved to ${saved.name} (${saved.records} records)`);
  } catch (error) {
    say(error.message, true);
  }
});

files().catch((error) => say(error.message, true));
