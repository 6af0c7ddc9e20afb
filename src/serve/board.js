// The board of the page of `kifu serve`, shared by its play (serve.js)
// and its annotation (annotate.js), which load after it: transparent
// spots laid over the picture, one over each square the server names,
// marking the pieces that may move, the one chosen and its targets, or
// the squares open to a placement. A move is entered by clicking the
// piece, then its target, or by dragging the piece onto its target
// (Pointer Events: a mouse, a finger or a pen); a target with several
// moves offers them as buttons. Everything from the server is set as
// text, never as HTML. Both ask the server through `ask`.
"use strict";

// The answer of the server's API to `method` on `path` with `body` (sent
// as JSON); a refusal is thrown as an Error with the server's message and
// its `code`. On the static board (`kifu site`, static.js) the board in
// the page's worker answers instead, alike.
async function ask(method, path, body) {
  if (window.kifuAsk) return window.kifuAsk(method, path, body);
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const answer = await response.json();
  if (!response.ok) {
    const error = new Error(answer.error || response.statusText);
    error.code = answer.code;
    throw error;
  }
  return answer;
}

// Offers `text` as a file named `name` to download.
function offer(text, name) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  link.download = name;
  link.click();
  URL.revokeObjectURL(link.href);
}

// A button showing `text` that does `action`.
function button(text, action) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.addEventListener("click", action);
  return b;
}

// A transparent spot over each square of `state` (its `size` and
// `squares`), named by its square in `data-square`, each given to `wire`
// with its square for its listeners.
function spots(state, wire) {
  const [width, height] = state.size;
  return state.squares.map((s) => {
    const spot = document.createElement("div");
    spot.className = "spot";
    spot.dataset.square = s.square;
    spot.style.left = `${(100 * s.x) / width}%`;
    spot.style.top = `${(100 * s.y) / height}%`;
    spot.style.width = `${(100 * s.w) / width}%`;
    spot.style.height = `${(100 * s.h) / height}%`;
    wire(spot, s.square);
    return spot;
  });
}

// The board whose spots go in `holder` and whose choices (buttons) in
// `choices`: `play(move)` plays a move, `place(square)` gives the next
// square of a placement, `label(move)` (if given) words a choice's
// button, its notation kept as the button's title. `show(state)` lays it out for a state with
// `size`, `squares`, `pieces` and, while a start is placed, `placing`.
function makeBoard(holder, choices, play, place, label) {
  let state = null;
  // The square of the piece chosen, while its targets are shown.
  let chosen = null;
  // While a piece is dragged: its square and the target under the pointer.
  let drag = null;
  // Whether the press or the drag before this click did what it asked
  // (chose the piece, played the move): the click then does no more.
  let done = false;

  const busy = () => document.documentElement.dataset.state === "busy";
  const movable = (square) => state.pieces.some((p) => p.from === square);

  // The moves of the piece chosen, by the square they reach.
  function targetsOf(square) {
    const piece = state.pieces.find((p) => p.from === chosen);
    return piece ? piece.targets.filter((t) => t.to === square) : [];
  }

  // Offers `moves`, which one square could not tell apart, as buttons.
  function choose(moves) {
    choices.replaceChildren(...moves.map((move) => {
      const b = button(label ? label(move) : move, () => play(move));
      b.title = move;
      return b;
    }));
  }

  // Plays the chosen piece's move to `square`, or offers its moves there
  // when they are several; whether there was one.
  function reach(square) {
    const targets = targetsOf(square);
    if (targets.length === 0) return false;
    const moves = targets[0].moves;
    if (moves.length === 1) {
      play(moves[0]);
    } else {
      choose(moves);
    }
    return true;
  }

  // Marks the squares: the pieces that may move, the one chosen and its
  // targets, or the squares open to a placement.
  function mark() {
    const piece = state.pieces.find((p) => p.from === chosen);
    const targets = new Set(piece ? piece.targets.map((t) => t.to) : []);
    const movers = new Set(state.pieces.map((p) => p.from));
    const open = new Set(state.placing ? state.placing.open : []);
    for (const spot of holder.children) {
      const square = spot.dataset.square;
      spot.classList.toggle("movable", movers.has(square));
      spot.classList.toggle("chosen", square === chosen);
      spot.classList.toggle("target", targets.has(square));
      spot.classList.toggle("open", open.has(square));
    }
    // A target that reaches no square of the board is a button.
    const off = piece ? piece.targets.filter((t) => t.to === null) : [];
    if (off.length > 0) choose(off.flatMap((t) => t.moves));
  }

  function click(square) {
    if (!state || busy()) return;
    if (state.placing) {
      if (state.placing.open.includes(square)) place(square);
      return;
    }
    if (done) {
      done = false;
      return;
    }
    if (reach(square)) return;
    chosen = chosen !== square && movable(square) ? square : null;
    choose([]);
    mark();
  }

  // A press on a piece that may move chooses it at once and starts its
  // drag; a press on a target is left to the click, which plays it.
  function press(event, square) {
    done = false;
    if (!state || busy() || state.placing || !event.isPrimary || event.button !== 0) return;
    if (targetsOf(square).length > 0 || !movable(square)) return;
    event.preventDefault();
    if (chosen !== square) {
      chosen = square;
      done = true;
      choose([]);
      mark();
    }
    drag = { from: square, over: null };
    document.addEventListener("pointermove", move);
    document.addEventListener("pointerup", release);
    document.addEventListener("pointercancel", release);
  }

  // The square of this board under the pointer, if any.
  function under(event) {
    const found = document.elementFromPoint(event.clientX, event.clientY);
    const spot = found ? found.closest(".spot") : null;
    return spot && holder.contains(spot) ? spot.dataset.square : null;
  }

  // Shows which target, if any, the dragged piece is over.
  function hover(over) {
    if (drag) drag.over = over;
    for (const spot of holder.children) {
      spot.classList.toggle("over", spot.dataset.square === over);
    }
  }

  function move(event) {
    if (!drag || !event.isPrimary) return;
    const square = under(event);
    const over = square !== drag.from && targetsOf(square).length > 0 ? square : null;
    if (over !== drag.over) hover(over);
  }

  // The end of a drag: over a target, its move, as a click there plays
  // it; anywhere else the piece stays chosen, for a click to finish.
  function release(event) {
    if (!event.isPrimary) return;
    document.removeEventListener("pointermove", move);
    document.removeEventListener("pointerup", release);
    document.removeEventListener("pointercancel", release);
    const from = drag ? drag.from : null;
    hover(null);
    drag = null;
    if (event.type !== "pointerup" || from === null) return;
    const square = under(event);
    if (square === from) return;
    // The click that may follow, on the piece (a touch is captured by
    // it) or elsewhere, was this drag's.
    done = true;
    if (square !== null && chosen === from && !busy()) reach(square);
  }

  function show(next) {
    state = next;
    chosen = null;
    holder.replaceChildren(...spots(state, (spot, square) => {
      spot.addEventListener("click", () => click(square));
      spot.addEventListener("pointerdown", (event) => press(event, square));
    }));
    choose([]);
    mark();
  }

  return { show };
}
