"""The "What should I do?" page: GET /advice shows the form (and the advice, when the link
carries a hand), POST /advice answers it. Plain HTML forms: it works without JavaScript.

Opened from a game sheet, the page advises by that sheet's rules (the first choice of its
Rules menu, chosen unless another is), and carries the sheet's token (`g`) on to its way
back, as the scorekeeper's page does: in links while the sheet fits in one, else in the form
alone. A sheet too long for a link opens this page by a POST (`action=open`: the empty form),
and its way back is a button that POSTs the token to the sheet's page (`action=show`), which
renders it there.

The form's fields become the API's advice body, read by the same schema and answered by the
same core as `POST /api/v1/advice` (so the errors are the API's); the page renders the core's
`Advice` itself, not the API's JSON. An error is shown beside the field it points at, the
user's text escaped and isolated.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from flask import Blueprint, Response, render_template, request, url_for
from marshmallow import ValidationError

from ..api import advice as advice_api
from ..api.errors import flatten_messages
from ..core import CalculatorError, Card, DuplicateCardError
from ..core.advice import Advice, advise
from ..core.reasons import percent
from ..core.cards import ALL_CARDS, parse_card, tokenize
from ..core.position import written_pile
from .forms import TOO_LONG, rules_summary, text as field_text, too_long
from .isolate import reworded
from .numbers import typed_number
from .page import card_face, sheet_link, sheet_token
from .play import rules_of
from .sharing import ShareError, decode, fits_in_link

PRESETS = (("standard", "Standard (knock at 10)"), ("classic", "Classic"),
           ("straight", "Straight (gin only)"), ("oklahoma", "Oklahoma (upcard sets the limit)"))
# where each part of the body came from on the form (the form sends no `samples` or `seed`:
# the page takes the API's defaults, so no error can point at them)
FIELD_OF = {"hand": "hand", "face_up": "face_up", "taken": "taken", "discards": "pile",
            "opponent_took": "took",
            "opponent_passed": "passed", "stock": "stock", "scores": "scores",
            "rules": "preset", "upcard": "upcard"}
LABELS = {"hand": "Your hand", "face_up": "Face-up card", "taken": "Card you took from the pile",
          "pile": "Discard pile",
          "took": "Cards they picked up", "passed": "Cards they passed", "stock": "Stock",
          "scores": "Game scores", "preset": "Rules", "upcard": "Upcard", "": "The position"}
# The API's messages speak as the player ("in my hand") and name its body's keys; the page's
# fields are "Your hand", "Face-up card" and "Discard pile". Whole words only, never inside a
# quoted token (what the user typed stays as typed).
PAGE_WORDS = ((r"\b(?:(?:the|my) )?face_up\b", "the face-up card"),
              (r"\b(?:(?:the|my) )?discards\b", "the discard pile"),
              (r"\b(?:(?:the|my) )?opponent_took\b", "the cards they took"),
              (r"\b(?:(?:the|my) )?opponent_passed\b", "the cards they passed"),
              (r"\bmy\b", "your"), (r"\bI\b", "you"))
PILE_PLACES = {"pile_opponent": "ticked as the opponent's", "pile_me": "ticked as yours"}
SUITS = (("s", "Spades"), ("h", "Hearts"), ("d", "Diamonds"), ("c", "Clubs"))


@dataclass
class AdviceForm:
    values: dict = field(default_factory=dict)
    picked: dict = field(default_factory=lambda: {"me": set(), "opponent": set()})
    errors: dict = field(default_factory=dict)  # field name -> [messages]
    sheet: str = ""                   # the game sheet this page was opened from (its `g`)
    sheet_rules: dict | None = None   # that sheet's rule options, when it could be read

    def value(self, name: str) -> str:
        return self.values.get(name, "")

    @property
    def oklahoma(self) -> bool:
        """Whether the rules chosen are Oklahoma's, which need the first upcard: its field is
        then shown open, not inside the closed optional section."""
        chosen = self.value("preset")
        if chosen == SHEET and self.sheet_rules is not None:
            return rules_of(self.sheet_rules).oklahoma
        return chosen == "oklahoma"

    @property
    def presets(self) -> tuple[tuple[str, str], ...]:
        """The Rules menu: the sheet's own rules first when opened from one."""
        if self.sheet_rules is None:
            return PRESETS
        summary = rules_summary(rules_of(self.sheet_rules))
        return ((SHEET, f"This game sheet's rules ({summary})"),) + PRESETS


