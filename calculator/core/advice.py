"""A position's advice: what to draw, what to discard, whether to knock, with exact odds
and a plain reason for each choice.

The exact parts (live and dead cards, each discard's deadwood, outs, the odds of gin or a
knock after the next draw, its danger, taking the face-up card against drawing, and the odds
of a knock or gin within three draws) are worked out over the cards I have not seen, each
equally likely to be anywhere I cannot see (`odds`). The knock decision samples the
opponent's hand (`sampler`). docs/ADVICE.md has the formulas.
"""
from __future__ import annotations

from math import sqrt
from operator import sub
from random import Random
from typing import NamedTuple

from .cards import ALL_CARDS, Card, mask_cards
from .tables import deadwood_of_mask
from .draws import bits_of, draw_deadwoods, lowest_discard
from .lanes import discard_draws
from .odds import ALL, JOINS, PAIR_CARDS, PAIRS, PAIRS_HELD, PARTNERS, WAITING, Within, \
    discard_dangers, falling_ratios, fewest_draws, live_melds, waiting_cards, within_draws
from .position import DEAD_STOCK, Position, read_position
from .reasons import discard_reason, face_down_reason, percent
from .sampler import KnockOdds, knock_odds_sampled

# A discard the opponent can meld costs me about this much, in points of my own deadwood:
# the ranking's danger term (docs/ADVICE.md).
DANGER_POINTS = 6.0
# Far behind, each unit of P(gin after the next draw) is worth this much deadwood.
GIN_POINTS = 10.0
FAR_BEHIND = 50       # points behind in the game that make gin worth playing for
CLOSE_TO_TARGET = 25  # points from the target that make a game close
OUTLOOK_DRAWS = 3     # P(knock or gin) within 1..3 draws
# The share of wins a knock needs (docs/ADVICE.md): usually, when the game is close (ending
# the hand keeps the opponent from a gin), and far behind while gin is at least GIN_LIKELY
# within the next draws (a small knock will not catch up).
KNOCK_NEED, CLOSE_KNOCK_NEED, BEHIND_KNOCK_NEED = 0.55, 0.45, 0.8
GIN_LIKELY = 0.15
MOST_MELDS = tuple(len(pairs) for pairs in PAIRS)  # by index: a live card's `most`


class DiscardChoice(NamedTuple):
    card: Card
    deadwood: int
    can_knock: bool
    gin: bool
    gin_outs: tuple[Card, ...]
    knock_outs: tuple[Card, ...]
    p_gin: float           # after the next draw: share of unseen cards that give gin
    p_knock: float         # ... that allow a knock
    expected_deadwood: float  # mean lowest deadwood after the next draw
    danger: float          # exact P(the opponent holds two cards that meld it)
    adjusted_danger: float  # the same, weighing their discards, passes and pickups
    dead: bool             # no meld of three is left that could take it
    cost: float            # the ranking's measure: lower is better
    reason: str


class LiveCard(NamedTuple):
    card: Card
    melds: int             # melds of three it can still join
    most: int              # 6 for a middle card, 5 for a 2 or a queen, 4 for an ace or a king


class Completion(NamedTuple):
    card: Card             # an unseen card
    melds: tuple[tuple[Card, Card], ...]  # my pairs it would make a meld of three with


class DrawChoice(NamedTuple):
    """10 cards with a face-up card: take it or draw from the stock."""

    take: bool
    face_up: Card | None
    take_deadwood: int | None      # deadwood after taking it and throwing take_discard
    take_discard: Card | None      # the discard after the take (see draw_choice); None: big gin
    draw_deadwood: float           # expected lowest deadwood after a stock draw
    draw_p_gin: float
    draw_p_knock: float
    reason: str


class Outlook(NamedTuple):
    """The hand I keep if I play on, looking ahead: draws left and the odds within each.
    Its discard is the ranking's first (after a take, the take's): where the advice is to
    knock with another card, this is the waiting the knock was weighed against, and the
    melds in waiting are this hand's too."""

    kept: tuple[Card, ...]
    draws_left: int
    within: tuple[Within, ...]  # P(knock or gin), P(gin) within 1, 2, 3 draws
    draws_to_knock: int | None
    draws_to_gin: int | None


