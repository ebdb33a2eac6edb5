"""What the page does for each request: GET shows a sheet from its link, POST runs one action.

A change to the sheet answers with a redirect to the sheet's link (POST-redirect-GET), so a
reload or a shared link shows the same sheet; a ledger too long for a link is rendered
straight from the POST instead, and its hidden field carries it on (resubmitting that POST is
harmless: it recomputes the same sheet from the same fields).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from flask import Response, redirect, render_template, url_for
from marshmallow import ValidationError
from werkzeug.exceptions import BadRequest

from ..api import service
from ..core import CalculatorError, Card
from . import forms, sharing
from .forms import Form
from .ledger import FieldErrors, Hand, Ledger, games_body, hand_body
from .sheet import effective_rules, match_sums, result_names, sheet_rows

FAILURES = (ValidationError, CalculatorError)


@dataclass
class Page:
    ledger: Ledger | None = None
    token: str = ""                  # the ledger, encoded: every form's hidden field `g`
    sheet: dict | None = None        # the service's `games` answer
    hand_form: Form = field(default_factory=Form)
    setup_form: Form = field(default_factory=Form)
    analyze_form: Form = field(default_factory=Form)
    result: dict | None = None       # {"answer", "title", "knocker", "defender"}
    analysis: dict | None = None
    notice: str = ""
    problem: str = ""                # a page-level problem (a broken link)
    focus: str = ""                  # the element the script moves focus to

    @property
    def link(self) -> str | None:
        if self.ledger is None or not sharing.fits_in_link(self.token):
            return None
        return url_for("web.index", g=self.token, _external=True)

    @property
    def rules(self):
        return effective_rules(self.ledger)

    @property
    def match_sums(self) -> dict:
        return match_sums(self.sheet) if self.sheet else {}

    @property
    def rows(self):
        return sheet_rows(self.sheet, self.ledger) if self.sheet else []


def card_face(code: str) -> Card:
    """A card for the templates (`.glyph`, `.words`, `.is_red`); codes come from answers."""
    return Card(code)


TEMPLATE_HELPERS = {"card_face": card_face, "RULE_FIELDS": forms.RULE_FIELDS,
                    "FIELD_LABELS": forms.FIELD_LABELS,
                    "CHOICES": forms.CHOICES, "PRESET_LABELS": forms.PRESET_LABELS,
                    "preset_summary": forms.preset_summary, "option_hint": forms.option_hint}


def render(page: Page, status: int = 200) -> Response:
    return Response(render_template("index.html", page=page, **TEMPLATE_HELPERS),
                    status=status, mimetype="text/html")


def number_arg(value, limit: int) -> int | None:
    """A 1-based hand number from the URL or a button, or None if it names no hand."""
    text = str(value or "")
    return int(text) if text.isdigit() and 1 <= int(text) <= limit else None


def open_ledger(page: Page, token: str) -> bool:
    """Load a ledger and its sheet onto the page; False (with a message) if it cannot be."""
    try:
        ledger = sharing.decode(token)
    except sharing.ShareError as error:
        page.problem = f"This game sheet could not be opened: {error}."
        return False
    errors = FieldErrors()
    body = games_body(ledger, errors)
    try:
        sheet = None if errors else service.answer("games", body)
    except FAILURES as error:
        forms.place_games_errors(error, None, "cards", errors)
    if errors:
        details = "; ".join(text for texts in errors.messages.values() for text in texts)
        page.problem = f"This game sheet could not be opened: {details}."
        return False
    page.ledger, page.token, page.sheet = ledger, token, sheet
    page.setup_form.values = {"player0": ledger.players[0], "player1": ledger.players[1],
                              **forms.rule_values(ledger.rules)}
    return True


def show(args) -> Response:
    """GET /: a blank page, or the sheet of `g` with a hand shown, edited or just deleted."""
    page = Page()
    if "g" in args and not open_ledger(page, args.get("g", "")):
        return render(page, 400)
    if page.ledger:
        count = len(page.ledger.hands)
        shown, edit = number_arg(args.get("show"), count), number_arg(args.get("edit"), count)
        deleted = number_arg(args.get("deleted"), count + 1)
        if shown:
            show_hand(page, shown - 1)
        if args.get("mode") == "counts":
            page.hand_form.values["mode"] = "counts"
        if edit:
            hand = page.ledger.hands[edit - 1]
            page.hand_form = Form(forms.hand_values(hand), editing=edit - 1)
            page.focus = "score"
        if deleted:
            page.notice = (f"Hand {deleted} deleted. Your browser's Back button brings it "
                           f"back.")
    return render(page)


def show_hand(page: Page, index: int) -> None:
    hand = page.ledger.hands[index]
    knocker, defender = result_names(hand, page.ledger.players)
    page.result = {"answer": page.sheet["hands"][index]["result"], "title": f"Hand {index + 1}",
                   "knocker": knocker, "defender": defender}
    page.focus = "result"


def finish(ledger: Ledger, **params) -> Response:
    """After a change: redirect to the sheet's link, or render it here if too long for one."""
    token = sharing.encode(ledger)
    if sharing.fits_in_link(token):
        return redirect(url_for("web.index", g=token, **params), 303)
    page = Page()
    if not open_ledger(page, token):
        return render(page, 400)
    if params.get("show"):
        show_hand(page, params["show"] - 1)
    if params.get("edit"):
        page.hand_form = Form(forms.hand_values(ledger.hands[params["edit"] - 1]),
                              editing=params["edit"] - 1)
    if params.get("deleted"):
        page.notice = f"Hand {params['deleted']} deleted."
    return render(page)


