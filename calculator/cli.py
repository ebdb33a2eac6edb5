"""Command line: analyze / score / advise / game / serve.

Each command calls the core as the API's view does and writes the answer with the API's own
`answers`, so `--json` prints exactly the API's bytes; without it the answer is printed for
people. Bad input goes to stderr naming the bad token, with exit status 2.
"""
from __future__ import annotations

import argparse
import os
import re
import sys

from marshmallow import ValidationError

from . import core
from .api import answers, limits, schemas
from .api.encoding import UnreadableJSON, ascii_json, read_json, to_json
from .api.errors import flatten_messages, pointer
from .core import PRESETS, CalculatorError, Card, Rules
from .core.errors import (BIDI_CONTROLS, FIRST_STRONG_ISOLATE, POP_DIRECTIONAL_ISOLATE, RuleError,
                          isolated, quoted)
from .core.game import play_ledger
from .core.numbers import DIGITS, long_whole
from .core.position import written_pile
from .core.rules import DEFAULT_RULES

EXAMPLE = "As 2s 3s 7c 7h 7d Tc Jc Qc 5h"


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        return args.run(args)
    except BrokenPipeError:  # the reader went away (`| head`): nothing is wrong with the input
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except ValidationError as error:
        for path, text in flatten_messages(error.messages):
            _error(f"{_where(pointer(path))}{text}")
    except CalculatorError as error:
        for position, text in error.errors:
            _error(f"{_where(pointer(position))}{text}")
    except (OSError, UnreadableJSON) as error:
        _error(str(error))
    return 2


# C0 and C1 controls (ESC, BEL: a terminal obeys them), written as escapes
_ESCAPED = str.maketrans({c: c.encode("unicode_escape").decode() for c in map(chr, [
    *range(32), *range(127, 160)])})
# and every bidi control (embeddings, overrides, isolates and marks reorder what follows
# them), but for the isolates around a name the core isolated (`isolated`; a name holds none)
_BIDI = re.compile(f"({FIRST_STRONG_ISOLATE}[^{BIDI_CONTROLS}]*{POP_DIRECTIONAL_ISOLATE})"
                   f"|[{BIDI_CONTROLS}]")


def _escaped(text: str) -> str:
    """`text` with what a terminal would act on written as escapes."""
    return _BIDI.sub(lambda m: m.group(1) or m.group().encode("unicode_escape").decode(),
                     text.translate(_ESCAPED))


def _error(text: str) -> None:
    """An error line on stderr, the user's text in it escaped where a terminal would act on
    it (a quoted token, a key in a JSON pointer)."""
    print(f"error: {_escaped(text)}", file=sys.stderr)


def whole_number(text: str) -> int:
    """A count typed on the command line: ASCII digits only (int() also reads '٣'), of any
    length, so that the core's range check says what is allowed (a long one read as
    `long_whole`'s stand-in)."""
    if not DIGITS.fullmatch(text):
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number")
    return long_whole(text)


def port_number(text: str) -> int:
    """A port to listen on, 1 to 65535, in ASCII digits (gunicorn's int() would bind '٨٠٠٠'
    as 8000)."""
    if not DIGITS.fullmatch(text) or not 0 < long_whole(text) < 65536:
        raise argparse.ArgumentTypeError(f"{text[:20]!r} is not a port number (1 to 65535)")
    return long_whole(text)


def _where(json_pointer: str) -> str:
    return f"{json_pointer}: " if json_pointer else ""