class KnockDecision(NamedTuple):
    knock: bool
    odds: KnockOdds
    gin_within: tuple[tuple[int, float], ...]  # waiting instead: P(gin) within k draws
    reason: str


class Advice(NamedTuple):
    position: Position
    action: str            # discard, knock, gin, take, draw
    summary: str           # the advice in words
    discards: tuple[DiscardChoice, ...]  # ranked, best first (after taking, for 10 cards)
    draw: DrawChoice | None
    live: tuple[LiveCard, ...]
    completions: tuple[Completion, ...]
    outlook: Outlook | None
    knock: KnockDecision | None
    scores_note: str | None
    unseen: int


def advise(hand, discards=(), face_up=None, opponent_took=(), opponent_passed=(), stock=None,
           rules=None, upcard=None, scores=None, samples=None, seed=None, taken=None) -> Advice:
    """Advice for a position (see `read_position` for the arguments).

    >>> a = advise("As 2s 3s 4h 5h 6h 7c 7d 7h Kd Qc", samples=200)
    >>> a.action, str(a.discards[0].card)
    ('knock', 'Kd')
    """
    return advise_position(read_position(hand, discards, face_up, opponent_took,
                                         opponent_passed, stock, rules, upcard, scores,
                                         samples, seed, taken))


def advise_position(position: Position, sample: bool = True) -> Advice:
    """The full advice; `sample=False` leaves out the parts that look ahead (the outlook and
    the knock decision), which is the exact advice alone."""
    mine, unseen = position.mine, position.unseen
    draw = None
    if len(position.hand) == 10:
        keep = position.face_up.bit if position.face_up else 0  # the card a take takes
        take_hand = mine | keep if keep else 0
        ranked = rank_discards(position, take_hand, keep) if take_hand else ()
        draw = draw_choice(position, ranked or None)
        # after a take, the hand kept is the one its discard leaves (big gin names none)
        kept = take_hand ^ (draw.take_discard or ranked[0].card).bit if draw.take else mine
    else:  # a card just taken from the pile may not be thrown back
        keep = position.taken.bit if position.taken else 0
        ranked = rank_discards(position, mine, keep)
        kept = mine ^ ranked[0].card.bit
    alive = mine | unseen
    live = tuple([LIVE_CARDS[c.index][alive & PARTNERS[c.index]] for c in position.hand])
    waiting = melds_in_waiting(kept, unseen)
    outlook = knock = None
    if sample:
        outlook = look_ahead(position, kept, draw)
        eleven = mine if len(position.hand) == 11 else (
            mine | position.face_up.bit if draw and draw.take else 0)
        if eleven:
            knock = knock_decision(position, eleven, outlook, keep, ranked)
        if knock is not None and not knock.knock and draw is not None and draw.take:
            # a last draw's take made for a knock the decision then declines: judged by
            # the deadwood as any other take (a draw may be better: it keeps less; a take,
            # with the ranking's discard, not the first that knocks)
            plain = draw_choice(position, ranked, knocking=False)
            if plain != draw:
                if plain.take:
                    kept = take_hand ^ (plain.take_discard or ranked[0].card).bit
                else:
                    kept, knock = mine, None
                draw = plain
                waiting = melds_in_waiting(kept, unseen)
                outlook = look_ahead(position, kept, plain)
    if knock is not None and knock.knock and knock.odds.discard is not None:
        if draw is not None and draw.take and knock.odds.discard != draw.take_discard:
            # the take names the card the knock goes down with, not the ranking's first
            then = next(c for c in ranked if c.card == knock.odds.discard)
            draw = draw_choice(position, ranked, then)
        ranked = _leading(ranked, knock.odds.discard, face_down=True)
    elif draw is not None and draw.take and draw.take_discard is not None:
        # a take for gin goes down at once: its discard too is face down
        ranked = _leading(ranked, draw.take_discard, face_down=draw.take_deadwood == 0)
    action, summary = _summary(ranked, draw, knock)
    return Advice(position, action, summary, ranked, draw, live, waiting, outlook, knock,
                  _scores_note(position, knock), unseen.bit_count())


