// The annotation part of the page of `kifu serve` (module annotate.rs):
// a record of a named file (or one pasted) opened on the server, stepped through by
// keyboard (left, right, home, end) and by clicking its moves, moves
// played by clicking or dragging on the board (board.js; a different one
// becomes a variation), comments, glyphs, tags, and a save with the
// server's guard against a file changed since. The tree and the record text stay on the server:
// the page shows the list it is given and sends the node or the move.
// Everything shown from the server is set as text, never as HTML.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  // The record open, as the server last answered.
  let open = null;

  function say(text, error) {
    $("a-status").textContent = text;
    $("a-status").className = error ? "error" : "";
  }

  // Runs a request that answers the state, and shows it.
  async function act(request) {
    document.documentElement.dataset.state = "busy";
    try {
      show(await request());
    } catch (error) {
      say(error.message, true);
    }
    document.documentElement.dataset.state = "ready";
  }

  function edit(action, body) {
    if (!open) return Promise.resolve();
    return act(() => ask("POST", `/api/annotations/${open.id}/${action}`, body));
  }

  function goto(node) {
    if (open && node !== null && node !== undefined && node !== open.cursor) {
      edit("goto", { node });
    }
  }

  // The move list: each move a button naming its node, variations in
  // brackets, comments after their move.
  function list(state) {
    const out = [];
    for (const item of state.items) {
      if (item.kind !== "move") {
        const bracket = document.createElement("span");
        bracket.className = "bracket";
        bracket.textContent = item.kind === "open" ? "(" : ")";
        out.push(bracket);
        continue;
      }
      if (item.number) {
        const number = document.createElement("span");
        number.className = "number";
        number.textContent = item.number;
        out.push(number);
      }
      const move = button(item.text + (item.glyph || ""), () => goto(item.node));
      move.className = "move";
      move.dataset.node = item.node;
      if (item.node === state.cursor) move.classList.add("current");
      out.push(move);
      for (const nag of item.nags || []) {
        const glyph = document.createElement("span");
        glyph.className = "nag";
        glyph.textContent = `$${nag}`;
        out.push(glyph);
      }
      for (const comment of item.comments || []) {
        const text = document.createElement("span");
        text.className = "comment";
        text.textContent = comment;
        out.push(text);
      }
    }
    $("a-moves").replaceChildren(...out);
  }

  function play(move) {
    edit("moves", { move });
  }

  // The board of the record open (board.js), which has no start to place.
  const view = makeBoard($("a-spots"), $("a-choices"), play, () => {});

  // One row of the tags form.
  function tagRow(name, value) {
    const row = document.createElement("p");
    row.className = "tag";
    const n = document.createElement("input");
    n.className = "tag-name";
    n.value = name;
    n.setAttribute("aria-label", "tag name");
    const v = document.createElement("input");
    v.className = "tag-value";
    v.value = value;
    v.setAttribute("aria-label", "tag value");
    row.append(n, v, button("Remove", () => row.remove()));
    return row;
  }

  function show(state) {
    const fresh = !open || open.id !== state.id;
    open = state;
    $("annotate").hidden = false;
    $("a-board").src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(state.board);
    view.show(state);
    $("a-buttons").replaceChildren(...state.buttons.map((move) => button(move, () => play(move))));
    list(state);
    $("a-fault").textContent = state.fault || "";
    $("a-text").textContent = state.text;
    $("a-comment").value = state.comment;
    $("a-nags").value = state.nags.map((n) => `$${n}`).join(" ");
    $("a-promote").disabled = !state.in_variation;
    $("a-delete").disabled = state.cursor === 0;
    $("a-unsaved").textContent = state.file === null
      ? (state.unsaved ? "changed: download the record to keep it" : "")
      : (state.unsaved ? "unsaved changes" : "saved");
    document.documentElement.dataset.unsaved = state.unsaved ? "yes" : "no";
    if (fresh) {
      $("a-tag-rows").replaceChildren(...state.tags.map((t) => tagRow(t.name, t.value)));
    }
    const where = state.moves.length === 0 ? "the start" : `after ${state.moves[state.moves.length - 1]}`;
    const which = state.file === null ? "The record pasted" : `${state.name}, record ${state.record + 1}`;
    $("a-save").disabled = state.file === null;
    say(`${which}: ${where}` +
      (state.result ? ` (${state.result.result}: ${state.result.reason})` : state.to_move ? `, ${state.to_move} to move` : ""));
  }

  // The records listed: a page of them at a time, asked for with
  // `from` and `count`, the file's total from `GET /api/files`.
  const PAGE = 100;
  let page = { from: 0, total: 0 };
  // Counts the listings asked for: only the last one asked is shown.
  let listings = 0;

  async function files() {
    // The static board has no files: a record is pasted.
    if (window.kifuAsk) return;
    const listed = await ask("GET", "/api/files");
    $("a-file").replaceChildren(...listed.filter((f) => f.exists).map((f) => new Option(f.name, f.index)));
    await records(0);
  }

  // Lists the page of records from the `from`th (0 the first) of the
  // file chosen, and selects record `chosen` if given.
  async function records(from, chosen) {
    const asked = ++listings;
    const section = $("annotate-open");
    const index = $("a-file").value;
    if (index === "") {
      $("a-record").replaceChildren();
      $("a-range").textContent = "no file";
      $("a-previous").disabled = true;
      $("a-next").disabled = true;
      return;
    }
    section.dataset.state = "busy";
    try {
      const listed = await ask("GET", "/api/files");
      const entry = listed.find((f) => String(f.index) === index);
      const total = entry && entry.records !== null ? entry.records : 0;
      const start = Math.max(0, Math.min(from, Math.floor(Math.max(total - 1, 0) / PAGE) * PAGE));
      const file = await ask("GET", `/api/files/${index}?from=${start}&count=${PAGE}`);
      if (asked !== listings) return;
      page = { from: start, total };
      $("a-record").replaceChildren(...file.records.map((record, i) => {
        const tags = record.tags || {};
        const names = [tags.Black, tags.White].filter(Boolean).join(" - ");
        return new Option([`${start + i + 1}.`, record.game || "?", names].filter(Boolean).join(" "), start + i);
      }));
      if (chosen !== undefined) $("a-record").value = chosen;
      const shown = file.records.length;
      $("a-range").textContent = shown === 0 ? "no records" :
        `records ${start + 1}-${start + shown} of ${total}`;
      $("a-previous").disabled = start === 0;
      $("a-next").disabled = start + shown >= total;
    } finally {
      if (asked === listings) section.dataset.state = "ready";
    }
  }

  // Lists a page as `records` does, an error said.
  function listPage(from, chosen) {
    return records(from, chosen).catch((e) => say(e.message, true));
  }

  // Opens record `record` (0 the first) of the file chosen.
  function openRecord(record) {
    if (open && open.unsaved && !window.confirm("Open another record and lose the unsaved changes?")) {
      return Promise.resolve();
    }
    return act(() => ask("POST", `/api/files/${$("a-file").value}/records/${record}/open`, {}));
  }

  // The record pasted, opened (its first record), to annotate and
  // download: it has no file to be saved to.
  $("a-paste-open").addEventListener("click", () => {
    if (open && open.unsaved && !window.confirm("Open another record and lose the unsaved changes?")) return;
    act(() => ask("POST", "/api/annotations", { text: $("a-paste").value }));
  });
  $("a-download").addEventListener("click", () => {
    if (open) offer(open.text, open.file === null ? "annotated.kifu" : `${open.name.replace(/.*\//, "").replace(/\.kifu$/, "")}-${open.record + 1}.kifu`);
  });

  $("a-file").addEventListener("change", () => listPage(0));
  $("a-previous").addEventListener("click", () => listPage(page.from - PAGE));
  $("a-next").addEventListener("click", () => listPage(page.from + PAGE));
  $("a-open").addEventListener("click", () => {
    if ($("a-record").value !== "") openRecord($("a-record").value);
  });

  // The record open (or, with none, the one chosen, opened first) as a
  // game on the board, reviewed there.
  $("a-review").addEventListener("click", async () => {
    if (!open && $("a-record").value !== "") await openRecord($("a-record").value);
    if (!open) return;
    $("table").scrollIntoView();
    reviewRecord(open.text);
  });

  // A record by its number (1 the first): its page listed, and opened.
  $("a-jump").addEventListener("submit", async (event) => {
    event.preventDefault();
    const number = Number($("a-number").value.trim());
    if (!Number.isInteger(number) || number < 1 || number > page.total) {
      say(`a record number is 1 to ${page.total}`, true);
      return;
    }
    await listPage(Math.floor((number - 1) / PAGE) * PAGE, number - 1);
    await openRecord(number - 1);
  });

  document.addEventListener("keydown", (event) => {
    if (!open || $("annotate").hidden) return;
    const tag = event.target.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
    const path = open.path;
    const moves = {
      ArrowLeft: path.length > 1 ? path[path.length - 2] : 0,
      ArrowRight: open.next,
      Home: 0,
      End: open.end,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    goto(moves[event.key]);
  });

  for (const glyph of ["!", "?", "!!", "??", "!?", "?!", ""]) {
    const b = button(glyph || "no glyph", () => edit("glyph", { node: open.cursor, glyph }));
    b.dataset.glyph = glyph;
    $("a-glyphs").append(b);
  }

  $("a-set-nags").addEventListener("click", () => {
    const nags = $("a-nags").value.split(/[\s,]+/).filter(Boolean).map((n) => Number(n.replace(/^\$/, "")));
    if (nags.some((n) => !Number.isInteger(n) || n < 0 || n > 255)) {
      say("a numeric glyph is $0 to $255", true);
      return;
    }
    edit("glyph", { node: open.cursor, nags });
  });

  $("a-set-comment").addEventListener("click", () =>
    edit("comment", { node: open.cursor, comment: $("a-comment").value }));
  $("a-promote").addEventListener("click", () => edit("promote", { node: open.cursor }));
  $("a-delete").addEventListener("click", () => edit("delete", { node: open.cursor }));
  $("a-add-tag").addEventListener("click", () => $("a-tag-rows").append(tagRow("", "")));
  $("a-tags").addEventListener("submit", (event) => {
    event.preventDefault();
    const tags = [...$("a-tag-rows").children].map((row) => ({
      name: row.querySelector(".tag-name").value.trim(),
      value: row.querySelector(".tag-value").value,
    })).filter((t) => t.name !== "");
    edit("tags", { tags });
  });
  $("a-save").addEventListener("click", () =>
    edit("save", { force: $("a-force").checked }).then(() => {
      if (open && !open.unsaved) say(`Saved ${open.name}, record ${open.record + 1}`);
    }));

  // The unsaved-work guard: leaving the page with changes asks first.
  window.addEventListener("beforeunload", (event) => {
    if (open && open.unsaved) {
      event.preventDefault();
      event.returnValue = "";
    }
  });

  files().catch((error) => say(error.message, true));
})();
