"""What the page does for each request: GET shows a sheet from its link, POST runs one action.

A change to the sheet answers with a redirect to the sheet's link (POST-redirect-GET), so a
reload, Back or a shared link shows the same sheet. The link also carries the sheet before
the change (`u`, for Undo) or after an undo (`r`, for Redo) and what was done (`did`), so the
message and its Undo button survive a reload; the share link carries the sheet alone. A
ledger too long for a link (or too long beside the sheet its Undo or Redo brings back) is
rendered straight from the POST instead, its hidden fields carrying it on (resubmitting that
POST recomputes the same sheet; the script, which adds hands without a new POST, moves the
page's history entry off it to "/" or the sheet's link), and its page posts it where a sheet
that fits has links: a hand's result, editing a hand, the question before clearing (`viewed`),
the export.

Every page that carries a ledger is sent with `Cache-Control: no-store`; links are relative,
or built on the configured `PUBLIC_BASE_URL`, never on the request's Host header.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import cached_property

from flask import Response, current_app, redirect, render_template, url_for
from werkzeug.exceptions import BadRequest

from ..api.limits import MAX_LEDGER_HANDS
from ..core import CalculatorError, Card
from ..core.game import TableEntry
from ..core.scoring import HandResult
from . import forms, play, sharing
from .forms import Form
from .ledger import FieldErrors, Ledger
from .numbers import number_in
from .sheet import SheetView, view

NO_STORE = {"Cache-Control": "no-store"}
TOKEN_SHAPE = re.compile(r"[0-9A-Za-z_-]{2,}")  # a sheet's token: URL-safe base64
DID = re.compile(r"(add|edit|delete):([0-9]{1,3})|setup|next|undo|redo|clear|import")


@dataclass
class Shown:
    """A hand's full result, for the result panel."""

    number: int | None                # None: a hand scored without a sheet
    result: HandResult | TableEntry
    knocker: str
    defender: str

    @property
    def at_table(self) -> bool:
        """Points scored at the table: a winner and points, no cards or counts."""
        return isinstance(self.result, TableEntry)


@dataclass
class Notice:
    """The line after a change: what was done, and the buttons to undo or redo it."""

    text: str
    words: tuple = ()                 # the hand's words, names marked (see `sheet.Row`)
    undo: str = ""                    # the token to go back to
    redo: str = ""
    show: int | None = None           # the hand whose full result is one tap away


@dataclass
class Page:
    ledger: Ledger | None = None
    token: str = ""                   # the ledger, encoded: every form's hidden field `g`
    sheet: SheetView | None = None
    hand_form: Form = field(default_factory=Form)
    setup_form: Form = field(default_factory=Form)
    shown: Shown | None = None
    notice: Notice | None = None
    problem: str = ""                 # a page-level problem (a broken link)
    focus: str = ""                   # the element the script moves focus to
    ask: str = ""                     # "clear": the confirmation before clearing
    forget: bool = False              # the script forgets the sheet kept on this device
    import_error: str = ""            # why an evening's file could not be read in

    @cached_property
    def link(self) -> str | None:
        """The share link: the sheet alone, relative unless a public base URL is set (kept:
        a render reads it eight times, and a long sheet's link costs some 50 µs to build)."""
        if self.ledger is None or not sharing.fits_in_link(self.token):
            return None
        base = str(current_app.config.get("PUBLIC_BASE_URL") or "").rstrip("/")
        return base + url_for("web.index", g=self.token)

    @property
    def rules(self):
        return self.sheet.sheet.rules if self.sheet else play.rules_of({})

    @property
    def players(self) -> tuple[str, str]:
        return self.sheet.players if self.sheet else ("Knocker", "Defender")

    @property
    def next_number(self) -> int:
        return len(self.ledger.hands) + 1 if self.ledger else 1


def card_face(card) -> Card:
    """A card for the templates (`.glyph`, `.words`, `.is_red`, `.suit`)."""
    return card if isinstance(card, Card) else Card(card)


def with_layoffs(meld, laid) -> list[tuple[Card, bool]]:
    """A meld's cards with the defender's lay-offs on it, as (card, laid off): a run in rank
    order (4♠ laid off A♠ 2♠ 3♠ reads A 2 3 4, never 2 3 4 A), a set with its lay-off last."""
    cards = [(card_face(c), False) for c in meld.cards] + [(card_face(c), True) for c in laid]
    if meld.kind == "run":
        cards.sort(key=lambda pair: pair[0].rank)
    return cards