def submit(form) -> Response:
    """POST /: one action, named by the button pressed."""
    page = Page()
    if "g" in form and not open_ledger(page, form.get("g", "")):
        return render(page, 400)
    action, _, number = str(form.get("action", "score")).partition(":")
    if action in ("delete", "edit", "new", "show") and page.ledger is None:
        raise BadRequest("that button needs a game sheet, and none was sent")
    if action == "score":
        return score(page, form)
    if action == "analyze":
        return analyze(page, form)
    if action == "setup":
        return setup(page, form)
    if action == "new":
        return finish(replace(page.ledger, hands=()))
    if action == "show":
        return finish(page.ledger)
    index = number_arg(number, len(page.ledger.hands)) if page.ledger else None
    if action in ("delete", "edit") and index is not None:
        return finish(page.ledger.without_hand(index - 1), deleted=index, _anchor="sheet") \
            if action == "delete" else finish(page.ledger, edit=index, _anchor="score")
    raise BadRequest(f"unknown action '{action[:40]}'")


def score(page: Page, form) -> Response:
    hand = forms.read_hand(form)
    form_state = page.hand_form = Form(forms.hand_values(hand))
    errors = form_state.errors
    if page.ledger is None:
        rules, values = forms.read_rules(form, errors)
        form_state.values.update(values)
        body = hand_body(hand, None, errors)
        if rules:
            body["rules"] = rules
        if not errors:
            try:
                answer = service.answer("score", body)
            except FAILURES as error:
                forms.place_score_errors(error, hand.mode, errors)
            else:
                page.result = {"answer": answer, "title": "Result", "knocker": "Knocker",
                               "defender": "Defender"}
                page.focus = "result"
                return render(page)
        return failed(page, "score")
    editing = number_arg(form.get("edit"), len(page.ledger.hands))
    form_state.editing = editing - 1 if editing else None
    index = form_state.editing if editing else len(page.ledger.hands)
    hand_body(hand, page.ledger.players, errors)
    ledger = page.ledger.with_hand(hand, form_state.editing)
    if not errors:
        try:
            service.answer("games", games_body(ledger))
        except FAILURES as error:
            forms.place_games_errors(error, index, hand.mode, errors)
        else:
            # the next hand is most likely entered the same way (a table that counts)
            keep = {"mode": hand.mode} if hand.mode == "counts" else {}
            return finish(ledger, show=index + 1, _anchor="scoring", **keep)
    return failed(page, "score")


def setup(page: Page, form) -> Response:
    state = page.setup_form = Form()
    players = forms.read_players(form, state.errors)
    rules, values = forms.read_rules(form, state.errors)
    state.values = {"player0": forms.text(form, "player0"),
                    "player1": forms.text(form, "player1"), **values}
    if not state.errors:
        ledger = Ledger(players, rules, page.ledger.hands if page.ledger else ())
        try:
            service.answer("games", games_body(ledger))
        except FAILURES as error:
            forms.place_games_errors(error, None, "cards", state.errors)
        else:
            return finish(ledger)
    return failed(page, "setup")


def analyze(page: Page, form) -> Response:
    state = page.analyze_form = Form({"hand": forms.text(form, "hand"),
                                      "upcard": forms.text(form, "upcard").strip(),
                                      "preset": forms.text(form, "preset") or "standard"})
    body: dict = {"hand": state.values["hand"]}
    if state.values["upcard"]:
        body["upcard"] = state.values["upcard"]
    if page.ledger and page.ledger.rules:
        body["rules"] = dict(page.ledger.rules)
    elif not page.ledger and state.values["preset"] != "standard":
        body["rules"] = {"preset": state.values["preset"]}
    if not body["hand"].strip():
        state.errors.add("hand", "type 10 or 11 cards, or pick them")
        return failed(page, "analyze")
    try:
        page.analysis = service.answer("analyze", body)
    except FAILURES as error:
        forms.place_analyze_errors(error, state.errors)
        return failed(page, "analyze")
    page.focus = "analysis"
    return render(page)


def failed(page: Page, which: str) -> Response:
    """The page again with what was typed and the errors next to the fields."""
    page.focus = f"{which}-errors"
    return render(page, 422)


__all__ = ["Page", "show", "submit", "Hand"]
