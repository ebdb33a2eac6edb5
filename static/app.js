/* The scorekeeper's page, made quicker. Everything works without this file: the forms post
   and the server renders. This adds a 52-card picker, submits forms without a full reload
   (the server's HTML is swapped in, so no rule lives here) and announces what changed, keeps
   the sheet, the players' names and the display choices (dark, four-colour deck) on this
   device, offers the kept sheet on the start screen, a copy/share button for the sheet's link
   and a print button, and moves to the knocker's box once "Who knocked?" is tapped. */
(function () {
  "use strict";

  var STORE_KEY = "gin-scorekeeper-sheet";
  var NAMES_KEY = "gin-scorekeeper-names";
  var THEME_KEY = "gin-scorekeeper-theme";
  var DECK_KEY = "gin-scorekeeper-deck";
  var SUITS = ["s", "h", "d", "c"];
  var SUIT_GLYPH = { s: "\u2660", h: "\u2665", d: "\u2666", c: "\u2663" };
  var SUIT_NAME = { s: "spades", h: "hearts", d: "diamonds", c: "clubs" };
  var RANKS = "A23456789TJQK";
  var RANK_NAME = ["ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king"];
  var SUIT_OF = {
    s: "s", h: "h", d: "d", c: "c", "\u2660": "s", "\u2665": "h", "\u2666": "d", "\u2663": "c",
    "\u2664": "s", "\u2661": "h", "\u2662": "d", "\u2667": "c"
  };

  /* --- reading what was typed, only to show the picker's state ---------------------------- */

  function inWords(text) { return /\bof\b/i.test(text); }

  function tokens(text) {
    return text.split(inWords(text) ? /[,;]+/ : /[\s,;]+/)
      .map(function (t) { return t.trim(); })
      .filter(function (t) { return t.length > 0; });
  }

  /* A token's canonical code ("Th"), or null for anything but rank+suit symbols: the picker
     then just leaves it alone; the server reads every notation. */
  function codeOf(token) {
    var t = token.replace(/[\uFE0E\uFE0F]/g, "").toLowerCase();
    var suit, rank;
    if (SUIT_OF[t.slice(-1)]) { suit = SUIT_OF[t.slice(-1)]; rank = t.slice(0, -1); }
    else if (SUIT_OF[t.charAt(0)]) { suit = SUIT_OF[t.charAt(0)]; rank = t.slice(1); }
    else { return null; }
    rank = { "1": "a", "10": "t" }[rank] || rank;
    if (rank.length !== 1 || "a23456789tjqk".indexOf(rank) < 0) { return null; }
    return rank.toUpperCase() + suit;
  }

  function codesIn(field) {
    var codes = {};
    tokens(field.value).forEach(function (t) { var c = codeOf(t); if (c) { codes[c] = true; } });
    return codes;
  }

  function glyph(code) {
    return (code.charAt(0) === "T" ? "10" : code.charAt(0)) + SUIT_GLYPH[code.charAt(1)] + "\uFE0E";
  }

  function words(code) {
    return RANK_NAME[RANKS.indexOf(code.charAt(0))] + " of " + SUIT_NAME[code.charAt(1)];
  }

  /* --- the card picker ------------------------------------------------------------------- */

  var pickerCount = 0;

  function buildPicker(field) {
    var single = field.getAttribute("data-picker") === "one";
    var id = "picker-" + (++pickerCount);
    var bar = document.createElement("div");
    bar.className = "picker-bar";
    var toggle = document.createElement("button");
    toggle.type = "button";
    toggle.className = "small picker-toggle";
    toggle.setAttribute("aria-expanded", "false");
    toggle.setAttribute("aria-controls", id);
    toggle.textContent = single ? "Pick the card" : "Pick cards";
    bar.appendChild(toggle);
    var count = null;
    if (!single) {
      count = document.createElement("span");
      count.className = "picker-count";
      count.setAttribute("aria-live", "polite");
      bar.appendChild(count);
    }
    var clear = document.createElement("button");
    clear.type = "button";
    clear.className = "small danger";
    clear.textContent = "Clear";
    clear.setAttribute("aria-label", "Clear " + labelOf(field));
    bar.appendChild(clear);

    var grid = document.createElement("div");
    grid.className = "picker";
    grid.id = id;
    grid.hidden = true;
    grid.setAttribute("role", "group");
    grid.setAttribute("aria-label", "Cards for " + labelOf(field));
    SUITS.forEach(function (suit) {
      var row = document.createElement("div");
      row.className = "picker-suit";
      row.setAttribute("role", "group");
      row.setAttribute("aria-label", SUIT_NAME[suit]);
      for (var r = 0; r < 13; r++) {
        var code = RANKS.charAt(r) + suit;
        var b = document.createElement("button");
        b.type = "button";
        b.className = "pick suit-" + suit + " " + (suit === "h" || suit === "d" ? "red" : "black");
        b.setAttribute("data-code", code);
        b.setAttribute("aria-label", words(code));
        b.setAttribute("aria-pressed", "false");
        b.textContent = glyph(code);
        row.appendChild(b);
      }
      grid.appendChild(row);
    });

    var anchor = field.nextElementSibling && field.nextElementSibling.classList.contains("field-error")
      ? field.nextElementSibling : field;
    anchor.insertAdjacentElement("afterend", bar);
    bar.insertAdjacentElement("afterend", grid);

    function show(open) {
      grid.hidden = !open;
      toggle.setAttribute("aria-expanded", open ? "true" : "false");
      toggle.textContent = open ? "Hide cards" : (single ? "Pick the card" : "Pick cards");
    }
    toggle.addEventListener("click", function () { show(grid.hidden); });
    clear.addEventListener("click", function () {
      field.value = "";
      field.dispatchEvent(new Event("input", { bubbles: true }));
      field.focus();
    });
    grid.addEventListener("click", function (event) {
      var b = event.target.closest("button.pick");
      if (!b || b.disabled) { return; }
      toggleCard(field, b.getAttribute("data-code"), single);
    });
    field.addEventListener("input", function () { refreshForm(field.form); });
    field._picker = { grid: grid, count: count, show: show, toggle: toggle };
  }

  function labelOf(field) {
    var label = field.id && document.querySelector("label[for='" + field.id + "']");
    return label ? label.textContent.trim() : "this hand";
  }

  /* Entering both hands by the picker: choosing "Cards" opens the knocker's picker. The
     knocker may give 10 cards or 11 (the best discard is then found), so the knocker's picker
     stays under the finger at the tenth card and offers "Next" to move on; an eleventh card
     (the most a knocker holds) moves on by itself, and so does the defender's tenth. */
  function pickerFlow(root) {
    var form = root.querySelector(".hand-form:not(.no-sheet)");
    if (!form) { return; }
    function fieldOf(place) { return form.querySelector("#score-c" + place); }
    function knocker() {
      var who = form.querySelector("input[name=knocked_by]:checked");
      return who && who.value === "1" ? 1 : 0;
    }
    function count(place) { var f = fieldOf(place); return f ? tokens(f.value).length : 0; }
    function open(place) {
      [0, 1].forEach(function (p) { var f = fieldOf(p); if (f && f._picker) { f._picker.show(p === place); } });
      refreshNext();
    }
    function openFirst() {
      var mode = form.querySelector("input[name=mode]:checked");
      if (!mode || mode.value !== "cards") { return; }
      var k = knocker();
      var next = count(k) < 10 ? k : count(1 - k) < 10 ? 1 - k : null;
      if (next !== null) { open(next); }
    }
    /* the knocker's hand is done: fold it and open the defender's, if that still needs cards */
    function moveOn() {
      var d = 1 - knocker();
      if (count(d) < 10) {
        open(d);
        var bar = fieldOf(d)._picker.grid.previousElementSibling;
        (bar || fieldOf(d)).scrollIntoView({ block: "nearest" });
      } else {
        open(null);
      }
    }
    function refreshNext() {
      var k = knocker();
      [0, 1].forEach(function (place) {
        var field = fieldOf(place);
        if (!field || !field._picker || !field._picker.next) { return; }
        field._picker.next.hidden = place !== k || count(place) !== 10 || field._picker.grid.hidden;
      });
    }
    [0, 1].forEach(function (place) {
      var field = fieldOf(place), other = fieldOf(1 - place);
      if (!field || !field._picker || field._picker.next) { return; }
      var next = document.createElement("div");
      next.className = "picker-next";
      var text = document.createElement("p");
      text.textContent = "10 cards. Pick an 11th to have the best discard found, or go on.";
      var go = document.createElement("button");
      go.type = "button";
      go.className = "secondary";
      go.textContent = "Next: " + (other ? labelOf(other) : "the other hand");
      go.addEventListener("click", moveOn);
      next.append(text, go);
      field._picker.grid.appendChild(next);
      field._picker.next = next;
      field._picker.toggle.addEventListener("click", refreshNext);
      field.addEventListener("input", function () {
        if (!field._picker.grid.hidden) {
          var n = count(place);
          if (place === knocker() ? n >= 11 : n >= 10) {
            if (place === knocker()) { moveOn(); } else if (count(1 - place) < 10) { openFirst(); } else { open(null); }
          }
        }
        refreshNext();
      });
    });
    form.querySelectorAll("input[name=mode], input[name=knocked_by]").forEach(function (radio) {
      radio.addEventListener("change", openFirst);
      radio.addEventListener("change", refreshNext);
    });
    refreshNext();
  }

  function toggleCard(field, code, single) {
    if (single) {
      field.value = codeOf(field.value.trim()) === code ? "" : code;
    } else {
      var kept = [], removed = false;
      tokens(field.value).forEach(function (t) {
        if (codeOf(t) === code) { removed = true; } else { kept.push(t); }
      });
      if (!removed) { kept.push(code); }
      field.value = kept.join(inWords(field.value) ? ", " : " ");
    }
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }

  /* Pressed: in this field. Disabled: in the other hand of the same form (a card is in one
     place). The upcard may also be in a hand, so it takes no part in that. */
  function refreshForm(form) {
    if (!form) { return; }
    var hands = Array.prototype.slice.call(form.querySelectorAll("[data-picker='hand']"));
    var held = hands.map(codesIn);
    form.querySelectorAll("[data-picker]").forEach(function (field) {
      if (!field._picker) { return; }
      var mine = codesIn(field);
      var isHand = field.getAttribute("data-picker") === "hand";
      field._picker.grid.querySelectorAll("button.pick").forEach(function (b) {
        var code = b.getAttribute("data-code");
        var elsewhere = isHand && held.some(function (codes, i) { return hands[i] !== field && codes[code]; });
        b.setAttribute("aria-pressed", mine[code] ? "true" : "false");
        b.disabled = !!elsewhere && !mine[code];
        b.setAttribute("aria-label", words(code) + (b.disabled ? " (in the other hand)" : ""));
      });
      if (field._picker.count) {
        var n = tokens(field.value).length;
        field._picker.count.textContent = n === 1 ? "1 card" : n + " cards";
      }
    });
  }

  /* --- submitting without a full reload --------------------------------------------------- */

  var busy = false;

  /* A button with data-confirm asks first (reading an evening in over an open sheet). */
  function confirmed(event) {
    var ask = event.submitter && event.submitter.getAttribute("data-confirm");
    if (ask && !window.confirm(ask)) { event.preventDefault(); return false; }
    return true;
  }

  function enhance(form) {
    form.addEventListener("submit", function (event) {
      var submitter = event.submitter;
      if (!confirmed(event)) { return; }
      if (!window.fetch || !window.DOMParser || form._plain) { return; }
      event.preventDefault();
      if (busy) { return; }
      var data = new URLSearchParams(new FormData(form));
      if (submitter && submitter.name) { data.append(submitter.name, submitter.value); }
      busy = true;
      if (submitter) { submitter.disabled = true; }
      /* form.action would be the button named "action": read the attribute */
      var target = new URL(form.getAttribute("action") || "/", window.location.href);
      target.hash = "";
      fetch(target.href, {
        method: "POST", body: data, credentials: "same-origin",
        headers: { Accept: "text/html" }
      }).then(function (response) {
        return response.text().then(function (html) { swap(html, response); });
      }).catch(function () {
        /* the network failed: post the ordinary way, which shows the browser's own error */
        form._plain = true;
        if (submitter) { submitter.disabled = false; }
        form.requestSubmit(submitter || undefined);
      }).then(function () { busy = false; });
    });
  }

  function swap(html, response) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var fresh = doc.querySelector("main");
    if (!fresh) { throw new Error("no page in the answer"); }
    document.querySelector("main").innerHTML = fresh.innerHTML;
    document.body.setAttribute("data-swaps", String(Number(document.body.getAttribute("data-swaps") || 0) + 1));
    document.title = doc.title;
    if (response.redirected) {
      history.pushState(null, "", response.url);
    } else {
      followSheet(false);
    }
    init(document.querySelector("main"));
    announce();
    focusAfterSwap();
  }

  /* The address follows the sheet shown: its own link, or "/" for one too long for a link
     (Resume brings it back from this device), so that a reload never brings back an older
     sheet. At load, a sheet shown anywhere but at its own link came from a post (a file read
     in, the advice page's way back), which a reload would send again once the script has
     added hands: that entry is replaced. An answer that kept the sheet (a form's error)
     leaves the address alone. */
  function followSheet(atLoad) {
    var sheet = document.querySelector("[data-sheet-token]");
    if (!sheet) { return; }
    var token = sheet.getAttribute("data-sheet-token");
    var linked = sheet.hasAttribute("data-sheet-link");
    var here = new URL(window.location.href);
    var shown = here.searchParams.get("g");
    var address = linked ? "/?g=" + encodeURIComponent(token) : "/";
    if (atLoad) {
      /* a sheet with no link of its own leaves the post only where this device can keep it:
         else a reload's resent post is the one way back to it */
      if (!linked && !canKeep()) { return; }
      /* the fragment stays while it names something here (a file's error to scroll to) */
      var mark = here.hash && document.getElementById(here.hash.slice(1)) ? here.hash : "";
      if (shown !== token) { history.replaceState(null, "", address + mark); }
    } else if (here.pathname !== "/" || shown !== (linked ? token : null)) {
      history.pushState(null, "", address);
    }
  }

  /* The page's message (a hand added, an undo) read out: the live region outside <main>
     stays in place across swaps, so screen readers hear each change. */
  function announce() {
    var region = document.getElementById("announcer");
    var notice = document.querySelector("#notice .notice-text, .error-summary h3, #problem p");
    if (!region) { return; }
    region.textContent = "";
    if (notice) {
      var board = document.querySelector(".board-state");
      var totals = Array.prototype.map.call(document.querySelectorAll(".scoreboard .board-player"),
        function (p) { return p.textContent.replace(/\s+/g, " ").trim(); });
      window.setTimeout(function () {
        region.textContent = notice.textContent.replace(/\s+/g, " ").trim() +
          (totals.length && notice.closest("#notice") ? " " + totals.join(", ") + "." : "") +
          (board && notice.closest("#notice") ? " " + board.textContent.replace(/\s+/g, " ").trim() : "");
      }, 50);
    }
  }

  /* After a change the top of the page holds the totals, the message and the next form:
     stay there. A named target (a result, an error summary, an edit) takes the focus. */
  function focusAfterSwap() {
    var page = document.querySelector("[data-focus]");
    var name = page && page.getAttribute("data-focus");
    var target = name && document.getElementById(name);
    if (!target) {
      window.scrollTo({ top: 0, left: 0, behavior: "instant" });
      document.getElementById("main").focus({ preventScroll: true });
      return;
    }
    takeFocus(target);
  }

  function takeFocus(target) {
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: "start" });
  }

  /* An error summary's link takes you to the field, with the bad token selected. */
  function linkErrors(root) {
    root.querySelectorAll(".error-summary a[href^='#']").forEach(function (a) {
      a.addEventListener("click", function (event) {
        var field = document.getElementById(a.getAttribute("href").slice(1));
        if (!field) { return; }
        event.preventDefault();
        var input = field.matches("fieldset") ? field.querySelector("input") : field;
        input.focus();
        input.scrollIntoView({ block: "center" });
        selectMark(input);
      });
    });
  }

  function selectMark(field) {
    var start = field.getAttribute("data-mark-start");
    var end = field.getAttribute("data-mark-end");
    if (start !== null && end !== null && field.setSelectionRange) {
      field.setSelectionRange(Number(start), Number(end));
    }
  }

  /* --- keeping the sheet ------------------------------------------------------------------ */

  function storage() {
    try { return window.localStorage; } catch (e) { return null; }
  }

  function keptSheet(store) {
    var saved = null;
    try { saved = JSON.parse(store.getItem(STORE_KEY) || "null"); } catch (e) { saved = null; }
    return saved && typeof saved.token === "string" ? saved : null;
  }

  /* Whether this device lets the page keep a sheet (a browser may refuse site data). */
  function canKeep() {
    var store = storage();
    if (!store) { return false; }
    try { store.setItem(STORE_KEY + "-probe", "1"); store.removeItem(STORE_KEY + "-probe"); }
    catch (e) { return false; }
    return true;
  }

  /* A page brought back by a reload, Back or Forward shows a sheet as it was then, older
     than the one kept here: that sheet is marked stale for this tab (by a hash of its token,
     in sessionStorage, so the mark outlives the page: a plain link to the same sheet later,
     as the advice page's way back, is the same old sheet) and is never kept over a
     different sheet. Changed here, it is a new sheet with a new token. */
  var STALE_KEY = "gin-scorekeeper-stale";

  function returning() {
    var entry = window.performance && performance.getEntriesByType &&
      performance.getEntriesByType("navigation")[0];
    return !!entry && (entry.type === "reload" || entry.type === "back_forward");
  }

  function tokenHash(token) {   /* FNV-1a, 32 bits: a token may be hundreds of kilobytes */
    var h = 0x811c9dc5;
    for (var i = 0; i < token.length; i++) {
      h ^= token.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    return token.length + ":" + h.toString(16);
  }

  function staleMarks() {
    try { return JSON.parse(window.sessionStorage.getItem(STALE_KEY) || "[]"); } catch (e) { return []; }
  }

  function markStale(token) {
    var marks = staleMarks(), mark = tokenHash(token);
    if (marks.indexOf(mark) >= 0) { return; }
    marks.push(mark);
    try { window.sessionStorage.setItem(STALE_KEY, JSON.stringify(marks.slice(-50))); } catch (e) { /* no mark: as before */ }
  }

  function keepSheet(root) {
    var store = storage();
    var sheet = root.querySelector("[data-sheet-token]");
    if (!store) { return; }
    if (root.querySelector("[data-forget-sheet]")) { store.removeItem(STORE_KEY); }
    if (sheet) {
      var token = sheet.getAttribute("data-sheet-token");
      var kept = keptSheet(store);
      if (kept && kept.token !== token && staleMarks().indexOf(tokenHash(token)) >= 0) { return; }
      store.setItem(STORE_KEY, JSON.stringify({
        token: token,
        label: sheet.getAttribute("data-sheet-label"),
        tally: sheet.getAttribute("data-sheet-tally") || ""
      }));
      return;
    }
    offerResume(root, store);
    rememberNames(root, store);
  }

  /* The names typed at the last Start fill an empty start form. */
  function rememberNames(root, store) {
    var form = root.querySelector("#start form");
    if (!form) { return; }
    var first = form.querySelector("[name=player0]"), second = form.querySelector("[name=player1]");
    var saved = null;
    try { saved = JSON.parse(store.getItem(NAMES_KEY) || "null"); } catch (e) { saved = null; }
    if (saved && saved.length === 2 && !first.value && !second.value) {
      first.value = String(saved[0]); second.value = String(saved[1]);
    }
    form.addEventListener("submit", function () {
      store.setItem(NAMES_KEY, JSON.stringify([first.value, second.value]));
    });
  }

  function offerResume(root, store) {
    var slot = root.querySelector(".resume-slot");
    var saved = keptSheet(store);
    if (!slot || !saved) { return; }
    var box = document.createElement("form");
    box.method = "post";
    box.action = "/";
    box.className = "resume";
    box.setAttribute("aria-label", "The sheet kept on this device");
    var text = document.createElement("p");
    text.className = "resume-text";
    text.textContent = "Kept on this device: " + (saved.label || "your last sheet") +
      (saved.tally ? ". Tonight: " + saved.tally : "") + ".";
    var token = document.createElement("input");
    token.type = "hidden"; token.name = "g"; token.value = saved.token;
    var go = document.createElement("button");
    go.type = "submit"; go.name = "action"; go.value = "show"; go.className = "primary";
    go.textContent = "Resume";
    var forget = document.createElement("button");
    forget.type = "button"; forget.className = "small danger"; forget.textContent = "Forget it";
    forget.addEventListener("click", function () { store.removeItem(STORE_KEY); box.remove(); });
    var buttons = document.createElement("div");
    buttons.className = "resume-actions";
    buttons.append(go, forget);
    box.append(text, token, buttons);
    slot.replaceWith(box);
    enhance(box);
  }

  /* Display choices, kept on this device: dark or light (else the system's), and the
     four-colour deck (diamonds blue, clubs green; the suit glyph always shows the suit). */
  function displaySettings() {
    var slot = document.querySelector(".display-settings");
    if (!slot || slot.childElementCount) { return; }
    var store = storage();
    var html = document.documentElement;
    function isDark() {
      var theme = html.getAttribute("data-theme");
      return theme ? theme === "dark" : window.matchMedia("(prefers-color-scheme: dark)").matches;
    }
    /* words on each button: a lone "4♦" said nothing without its tooltip */
    var dark = button("", isDark(), function () {
      var next = isDark() ? "light" : "dark";
      html.setAttribute("data-theme", next);
      if (store) { store.setItem(THEME_KEY, next); }
      return next === "dark";
    });
    dark.append(faces([["\u263E", ""]]), wordsOf("Dark"));
    dark.setAttribute("aria-label", "Dark mode");
    dark.title = "Dark mode";
    var deck = button("", html.classList.contains("four-colour"), function () {
      var on = html.classList.toggle("four-colour");
      if (store) { store.setItem(DECK_KEY, on ? "four" : "two"); }
      return on;
    });
    deck.append(faces([["\u2666", "suit-d"], ["\u2663", "suit-c"]]), wordsOf("4 colours"));
    deck.setAttribute("aria-label", "Four-colour deck");
    deck.title = "Four-colour deck: diamonds blue, clubs green";
    slot.append(dark, deck);
    slot.hidden = false;
  }

  /* a display toggle's face: its glyphs (hidden from screen readers) over its words */
  function faces(glyphs) {
    var box = document.createElement("span");
    box.className = "toggle-face";
    box.setAttribute("aria-hidden", "true");
    glyphs.forEach(function (pair) {
      var glyph = document.createElement("span");
      glyph.className = pair[1];
      glyph.textContent = pair[0] + "\uFE0E";
      box.appendChild(glyph);
    });
    return box;
  }

  function wordsOf(text) {
    var words = document.createElement("span");
    words.className = "toggle-words";
    words.textContent = text;
    return words;
  }

  function button(text, pressed, flip) {
    var b = document.createElement("button");
    b.type = "button"; b.className = "toggle"; b.textContent = text;
    b.setAttribute("aria-pressed", pressed ? "true" : "false");
    b.addEventListener("click", function () { b.setAttribute("aria-pressed", flip() ? "true" : "false"); });
    return b;
  }

  function printButtons(root) {
    root.querySelectorAll(".print-button").forEach(function (b) {
      b.hidden = false;
      b.addEventListener("click", function () { window.print(); });
    });
  }

  /* One tap fewer: tapping who knocked moves to that player's deadwood box (counts, a
     knock), or to the other player's for gin, where the knocker's box is not asked for.
     Only a tap or click: the arrow keys must still move through the choices. */
  function quickEntry(root) {
    var form = root.querySelector(".hand-form:not(.no-sheet)");
    var group = form && form.querySelector("#score-knocked_by");
    if (!group) { return; }
    var pointed = false;
    group.addEventListener("pointerdown", function () { pointed = true; });
    group.addEventListener("keydown", function () { pointed = false; });
    form.querySelectorAll("input[name=knocked_by]").forEach(function (radio) {
      radio.addEventListener("change", function () {
        if (!pointed) { return; }
        pointed = false;
        var mode = form.querySelector("input[name=mode]:checked");
        var kind = form.querySelector("input[name=kind]:checked");
        if (!mode || mode.value !== "counts") { return; }
        var k = radio.value === "1" ? 1 : 0;
        var box = form.querySelector("#score-d" + (kind && kind.value !== "knock" ? 1 - k : k));
        if (box && !box.value) { box.focus(); }
      });
    });
  }

  function shareButtons(root) {
    var input = root.querySelector("#share-link");
    if (!input) { return; }
    input.value = new URL(input.value, window.location.href).href;   /* a link to copy */
    input.hidden = false;
    var row = input.parentNode;
    if (navigator.clipboard) {
      var copy = document.createElement("button");
      copy.type = "button"; copy.className = "secondary"; copy.textContent = "Copy link";
      copy.addEventListener("click", function () {
        navigator.clipboard.writeText(input.value).then(function () {
          copy.textContent = "Copied";
        }, function () { input.select(); });
      });
      row.appendChild(copy);
    }
    if (navigator.share) {
      var share = document.createElement("button");
      share.type = "button"; share.className = "secondary"; share.textContent = "Share\u2026";
      share.addEventListener("click", function () {
        navigator.share({ title: document.title, url: input.value }).catch(function () {});
      });
      row.appendChild(share);
    }
    input.addEventListener("focus", function () { input.select(); });
  }

  /* The hint under a rules menu names the chosen preset's values: the style sheet shows it
     (by :has), and this marks it for browsers without :has. */
  function presetHints(root) {
    root.querySelectorAll("select[data-summary-target]").forEach(function (select) {
      select.addEventListener("change", function () {
        var hint = document.getElementById(select.getAttribute("data-summary-target"));
        if (!hint) { return; }
        hint.querySelectorAll(".preset-summary").forEach(function (span) {
          span.classList.toggle("chosen", span.getAttribute("data-preset") === select.value);
        });
      });
    });
  }

  function init(root) {
    root.querySelectorAll("[data-picker]").forEach(buildPicker);
    root.querySelectorAll("form").forEach(function (form) {
      refreshForm(form);
      if (form.hasAttribute("data-enhance")) { enhance(form); } else { form.addEventListener("submit", confirmed); }
    });
    linkErrors(root);
    keepSheet(root);
    shareButtons(root);
    presetHints(root);
    printButtons(root);
    quickEntry(root);
    pickerFlow(root);
    displaySettings();
    document.body.setAttribute("data-ready", "1");   /* for the tests: the page is live */
  }

  function load() {
    /* a position that could not be read: its error summary takes the focus, as the
       scorekeeper's does after a swap (the form's address names it, for the scroll) */
    var problem = document.getElementById("advice-problem");
    if (problem) { takeFocus(problem); }
    var sheet = document.querySelector("[data-sheet-token]");
    var store = storage();
    var kept = store && keptSheet(store);
    if (sheet && returning() && kept && kept.token !== sheet.getAttribute("data-sheet-token")) {
      markStale(sheet.getAttribute("data-sheet-token"));
    }
    followSheet(true);
    init(document);
  }

  window.addEventListener("popstate", function () { window.location.reload(); });
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", load);
  } else {
    load();
  }
}());