def _parser() -> argparse.ArgumentParser:
    # run as `python -m calculator`, argv[0] is the path of __main__.py
    program = os.path.basename(sys.argv[0])
    parser = argparse.ArgumentParser(prog="python -m calculator"
                                     if program in ("__main__.py", "") else program,
                                     description="Gin Rummy hand analysis and scoring.")
    commands = parser.add_subparsers(required=True, metavar="COMMAND")

    analyze = commands.add_parser("analyze", help="melds, deadwood, knock, discards, outs")
    analyze.add_argument("hand", help=f'10 or 11 cards, e.g. "{EXAMPLE}"')
    analyze.add_argument("--known", help="cards known not to be drawable (discard pile)")
    analyze.add_argument("--no-outs", action="store_true", help="skip the outs")
    analyze.add_argument("--ties", action="store_true",
                         help="also list the other arrangements with the same deadwood")
    _rule_arguments(analyze)
    analyze.set_defaults(run=_analyze)

    score = commands.add_parser("score", help="score one hand")
    score.add_argument("--knocker", help="the knocker's 10 or 11 cards")
    score.add_argument("--defender", help="the defender's 10 cards")
    score.add_argument("--knocker-deadwood", type=whole_number,
                       help="knocker's deadwood, counted")
    score.add_argument("--defender-deadwood", type=whole_number,
                       help="defender's deadwood after lay-offs, counted")
    score.add_argument("--gin", action="store_true", help="with counts: the knock was gin")
    score.add_argument("--big-gin", action="store_true", help="with counts: big gin")
    score.add_argument("--draw", action="store_true", help="a dead hand")
    _rule_arguments(score)
    score.set_defaults(run=_score)

    _advise_command(commands)

    game = commands.add_parser("game", help="print the sheet of a game ledger (JSON file)")
    game.add_argument("ledger", help="a games request body as a JSON file, or - for stdin")
    game.add_argument("--json", action="store_true", help="print the API's JSON answer")
    game.set_defaults(run=_game)

    serve = commands.add_parser("serve", help="serve the API and the page with gunicorn")
    serve.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
    serve.add_argument("--port", type=port_number, default=os.environ.get("PORT", "8000"))
    serve.set_defaults(run=_serve)
    return parser


def _rule_arguments(command: argparse.ArgumentParser) -> None:
    command.add_argument("--preset", choices=list(PRESETS))
    command.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE",
                         help="a rule option, e.g. knock_limit=7 or tie_is_undercut=false")
    command.add_argument("--upcard", help="the first upcard (Oklahoma)")
    command.add_argument("--json", action="store_true", help="print the API's JSON answer")


def _rules(args) -> Rules:
    """The rules the arguments ask for, checked by the core as a request's `rules` are."""
    return Rules.from_options(_rule_options(args))


def _rule_options(args) -> dict:
    """The `rules` object of the request the arguments stand for."""
    options = {}
    if args.preset:
        options["preset"] = args.preset
    for item in args.rule:
        key, equals, text = item.partition("=")
        if not equals:
            raise RuleError(key.strip(), f"--rule {quoted(key.strip())} has no value: give "
                                         f"KEY=VALUE, e.g. knock_limit=7", ("rules",))
        if DIGITS.fullmatch(text):  # a count as typed elsewhere on the line: 07 is 7
            options[key.strip()] = long_whole(text.lstrip("0") or "0")
            continue
        try:  # as a request's JSON value (a long number too), else the text itself
            options[key.strip()] = read_json(text.encode("utf-8", "surrogateescape"))
        except UnreadableJSON:
            options[key.strip()] = text
    return options


def _request(args, schema, body: dict) -> dict:
    """The request body the arguments stand for (`body`, with the upcard and the rules when
    given), read by the API's schema: the same limits and messages, so `--json` prints the
    API's bytes for the same input, refusals included."""
    if args.upcard is not None:
        body["upcard"] = args.upcard
    if args.preset or args.rule:
        body["rules"] = _rule_options(args)
    return schemas.read(schema, body)


def _emit(answer: dict, as_json: bool, render) -> int:
    text = to_json(answer) if as_json else render(answer)
    try:
        sys.stdout.write(text)
    except UnicodeEncodeError:  # an output that cannot hold ♠ or −: nothing was written yet
        # JSON with ASCII escapes is the same JSON value; a text's characters as escapes
        encoding = sys.stdout.encoding
        sys.stdout.write(ascii_json(answer) if as_json
                         else text.encode(encoding, "backslashreplace").decode(encoding))
    return 0