# --- the exact parts -------------------------------------------------------------------------

def rank_discards(position: Position, hand: int, keep: int) -> tuple[DiscardChoice, ...]:
    """Every discard of an 11-card hand but the `keep` card (one just taken), ranked."""
    unseen, held = position.unseen, position.held
    total = unseen.bit_count()
    ratios = falling_ratios(position.opponent_unknown, total)
    dangers = discard_dangers(hand & ~keep, unseen, held, ratios, position.shown,
                              bits_of(held))
    gin_bias = GIN_POINTS if _game_state(position) == "behind" else 0.0
    limit, possible = position.limit, unseen | held
    gone = ALL & ~possible
    # with no draw of mine left the hand ends at the opponent's next turn: no out can come,
    # and the deadwood kept is the deadwood I hold if they knock
    last = position.draws_after_eleven == 0
    choices = []
    for bit, deadwood, summed, knock, gin in discard_draws(hand, keep, unseen, limit):
        index = bit.bit_length() - 1
        expected = deadwood if last else summed / total
        exact, adjusted = dangers[bit]
        gin_outs = mask_cards(gin) if gin and not last else ()
        knock_outs = mask_cards(knock) if knock and not last else ()
        p_gin, p_knock = len(gin_outs) / total, len(knock_outs) / total
        card = ALL_CARDS[index]
        dead = not JOINS[index][PARTNERS[index] & possible]
        can_knock = deadwood <= limit
        # gin goes down at once, its discard face down: then the danger does not count
        cost = ((deadwood + expected) / 2 + (DANGER_POINTS * adjusted if deadwood else 0.0)
                - gin_bias * p_gin)
        reason = (discard_reason(card, deadwood, can_knock, len(gin_outs), len(knock_outs),
                                 adjusted, dead, gone) if deadwood else face_down_reason(card, 0))
        choice = DiscardChoice(
            card, deadwood, can_knock, deadwood == 0, gin_outs, knock_outs, p_gin, p_knock,
            expected, exact, adjusted, dead, cost, reason)
        choices.append((cost, deadwood, -card.points, index, choice))
    return _ranked(choices)


def _ranked(choices: list[tuple]) -> tuple:
    """The choices of (cost, deadwood, -points, index, choice) in the ranking's order: lower
    cost (to 9 places) first; then lower deadwood, the higher card thrown, card order (the
    index makes every key different, so the sort never compares the choices).

    Why the raw cost first: round(cost, 9) costs 0.5 µs a call and can only matter between
    costs within 2e-9 of each other, so the rounded key is built only then (the sort of a
    hand's eleven choices 3x cheaper where no two costs are that close)."""
    choices.sort()
    costs = [c[0] for c in choices]
    if len(costs) > 1 and min(map(sub, costs[1:], costs)) <= 2e-9:
        choices.sort(key=lambda c: (round(c[0], 9), c[1], c[2], c[3]))
    return tuple([c[4] for c in choices])


# COMPLETIONS[card][hand & PARTNERS[card]]: the card's `Completion` with the hand's pairs
# (`WAITING`), built once: a value type, shared by every answer that meets it
COMPLETIONS = tuple({held: Completion(ALL_CARDS[index], tuple(map(PAIR_CARDS.get, pairs)))
                     for held, pairs in table.items() if pairs}
                    for index, table in enumerate(WAITING))
# LIVE_CARDS[card][cards alive & PARTNERS[card]]: the card's `LiveCard` (`live_melds`),
# built once alike
LIVE_CARDS = tuple({alive: LiveCard(ALL_CARDS[index], live_melds(index, alive),
                                    MOST_MELDS[index])
                    for alive in PAIRS_HELD[index]} for index in range(52))