SHEET = "sheet"  # the Rules menu's value for the game sheet's own rules


def _opened(sheet: str) -> AdviceForm:
    """The empty form, by the rules of the sheet it was opened from (if any)."""
    form = AdviceForm(sheet=sheet, sheet_rules=_rules_of_sheet(sheet))
    form.values["preset"] = SHEET if form.sheet_rules is not None else "standard"
    return form


def _rules_of_sheet(sheet: str) -> dict | None:
    """The rule options of a sheet's token, or None when there is none or it is unreadable
    (the page then offers the presets alone; the sheet's own page tells what is wrong)."""
    if not sheet:
        return None
    try:
        options = decode(sheet).rules
        rules_of(options)
    except (ShareError, CalculatorError):
        return None
    return options


def register(bp: Blueprint) -> None:
    """The page's two routes, on the web blueprint."""
    bp.add_url_rule("/advice", "advice", show, methods=["GET"])
    bp.add_url_rule("/advice", "advice_submit", submit, methods=["POST"])


def show():
    """The form; with a hand in the link, the advice too (a link can be shared)."""
    sheet = sheet_link(request.args.get("g"))  # a link holds a sheet that fits in one
    if request.args.get("hand"):
        return _answer(request.args, sheet)
    return _render(_opened(sheet), None, 200)


def submit():
    """The advice for the position in the form; or, opened from a sheet too long for a link
    (`action=open`), the empty form carrying that sheet."""
    sheet = sheet_token(request.form.get("g"))
    if request.form.get("action") == "open":
        return _render(_opened(sheet), None, 200)
    return _answer(request.form, sheet)


def _answer(data, sheet: str) -> Response:
    form = _read_form(data, sheet)
    if form.errors:
        return _render(form, None, 422)
    body, origins = _body(form)
    try:
        answer = advise(**advice_api.arguments(advice_api.read(body)))
    except ValidationError as error:
        for path, text in flatten_messages(error.messages):
            _place(form, path, page_words(str(text)), origins)
        return _render(form, None, 422)
    except CalculatorError as error:
        for position, text in error.errors:
            _place(form, position, page_words(_pile_twice(error, origins) or text), origins)
        return _render(form, None, 422)
    return _render(form, answer, 200)


def _read_form(data, sheet: str) -> AdviceForm:
    form = AdviceForm(sheet=sheet, sheet_rules=_rules_of_sheet(sheet))
    names = ("hand", "face_up", "taken", "pile", "took", "passed", "stock", "score_me",
             "score_opponent", "preset", "upcard")
    for name in too_long(data, names):
        form.errors.setdefault(name, []).append(TOO_LONG)
    for name in names:
        form.values[name] = field_text(data, name).strip()
    for who in ("opponent", "me"):
        codes = {str(c) for c in ALL_CARDS}
        form.picked[who] = {code for code in data.getlist(f"pile_{who}")[:52] if code in codes}
    if not form.values["hand"] and not form.errors:
        form.errors["hand"] = ["type your 10 or 11 cards"]
    for name in ("stock", "score_me", "score_opponent"):
        text = form.values[name]
        if text and typed_number(text) is None:  # a long one gets the core's range message
            form.errors.setdefault("scores" if name.startswith("score") else name, []).append(
                f"'{text}' is not a whole number")
    if (form.picked["opponent"] or form.picked["me"]) and not form.values["face_up"] \
            and not form.values["pile"] and len(tokenize(form.values["hand"])) == 10:
        form.errors.setdefault("face_up", []).append(
            "type the face-up card: the ticked cards do not say which was thrown last")
    if bool(form.values["score_me"]) != bool(form.values["score_opponent"]):
        form.errors.setdefault("scores", []).append("give both scores, or neither")
    if form.values["preset"] not in dict(form.presets):
        form.values["preset"] = SHEET if form.sheet_rules is not None else "standard"
    return form


