// The watch of `kifu serve --watch FILE` and of `kifu match --serve`:
// the games of a match, each finished game's final board, players and
// result (and a button to replay it on the board, serve.js's
// `replayRecord`), and the table; with `kifu match --serve`, the games being
// played too, their boards, clocks and engines' last info lines. The
// server sends the whole state first (event `watch`), then each game
// read (event `game`), each game being played as it changes (`live`),
// and the end of the match (`over`). Everything shown from the server is
// set as text or as an image's address, never as HTML.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  // The numbers of the games shown, so that none is shown twice.
  let last = 0;
  // The games being played, by round: their figure, their last state and
  // when it came.
  const playing = new Map();

  function picture(svg) {
    return "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
  }

  // `m:ss.s` of a number of milliseconds.
  function clock(ms) {
    const tenths = Math.floor(Math.max(0, ms) / 100);
    const minutes = Math.floor(tenths / 600);
    const seconds = ((tenths % 600) / 10).toFixed(1).padStart(4, "0");
    return `${minutes}:${seconds}`;
  }

  // A game being played: its board, a line per side (engine, clock, last
  // info line), its clock running for the side thinking.
  function live(game) {
    let shown = playing.get(game.round);
    if (!shown) {
      const figure = document.createElement("figure");
      figure.className = "live";
      figure.dataset.round = game.round;
      const img = document.createElement("img");
      img.alt = `round ${game.round}, being played`;
      const caption = document.createElement("figcaption");
      figure.append(img, caption);
      $("watch-live").append(figure);
      shown = { figure, img, caption };
      playing.set(game.round, shown);
    }
    shown.game = game;
    shown.at = performance.now();
    shown.figure.dataset.plies = game.plies;
    shown.img.src = picture(game.board);
    const head = document.createElement("div");
    head.textContent = `Round ${game.round} · ${game.game} · ${game.control} · ${game.plies} plies`;
    const seats = game.players.map((p) => {
      const line = document.createElement("div");
      line.className = "seat";
      line.dataset.side = p.side;
      const name = document.createElement("span");
      name.textContent = `${p.side}: ${p.engine} `;
      const time = document.createElement("span");
      time.className = "clock";
      time.classList.toggle("running", p.side === game.thinking);
      time.textContent = clock(p.left_ms);
      const info = document.createElement("span");
      info.className = "info";
      info.textContent = p.info ? ` ${p.info}` : "";
      line.append(name, time, info);
      return line;
    });
    shown.caption.replaceChildren(head, ...seats);
  }

  // Runs down the clock of each side thinking.
  function tick() {
    const now = performance.now();
    for (const shown of playing.values()) {
      const game = shown.game;
      const seat = game.players.find((p) => p.side === game.thinking);
      const time = shown.caption.querySelector(".clock.running");
      if (seat && time) time.textContent = clock(seat.left_ms - (now - shown.at));
    }
  }

  // The game of `round` ended: its live board goes.
  function ended(round) {
    const shown = playing.get(Number(round));
    if (shown) {
      shown.figure.remove();
      playing.delete(Number(round));
    }
  }

  function over() {
    $("watch-over").textContent = "The match is over. This page stays up until the server is stopped (Ctrl-C where kifu runs).";
    document.documentElement.dataset.watch = "over";
  }

  function cell(row, text) {
    const td = document.createElement("td");
    td.textContent = String(text);
    row.append(td);
  }

  function table(standings) {
    const body = $("watch-table").tBodies[0];
    body.replaceChildren();
    for (const d of standings.duels || []) {
      const row = body.insertRow();
      row.dataset.engine = d.engine;
      for (const v of [d.engine, d.games, d.wins, d.losses, d.unfinished, d.score.toFixed(1) + "%"]) {
        cell(row, v);
      }
    }
    for (const r of standings.races || []) {
      const row = body.insertRow();
      row.dataset.engine = r.engine;
      for (const v of [r.engine, r.seats, r.firsts, "", "", "place " + r.average_place.toFixed(2)]) {
        cell(row, v);
      }
    }
  }

  function count(state) {
    $("watch-count").textContent =
      `${state.games} games` + (state.faults ? `, ${state.faults} not read` : "");
  }

  function add(game) {
    if (game.number <= last) {
      return;
    }
    last = game.number;
    const figure = document.createElement("figure");
    figure.className = "watched";
    figure.dataset.number = game.number;
    figure.dataset.plies = game.plies;
    figure.dataset.result = game.result || "";
    if (game.board) {
      const img = document.createElement("img");
      img.alt = `game ${game.number}`;
      img.src = picture(game.board);
      figure.append(img);
    }
    ended(game.round);
    const caption = document.createElement("figcaption");
    const players = game.players.map((p) => `${p.side}: ${p.engine}`).join(", ");
    caption.textContent = game.fault
      ? `Game ${game.number}: ${game.fault}`
      : `Round ${game.round || "?"} · ${players} · ${game.result || "*"} (${game.termination || ""}, ${game.plies} plies)`;
    figure.append(caption);
    if (game.record) {
      const replay = document.createElement("button");
      replay.type = "button";
      replay.className = "replay";
      replay.textContent = "Replay";
      replay.setAttribute("aria-label", `Replay game ${game.number} move by move`);
      replay.addEventListener("click", () => replayRecord(game.record));
      figure.append(replay);
    }
    $("watch-games").prepend(figure);
    const kept = document.querySelectorAll("#watch-games figure");
    for (let i = 64; i < kept.length; i++) {
      kept[i].remove();
    }
  }

  function all(state) {
    $("watch-file").textContent = state.file;
    $("watch-games").replaceChildren();
    last = 0;
    state.shown.forEach(add);
    $("watch-live").replaceChildren();
    playing.clear();
    (state.live || []).forEach(live);
    table(state.table);
    count(state);
    if (state.over) over();
  }

  // The static board watches no match: there is no server to tell it.
  if (window.kifuAsk) return;
  fetch("/api/watch").then((response) => {
    if (!response.ok) {
      return;
    }
    $("watch").hidden = false;
    const source = new EventSource("/api/watch/events");
    source.addEventListener("watch", (e) => all(JSON.parse(e.data)));
    source.addEventListener("game", (e) => {
      const update = JSON.parse(e.data);
      add(update.game);
      table(update.table);
      count(update);
    });
    source.addEventListener("live", (e) => live(JSON.parse(e.data)));
    source.addEventListener("over", () => {
      source.close();
      over();
    });
    setInterval(tick, 100);
  });
})();