def _analyze(args) -> int:
    body = _request(args, schemas.AnalyzeRequest, {"hand": args.hand, "outs": not args.no_outs}
                    | ({"known": args.known} if args.known else {})
                    | ({"ties": True} if args.ties else {}))
    rules = schemas.rules_of(body)
    result = core.analyze(body["hand"], rules, body["upcard"], body["known"], body["outs"])
    return _emit(answers.analysis(result, ties=body["ties"]), args.json,
                 lambda a: render_analysis(a, _big_gin_words(rules)))


# Options that another option makes meaningless, refused rather than silently dropped: a
# dead hand has no knocker, and cards count their own deadwood (and gin).
_LEAVES_OUT = (
    ("draw", "is a dead hand, scored without",
     ("knocker", "defender", "knocker_deadwood", "defender_deadwood", "gin", "big_gin")),
    ("knocker", "cards are scored as they meld, without", ("knocker_deadwood", "gin", "big_gin")),
    ("defender", "cards are scored with their lay-offs, without", ("defender_deadwood",)),
)


def _flag(name: str) -> str:
    return f"--{name.replace('_', '-')}"


def _score(args) -> int:
    for option, what, unused in _LEAVES_OUT:
        # 0 is a count given (and 0 == False): only None and False are options left out
        given = [_flag(name) for name in unused
                 if getattr(args, name) is not None and getattr(args, name) is not False]
        if getattr(args, option) not in (None, False) and given:
            _error(f"{_flag(option)} {what} {' or '.join(given)}")
            return 2
    if args.draw:
        body = _request(args, schemas.ScoreRequest, {"outcome": "draw"})
        return _emit(answers.score(core.score_hand(outcome="draw",
                                                   rules=schemas.rules_of(body),
                                                   upcard=body["upcard"])),
                     args.json, render_score)
    if args.knocker is None and args.knocker_deadwood is None and (args.gin or args.big_gin):
        args.knocker_deadwood = 0  # a gin's deadwood goes without saying
    for side in ("knocker", "defender"):
        if getattr(args, side) is None and getattr(args, f"{side}_deadwood") is None:
            _error(f"give --{side} cards or --{side}-deadwood")
            return 2
    # cards when given, even none (the core then says the hand is empty), else the counts
    knocker = ({"hand": args.knocker} if args.knocker is not None else
               {"deadwood": args.knocker_deadwood, "gin": args.gin, "big_gin": args.big_gin})
    defender = ({"hand": args.defender} if args.defender is not None
                else {"deadwood": args.defender_deadwood})
    body = _request(args, schemas.ScoreRequest, {"knocker": knocker, "defender": defender})
    schemas.check_score_body(body)
    result = core.score_hand(schemas.knocker_of(body["knocker"]),
                             schemas.defender_of(body["defender"]), schemas.rules_of(body),
                             body["upcard"])
    return _emit(answers.score(result), args.json, render_score)


def _game(args) -> int:
    # no more than a request may hold, and the rest never read (`yes |` has no end)
    most = limits.MAX_BODY_BYTES
    if args.ledger == "-":
        raw = sys.stdin.buffer.read(most + 1)
    else:
        with open(args.ledger, "rb") as file:
            raw = file.read(most + 1)
    if len(raw) > most:
        _error(f"the ledger is longer than {most:,} bytes, the most a request may send")
        return 2
    ledger = read_json(raw, "the ledger")
    if type(ledger) is not dict:
        _error("the ledger must be a JSON object, the body of POST /api/v1/games")
        return 2
    body = schemas.read(schemas.GamesRequest, ledger)
    sheet = play_ledger(body["players"], schemas.ledger_entries(body["hands"]),
                        schemas.rules_of(body))
    return _emit(answers.sheet(sheet), args.json, render_sheet)