TEMPLATE_HELPERS = {"card_face": card_face, "with_layoffs": with_layoffs, "RULE_FIELDS": forms.RULE_FIELDS,
                    "CHOICES": forms.CHOICES, "PRESET_LABELS": forms.PRESET_LABELS,
                    "RULE_LABELS": forms.RULE_LABELS,
                    "MODE_LABELS": forms.MODE_LABELS, "KIND_LABELS": forms.KIND_LABELS,
                    "preset_summary": forms.preset_summary, "option_hint": forms.option_hint}


def render(page: Page, status: int = 200) -> Response:
    home = url_for("web.index", g=page.token) if page.link else None  # the site name: this sheet
    return Response(render_template("index.html", page=page, home=home, **TEMPLATE_HELPERS),
                    status=status, mimetype="text/html", headers=NO_STORE)


def unreadable(error: Exception) -> str:
    """Why a ledger (from a link, a posted sheet or a file) cannot be played, as one
    sentence's end: a damaged link, which hand the form could not read and why, or the core's
    rule in the page's words."""
    if isinstance(error, play.FormSlip):
        details = "; ".join(t for texts in error.errors.messages.values() for t in texts)
        words = details if error.index is None else f"hand {error.index + 1}: {details}"
    elif isinstance(error, CalculatorError):
        words = problem_words(error)
    else:
        words = str(error)
    return words if words.endswith((".", "?", "!")) else words + "."


def open_ledger(page: Page, token: str) -> bool:
    """Load a ledger and its sheet onto the page; False (with a message) if it cannot be."""
    try:
        ledger = sharing.decode(token)
        sheet = play.play(ledger)
    except (sharing.ShareError, play.FormSlip, CalculatorError) as error:
        page.problem = f"This game sheet could not be opened: {unreadable(error)}"
        return False
    ledger = replace(ledger, players=sheet.players)  # as the core wrote them (NFC, trimmed)
    page.ledger, page.token, page.sheet = ledger, token, view(sheet, ledger)
    page.setup_form.values = {"player0": ledger.players[0], "player1": ledger.players[1],
                              **forms.rule_values(ledger.rules)}
    page.hand_form.values = {"mode": ledger.mode}
    return True


def problem_words(error: CalculatorError, most: int = 3) -> str:
    """The first few of a core error's messages, each naming the hand it is about."""
    words = []
    for path, message in error.errors[:most]:
        where = f"hand {path[1] + 1}: " if path[:1] == ("hands",) and len(path) > 1 \
            and isinstance(path[1], int) else ""
        words.append(where + message)
    more = len(error.errors) - most
    return "; ".join(words) + (f" (and {more} more)" if more > 0 else "")


def sheet_link(value) -> str:
    """A sheet's token from a URL (a link's `u` and `r`, the advice page's way back): as
    `sheet_token`, up to the length of a link."""
    return sheet_token(value, sharing.LINK_CHARS)


def sheet_token(value, most: int = sharing.MAX_TOKEN_CHARS) -> str:
    """A sheet's token from a form's hidden field, the way a sheet too long for a link travels
    (the advice page's `g`, Undo's and Redo's `other`, the sheet an evening is read in over):
    only its length (up to the longest token a sheet is read from) and shape are checked, as
    it is only passed on; "" when it is no token."""
    text = str(value or "")
    return text if len(text) <= most and TOKEN_SHAPE.fullmatch(text) else ""


def show(args) -> Response:
    """GET /: the start screen, or the sheet of `g` with a hand shown or edited, or the
    message of the last change."""
    page = Page()
    if "g" in args and not open_ledger(page, args.get("g", "")):
        return render(page, 400)
    undo, redo = sheet_link(args.get("u")), sheet_link(args.get("r"))
    did = str(args.get("did", ""))
    if page.ledger:
        arrange(page, args)
    page.notice = notice(page, did, undo, redo)
    if did == "clear" and not page.ledger:
        page.forget = True
    return render(page)


def arrange(page: Page, args) -> None:
    """One view of the sheet, as its link's `show` (a hand's full result), `edit` (a hand in
    the form) and `ask=clear` (the question before clearing) ask for it."""
    count = len(page.ledger.hands)
    shown = number_in(args.get("show"), 1, count)
    edit = number_in(args.get("edit"), 1, count)
    if shown:
        show_hand(page, shown - 1)
    if edit:
        editing(page, edit - 1)
    if args.get("ask") == "clear":
        page.ask, page.focus = "clear", "confirm"


