"use strict";
// kifu html: shows the positions the page carries. Every text of a record
// goes into the page through textContent, never as markup; the pictures
// were drawn (and their texts escaped) by kifu itself.
(function () {
  // Each game in a script element of its own, the lines of the pictures
  // last; a board after the first may be its edit from the board before:
  // -1, then groups "copy skip add line...", the rest copied at the end.
  var data = { lines: JSON.parse(document.getElementById("kifu-lines").textContent) };
  var games = Array.prototype.map.call(document.querySelectorAll("script.kifu-game"), function (script) {
    var game = JSON.parse(script.textContent);
    var before = [];
    game.boards = (game.boards || []).map(function (board) {
      if (board[0] !== -1) { before = board; return board; }
      var next = [], at = 0, i = 1, k;
      while (i + 2 < board.length) {
        var copy = board[i], skip = board[i + 1], add = board[i + 2];
        for (k = 0; k < copy; k++) { next.push(before[at++]); }
        at += skip;
        for (k = 0; k < add; k++) { next.push(board[i + 3 + k]); }
        i += 3 + add;
      }
      while (at < before.length) { next.push(before[at++]); }
      before = next;
      return next;
    });
    return game;
  });
  var $ = function (id) { return document.getElementById(id); };
  var state = { game: 0, node: null, nodes: [] };

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined && text !== null) { e.textContent = text; }
    return e;
  }

  // Every move becomes a node: its board, its ply (counted from the start
  // of the game), the node before it and the one after it in its own line.
  // A variation replaces moves of its parent line: its first move follows
  // the node of that line whose ply is one less than its own (lotus: the
  // node before the whole turn it replaces), or, when its ply is unknown,
  // the node before the move it is attached to.
  function build(game) {
    var root = { id: 0, board: game.boards.length ? 0 : null, prev: null, next: null, ply: 0, move: null, main: true, variations: [] };
    var nodes = [root];
    function branch(seen, variation, prev) {
      var first = variation[0];
      if (first && first.ply !== undefined) {
        for (var i = seen.length - 1; i >= 0; i--) {
          if (seen[i].ply === first.ply - 1) { return seen[i]; }
        }
      }
      return prev;
    }
    function line(moves, before, main, ply) {
      var prev = before, first = null, seen = [before];
      moves.forEach(function (move) {
        var node = { id: nodes.length, board: move.board === undefined ? null : move.board,
          prev: prev, next: null, ply: move.ply === undefined ? ply + 1 : move.ply, move: move,
          main: main, variations: [] };
        nodes.push(node);
        (move.variations || []).forEach(function (variation) {
          var start = branch(seen, variation, prev);
          node.variations.push(line(variation, start, false, start.ply));
        });
        if (prev !== before || main) { prev.next = node; }
        if (first === null) { first = node; }
        seen.push(node);
        prev = node;
        ply = node.ply;
      });
      return first;
    }
    line(game.moves || [], root, true, 0);
    return nodes;
  }

  // A picture is kept as the numbers of its lines in data.lines.
  function picture(numbers) {
    var out = "";
    for (var i = 0; i < numbers.length; i++) { out += data.lines[numbers[i]] + "\n"; }
    return out;
  }

  function playable(node) { return node && node.board !== null; }

  function show(node, push) {
    var game = games[state.game];
    if (!playable(node)) { return; }
    state.node = node;
    $("board").innerHTML = picture(game.boards[node.board]);
    var moves = document.querySelectorAll("#moves .move");
    for (var i = 0; i < moves.length; i++) {
      moves[i].classList.toggle("current", Number(moves[i].dataset.node) === node.id);
    }
    var where = node.move ? ((node.move.number ? node.move.number + " " : "") + node.move.text + (node.move.glyph || "")) : "start";
    $("where").textContent = where + " (" + node.ply + "/" + lastPly() + ")";
    var comments = node.move ? (node.move.comments_before || []).concat(node.move.comments || []) : (game.comments || []);
    $("comment").textContent = comments.join("\n");
    if (push !== false && node.main) { address.write("#game=" + (state.game + 1) + "&ply=" + node.ply); }
  }

  // The address follows the main line's position, written at most once in
  // 150 ms and the last position wins: Chromium ignores history.replaceState
  // past 200 calls in 10 s, which a held arrow key reaches. A write still
  // waiting when the address changes by navigation is dropped. While one
  // waits, the page's root carries data-address="pending".
  var address = {
    pending: null, from: null, timer: null,
    write: function (hash) {
      address.pending = hash;
      if (address.timer !== null) { return; }
      address.from = location.hash;
      document.documentElement.dataset.address = "pending";
      address.timer = setTimeout(function () {
        var hash = address.pending;
        address.cancel();
        if (location.hash !== address.from || location.hash === hash) { return; }
        try { history.replaceState(null, "", hash); } catch (e) { /* some file:// pages refuse */ }
      }, 150);
    },
    cancel: function () {
      if (address.timer !== null) { clearTimeout(address.timer); }
      address.timer = null;
      address.pending = null;
      delete document.documentElement.dataset.address;
    }
  };

  // The ply of the main line's last position.
  function lastPly() {
    var node = state.nodes[0];
    while (node && playable(node.next)) { node = node.next; }
    return node ? node.ply : 0;
  }

  function writeMoves(container, moves, first) {
    var node = first;
    moves.forEach(function (move) {
      (move.comments_before || []).forEach(function (c) {
        container.appendChild(el("span", "comment", c));
        container.appendChild(document.createTextNode(" "));
      });
      // A move and its number are never broken across lines.
      var ply = el("span", "ply");
      if (move.number) { ply.appendChild(el("span", "num", move.number)); }
      var span = el("span", "move" + (move.board === undefined ? " unplayed" : ""), move.text);
      if (move.glyph) { span.appendChild(el("span", "glyph", move.glyph)); }
      span.dataset.node = String(node.id);
      span.dataset.board = move.board === undefined ? "" : String(move.board);
      var target = node;
      span.addEventListener("click", function () { show(target); });
      ply.appendChild(span);
      container.appendChild(ply);
      container.appendChild(document.createTextNode(" "));
      (move.comments || []).forEach(function (c) {
        container.appendChild(el("span", "comment", c));
        container.appendChild(document.createTextNode(" "));
      });
      node.variations.forEach(function (start, i) {
        var v = el("span", "variation");
        writeMoves(v, move.variations[i], start);
        container.appendChild(v);
        container.appendChild(document.createTextNode(" "));
      });
      node = node.next;
    });
  }

  function selectGame(index, ply) {
    if (!games.length) { $("heading").textContent = "No game"; return; }
    state.game = Math.max(0, Math.min(games.length - 1, index));
    var game = games[state.game];
    state.nodes = build(game);
    var buttons = document.querySelectorAll("#game-list button");
    for (var i = 0; i < buttons.length; i++) { buttons[i].setAttribute("aria-current", String(i === state.game)); }
    $("heading").textContent = (game.game || "?") + (game.players ? " \u00b7 " + game.players : "") + " \u00b7 " + game.result;
    var verdict = $("verdict");
    verdict.className = game.fault ? "bad" : "ok";
    verdict.textContent = game.verdict;
    var moves = $("moves");
    moves.textContent = "";
    (game.comments || []).forEach(function (c) { moves.appendChild(el("span", "comment", c)); moves.appendChild(document.createTextNode(" ")); });
    if (state.nodes.length > 1) { writeMoves(moves, game.moves, state.nodes[1]); }
    if (game.fault) { moves.appendChild(el("span", "fault", game.fault)); }
    var tags = $("tags");
    tags.textContent = "";
    game.tags.forEach(function (tag) {
      var row = el("tr");
      row.appendChild(el("td", null, tag[0]));
      row.appendChild(el("td", null, tag[1]));
      tags.appendChild(row);
    });
    var target = state.nodes[0];
    var wanted = ply === undefined ? 0 : ply;
    while (target.next && target.ply < wanted && playable(target.next)) { target = target.next; }
    if (playable(target)) { show(target); } else { $("board").textContent = ""; $("where").textContent = "no position"; }
  }

  function step(delta) {
    var node = state.node;
    if (!node) { return; }
    if (delta > 0 && playable(node.next)) { show(node.next); }
    if (delta < 0 && node.prev) { show(node.prev); }
  }

  function end() {
    var node = state.node;
    if (!node) { return; }
    while (playable(node.next)) { node = node.next; }
    show(node);
  }

  function home() { if (state.nodes.length) { show(state.nodes[0]); } }

  function fromHash() {
    address.cancel();
    var params = {};
    location.hash.replace(/^#/, "").split("&").forEach(function (pair) {
      var kv = pair.split("=");
      if (kv.length === 2) { params[kv[0]] = parseInt(kv[1], 10); }
    });
    var game = isFinite(params.game) ? params.game - 1 : 0;
    var ply = isFinite(params.ply) ? params.ply : 0;
    selectGame(game, ply);
  }

  var list = $("game-list");
  games.forEach(function (game, i) {
    var item = el("li");
    var button = el("button");
    button.type = "button";
    button.appendChild(el("span", null, (i + 1) + ". " + (game.game || "?") + " "));
    button.appendChild(el("span", null, game.players ? game.players + " " : ""));
    button.appendChild(el("span", game.fault ? "bad" : null, game.result + (game.fault ? " \u2717" : " \u2713")));
    button.title = game.source;
    button.addEventListener("click", function () { selectGame(i, 0); });
    item.appendChild(button);
    list.appendChild(item);
  });
  $("first").addEventListener("click", home);
  $("prev").addEventListener("click", function () { step(-1); });
  $("next").addEventListener("click", function () { step(1); });
  $("last").addEventListener("click", end);
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) { return; }
    var keys = { ArrowLeft: function () { step(-1); }, ArrowRight: function () { step(1); }, Home: home, End: end };
    if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
  });
  window.addEventListener("hashchange", fromHash);
  fromHash();
})();