def _serve(args) -> int:
    """gunicorn with the shipped configuration, run by this interpreter (not whichever
    gunicorn the PATH holds) and bound where asked. Without the configuration (an installed
    package has none) it refuses: gunicorn's defaults would drop the limits, the bounded
    log and the timeouts."""
    config = os.path.join(os.path.dirname(os.path.dirname(__file__)), "gunicorn.conf.py")
    if not os.path.exists(config):
        print("error: serve runs from a checkout of the project, beside its gunicorn.conf.py; "
              "elsewhere run gunicorn -c <that file> 'calculator:create_app()'",
              file=sys.stderr)
        return 2
    os.environ.update(HOST=args.host, PORT=str(args.port))
    command = [sys.executable, "-m", "gunicorn", "-c", config,
               "--bind", f"{args.host}:{args.port}", "calculator:create_app()"]
    os.execv(command[0], command)
    return 0  # not reached


# --- for people -----------------------------------------------------------------------------

def cards_text(codes) -> str:
    return " ".join(Card(code).glyph for code in codes) or "none"


def melds_text(melds) -> str:
    return "  ".join(f"[{cards_text(m['cards'])}]" for m in melds) or "none"


def _big_gin_words(rules: Rules) -> str:
    """What to do with eleven melding cards under these rules (after the best discards)."""
    if rules.plays_big_gin:
        return "  — big gin: all 11 cards meld; lay them all down, no discard"
    if rules.big_gin_bonus is None:
        return "  — all 11 cards meld, but these rules have no big gin: discard for gin"
    return ("  — all 11 cards meld, but these rules pay more for gin than for big gin: "
            "discard for gin")


def render_analysis(a: dict, big_gin_words: str = _big_gin_words(DEFAULT_RULES)) -> str:
    lines = [f"Hand:      {cards_text(a['hand'])}"]
    if "discards" in a:
        lines.append(f"Discard:   {cards_text([a['discard']])}  (best: "
                     f"{cards_text(a['best_discards'])})"
                     + (big_gin_words if a["big_gin"] else ""))
    lines += [
        f"Melds:     {melds_text(a['melds'])}",
        f"Deadwood:  {a['deadwood']}  ({cards_text(a['deadwood_cards'])})",
        f"Knock:     {'gin' if a['gin'] else 'yes' if a['can_knock'] else 'no'}"
        f" (knock limit {a['knock_limit']})",
    ]
    if "discards" in a:
        lines.append("Discards:  " + ", ".join(f"{Card(d['card']).glyph} → {d['deadwood']}"
                                               for d in a["discards"]))
    if "outs" in a:
        lines.append(f"Gin outs:  {cards_text(a['outs']['gin'])}")
        knock = a["outs"]["knock"]
        lines.append(f"Knock outs: {len(knock)} card{'s' if len(knock) != 1 else ''}"
                     + (f" ({cards_text(knock)})" if len(knock) <= 20 else ""))
    if "ties" in a:
        lines.append("Ties:      " + ("; ".join(
            f"{melds_text(tie['melds'])}  ({cards_text(tie['deadwood_cards'])})"
            for tie in a["ties"]) or "none: no other arrangement leaves this deadwood"))
    return "\n".join(lines) + "\n"