def melds_in_waiting(kept: int, unseen: int) -> tuple[Completion, ...]:
    """My melds in waiting: each unseen card (in card order) that makes a meld of three with
    two of the `kept` cards (`waiting_cards`), and those pairs of mine, by my lower card then
    its own pair order (`WAITING`), one table look-up a card."""
    return tuple([COMPLETIONS[index][kept & PARTNERS[index]]
                  for index in (bit.bit_length() - 1 for bit in
                                bits_of(waiting_cards(kept, unseen)))])


def _leading(ranked: tuple[DiscardChoice, ...], discard: Card, face_down: bool = False
             ) -> tuple:
    """The ranking with the discard the advice makes first: a knock's goes face down, so its
    danger does not count, and the knock chose it by the points it scores; a take's is the
    one the take was judged by (on the last draw, the first that knocks). A discard that
    goes `face_down` (with a knock or gin) says so in its reason, not that the opponent may
    meld it."""
    first, *rest = sorted(ranked, key=lambda choice: choice.card != discard)
    if face_down:
        first = first._replace(reason=face_down_reason(first.card, first.deadwood))
    return (first, *rest)


def draw_choice(position: Position, ranked: tuple[DiscardChoice, ...] | None = None,
                then: DiscardChoice | None = None, knocking: bool = True) -> DrawChoice:
    """Take the face-up card or draw: the deadwood left after taking it and making the
    ranking's first discard (`ranked`: the discards of the hand with it, as `rank_discards`
    ranks them; worked out when not given) against the expected lowest deadwood after a stock
    draw, exact over the unseen cards (each equally likely to be the next card of the stock).
    `then`: the discard a knock after the take goes down with, which a take then names;
    `knocking=False` sets the last draw's knock rule aside (the knock decision declined it).

    Why the ranking's discard and not the lowest deadwood's: a take is worth what it keeps.
    Judged by the lowest deadwood, the advice said "take J♥, throwing Q♠, for 16 deadwood"
    and then ranked 9♣ first (the safer throw), which keeps 17."""
    mine, unseen, top = position.mine, position.unseen, position.face_up
    after = draw_deadwoods(mine, unseen)
    total = unseen.bit_count()
    expected = sum(after.values()) / total
    p_gin = sum(1 for v in after.values() if v == 0) / total
    p_knock = sum(1 for v in after.values() if v <= position.limit) / total
    if top is None:
        return DrawChoice(False, None, None, None, expected, p_gin, p_knock,
                          f"Draw from the stock: no face-up card to take; you can expect "
                          f"{expected:.1f} deadwood after it.")
    if ranked is None:
        ranked = rank_discards(position, mine | top.bit, top.bit)
    advised = ranked[0]
    lowest = min(choice.deadwood for choice in ranked)
    # all eleven cards meld with it: big gin, which no stock draw can beat (a hand already
    # gin before its draw expects 0 from the stock too, and the tie would say draw)
    big_gin = deadwood_of_mask(mine | top.bit) == 0
    # a discard after it leaves gin: gin goes down at once, its discard face down (so the
    # danger that may rank another discard first does not count), and no draw beats it
    gin = big_gin or lowest == 0
    take = advised.deadwood < expected or gin
    # my last draw (taking leaves no later draw, and drawing none either): what counts is
    # whether I can knock after it, so a sure knock beats the draw's chance of one, and
    # the draw's chance beats a take that cannot knock (both sure: the rule above). A take
    # that will not knock (none can, or the knock decision declined it) only gives the
    # opponent one more turn, where after a draw I knock when that pays or my discard ends
    # the hand with no score: draw
    can_knock = lowest <= position.limit
    last = position.draws_after_eleven == 0
    knock_decides = knocking and last and p_knock != (1.0 if can_knock else 0.0)
    if knock_decides:
        take = can_knock
    waits = last and not gin and (not knocking or not can_knock and not p_knock)
    if waits:
        take = False
    # the discard that goes with the take: the ranking's first, or its first that knocks
    # (or leaves gin) where that is what the take is for
    if then is not None and take:
        chosen = then
    elif gin or (knock_decides and take):
        chosen = next((c for c in ranked if c.deadwood == 0 or not gin and c.can_knock),
                      advised)
    else:
        chosen = advised
    best, discard = chosen.deadwood, chosen.card
    if big_gin and position.rules.plays_big_gin:
        best, discard = 0, None  # big gin keeps all eleven cards: nothing is thrown
    now = deadwood_of_mask(mine)
    if waits:
        why = (f"a knock after taking {top.glyph} would not pay on the sampled hands"
               if not knocking else
               f"neither taking {top.glyph} ({lowest} deadwood at best) nor a stock draw lets "
               f"you {'go gin' if not position.limit else 'knock'}")
        after = (f"a stock draw lets you knock {percent(p_knock)} of the time, and else your "
                 f"discard ends the hand with no score" if p_knock else
                 "after a draw your discard ends the hand with no score")
        reason = (f"Draw from the stock: this is your last draw, and {why}; {after}, where a "
                  f"take gives the opponent one more turn.")
    elif knock_decides and not big_gin:
        gin_only = not position.limit  # the knock that decides is gin
        leaves = "gin" if gin_only else f"{best} deadwood, low enough to knock"
        chance = "gives gin" if gin_only else "lets you knock"
        short = "short of gin" if gin_only else "too much to knock"
        reason = (f"Take {top.glyph}: throwing {discard.glyph} then leaves {leaves}, and this "
                  f"is your last draw: a stock draw {chance} only {percent(p_knock)} of the time."
                  if take else
                  f"Draw from the stock: this is your last draw, and taking {top.glyph} leaves "
                  f"{lowest} deadwood at best, {short}, while a stock draw {chance} "
                  f"{percent(p_knock)} of the time.")
    elif big_gin:
        reason = (f"Take {top.glyph}: with it all eleven of your cards meld, which is big gin."
                  if position.rules.plays_big_gin else
                  f"Take {top.glyph}: with it all eleven of your cards meld, so throwing "
                  f"{discard.glyph} leaves gin.")
    elif gin:
        reason = (f"Take {top.glyph}: throwing {discard.glyph} then leaves gin, which no stock "
                  f"draw beats.")
    elif take:
        reason = (f"Take {top.glyph}: it brings your deadwood from {now} to {best} "
                  f"(throwing {discard.glyph}), better than the {expected:.1f} a stock draw "
                  f"gives on average.")
    else:
        taking = (f"taking {top.glyph} leaves {best} deadwood at best" if best == lowest else
                  f"taking {top.glyph} and throwing {discard.glyph}, the best discard after "
                  f"it, leaves {best} deadwood")
        reason = (f"Draw from the stock: {taking}, while a stock draw gives {expected:.1f} on "
                  f"average" + (f" and a {percent(p_gin)} chance of gin." if p_gin else "."))
    return DrawChoice(take, top, best, discard, expected, p_gin, p_knock, reason)


