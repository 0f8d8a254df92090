// The table page: a transcript and one input, as at the console (docs/web.md).
// Every text is set with textContent, never as markup, and through shown(): no control character reaches
// the page raw. The page sends only {"line": text}.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const log = $("log");
  const field = $("line");
  const statusLine = $("status");
  const language = $("language");
  const verbosity = $("verbosity");
  const sounds = $("sounds");
  const CUES = { turn: "turn", play: "play", draw: "draw", hand: "header", out: "out", block: "block", win: "win" };
  const KIND = /^[a-z_]{1,20}$/;
  const LANG = /^[a-z]{2,3}$/;

  // localStorage may be refused (a private window): the page then works without remembering
  const store = {
    get(key) {
      try { return window.localStorage.getItem(key); } catch { return null; }
    },
    set(key, value) {
      try {
        if (value === null) window.localStorage.removeItem(key);
        else window.localStorage.setItem(key, value);
      } catch { /* not kept */ }
    },
  };

  // The page's own output boundary, as the server's (boundary.visible): a control character, a direction
  // override or a zero-width character in a text from the socket is shown as a token (<ESC>, <U+202E>),
  // never put on the page, where it would reorder or hide what a screen reader and a braille display read.
  const C0 = [
    "NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL", "BS", "HT", "LF", "VT", "FF", "CR", "SO", "SI",
    "DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB", "CAN", "EM", "SUB", "ESC", "FS", "GS", "RS", "US",
  ];
  const UNSHOWN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;

  function shown(text) {
    return String(text).replace(UNSHOWN, (char) => {
      const code = char.codePointAt(0);
      if (code < 0x20) return "<" + C0[code] + ">";
      if (code === 0x7f) return "<DEL>";
      return "<U+" + code.toString(16).toUpperCase().padStart(4, "0") + ">";
    });
  }

  let words = {};
  let socket = null;
  let retries = 0;
  let closedForGood = false;

  async function loadWords(asked) {
    const query = asked ? "?lang=" + encodeURIComponent(asked) : "";
    const reply = await fetch("/words.json" + query, { cache: "no-store" });
    const hello = await reply.json();
    words = hello.words || {};
    document.documentElement.lang = hello.language;
    for (const element of document.querySelectorAll("[data-word]")) {
      const word = words[element.dataset.word];
      if (typeof word === "string") element.textContent = shown(word);
    }
    language.replaceChildren(...hello.languages.map((entry) => {
      const option = document.createElement("option");
      option.value = entry.code;
      option.textContent = shown(entry.name);
      option.lang = entry.code;
      return option;
    }));
    language.value = hello.language;
    return hello.language;
  }

  // ------------------------------------------------------------ the log

  const transcript = $("transcript");

  // The line that opens a hand ("Hand 2. Your tiles: …", marked by the server) is its heading: history
  // is reached heading by heading, each hand under its own (never the rules told again by a rejoin).
  function addLine(kind, text, heading, number, lang) {
    // each line in the language it was said in: earlier lines keep theirs after a switch
    const line = {
      k: kind,
      t: text,
      n: Number.isInteger(number) ? number : null,
      l: typeof lang === "string" && LANG.test(lang) ? lang : document.documentElement.lang,
      h: heading === true,
    };
    const atEnd = transcript.scrollTop + transcript.clientHeight >= transcript.scrollHeight - 8;
    log.appendChild(lineElement(line));
    if (atEnd) transcript.scrollTop = transcript.scrollHeight;
    keep(line);
    cue(kind);
  }

  // A screen reader hears the log's lines in the order the browser tells it of them, and Chromium
  // tells the lines added within one moment (one message, or several in a few ms) in an order of its
  // own. So the lines go into the log one at a time, SPACING ms apart: each reaches the reader before
  // the next is added (Orca then speaks every burst in order: docs/orca-harness.md has the figures).
  // A hidden page has no reader listening and its timers are slowed: it shows what waits at once; so
  // does a page that was sent more than MOST_WAITING lines faster than it shows them (no reader
  // follows that anyway, and the log must not fall behind the game), and one being left (kept).
  const SPACING = 300;
  const MOST_WAITING = 12;
  const waiting = [];
  let showing = false;

  function append(...line) {
    waiting.push(line);
    if (!showing) showNext();
  }

  function showNext(all = document.hidden || waiting.length > MOST_WAITING) {
    do {
      const line = waiting.shift();
      if (!line) {
        showing = false;
        return;
      }
      addLine(...line);
    } while (all);
    showing = true;
    window.setTimeout(showNext, SPACING);
  }

  function lineElement(line) {
    const element = document.createElement(line.h ? "h3" : "p");
    element.className = line.k;
    element.textContent = shown(line.t);
    if (line.l) element.lang = line.l;
    if (line.n !== null) element.dataset.n = String(line.n);
    return element;
  }

  // ------------------------------------------- the transcript kept over a reload (this tab only)

  // sessionStorage lives as long as the tab: a reload shows what was said before, in a part of the
  // transcript that is not live (a reader does not hear it all again), each line once, each hand under
  // its own heading; the numbers of the seat's lines shown are kept, so a rejoin's lines told again
  // are not shown twice.
  const KEPT = "bergen.transcript";
  const MOST_KEPT = 500;
  let kept = [];
  let leaving = false; // the page is being reloaded or left: its socket's end is no news

  function tabStore(write) {
    try { return write(window.sessionStorage); } catch { return null; } // refused: nothing is kept
  }

  function keep(line) {
    kept.push(line);
    if (kept.length > MOST_KEPT) kept = kept.slice(-MOST_KEPT);
    const saved = JSON.stringify({ code: seatCode, lines: kept });
    tabStore((storage) => storage.setItem(KEPT, saved));
  }

  function restore() {
    let saved = null;
    try { saved = JSON.parse(tabStore((storage) => storage.getItem(KEPT)) || "null"); } catch { saved = null; }
    if (!saved || typeof saved !== "object" || !Array.isArray(saved.lines)) return;
    const earlier = $("earlier");
    for (const line of saved.lines.slice(-MOST_KEPT)) {
      if (!line || typeof line.t !== "string" || typeof line.k !== "string" || !KIND.test(line.k)) continue;
      const clean = {
        k: line.k,
        t: line.t,
        n: Number.isInteger(line.n) ? line.n : null,
        l: typeof line.l === "string" && LANG.test(line.l) ? line.l : "",
        h: line.h === true,
      };
      kept.push(clean);
      earlier.appendChild(lineElement(clean));
      if (clean.n !== null) shownNumbers.add(clean.n);
    }
    if (typeof saved.code === "string") seatCode = saved.code;
    transcript.scrollTop = transcript.scrollHeight;
  }

  function cue(kind) {
    const name = CUES[kind];
    if (!name || !sounds.checked) return;
    const audio = new Audio("/sounds/" + name + ".wav");
    audio.play().catch(() => { /* the browser may refuse sound before a press */ });
  }

  // ------------------------------------------------------- the buttons

  // Keep each button whose line is still offered (so focus and the reader's place stay), add the new
  // ones, drop the old ones; a focused button that goes gives the focus to the field.
  function sync(container, items, make, update) {
    const focused = document.activeElement;
    const hadFocus = container.contains(focused);
    const wanted = new Set(items.map((item) => item.line));
    for (const node of [...container.children]) {
      if (!wanted.has(node.dataset.key)) node.remove();
    }
    let at = 0;
    for (const item of items) {
      let node = container.children[at];
      if (!node || node.dataset.key !== item.line) {
        node = make(item);
        node.dataset.key = item.line;
        container.insertBefore(node, container.children[at] || null);
      }
      update(node, item);
      at += 1;
    }
    if (hadFocus && !container.contains(document.activeElement)) field.focus();
  }

  function button(label, line) {
    const element = document.createElement("button");
    element.type = "button";
    element.textContent = shown(label);
    element.dataset.line = line;
    return element;
  }

  function setLabel(element, label) {
    const text = shown(label);
    if (element.textContent !== text) element.textContent = text;
  }

  function plainButton(item) {
    return button(item.label, item.line);
  }

  function updatePlain(node, item) {
    setLabel(node, item.label);
  }

  let groups = 0;

  function makeTile(item) {
    const wrapper = document.createElement("div");
    wrapper.className = "tile";
    const main = button(item.label, item.line);
    main.className = "play";
    const group = document.createElement("div");
    group.className = "ends";
    group.setAttribute("role", "group");
    group.id = "ends-" + (groups += 1);
    group.hidden = true;
    wrapper.append(main, group);
    return wrapper;
  }

  function updateTile(wrapper, item) {
    const main = wrapper.querySelector(".play");
    const group = wrapper.querySelector(".ends");
    setLabel(main, item.label);
    // a tile that fits nowhere now stays readable and focusable, but says so and does nothing
    if (item.disabled) main.setAttribute("aria-disabled", "true");
    else main.removeAttribute("aria-disabled");
    const ends = item.ends || [];
    if (ends.length) {
      main.setAttribute("aria-expanded", group.hidden ? "false" : "true");
      main.setAttribute("aria-controls", group.id);
      group.setAttribute("aria-label", shown(item.question || item.label));
      sync(group, ends, plainButton, updatePlain);
    } else {
      main.removeAttribute("aria-expanded");
      main.removeAttribute("aria-controls");
      group.hidden = true;
      group.replaceChildren();
    }
  }

  function showStatus(state) {
    // the prompt's facts without the prompt's ">"; in the lobby, where one is
    let text = typeof state.text === "string" ? shown(state.text).replace(/\s*>\s*$/, "").trim() : "";
    if (!text && state.where === "lobby") text = words.lobby || "";
    if (statusLine.textContent !== text) statusLine.textContent = text;
    const hand = Array.isArray(state.hand) ? state.hand : [];
    sync($("tiles"), hand, makeTile, updateTile);
    $("no-tiles").hidden = hand.length > 0;
    showSection("tiles", Array.isArray(state.hand)); // at a seat, even with no tile; not in the lobby
    const moves = Array.isArray(state.moves) ? state.moves : [];
    sync($("moves"), moves, plainButton, updatePlain);
    showSection("moves", moves.length > 0); // no empty heading while another seat plays
    const review = Array.isArray(state.review) ? state.review : [];
    sync($("review"), review, plainButton, updatePlain);
    showSection("review", review.length > 0);
    const people = Array.isArray(state.people)
      ? state.people.filter((entry) => typeof entry === "string").map(shown)
      : [];
    fillList($("people"), people);
    showSection("people", people.length > 0);
    // the server's tournament: your table in the round, then the standings (quiet: the log says them)
    const tournament = state.tournament && typeof state.tournament === "object" ? state.tournament : null;
    const place = tournament && typeof tournament.place === "string" ? shown(tournament.place) : "";
    const placeLine = $("tournament-place");
    if (placeLine.textContent !== place) placeLine.textContent = place;
    placeLine.hidden = !place;
    const standings = tournament && Array.isArray(tournament.standings)
      ? tournament.standings.filter((entry) => typeof entry === "string").map(shown)
      : [];
    fillList($("standings"), standings);
    showSection("standings", tournament !== null);
    lastState = state;
  }

  // A section with nothing in it is hidden, heading and all (a heading over nothing is a dead stop).
  // A list's items, replaced only when they changed (each as text, never markup).
  function fillList(list, entries) {
    if ([...list.children].map((item) => item.textContent).join("\n") !== entries.join("\n")) {
      list.replaceChildren(...entries.map((entry) => {
        const item = document.createElement("li");
        item.textContent = entry;
        return item;
      }));
    }
  }

  function showSection(id, shown) {
    const section = $(id).closest("section");
    if (section.hidden === shown) section.hidden = !shown;
  }

  // ----------------------------------------------------------- the keys

  // Alt+Shift and a letter: screen readers keep their own keys on their own modifier (Insert or Caps
  // Lock for NVDA, JAWS and Orca, Control+Option for VoiceOver) and on single letters in browse mode,
  // and pass Alt+Shift and a letter on to the page; browsers take Alt+Shift+T, I and A, not L, S, Y, W.
  // The key's code is read, not the character, so it is the same key on every keyboard layout.
  // What a key says goes to a polite live region of its own (#said), not into the log.
  let lastState = {};
  const said = $("said");
  let saying = 0;

  function say(text) {
    said.textContent = ""; // the same text twice is said twice: emptied, then set a moment later
    window.clearTimeout(saying);
    saying = window.setTimeout(() => { said.textContent = shown(text); }, 50);
  }

  function lastLine(selector) {
    const lines = transcript.querySelectorAll(selector);
    return lines.length ? lines[lines.length - 1].textContent : "";
  }

  const KEYS = {
    KeyL: () => lastLine("#earlier > *, #log > *") || words.no_line || "",
    KeyS: () => statusLine.textContent,
    KeyY: () => {
      if (lastState.yours) return lastLine(".turn") || statusLine.textContent;
      const name = typeof lastState.turn === "string" ? shown(lastState.turn) : "";
      return name ? (words.whose_turn || "").replace("{name}", () => name) : words.not_yours || "";
    },
    KeyW: () => {
      const people = [...$("people").children].map((item) => item.textContent);
      return people.length ? (words.people || "") + ": " + people.join("; ") + "." : words.no_table || "";
    },
  };

  document.addEventListener("keydown", (event) => {
    if (!event.altKey || !event.shiftKey || event.ctrlKey || event.metaKey) return;
    const key = KEYS[event.code];
    if (!key) return;
    event.preventDefault();
    say(key());
  });

  // A press: a tile that fits several ends opens its ends; any other button types its line.
  function pressed(event) {
    const target = event.target.closest("button");
    if (!target || target.getAttribute("aria-disabled") === "true") return;
    const wrapper = target.closest(".tile");
    if (target.classList.contains("play") && wrapper && target.hasAttribute("aria-controls")) {
      const group = wrapper.querySelector(".ends");
      group.hidden = !group.hidden;
      target.setAttribute("aria-expanded", group.hidden ? "false" : "true");
      return;
    }
    send(target.dataset.line);
  }

  for (const id of ["tiles", "moves", "review"]) {
    const container = $(id);
    container.addEventListener("click", pressed);
    // a press with the pointer leaves the focus where it was (in the field, most often)
    container.addEventListener("mousedown", (event) => {
      if (document.activeElement === field) event.preventDefault();
    });
  }

  // --------------------------------------------------------- the socket

  // ``shown`` (a rejoin's only): the highest of the seat's line numbers shown here; the server tells
  // again only the lines after it, and counts only those (a new tab, 0: the hand's heading too)
  function send(line, shown) {
    const message = Number.isInteger(shown) ? { line, shown } : { line };
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function lastShown(code) {
    if (code !== seatCode) return 0; // the lines kept are another seat's
    let last = 0;
    for (const number of shownNumbers) last = Math.max(last, number);
    return last;
  }

  let seatCode = null; // the seat this page sits at
  let shownNumbers = new Set(); // the numbers of its lines shown (kept while the page lives)

  function received(message) {
    const kind = typeof message.kind === "string" && KIND.test(message.kind) ? message.kind : "event";
    switch (kind) {
      case "status":
        showStatus(message);
        return;
      case "seat":
        if (typeof message.code === "string") {
          // another seat: its lines are numbered anew (a new tab's first: the lines of its rejoin are kept)
          if (seatCode !== null && message.code !== seatCode) shownNumbers = new Set();
          seatCode = message.code;
          store.set("bergen.code", message.code);
        }
        return;
      case "seat_left":
      case "seat_gone":
        store.set("bergen.code", null);
        return;
      case "close":
        if (!message.again) closedForGood = true;
        return;
      case "prompt":
        return; // the status line shows the prompt's facts
      default:
        // a seat's lines are numbered: one told again by a rejoin after a lost network may be here already
        // (not every one: a rejoin tells the seat's orientation first, under a later number)
        if (Number.isInteger(message.n)) {
          if (shownNumbers.has(message.n)) return;
          shownNumbers.add(message.n);
        }
        if (typeof message.text === "string" && message.text.trim() !== "") {
          append(kind, message.text, message.heading, message.n, message.lang);
        }
    }
  }

  function connect() {
    const scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + window.location.host + "/ws");
    socket.addEventListener("open", () => {
      retries = 0;
      // the first line: settings, so the greeting is in the player's words; then the seat, if one waits
      send("language " + language.value + " verbosity " + verbosity.value);
      const code = store.get("bergen.code");
      if (code) send("rejoin " + code, lastShown(code));
    });
    socket.addEventListener("message", (event) => {
      let message = null;
      try { message = JSON.parse(event.data); } catch { return; }
      if (message && typeof message === "object") received(message);
    });
    socket.addEventListener("close", () => {
      socket = null;
      if (leaving) return;
      if (closedForGood) {
        append("notice", words.closed || "The connection is closed.");
        return;
      }
      append("notice", words.lost || "The connection is lost.");
      window.setTimeout(connect, Math.min(15000, 500 * 2 ** retries));
      retries += 1;
    });
  }

  $("form").addEventListener("submit", (event) => {
    event.preventDefault();
    send(field.value);
    field.value = "";
  });

  language.addEventListener("change", async () => {
    store.set("bergen.language", language.value);
    await loadWords(language.value);
    send("language " + language.value);
  });
  verbosity.addEventListener("change", () => {
    store.set("bergen.verbosity", verbosity.value);
    send("verbosity " + verbosity.value);
  });
  sounds.addEventListener("change", () => store.set("bergen.sounds", sounds.checked ? "on" : null));

  window.addEventListener("pagehide", () => {
    leaving = true;
    showNext(true); // what waits is shown and kept
  });
  window.addEventListener("pageshow", () => { leaving = false; });

  async function start() {
    restore();
    verbosity.value = store.get("bergen.verbosity") || "normal";
    sounds.checked = store.get("bergen.sounds") === "on"; // off unless the player turned them on
    try {
      await loadWords(store.get("bergen.language"));
    } catch { /* the page's own English words stay */ }
    connect();
  }

  start();
})();