def viewed(page: Page, view: str, value: str) -> Response:
    """POST action `show` (the sheet), `show:N`, `edit:N` or `ask:clear`: the view of the
    sheet that its link with show=N, edit=N or ask=clear shows. A sheet too long for a link
    is rendered here (its page posts these in place of those links); one that fits is sent
    to its link."""
    args = {view: value} if value else {}
    if page.link:
        return redirect(url_for("web.index", g=page.token, **args), 303)
    arrange(page, args)
    return render(page)


def notice(page: Page, did: str, undo: str, redo: str) -> Notice | None:
    match = DID.fullmatch(did)
    if not match:
        return None
    what, number = match.group(1) or did, match.group(2)
    hands = len(page.ledger.hands) if page.ledger else 0
    n = number_in(number, 1, hands + 1) if number else None
    if what in ("add", "edit"):
        if not (n and n <= hands):  # a link edited by hand: a hand the sheet does not have
            return None
        row = page.sheet.rows[n - 1]
        counts = ((f", {row.counts}", False),) if row.counts else ()
        if row.how == "table":   # "Bob at the table +18": the name is already there
            gain = ((f" +{row.points}.", False),)
        elif row.winner is not None:
            gain = ((": ", False), (page.players[row.winner], True), (f" +{row.points}.", False))
        else:
            gain = ((": nobody scores.", False),)
        verb = "" if what == "add" else " changed"
        return Notice(f"Hand {n}{verb}: ", row.words + counts + gain, undo=undo, show=n)
    texts = {"delete": f"Hand {n} deleted.", "setup": "Players and rules saved.",
             "next": "A new game: the last one is kept in the night's tally.",
             "undo": "Undone.", "redo": "Done again.", "clear": "The sheet is cleared.",
             "import": "The evening is read back in."}
    if what == "delete" and not n:
        return None
    return Notice(texts[what], undo=undo, redo=redo)


def show_hand(page: Page, index: int) -> None:
    hand = page.ledger.hands[index]
    row = page.sheet.sheet.hands[index]
    k = int(hand.knocked_by) if hand.knocked_by in ("0", "1") else 0
    page.shown = Shown(index + 1, row.result, page.players[k], page.players[1 - k])
    page.focus = "result"


def editing(page: Page, index: int) -> None:
    page.hand_form = Form(forms.hand_values(page.ledger.hands[index]), editing=index)
    page.focus = "score"


def finish(ledger: Ledger | None, did: str, undo: str = "", redo: str = "") -> Response:
    """After a change: redirect to the sheet's link with the undo or redo token, or render
    it here when the two together are too long for a link (the page's forms carry both on,
    so the notice's Undo or Redo works as after a redirect; no ledger: the start screen)."""
    token = sharing.encode(ledger) if ledger else ""
    if sharing.fits_in_link(token + (undo or redo)):
        params = {"g": token} if token else {}
        if did:
            params["did"] = did
        if undo:
            params["u"] = undo
        elif redo:
            params["r"] = redo
        return redirect(url_for("web.index", **params), 303)
    page = Page()
    if ledger is not None and not open_ledger(page, token):
        return render(page, 400)
    page.notice = notice(page, did, undo, redo)
    page.forget = did == "clear" and ledger is None
    return render(page)


def submit(form) -> Response:
    """POST /: one action, named by the button pressed."""
    page = Page()
    if "g" in form and not open_ledger(page, form.get("g", "")):
        return render(page, 400)
    action, _, number = str(form.get("action", "score"))[:20].partition(":")
    if action == "score":
        return score(page, form)
    if action == "setup":
        return setup(page, form)
    if page.ledger is None:
        raise BadRequest("that button needs a game sheet, and none was sent")
    old = page.token
    if action in ("show", "edit", "ask") and (number or action == "show"):
        return viewed(page, action, number)
    if number and action != "delete":
        raise BadRequest(f"unknown action '{action}:{number[:10]}'")
    if action == "undo":      # `other`: the sheet undone, posted as a long one travels
        return finish(page.ledger, "undo", redo=sheet_token(form.get("other")))
    if action == "redo":
        return finish(page.ledger, "redo", undo=sheet_token(form.get("other")))
    if action == "clear":
        return finish(None, "clear", undo=old)
    if action == "next":
        if not page.sheet.finished:
            raise BadRequest("the game is not over yet: a new game starts after it ends")
        return finish(page.ledger.next_game(page.sheet.finished_game()), "next", undo=old)
    if action == "delete":
        index = number_in(number, 1, len(page.ledger.hands))
        if index is None:
            raise BadRequest(f"there is no hand '{number[:10]}' to delete")
        return finish(page.ledger.without_hand(index - 1), f"delete:{index}", undo=old)
    raise BadRequest(f"unknown action '{action}'")