def _body(form: AdviceForm) -> tuple[dict, list[str]]:
    """The API body the form stands for, and for each discard the field it came from."""
    v = form.values
    discards, origins = [], []
    # Why the ticked cards go first: a tick says where a card is, not when it was thrown, so
    # they lie under the typed pile (oldest first), whose last card stays on top; a ticked
    # face-up card goes on top, where the face-up card is.
    top = _card_code(v["face_up"])
    on_top = []  # who ticked the face-up card: both is a card in the pile twice, told so
    for who in ("opponent", "me"):
        for code in sorted(form.picked[who], key=lambda c: Card(c).index):
            if code == top:
                on_top.append(who)
                continue
            discards.append({"card": code, "by": who})
            origins.append(f"pile_{who}")
    for discard in written_pile(v["pile"]):
        discards.append(discard)
        origins.append("pile")
    for who in on_top:
        discards.append({"card": top, "by": who})
        origins.append(f"pile_{who}")
    rules = form.sheet_rules if v["preset"] == SHEET else {"preset": v["preset"]}
    body: dict = {"hand": v["hand"], "discards": discards, "rules": rules}
    for key, name in (("face_up", "face_up"), ("taken", "taken"), ("upcard", "upcard")):
        if v[name]:
            body[key] = v[name]
    for key, name in (("opponent_took", "took"), ("opponent_passed", "passed")):
        if v[name]:
            body[key] = v[name]
    if v["stock"]:
        body["stock"] = typed_number(v["stock"])
    if v["score_me"] and v["score_opponent"]:
        body["scores"] = {"me": typed_number(v["score_me"]),
                          "opponent": typed_number(v["score_opponent"])}
    return body, origins


def _card_code(text: str) -> str | None:
    """The code of the one card `text` names, else None (the core tells what is wrong)."""
    try:
        return parse_card(text).code if text else None
    except CalculatorError:
        return None


def _place(form: AdviceForm, position, text: str, origins: list[str]) -> None:
    """An error beside the field its position points into."""
    parts = list(position)
    name = FIELD_OF.get(parts[0], "") if parts else ""
    if parts[:1] == ["discards"] and len(parts) > 1 and isinstance(parts[1], int) \
            and parts[1] < len(origins):
        name = "pile" if origins[parts[1]] == "pile" else "picker"
    form.errors.setdefault(name, []).append(text)


def page_words(message: str) -> str:
    """An API message in the page's words (`PAGE_WORDS`), quoted tokens untouched."""
    return reworded(message, PAGE_WORDS)


def _pile_twice(error: CalculatorError, origins: list[str]) -> str:
    """A card twice in the pile, told by where it was typed or ticked: the core counts the
    API's list of discards, which is the ticked cards and then the typed ones, a list the page
    never shows (its "token 5" would be the typed field's third card when two are ticked).
    "" when both were typed and nothing is ticked: the core's token numbers are then the
    typed field's."""
    if not isinstance(error, DuplicateCardError) or error.position[:1] != ("discards",) \
            or max(error.index, error.first_index) >= len(origins):
        return ""
    if origins[error.first_index] == origins[error.index] == origins[0] == "pile":
        return ""  # the ticked cards come first: none is

    def where(i: int) -> str:  # a typed card by its place in the typed field
        return PILE_PLACES.get(origins[i], f"typed as card {origins[:i + 1].count('pile')}")

    return f"{error.card} is in the discard pile twice: {where(error.first_index)} and " \
           f"{where(error.index)}"


def _render(form: AdviceForm, answer: Advice | None, status: int) -> Response:
    # back to that sheet: by its link, or (`home` None) by the form when it is too long for one
    home = url_for("web.index", g=form.sheet) if form.sheet and fits_in_link(form.sheet) \
        else None
    body = render_template("advice.html", form=form, answer=answer, presets=form.presets,
                           home=home,
                           suits=SUITS, ranks="A23456789TJQK", labels=LABELS,
                           card_face=card_face, figure=advice_api.odds,
                           percent=percent)
    return Response(body, status=status, mimetype="text/html",
                    headers={"Cache-Control": "no-store"})