def look_ahead(position: Position, kept: int, draw: DrawChoice | None) -> Outlook:
    """The kept 10 cards over my next stock draws (up to three, as many as the stock
    allows): exact by enumeration (see `odds.within_draws`)."""
    # after taking the face-up card the stock is as it was, and the opponent draws next
    left = position.draws_after_eleven if draw and draw.take else position.my_draws_left
    draws = min(OUTLOOK_DRAWS, left)
    within = within_draws(kept, position.unseen, position.limit, draws,
                          Random(position.seed)) if draws > 0 else []
    deadwood = deadwood_of_mask(kept)
    to_knock, to_gin = fewest_draws(within, deadwood <= position.limit, deadwood == 0)
    return Outlook(mask_cards(kept), left, tuple(within), to_knock,
                   to_gin)


def knock_decision(position: Position, eleven: int, outlook: Outlook, keep: int = 0,
                   ranked: tuple[DiscardChoice, ...] = ()) -> KnockDecision | None:
    """Knock now, or play on for gin: the sampled odds of knocking against the chance of gin
    in the next draws, changed by the game's scores (docs/ADVICE.md). `keep`: a card just
    taken from the pile, which the knocking discard may not be; `ranked`: the discards
    ranked, which decide between knocking discards worth the same."""
    if lowest_discard(eleven, keep)[1] > position.limit:
        return None
    gin_within = tuple((w.draws, w.gin) for w in outlook.within)
    later_gin = gin_within[-1][1] if gin_within else 0.0
    odds = knock_odds_sampled(
        eleven, position, Random(position.seed), keep,
        lambda o: settled(o, knock_need(position, o, later_gin, gin_within)[0]),
        tuple(choice.card for choice in ranked))
    if odds is None:
        return None
    if odds.outcome != "knock":
        return KnockDecision(True, odds, gin_within, f"{'Big gin' if odds.outcome == 'big_gin' else 'Gin'}"
                             f": lay it down, worth about {odds.expected_points:.0f} points.")
    need, why_knock, why_wait = knock_need(position, odds, later_gin, gin_within)
    knock = odds.win >= need and odds.expected_points > 0
    odds_text = (f"knocking with {odds.deadwood} now wins {percent(odds.win)} of the sampled hands"
                 f" (undercut {percent(odds.undercut)}), worth {odds.expected_points:+.1f} points on "
                 f"average")
    if knock:
        reason = f"Knock: {odds_text}." + why_knock
    else:
        costly = (" (the undercuts cost more than the wins bring)"
                  if odds.win >= need and odds.expected_points <= 0 else "")
        ahead = (f"; playing on gives gin {percent(later_gin)} within {len(gin_within)} draws"
                 if gin_within else "")
        reason = f"Wait: {odds_text}{costly}{ahead}." + why_wait
    return KnockDecision(knock, odds, gin_within, reason)


