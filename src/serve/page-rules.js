// The rules of the four games in the page of `kifu serve` (issue 54):
// "How to play", one click from the board, opens a dialog of short
// sections, one a rule, in a player's words, each beside a small live
// board set up to show exactly that rule. A try is made by clicking a
// piece, then a square: a legal move is played; any other is sent all
// the same, so that the referee says why not, in its own words. Each
// board's game is started once, when its game's rules are first shown,
// and Reset takes it back to its start (the one exception, Escampe's
// placement, which cannot be taken back: its Reset starts a new one once
// a square was placed). Loaded after board.js (`ask`, `button`, `spots`) and
// serve.js; everything shown from the server is set as text or as an
// image's address, never as HTML.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);

  // The games in the order of the tabs, each with its short name (the
  // button's and the tab's) and its full one (the title's).
  const GAMES = ["mana", "escampe", "shogun", "lotus"];
  const SHORT = { mana: "Mana", escampe: "Escampe", shogun: "Shogun", lotus: "Lotus" };
  const FULL = { mana: "Mana", escampe: "Escampe", shogun: "Shogun", lotus: "Flower of the Lotus" };

  // Each game's rules: an introduction, then its rules, each with the
  // start of its board (the body of `POST /api/games` but the game), the
  // words of the rule and what to try. Every ruling follows rules.md.
  const RULES = {
    mana: {
      intro: "Two players, Black and White, each with a Daimyo (D), the lord to protect, and five Ronins (R). Every square of the 6×6 board carries one, two or three lines. Black moves first; capture the other Daimyo to win.",
      rules: [
        {
          id: "lines",
          title: "Move as many steps as your square has lines",
          text: "A piece moves exactly as many steps as there are lines on the square it leaves: one, two or three. Each step goes to a neighbouring square, up, down or sideways, never diagonally; the piece may turn between steps, but never crosses a square twice. Every square on the way must be empty; it stops on an empty square or on an enemy piece, which it captures, never on one of its own.",
          try: "It is the first move, so any piece may go. Click the Ronin on d2 (three lines): the dots show every square three steps reach. Move it, or try d2 to b2, too near to end on in exactly three steps.",
          start: { position: "2d3/6/6/6/3R2/2D3 b -" },
        },
        {
          id: "bird",
          title: "The bird: your square sets your opponent's move",
          text: "After each move the Mana bird (the blue diamond) is set on an empty square with as many lines as the square where the moved piece stopped. The other player must then move a piece standing on a square with that many lines; green dots mark them. The bird is only a marker that blocks nothing, and kifu sets it for you, since only its number of lines matters.",
          try: "White's last move set the bird on b3, a single square: only the Ronins on a2 and e2 may move. Try the Daimyo on c1 to c3, and read the referee's answer.",
          start: { position: "1rd2r/r3r1/3r2/6/R2RR1/1RD2R b b3" },
        },
        {
          id: "blocked",
          title: "When no piece can obey the bird",
          text: "If none of your pieces on squares of the bird's kind can move, because none stands there or all of them are hemmed in, you may move any of your pieces instead, or bring back a captured Ronin (next rule). Disobeying the bird when you could obey it is not allowed.",
          try: "The bird is on e3, a triple square. Your only piece on three lines, the Ronin on b2, is hemmed in, so any other piece may move: try the Daimyo on c1.",
          start: { position: "2d3/r3r1/6/1r4/RRR2R/1RD3 b e3" },
        },
        {
          id: "reentry",
          title: "Bringing a captured Ronin back",
          text: "When no piece can obey the bird, you may instead put one of your captured Ronins back on any empty square: that is your whole turn, and the bird then goes to a square with as many lines as the square of entry. While the bird is off the board, a Ronin comes back only when none of your pieces can move at all. A captured Daimyo never comes back: its side has lost.",
          try: "Black has lost one Ronin and has no piece on three lines, where the bird is. Click any empty square to bring the Ronin back there, or move a piece.",
          start: { position: "2d3/r3r1/6/6/R1R2R/1RD3 b e3" },
        },
        {
          id: "pass",
          title: "Passing",
          text: "A player who can do nothing at all, no piece able to move and no captured Ronin to bring back, passes. The bird is then lifted off the board, so the opponent may move any piece. Passing at any other time is not allowed.",
          try: "Every black piece is boxed in and no Ronin is captured: press Pass. White may then move any piece.",
          start: { position: "2d3/6/r5/Rr4/RRr3/RDRr2 b e4" },
        },
        {
          id: "win",
          title: "Winning",
          text: "Capture the opponent's Daimyo and you win at once. There are no draws. With best play, every standard start (the Daimyos on b, c or f) is a win for Black: kifu's solver proves that Black can force the capture of White's Daimyo in 9 moves (plies) when it stands on c6, and in 11 when it stands on b6 or f6, whatever White does. The line is hard to find over the board.",
          try: "The bird is on three lines, like your Ronin on b2, and three steps take it to the white Daimyo on c4: capture it.",
          start: { position: "6/r3r1/2d3/6/1R4/2D3 b e3" },
        },
      ],
    },
    escampe: {
      intro: "Escampe is Mana's first edition, still played: the same board and the same moves, with the differences below. Each side has a Unicorn (U), the piece to protect, and five Paladins (P).",
      rules: [
        {
          id: "placement",
          title: "Placing the pieces",
          text: "The players set up their own pieces. Black chooses an edge, the two rows at the bottom or the two at the top, and puts his Unicorn, then his five Paladins, anywhere on those twelve squares. White then places his six pieces on the two rows of the opposite edge.",
          try: "Click six squares for Black, the Unicorn first, then six for White; the open squares are dotted. Reset starts the placement again.",
          start: {},
          placed: true,
        },
        {
          id: "start",
          title: "White starts, and there is no bird",
          text: "White moves first, with any piece. Pieces move exactly as in Mana. There is no bird: the next player must move a piece from a square with as many lines as the square where his opponent's last move ended.",
          try: "Move any white piece; the line under the board then says which squares Black must move from.",
          start: { setup: "e1 a1 b2 c1 d2 f1 / b6 a6 c6 d5 e6 f5" },
        },
        {
          id: "lines",
          title: "Obeying the lines",
          text: "White's last move ended on a double square, so Black must now move a piece that stands on a double square. Unlike Mana, there is no other choice when they are all blocked: see passing below.",
          try: "Try the Paladin on a5, on a triple square: the referee refuses. The pieces on b6, c6 and f6 may move.",
          start: { position: "1pu1pp/p1p3/6/1P4/P2P2/1U1PP1 b 2" },
        },
        {
          id: "capture",
          title: "Taking the Unicorn",
          text: "A move may not end on an occupied square, with one exception: a Paladin that ends its move on the opposing Unicorn takes it and wins the game. A Unicorn never takes, and Paladins are never taken.",
          try: "White must move from a single square. The Paladin on c4 is one step from Black's Unicorn on c5: take it. First try the Paladin on e4 to e5, onto a Paladin.",
          start: { position: "pp3p/1pu1p1/2PUP1/6/P4P/2P3 w 1" },
        },
        {
          id: "pass",
          title: "No move: pass",
          text: "When none of your pieces can obey, you may not move another piece instead, and nothing comes back to the board: you pass, and your opponent then moves any piece he likes. Passing at any other time is not allowed.",
          try: "White's last move ended on a triple square, and Black has no piece on three lines: press Pass.",
          start: { position: "pup1pp/1p4/6/6/PP1P2/3PUP b 3" },
        },
      ],
    },
    shogun: {
      intro: "Shogun is played on an 8×8 board. Each side has a Shogun (S) and seven pieces: three X, two Y and two Z. White moves first. A magnet hides under every square; kifu shows what it does, not the magnet itself.",
      rules: [
        {
          id: "number",
          title: "The number on each piece",
          text: "Each piece carries a disc that the magnet under its square turns: the number it shows is exactly how many squares the piece must move. The number depends on the square and on the piece's kind, so it changes each time the piece lands somewhere new. kifu draws it large on each piece, with the kind (X, Y, Z or S) small beneath.",
          try: "The white X on c3 shows 4: click it to see the squares four steps away, move it, then read its new number. Try c3 to c5 as well: only two squares.",
          start: { position: "3s4/y6z/8/8/8/2X5/5Y2/4S3 w" },
        },
        {
          id: "paths",
          title: "Straight, or with one turn",
          text: "A piece moves in a straight line, or along two straight lines joined by a single right-angle turn: never diagonally, never back. It cannot jump: every square it crosses must be empty. It stops on an empty square or on an enemy piece, which it captures.",
          try: "Your Y on c5 stands in the X's straight road to c7: try c3 to c7. The X can still reach e5 by turning once.",
          start: { position: "3s4/y6z/8/2Y5/8/2X5/5Y2/4S3 w" },
        },
        {
          id: "shogun",
          title: "The Shogun",
          text: "The Shogun is the piece you must protect. It moves like the others, as far as its number says, which is always 1 or 2, and it may capture. It is never taken: instead, no move may leave it attacked (next rule).",
          try: "Your Shogun on d3 shows 2: it may take the red Z on d5. Try e4 too: the red X on f4 shows 1 and could step onto it.",
          start: { position: "3s4/7z/8/3z4/5x2/3S4/7Y/X7 w" },
        },
        {
          id: "check",
          title: "Check",
          text: "A Shogun is attacked, in check, when an enemy piece could move onto its square. You may never make a move that leaves your own Shogun attacked: when it is, you must take the attacker, block its way, or move the Shogun. A move that attacks the enemy Shogun is marked +.",
          try: "The red X on e4 shows 3: it attacks your Shogun on e1. Try your X from c3 to c7: refused. Blocking with the Y from f2 to e3, or stepping the Shogun aside, is allowed.",
          start: { position: "3s4/7z/8/8/4x3/2X5/5Y2/4S3 w" },
        },
        {
          id: "win",
          title: "Capturing and winning",
          text: "Move onto an enemy piece to capture it. You win when your opponent, about to move, has only the Shogun and one other piece left, or has no legal move at all.",
          try: "Red has the Shogun and two pieces. Your X on c3 shows 4: take the Y on c7, and Red is left with too few.",
          start: { position: "3s4/2y4z/8/8/8/2X5/5Y2/4S3 w" },
        },
      ],
    },
    lotus: {
      intro: "Flower of the Lotus is a race for 3 to 6 players, each with three frogs (two each with six players). Frogs hop from the start along the course to the arrival, and the flowers they gather on the way score at the end. Lily squares are green, frog squares blue, stone squares grey.",
      rules: [
        {
          id: "turn",
          title: "Three frogs a turn",
          text: "On your turn you move three different frogs, one after another: the first one square, the second two, the third three. They may be anyone's frogs, but at least one of the three must belong to another player. The last frog, the one with no frog behind it, goes two squares further; while frogs wait on the start, each of them counts as last.",
          try: "Red is to move. Move any frog one square, then another two, then a third three: the line under the board counts them. The orange frog on 6 is last: its first move goes three squares.",
          start: { players: "red green orange", position: "r:9,14,19:- g:11,16,24:- o:6,22,27:- 38K PWYB r 5 1" },
        },
        {
          id: "jumps",
          title: "Hopping over frogs",
          text: "Squares holding a frog are not counted: a moving frog hops over them and lands on the first, second or third free square. Only the start holds more than one frog.",
          try: "Move the red frog on 5 one square: 6 to 9 hold frogs, so it lands on 10.",
          start: { players: "red green orange", position: "r:5,16,22:- g:6,7,19:- o:3,8,9:- 13Y,15P,18W,21Y,23P,26W,29Y,31P,34W,38K PWYB r 4 1" },
        },
        {
          id: "flowers",
          title: "Picking flowers",
          text: "A frog that lands on a flower takes it for its owner, whoever moved it: moving someone else's frog onto a flower gives them the flower. Each player's flowers are listed under the course.",
          try: "Move green's frog on 14 onto the pink flower on 15: green takes it, though Red moved it.",
          start: { players: "red green orange", position: "r:9,21,24:W g:14,26,30:- o:6,17,27:Y 15P,18W,23P,29Y,31P,34W,38K PWYB r 5 1" },
        },
        {
          id: "exchange",
          title: "Frog squares: a swap",
          text: "A frog landing on a frog square makes its owner swap one of his flowers for a flower of a different colour held by another player, as he chooses. The swap must be made whenever one is possible.",
          try: "Move the red frog on 11 onto the frog square 12, then choose: Red's white flower goes for green's yellow or pink. Orange's white is the same colour, so it is not offered.",
          start: { players: "red green orange", position: "r:11,22,30:W g:14,24,27:PY o:9,16,19:W 13Y,15P,21Y,23P,26W,29Y,31P,34W,38K PWYB r 6 1" },
        },
        {
          id: "stone",
          title: "Stone squares: a loss",
          text: "A frog landing on a stone square makes its owner give up one of his flowers, his choice. It is laid on the first plain or lily square after the stone that holds neither a frog nor a flower; if there is none before the arrival, it leaves the game. An owner without flowers gives nothing.",
          try: "Move the red frog on 16 onto the stone on 17 and choose the flower Red gives up: 18 holds a frog, so the flower lands on 19.",
          start: { players: "red green orange", position: "r:16,24,30:WP g:18,26,27:Y o:9,12,21:W 23P,29Y,31P,34W,38K PWYB r 6 1" },
        },
        {
          id: "end",
          title: "The end and the score",
          text: "Frogs that reach the arrival take its places 1 to 4 in order, with the flower lying on each; the game ends the moment a frog takes place 4 and its blue flower, even in the middle of a turn. Each colour scores 1 point for one flower, 3 for two, 6 for three, 10 for four and 15 for five; the blue flower adds 4 and the black one takes 2 away. The most points wins; equal scores share a place.",
          try: "Bring the red frog on 40 home to place 4. Red then has two white flowers (3), a yellow (1), a pink (1), the blue (+4) and the black (−2): 7 points.",
          start: { players: "red green orange", position: "r:A1,40,30:WWYPK g:A2,36,34:WYYYP o:A3,37,31:WWYPPP - ---B r 12 1" },
        },
      ],
    },
  };

  // The flowers of Lotus by their letters.
  const FLOWERS = { W: "white", Y: "yellow", P: "pink", B: "blue", K: "black" };

  // A player's name as a person reads it: "White", "Red".
  const named = (player) => (player ? player.charAt(0).toUpperCase() + player.slice(1) : "");

  // The requests under way; the dialog's `data-state` is `busy` while
  // there are some (the page's own `data-state` is left to serve.js).
  let pending = 0;
  function busy(change) {
    pending += change;
    $("rules").dataset.state = pending > 0 ? "busy" : "ready";
  }

  // The game whose rules are shown, and the examples made so far, by
  // game: each its rule, its elements and its game as last answered.
  let shown = null;
  const examples = {};

  // The game chosen in the New game card.
  function chosenGame() {
    const radio = document.querySelector("input[name=game-choice]:checked");
    const name = radio ? radio.value : $("game").value;
    return GAMES.includes(name) ? name : "mana";
  }

  // The opening button names the game chosen.
  function label() {
    $("rules-open").textContent = `How to play ${SHORT[chosenGame()]}`;
  }

  // The owner of a Lotus pawn move's frog by its initial, from `players`.
  function owner(players, initial) {
    return players.find((p) => p.charAt(0).toLowerCase() === initial) || initial;
  }

  // A Lotus choice in words: `W<>gP`, `-P`.
  function choiceWords(players, who, choice) {
    const swap = /^([WYPBK])<>([a-z])([WYPBK])$/.exec(choice);
    if (swap) {
      return `${who} gives a ${FLOWERS[swap[1]]} flower for ${named(owner(players, swap[2]))}'s ${FLOWERS[swap[3]]}`;
    }
    const lost = /^-([WYPBK])$/.exec(choice);
    return lost ? `${who} gives up a ${FLOWERS[lost[1]]} flower` : choice;
  }

  // A choice between moves that reach one square, as its button says it.
  function choiceLabel(state, move) {
    const frog = /^([a-z])(\d+)(?:\[(.*)\])?$/.exec(move);
    if (state.game !== "lotus" || !frog) return move === "--" ? "Pass" : move;
    const who = named(owner(state.players, frog[1]));
    return frog[3] ? choiceWords(state.players, who, frog[3]) : `${who} frog`;
  }

  // Where a Lotus target is, in words.
  const whereWords = (square) => (square.startsWith("arrival-") ? `arrival place ${square.slice(8)}` : square);

  // What `mover` did with `move` (to `to`, the square clicked), in words.
  function playedWords(state, mover, move, to) {
    const who = named(mover);
    if (move === "--") return `${who} passes.`;
    const entry = /^R\*([a-f][1-6])/.exec(move);
    if (entry) return `${who} brings a Ronin back on ${entry[1]}.`;
    const step = /^([a-h][1-8])([-x])([a-h][1-8])(\+?)/.exec(move);
    if (step) {
      const taken = step[2] === "x" ? `${who} captures on ${step[3]} from ${step[1]}` : `${who} moves ${step[1]} to ${step[3]}`;
      return `${taken}${step[4] ? ": check" : ""}.`;
    }
    const frog = /^([a-z])(\d+)(?:\[(.*)\])?$/.exec(move);
    if (frog) {
      const frogOwner = named(owner(state.players, frog[1]));
      const whose = frogOwner === who ? "his" : `${frogOwner}'s`;
      const from = frog[2] === "0" ? "the start" : frog[2];
      const where = to ? ` to ${whereWords(to)}` : "";
      const choice = frog[3] ? `: ${choiceWords(state.players, frogOwner, frog[3])}` : "";
      return `${who} moves ${whose} frog from ${from}${where}${choice}.`;
    }
    return `${who} plays ${move}.`;
  }

  // The result in words: who won and how, and Lotus's scores.
  function resultWords(result) {
    if (result.scores) {
      const scores = [...result.scores].sort((a, b) => a.place - b.place);
      return `Game over: ${result.reason}. Scores: ${scores.map((p) => `${p.player} ${p.score}`).join(", ")}.`;
    }
    return result.winner ? `${named(result.winner)} wins: ${result.reason}.` : `No winner: ${result.reason}.`;
  }

  // What the board's game says now: the result, the placement asked,
  // or who is to move under which constraint.
  function statusWords(state) {
    if (state.result) return resultWords(state.result);
    if (state.placing) {
      const given = state.placing.given.length > 0 ? ` Placed so far: ${state.placing.given.join(" ")}.` : "";
      return `${state.placing.request}.${given}`;
    }
    if (state.game === "lotus") return named(state.constraint || `${state.to_move} to move`);
    return `${named(state.to_move)} to move` + (state.constraint ? `: ${state.constraint}` : ".");
  }

  // Says what became of a try: `verdict` then `message`, a refusal in
  // the colour of errors.
  function answer(example, verdict, message, refused) {
    example.verdict.textContent = verdict;
    example.message.textContent = message;
    example.answer.classList.toggle("refused", Boolean(refused));
  }

  // Runs `request` for `example`, the dialog busy meanwhile; a refusal is
  // the referee's answer, shown as it is.
  async function run(example, request) {
    if (example.busy) return;
    example.busy = true;
    example.reset.disabled = true;
    busy(1);
    try {
      await request();
    } catch (error) {
      answer(example, "Not allowed:", error.message, true);
    } finally {
      example.busy = false;
      example.reset.disabled = false;
      busy(-1);
    }
  }

  // The Mana re-entries of `state`, by the square each enters.
  function entries(state) {
    const found = new Map();
    for (const move of state.buttons) {
      const entry = /^R\*([a-f][1-6])$/.exec(move);
      if (entry) found.set(entry[1], move);
    }
    return found;
  }

  // Marks the spots: the pieces that may move, the square chosen and its
  // piece's targets, and the squares open to a placement or a re-entry.
  function mark(example) {
    const state = example.state;
    const piece = state.pieces.find((p) => p.from === example.chosen);
    const targets = new Set(piece ? piece.targets.map((t) => t.to) : []);
    const movers = new Set(state.result ? [] : state.pieces.map((p) => p.from));
    const open = new Set(state.placing ? state.placing.open : []);
    if (example.chosen === null && !state.result) {
      for (const square of entries(state).keys()) open.add(square);
    }
    for (const spot of example.spots.children) {
      const square = spot.dataset.square;
      spot.classList.toggle("movable", movers.has(square));
      spot.classList.toggle("chosen", square === example.chosen);
      spot.classList.toggle("target", targets.has(square));
      spot.classList.toggle("open", open.has(square));
    }
  }

  // The buttons under the board: the moves one square cannot tell apart
  // (`moves`, reaching `to`), or else the moves that are no square (a
  // pass; Mana's re-entries are its empty squares).
  function offer(example, moves, to) {
    const state = example.state;
    const list = moves || (state.result ? [] : state.buttons.filter((m) => !entries(state).has(m.slice(2))));
    example.choices.replaceChildren(...list.map((move) => {
      const b = button(choiceLabel(state, move), () => send(example, move, moves ? to : null));
      b.title = move;
      return b;
    }));
  }

  // Shows `state` on `example`'s board.
  function show(example, state) {
    example.state = state;
    example.chosen = null;
    example.section.dataset.moves = String(state.moves.length);
    example.img.hidden = false;
    example.img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(state.board);
    example.status.textContent = statusWords(state);
    example.status.classList.remove("error");
    example.status.classList.toggle("over", Boolean(state.result));
    example.spots.replaceChildren(...spots(state, (spot, square) =>
      spot.addEventListener("click", () => click(example, square))));
    offer(example, null);
    mark(example);
  }

  // Plays (or tries) `move`, reaching `to` when a square was clicked.
  function send(example, move, to) {
    const mover = example.state.to_move;
    return run(example, async () => {
      const state = await ask("POST", `/api/games/${example.id}/moves`, { move });
      show(example, state);
      answer(example, "Played:", playedWords(state, mover, move, to));
    });
  }

  // Places the next piece of the start on `square`.
  function place(example, square) {
    return run(example, async () => {
      const state = await ask("POST", `/api/games/${example.id}/placement`, { square });
      show(example, state);
      answer(example, "Placed:", square);
    });
  }

  // A click on `square`: a placement; a chosen piece's target (its move,
  // or its moves to choose from); another piece that may move, chosen;
  // any other square after a chosen one, tried, for the referee to say
  // why not (not in Lotus, whose moves name no target); with none
  // chosen, a Mana re-entry there; else the square chosen, or unchosen.
  function click(example, square) {
    const state = example.state;
    if (!state || example.busy || state.result) return;
    if (state.placing) {
      place(example, square);
      return;
    }
    const chosen = example.chosen;
    const movable = (s) => state.pieces.some((p) => p.from === s);
    if (chosen !== null && square !== chosen) {
      const piece = state.pieces.find((p) => p.from === chosen);
      const target = piece ? piece.targets.find((t) => t.to === square) : null;
      if (target) {
        if (target.moves.length === 1) {
          send(example, target.moves[0], square);
        } else {
          offer(example, target.moves, square);
        }
        return;
      }
      if (!movable(square) && state.game !== "lotus") {
        example.chosen = null;
        mark(example);
        send(example, `${chosen}-${square}`, square);
        return;
      }
    }
    if (chosen === null && entries(state).has(square)) {
      send(example, entries(state).get(square), square);
      return;
    }
    const choosable = state.game !== "lotus" || movable(square);
    example.chosen = square !== chosen && choosable ? square : null;
    offer(example, null);
    mark(example);
  }

  // Starts `example`'s game, or says why it could not start.
  function start(example) {
    return run(example, async () => {
      try {
        const state = await ask("POST", "/api/games", { game: example.game, ...example.rule.start });
        example.id = state.id;
        example.section.dataset.id = String(state.id);
        show(example, state);
        answer(example, "", "");
      } catch (error) {
        example.img.hidden = true;
        example.status.textContent = `This board could not be started: ${error.message}`;
        example.status.classList.add("error");
        answer(example, "", "");
      }
    });
  }

  // Reset: back to the start; a placement, which cannot be taken back,
  // starts again as a new game, once a square was placed.
  function reset(example) {
    const state = example.state;
    const placed = state && example.rule.placed && (!state.placing || state.placing.given.length > 0);
    if (!state || placed) {
      start(example);
    } else if (state.moves.length === 0) {
      show(example, state);
      answer(example, "", "");
    } else {
      run(example, async () => {
        show(example, await ask("POST", `/api/games/${example.id}/takeback`, { kept: 0 }));
        answer(example, "", "");
      });
    }
  }

  // An element `tag` of `className` saying `text`.
  function element(tag, className, text) {
    const made = document.createElement(tag);
    if (className) made.className = className;
    if (text !== undefined) made.textContent = text;
    return made;
  }

  // The section of `rule` of `game`, its board started.
  function section(game, rule) {
    const id = `rule-${game}-${rule.id}`;
    const node = element("section", `rule rule-${game}`);
    node.id = id;
    node.setAttribute("aria-labelledby", `${id}-title`);
    const title = element("h3", "", rule.title);
    title.id = `${id}-title`;
    const tryLine = element("p", "rule-try");
    tryLine.append(element("strong", "", "Try: "), rule.try);
    const board = element("div", "rule-board");
    const img = element("img");
    img.alt = `${FULL[game]} board: ${rule.title}`;
    const spots = element("div", "rule-spots");
    board.append(img, spots);
    const status = element("p", "rule-status");
    const answerLine = element("p", "rule-answer");
    answerLine.setAttribute("role", "status");
    const verdict = element("span", "rule-verdict");
    const message = element("span", "rule-message");
    answerLine.append(verdict, " ", message);
    const actions = element("div", "rule-actions");
    const choices = element("div", "rule-choices");
    const resetButton = element("button", "rule-reset", "Reset");
    resetButton.type = "button";
    resetButton.disabled = true;
    actions.append(choices, resetButton);
    node.append(title, element("p", "rule-text", rule.text), tryLine, board, answerLine, status, actions);
    const example = {
      game, rule, section: node, img, spots, status, answer: answerLine, verdict, message,
      choices, reset: resetButton, state: null, chosen: null, id: null, busy: false,
    };
    resetButton.addEventListener("click", () => reset(example));
    return example;
  }

  // Shows the rules of `game`, their boards started the first time.
  function showGame(game) {
    shown = game;
    $("rules-title").textContent = `How to play ${FULL[game]}`;
    for (const tab of $("rules-tabs").querySelectorAll("[role=tab]")) {
      const selected = tab.dataset.game === game;
      tab.setAttribute("aria-selected", String(selected));
      tab.tabIndex = selected ? 0 : -1;
    }
    for (const panel of $("rules-body").querySelectorAll(".rules-panel")) {
      panel.hidden = panel.dataset.game !== game;
    }
    $("rules-body").scrollTop = 0;
    if (examples[game]) return;
    const made = RULES[game].rules.map((rule) => section(game, rule));
    examples[game] = made;
    const panel = $(`rules-panel-${game}`);
    panel.replaceChildren(element("p", "rules-intro", RULES[game].intro), ...made.map((e) => e.section));
    made.forEach(start);
  }

  // The tabs, one a game; ←/→ go from one to the next.
  $("rules-tabs").replaceChildren(...GAMES.map((game) => {
    const tab = button(SHORT[game], () => showGame(game));
    tab.id = `rules-tab-${game}`;
    tab.dataset.game = game;
    tab.setAttribute("role", "tab");
    tab.setAttribute("aria-controls", `rules-panel-${game}`);
    tab.setAttribute("aria-selected", "false");
    return tab;
  }));
  $("rules-tabs").addEventListener("keydown", (event) => {
    const step = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
    if (step === undefined || !shown) return;
    event.preventDefault();
    const next = GAMES[(GAMES.indexOf(shown) + step + GAMES.length) % GAMES.length];
    showGame(next);
    $(`rules-tab-${next}`).focus();
  });
  $("rules-body").replaceChildren(...GAMES.map((game) => {
    const panel = element("div", "rules-panel");
    panel.id = `rules-panel-${game}`;
    panel.dataset.game = game;
    panel.setAttribute("role", "tabpanel");
    panel.setAttribute("aria-labelledby", `rules-tab-${game}`);
    panel.hidden = true;
    return panel;
  }));

  busy(0);
  label();
  for (const radio of document.querySelectorAll("input[name=game-choice]")) {
    radio.addEventListener("change", label);
  }
  $("game").addEventListener("change", label);
  // Opens the rules of `name` from the button `opener`, to which the
  // focus returns when they close.
  let opener = $("rules-open");
  function open(name, from) {
    opener = from;
    label();
    if (!$("rules").open) $("rules").showModal();
    showGame(name);
    $(`rules-tab-${shown}`).focus();
  }
  $("rules-open").addEventListener("click", () => open(chosenGame(), $("rules-open")));
  // Beside the status line: the rules of the game shown (serve.js's
  // `game`), whose words the status uses.
  $("status-rules").addEventListener("click", () =>
    open(game && GAMES.includes(game.game) ? game.game : chosenGame(), $("status-rules")));
  $("rules-close").addEventListener("click", () => $("rules").close());
  $("rules").addEventListener("close", () => opener.focus());
})();