def render_score(s: dict) -> str:
    lines = [f"Outcome:   {s['outcome'].replace('_', ' ')}"
             + (f", {s['winner']} scores {s['points']}" if s["winner"] else ", nobody scores")]
    knocker, defender = s.get("knocker"), s.get("defender")
    if knocker and "melds" in knocker:
        lines.append(f"Knocker:   {melds_text(knocker['melds'])}  deadwood "
                     f"{knocker['deadwood']} ({cards_text(knocker['deadwood_cards'])})"
                     + (f", discarding {Card(knocker['discard']).glyph}"
                        if knocker.get("discard") else ""))
    if defender and "melds" in defender:
        laid = ", ".join(f"{Card(layoff['card']).glyph} onto meld {layoff['meld'] + 1}"
                         for layoff in defender["layoffs"]) or "none"
        lines.append(f"Defender:  {melds_text(defender['melds'])}  lays off: {laid}  "
                     f"deadwood {defender['deadwood']} "
                     f"({cards_text(defender['deadwood_cards'])})")
    lines.append(s["explanation"])
    if "best_spread" in s:
        best = s["best_spread"]
        lines.append(f"Better:    {melds_text(best['melds'])} with deadwood "
                     f"{cards_text(best['deadwood_cards'])} would have scored {best['points']}"
                     f" ({best['outcome'].replace('_', ' ')})")
    return "\n".join(lines) + "\n"


def render_sheet(sheet: dict) -> str:
    players = sheet["players"]
    lines = []
    for g, game in enumerate(sheet["games"]):
        title = f"Game {g + 1}" if len(sheet["games"]) > 1 else "Game"
        lines.append(f"{title}: " + ("won by " + isolated(game["winner"]) if game["finished"]
                                     else "in progress"))
    several = len(sheet["games"]) > 1
    # each column as wide as its whole heading, so two names alike in their first letters
    # stay apart (names are at most 40 characters)
    labels = [(f"G{g + 1} " if several else "") + p
              for g in range(len(sheet["games"])) for p in players]
    width = max(12, *map(len, labels))
    named = max(12, *map(len, players))
    # a name is isolated after padding: the two marks take no room on the screen
    header = f"{'#':>3}  {'won by':<{named}}{'points':>7}  " + "  ".join(
        isolated(f"{label:>{width}}") for label in labels)
    marks = header.count(FIRST_STRONG_ISOLATE) + header.count(POP_DIRECTIONAL_ISOLATE)
    lines += [header, "-" * (len(header) - marks)]  # as wide as the header shows
    for i, row in enumerate(sheet["hands"]):
        cells = "  ".join(f"{totals[p]:>{width}}" for totals in row["totals"] for p in players)
        winner = isolated(f"{row['winner'] or '—':<{named}}")
        lines.append(f"{i + 1:>3}  {winner}{row['points']:>7}  {cells}")
    for g, game in enumerate(sheet["games"]):
        if game["finished"]:
            bonus = game["bonuses"]
            parts = [f"{isolated(p)}: {game['totals'][p]} + game {bonus['game'][p]} + box "
                     f"{bonus['box'][p]} + shutout {bonus['shutout'][p]} = {game['final'][p]}"
                     for p in players]
            lines.append(f"Game {g + 1} final — " + "; ".join(parts)
                         + f" (margin {game['margin']})")
    if sheet["finished"]:
        lines.append(f"Winner: {isolated(sheet['winner'] or 'a tie')}")
    return "\n".join(lines) + "\n"


# --- advise ------------------------------------------------------------------------------------

def _advise_command(commands) -> None:
    advise = commands.add_parser("advise", help="what to draw, discard, and whether to knock")
    advise.add_argument("hand", help="11 cards after drawing, or 10 before (with --face-up)")
    advise.add_argument("--discards", default="",
                        help="the discard pile, oldest first; a card may say who threw it: "
                             "Jc:me 9d:opponent")
    advise.add_argument("--face-up", help="the card on top of the pile I may take (10 cards)")
    advise.add_argument("--taken", help="the card of my 11 just taken from the pile, which "
                                        "may not be thrown back")
    advise.add_argument("--took", default="", help="cards the opponent took from the pile")
    advise.add_argument("--passed", default="", help="face-up cards the opponent declined")
    advise.add_argument("--stock", type=whole_number, help="cards left in the stock")
    advise.add_argument("--scores", metavar="ME,OPPONENT", help="both game totals, e.g. 40,85")
    advise.add_argument("--samples", type=whole_number, help="opponent hands sampled (1,000)")
    advise.add_argument("--seed", type=whole_number, help="the sampling's seed (0)")
    _rule_arguments(advise)
    advise.set_defaults(run=_advise)