def knock_need(position: Position, odds: KnockOdds, later_gin: float, gin_within: tuple
               ) -> tuple[float, str, str]:
    """The share of wins a knock needs, and why when it is not the usual KNOCK_NEED: the
    words that go with a knock, and those that go with a wait (each agrees with its
    decision: "the game is close: end the hand now" never follows a wait)."""
    if position.draws_after_eleven == 0:  # the knock is decided holding 11 cards
        if position.stock <= DEAD_STOCK:  # I drew the third card from the end
            why = " This is the last chance: if you do not knock, the hand is dead."
        else:
            why = (" This is the last chance to knock: you do not draw again, and the hand "
                   "ends after the opponent's next turn.")
        return 0.0, why, why
    state = _game_state(position, odds.expected_points)
    if state == "close":
        return (CLOSE_KNOCK_NEED,
                " The game is close: ending the hand now keeps the opponent from a gin.",
                f" The game is close, which lowers a knock's bar to {CLOSE_KNOCK_NEED:.0%} of "
                f"wins, but not for a knock that falls short of it or loses points.")
    if state == "behind" and later_gin >= GIN_LIKELY:
        return (BEHIND_KNOCK_NEED,
                f" You are far behind, which raises a knock's bar to {BEHIND_KNOCK_NEED:.0%} "
                f"of wins, and this one clears it.",
                f" You are far behind: a small knock will not catch up, and gin is "
                f"{percent(later_gin)} within {len(gin_within)} draws.")
    return KNOCK_NEED, "", ""


# The default samples stop once the decision is settled: the share of wins and the expected
# points each at least SETTLED_Z standard errors from their bars, with at least
# SETTLED_EFFECTIVE effective samples (docs/ADVICE.md states the rule's error).
SETTLED_Z = 3.0
SETTLED_EFFECTIVE = 50.0