def score(page: Page, form) -> Response:
    """Score a hand: add it to the sheet (or replace the one being edited), or, without a
    sheet, show its result."""
    if page.ledger is None:  # the knocker's fields are the first, whatever is posted
        hand, values = forms.read_hand(form, "counts", knocked_by="0")
        rule_slips = FieldErrors()
        rules, typed = forms.read_rules(form, rule_slips)
        # rules that cannot be read keep the upcard, so its own slips are told beside theirs
        oklahoma = bool(rule_slips) or play.rules_of(rules).oklahoma
    else:
        hand, values = forms.read_hand(form, page.ledger.mode)
        oklahoma = page.rules.oklahoma
    if not oklahoma:
        # an upcard field hidden (a sheet's rules, or the rules chosen here, are not
        # Oklahoma's) is not read: what it still holds is not this hand's
        hand, values = replace(hand, upcard=""), {**values, "upcard": ""}
    state = page.hand_form = Form(values)
    edit = None
    if page.ledger is not None:  # an edit stays one whatever its slips
        edit = number_in(form.get("edit"), 1, len(page.ledger.hands))
        state.editing = edit - 1 if edit else None
    # cards cut short would be scored as another hand (counts and points: `number_text`)
    for name in [*forms.too_long(form, ("c0", "c1", "upcard")),
                 *(name for name in forms.NUMBER_FIELDS if forms.number_too_long(form, name))]:
        state.errors.add(name, forms.TOO_LONG)
    if state.errors:
        return failed(page)
    role_errors = FieldErrors()
    if page.ledger is None:
        for name, texts in rule_slips.messages.items():
            for text in texts:
                state.errors.add(name, text)
        state.values.update(typed)
        try:
            if state.errors:  # no rules to score by, but the hand's own slips are told too
                play.entry(hand, ("Knocker", "Defender"))
            else:
                result = play.score_one(hand, play.rules_of(rules))
                page.shown = Shown(None, result, "Knocker", "Defender")
                page.focus = "result"
                return render(page)
        except play.FormSlip as slip:
            slip.place(role_errors, None)
        except CalculatorError as error:
            play.place_error(error, role_errors, -1, hand.mode)
        forms.to_fields(role_errors, "0", state.errors)
        return failed(page)
    if page.sheet.finished and not edit:  # an edit that names no hand of it adds one
        raise BadRequest("the game is over: start the next game to score another hand")
    if not edit and len(page.ledger.hands) >= MAX_LEDGER_HANDS:
        # (a finished game was refused above: its next game is the way on, not this)
        state.errors.add("", f"a sheet holds at most {MAX_LEDGER_HANDS} hands: edit or "
                             f"delete one of them, or clear the sheet to start again")
        return failed(page)
    index = state.editing if edit else len(page.ledger.hands)
    ledger = page.ledger.with_hand(hand, state.editing)
    try:
        play.play(ledger)
    except play.FormSlip as slip:
        slip.place(role_errors, index)
    except CalculatorError as error:
        play.place_error(error, role_errors, index, hand.mode)
    else:
        return finish(ledger, f"{'edit' if edit else 'add'}:{index + 1}", undo=page.token)
    forms.to_fields(role_errors, hand.knocked_by, state.errors)
    return failed(page)


def setup(page: Page, form) -> Response:
    state = page.setup_form = Form()
    players = forms.read_players(form, state.errors)
    rules, values = forms.read_rules(form, state.errors)
    state.values = {"player0": forms.text(form, "player0"),
                    "player1": forms.text(form, "player1"), **values}
    if not state.errors:
        base = page.ledger or Ledger(players)
        ledger = replace(base, players=players, rules=rules)
        try:
            play.play(ledger)
        except play.FormSlip as slip:
            slip.place(state.errors, None)
        except CalculatorError as error:
            play.place_error(error, state.errors, None, "cards")
        else:
            return finish(ledger, "setup" if page.ledger else "", undo=page.token)
    page.focus = "setup-errors"
    return render(page, 422)


def import_failed(token: str, message: str) -> Response:
    """An evening that could not be read in: the page it was sent from again (the sheet that
    was open, or the start screen), the reason beside the import form."""
    page = Page()
    if token and not open_ledger(page, token):
        page = Page()
    page.import_error, page.focus = message, "import-errors"
    return render(page, 400)


def failed(page: Page) -> Response:
    """The page again with what was typed and the errors next to the fields."""
    page.focus = "score-errors"
    return render(page, 422)


__all__ = ["Page", "show", "submit", "finish"]