def _advise(args) -> int:
    from .api import advice as advice_api
    from .core.advice import advise

    try:  # no longer than a hand's text, before it is split (as the hand is)
        schemas.Tokens(what="discard pile").deserialize(args.discards)
    except ValidationError as error:
        raise ValidationError({"discards": error.messages}) from None
    body: dict = {"hand": args.hand,
                  "discards": written_pile(args.discards)}
    # the cards as one string each, read by the core as the API reads them; a value typed
    # empty is given (and told, as analyze tells `--upcard ''`), but the lists' default
    for key, value in (("face_up", args.face_up), ("taken", args.taken),
                       ("opponent_took", args.took or None),
                       ("opponent_passed", args.passed or None), ("stock", args.stock),
                       ("samples", args.samples), ("seed", args.seed),
                       ("upcard", args.upcard)):
        if value is not None:  # 0 is a stock or a seed
            body[key] = value
    if args.scores:
        me, comma, opponent = args.scores.partition(",")
        if not comma:
            print("error: --scores: give both game totals, mine then the opponent's: 40,85",
                  file=sys.stderr)
            return 2
        try:
            body["scores"] = {"me": whole_number(me.strip()),
                              "opponent": whole_number(opponent.strip())}
        except argparse.ArgumentTypeError as error:
            print(f"error: --scores: {error}", file=sys.stderr)
            return 2
    read = advice_api.read(body)
    result = advise(**advice_api.arguments(read) | {"rules": _rules(args)})
    return _emit(advice_api.answer(result), args.json, render_advice)


def render_advice(a: dict) -> str:
    from .core.reasons import percent as _percent  # the reasons' own rule for a chance

    lines = [f"Advice:    {a['advice']}"]
    if a["draw"] and not a["draw"]["take"]:
        lines.append(f"           (after taking {Card(a['draw']['face_up']).glyph}, the discards "
                     f"would rank as below)" if a["draw"]["face_up"] else "")
    if a["discards"]:
        lines.append("Discards, best first:")
    for d in a["discards"]:
        lines.append(f"  {d['rank']:>2}. {Card(d['card']).glyph:<4} deadwood {d['deadwood']:>2}"
                     f"  gin outs {d['gin_outs']:>2}  knock outs {d['knock_outs']:>2}"
                     f"  P(gin) {_percent(d['p_gin']):>4}  P(knock) {_percent(d['p_knock']):>4}"
                     f"  danger {_percent(d['danger'])} (adjusted "
                     f"{_percent(d['adjusted_danger'])})")
        lines.append(f"      {d['reason']}")
    knock = a["knock"]
    if knock:
        lines.append(f"Knock:     {'yes' if knock['knock'] else 'wait'}: win "
                     f"{_percent(knock['win'])}, undercut {_percent(knock['undercut'])}, "
                     f"{knock['expected_points']:+.1f} points on average "
                     f"({knock['samples']} sampled hands, error ±{knock['error']:.1%})")
    outlook = a["outlook"]
    if outlook and outlook["within"]:
        lines.append("Ahead:     " + "; ".join(
            f"within {w['draws']} draw{'s' if w['draws'] > 1 else ''}: knock "
            f"{_percent(w['knock'])}, gin {_percent(w['gin'])}"
            + (f" (±{max(w['knock_error'], w['gin_error']):.1%})" if w["method"] == "sampled"
               else "") for w in outlook["within"]))
    if a["scores"]:
        lines.append(f"Scores:    {a['scores']}")
    return "\n".join(line for line in lines if line) + "\n"


if __name__ == "__main__":
    sys.exit(main())