def settled(odds: KnockOdds, need: float) -> bool:
    """Whether more samples could hardly change the knock decision (knock when the share of
    wins reaches `need` and the expected points are above 0): a gin always is; else, with at
    least SETTLED_EFFECTIVE effective samples, the win share is SETTLED_Z standard errors
    below the bar (wait), or as far above it (or the bar is 0) with the expected points as
    far from 0 on either side. The win share's error is taken at the bar, sqrt(need (1 -
    need) / n): a test of "the true share is the bar" that a share near 0 or 1 cannot pass
    by its own small error."""
    if odds.outcome != "knock":
        return True
    n = odds.effective_samples
    if n < SETTLED_EFFECTIVE:
        return False
    if need > 0:
        apart = SETTLED_Z * sqrt(need * (1 - need) / n)
        if odds.win < need - apart:
            return True  # wait
        if odds.win < need + apart:
            return False
    return abs(odds.expected_points) >= SETTLED_Z * max(odds.points_error, 1 / n)


# --- words ------------------------------------------------------------------------------------

def _summary(ranked, draw, knock) -> tuple[str, str]:
    if draw is not None:
        if not draw.take:
            return "draw", draw.reason
        if knock is not None and knock.knock:
            return "take", f"{draw.reason} {_face_down(knock, 'Then discard')}{knock.reason}"
        if draw.take_discard is None:  # big gin, before its knock decision: nothing to throw
            return "take", draw.reason
        # the take's own discard leads the ranking (`_leading`); a knock weighed and not
        # made says why, as after an 11-card draw
        waiting = f" {knock.reason}" if knock is not None else ""
        return "take", f"{draw.reason} Then: {ranked[0].reason}{waiting}"
    first = ranked[0]
    if knock is not None and knock.knock:
        action = knock.odds.outcome
        return ("gin" if action == "big_gin" else action), \
            f"{_face_down(knock, 'Discard')}{knock.reason}"
    if knock is not None:
        return "discard", f"{first.reason} {knock.reason}"
    return "discard", first.reason


def _face_down(knock: KnockDecision, lead: str) -> str:
    """How to go down, after `lead` ("Discard"): the knock's own discard (the one its odds
    were worked out for) face down, then the melds; "" for big gin, which keeps all eleven
    cards."""
    discard = knock.odds.discard
    return f"{lead} {discard.glyph} face down and lay down your melds. " if discard else ""


def _game_state(position: Position, expected_points: float | None = None) -> str | None:
    """How the scores bear on the advice, one rule for the note, the ranking (which comes
    before any knock is weighed, so without `expected_points`) and the knock
    (docs/ADVICE.md): "close" when my knock would likely end the game (with no knock weighed: I am
    within CLOSE_TO_TARGET of the target) or the opponent is that near the target (a gin or
    an undercut of theirs could end it); else "behind" when I trail by FAR_BEHIND or more;
    else None (or without scores)."""
    scores = position.scores
    if scores is None:
        return None
    target = position.rules.target
    mine = (scores.me + expected_points >= target if expected_points is not None
            else scores.me >= target - CLOSE_TO_TARGET)
    if mine or scores.opponent >= target - CLOSE_TO_TARGET:
        return "close"
    if scores.opponent - scores.me >= FAR_BEHIND:
        return "behind"
    return None


def _scores_note(position: Position, knock: "KnockDecision | None") -> str | None:
    scores = position.scores
    if scores is None:
        return None
    target = position.rules.target
    state = _game_state(position, knock.odds.expected_points if knock is not None else None)
    if state == "behind":
        return (f"You trail {scores.me} to {scores.opponent}: discards that keep gin chances "
                f"rank higher, and a knock needs {BEHIND_KNOCK_NEED:.0%} to win unless gin is unlikely.")
    if state == "close":
        return (f"The game is close ({scores.me} to {scores.opponent}, playing to {target}): "
                f"knock as soon as a knock wins {CLOSE_KNOCK_NEED:.0%} of the time and gains "
                f"points on average, to end the hand first.")
    return f"At {scores.me} to {scores.opponent} the scores do not change the advice."
