// The watch of `kifu serve --watch FILE`: the games of a match as its
// --out file grows, each finished game's final board, players and
// result, and the table. The server sends the whole state first (event
// `watch`), then each game read (event `game`). Everything shown from the
// server is set as text or as an image's address, never as HTML.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  // The numbers of the games shown, so that none is shown twice.
  let last = 0;

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
      img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(game.board);
      figure.append(img);
    }
    const caption = document.createElement("figcaption");
    const players = game.players.map((p) => `${p.side}: ${p.engine}`).join(", ");
    caption.textContent = game.fault
      ? `Game ${game.number}: ${game.fault}`
      : `Round ${game.round || "?"} · ${players} · ${game.result || "*"} (${game.termination || ""}, ${game.plies} plies)`;
    figure.append(caption);
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
    table(state.table);
    count(state);
  }

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
  });
})();
