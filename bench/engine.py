"""Engine throughput, side by side with baselines in the same run.

    python bench/engine.py            # full run, about two minutes on 2 cores
    python bench/engine.py --quick    # smoke run, a few seconds

Contenders, each fed the same fixed-seed hands in its own card type (conversion untimed):
  ours      calculator.core: deadwood(cards), deadwood_of_mask(mask), analyze(...), score_hand(...)
  naive     bench/naive.py: every combination of disjoint melds (standard library, no shared code)
  OpenSpiel pyspiel.gin_rummy.GinRummyUtils(13, 4, 10).min_deadwood (C++), when installed
  RLCard    rlcard.games.gin_rummy.utils.melding.get_best_meld_clusters (Python), when installed
The peers are optional: `pip install -r bench/requirements-peers.txt`.

Each figure is the median of REPEATS timed passes (time.perf_counter, garbage collector off as
timeit does); a slow contender times a prefix of the hand set, sized so one pass takes about
PASS_SECONDS. The machine is small and shared, so read the ratios, not the absolute rates.
Correctness is checked on the same hands: every disagreement is counted and the first few shown.
"""
from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import sys
import time
from itertools import combinations

BENCH = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(BENCH))  # the repository: calculator/
sys.path.insert(0, BENCH)  # naive.py

import naive  # noqa: E402

SEED = 20240607
RANKS, SUITS = "A23456789TJQK", "shdc"  # ours: card = suit * 13 + rank


def name(card: int) -> str:
    return RANKS[card % 13] + SUITS[card // 13]


def hand_text(cards) -> str:
    return " ".join(name(c) for c in sorted(cards))


# --- the contenders ------------------------------------------------------------------------

class Ours:
    """calculator.core, through the public API and, where it has one, the mask entry point."""

    def __init__(self):
        self.error = None
        try:
            import calculator.core as core
        except Exception as exc:  # the engine is optional while it is being written
            self.error = f"not importable: {exc!r}"
            return
        self.core = core
        from calculator.core import cards as cards_mod
        self.Card = getattr(core, "Card", None) or cards_mod.Card
        try:
            from calculator.core import melds as melds_mod
        except Exception:
            melds_mod = None
        self.deadwood = getattr(core, "deadwood", None) or getattr(melds_mod, "deadwood", None)
        self.deadwood_of_mask = getattr(melds_mod, "deadwood_of_mask", None)
        self.analyze = getattr(core, "analyze", None)
        self.score_hand = getattr(core, "score_hand", None)

    def cards(self, ints):
        return [self.Card.from_index(i) for i in ints]

    @staticmethod
    def mask(ints) -> int:
        m = 0
        for i in ints:
            m |= 1 << i
        return m

    # analyze: the answer's lowest deadwood after the best discard, and every discard's deadwood
    @staticmethod
    def analysis_figures(result) -> tuple[int, dict[int, int]]:
        per = {}
        for d in _get(result, "discards"):
            per[_get(d, "card").index] = _get(d, "deadwood")
        return _get(result, "deadwood"), per

    # score: (outcome, winner, points)
    @staticmethod
    def score_figures(result) -> tuple:
        outcome = _get(result, "outcome")
        winner = _get(result, "winner")
        return (str(getattr(outcome, "value", outcome)), str(getattr(winner, "value", winner)),
                _get(result, "points"))


def _get(obj, key):
    return obj[key] if isinstance(obj, dict) else getattr(obj, key)


class OpenSpiel:
    """OpenSpiel's Gin Rummy utilities (C++ through pybind11).

    Card ints are suit * 13 + rank with suits in the order s c d h (ours: s h d c). Given 11
    cards (hand_size + 1), MinDeadwood takes one best meld group of all 11 and drops its
    highest-ranked deadwood card: not always the best discard, so the 11-card figure here
    calls it on each 10-card subset instead, and the one-call shortcut is only shown for
    information, with its disagreements.
    """

    SUIT_FROM_OURS = (0, 3, 2, 1)  # s h d c -> OpenSpiel's s c d h

    def __init__(self):
        self.error = None
        try:
            import pyspiel
            self.utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
            self.version = _version("open_spiel")
        except Exception as exc:
            self.error = f"not installed ({type(exc).__name__}: {exc})"
            return
        self.min_deadwood = self.utils.min_deadwood
        # Check the encoding once against OpenSpiel's own card names.
        for i in range(52):
            assert self.utils.card_string(self.card(i)) == name(i), name(i)

    def card(self, i: int) -> int:
        return self.SUIT_FROM_OURS[i // 13] * 13 + i % 13

    def cards(self, ints) -> list[int]:
        return [self.card(i) for i in ints]


class RLCard:
    """RLCard's Gin Rummy melding (pure Python). Card ids are suit * 13 + rank, suits S H D C."""

    def __init__(self):
        self.error = None
        try:
            from rlcard.games.gin_rummy.utils import melding, utils
            self.version = _version("rlcard")
        except Exception as exc:
            self.error = f"not installed ({type(exc).__name__}: {exc})"
            return
        self.melding, self.utils = melding, utils
        for i in range(52):
            card = utils.get_card(i)
            assert card.rank + card.suit.lower() == name(i), name(i)

    def cards(self, ints):
        return [self.utils.get_card(i) for i in ints]

    def deadwood(self, hand) -> int:
        """How RLCard's own scorer does it (scorers.get_payoff_gin_rummy_v1)."""
        clusters = self.melding.get_best_meld_clusters(hand)
        return self.utils.get_deadwood_count(hand, clusters[0] if clusters else [])


def _version(module: str) -> str:
    from importlib import metadata
    for dist in {"open_spiel": ("open-spiel", "open_spiel"), "rlcard": ("rlcard",)}[module]:
        try:
            return metadata.version(dist)
        except metadata.PackageNotFoundError:
            pass
    return "?"


# --- hands ---------------------------------------------------------------------------------

def uniform_hands(rng: random.Random, n: int, size: int = 10) -> list[list[int]]:
    return [rng.sample(range(52), size) for _ in range(n)]


def window(start: int, width: int) -> list[int]:
    return [s * 13 + r for s in range(4) for r in range(start, start + width)]


def dense_hands(rng: random.Random, n: int, size: int = 10) -> list[list[int]]:
    """`size` cards from 4-6 consecutive ranks, all four suits: sets and runs cross."""
    out = []
    for _ in range(n):
        width = rng.randint(4, 6)
        out.append(rng.sample(window(rng.randint(0, 13 - width), width), size))
    return out


def knock_pairs(rng: random.Random, n: int, deadwood_of) -> list[tuple[list[int], list[int]]]:
    """(knocker 10 cards with deadwood <= 10, defender 10 cards) from meld-dense hands.

    The defender draws mostly from the knocker's rank window widened by two ranks each side,
    so lay-offs (4th cards of sets, chains on run ends) are common.
    """
    pairs = []
    while len(pairs) < n:
        width = rng.randint(4, 6)
        start = rng.randint(0, 13 - width)
        knocker = rng.sample(window(start, width), 10)
        if deadwood_of(knocker) > 10:
            continue
        low, high = max(0, start - 2), min(12, start + width + 1)
        near = [c for c in range(52) if c not in knocker and low <= c % 13 <= high]
        far = [c for c in range(52) if c not in knocker and c not in near]
        n_near = rng.randint(min(6, len(near)), min(10, len(near)))
        defender = rng.sample(near, n_near) + rng.sample(far, 10 - n_near)
        pairs.append((knocker, defender))
    return pairs


# --- timing --------------------------------------------------------------------------------

class Timer:
    def __init__(self, repeats: int, pass_seconds: float):
        self.repeats, self.pass_seconds = repeats, pass_seconds

    @staticmethod
    def _pass(fn, inputs, loops: int) -> float:
        gc_was = gc.isenabled()
        gc.disable()
        try:
            start = time.perf_counter()
            for _ in range(loops):
                for x in inputs:
                    fn(x)
            return time.perf_counter() - start
        finally:
            if gc_was:
                gc.enable()

    def rate(self, fn, inputs) -> tuple[float, int]:
        """(median calls per second, calls per pass) of fn over a prefix of `inputs`."""
        n = min(len(inputs), 4)
        while True:
            elapsed = self._pass(fn, inputs[:n], 1)
            if elapsed >= self.pass_seconds / 3 or n == len(inputs):
                break
            n = min(len(inputs), n * 4)
        per_call = max(elapsed / n, 1e-9)
        n = max(1, min(len(inputs), int(self.pass_seconds / per_call)))
        loops = max(1, int(self.pass_seconds / (per_call * n)))
        times = [self._pass(fn, inputs[:n], loops) for _ in range(self.repeats)]
        return n * loops / statistics.median(times), n * loops

    def per_call(self, fn, x, calls: int = 0) -> float:
        """Median seconds per call of fn(x) (one input: for the slowest hands)."""
        if not calls:
            elapsed = self._pass(fn, [x], 1)
            calls = max(1, min(2000, int(self.pass_seconds / 4 / max(elapsed, 1e-7))))
        return statistics.median(self._pass(fn, [x] * calls, 1) for _ in range(self.repeats)) / calls

    def quick_per_call(self, fn, x, calls: int) -> float:
        """Best of three short passes: a cheap, noise-resistant figure for a search."""
        return min(self._pass(fn, [x] * calls, 1) for _ in range(3)) / calls


# --- report --------------------------------------------------------------------------------

class Table:
    def __init__(self, title: str, unit: str = "hands/s"):
        self.title, self.unit, self.rows = title, unit, []

    def add(self, label: str, rate: float | None, calls: int = 0, note: str = ""):
        self.rows.append((label, rate, calls, note))

    def show(self, reference_label: str):
        ref = next((r for l, r, _, _ in self.rows if l == reference_label and r), None)
        print(f"\n{self.title}")
        print(f"  {'contender':<44} {self.unit:>12} {'vs ours':>9} {'ours is':>9}  calls/pass")
        for label, rate, calls, note in self.rows:
            if rate is None:
                print(f"  {label:<44} {'—':>12} {'':>9} {'':>9}  {note}")
                continue
            vs = f"{rate / ref:.3g}x" if ref else ""
            faster = f"{ref / rate:.3g}x" if ref else ""
            print(f"  {label:<44} {rate:>12,.0f} {vs:>9} {faster:>9}  {calls:<8} {note}")

    def rate_of(self, label: str):
        return next((r for l, r, _, _ in self.rows if l == label), None)


def verdict(ok: bool | None) -> str:
    return "n/a " if ok is None else ("PASS" if ok else "MISS")


class Disagreements:
    def __init__(self):
        self.items: dict[str, list] = {}

    def check(self, what: str, hand_desc: str, answers: dict):
        """`answers` maps contender -> answer; the naive one (if present) is the truth."""
        values = {k: v for k, v in answers.items() if v is not None}
        if len(set(map(repr, values.values()))) > 1:
            self.items.setdefault(what, []).append((hand_desc, values))
        else:
            self.items.setdefault(what, [])

    def show(self, limit: int = 4):
        print("\nCorrectness: disagreements on the benchmark hands")
        for what, found in self.items.items():
            print(f"  {what}: {len(found)}")
            for desc, values in found[:limit]:
                shown = ", ".join(f"{k}={v}" for k, v in values.items())
                print(f"      {desc}: {shown}")


# --- the sections --------------------------------------------------------------------------

def section_deadwood(args, timer, ours, osp, rlc, sets, checks, targets):
    for kind, hands in sets.items():
        table = Table(f"1. 10-card lowest deadwood, {kind} hands ({len(hands)} hands)")
        ours_label = "ours  calculator.core.deadwood(cards)"
        if ours.error or not ours.deadwood:
            table.add(ours_label, None, note=ours.error or "no deadwood()")
        else:
            inputs = [ours.cards(h) for h in hands]
            table.add(ours_label, *timer.rate(ours.deadwood, inputs))
            if ours.deadwood_of_mask:
                masks = [ours.mask(h) for h in hands]
                table.add("ours  melds.deadwood_of_mask(mask)", *timer.rate(ours.deadwood_of_mask,
                                                                            masks))
        table.add("naive bench/naive.py", *timer.rate(naive.deadwood, hands))
        if osp.error:
            table.add(f"OpenSpiel min_deadwood", None, note=osp.error)
        else:
            table.add(f"OpenSpiel {osp.version} min_deadwood",
                      *timer.rate(osp.min_deadwood, [osp.cards(h) for h in hands]))
        if rlc.error:
            table.add("RLCard get_best_meld_clusters", None, note=rlc.error)
        else:
            table.add(f"RLCard {rlc.version} get_best_meld_clusters",
                      *timer.rate(rlc.deadwood, [rlc.cards(h) for h in hands]))
        table.show(ours_label)

        ours_rate = table.rate_of(ours_label)
        os_rate = next((r for l, r, _, _ in table.rows if l.startswith("OpenSpiel") and r), None)
        rl_rate = next((r for l, r, _, _ in table.rows if l.startswith("RLCard") and r), None)
        targets.append((f"deadwood {kind}: ours >= 200,000 hands/s",
                        None if not ours_rate else ours_rate >= 200_000,
                        f"{ours_rate:,.0f}" if ours_rate else "—"))
        targets.append((f"deadwood {kind}: ours >= 3x RLCard",
                        None if not (ours_rate and rl_rate) else ours_rate >= 3 * rl_rate,
                        f"{ours_rate / rl_rate:.1f}x" if ours_rate and rl_rate else "—"))
        targets.append((f"deadwood {kind}: ours >= 1/3 OpenSpiel",
                        None if not (ours_rate and os_rate) else ours_rate >= os_rate / 3,
                        f"{ours_rate / os_rate:.2f}x" if ours_rate and os_rate else "—"))

        # correctness on every hand of the set
        for h in hands[: args.check_hands]:
            answers = {"naive": naive.deadwood(h)}
            if not ours.error and ours.deadwood:
                answers["ours"] = ours.deadwood(ours.cards(h))
                if ours.deadwood_of_mask:
                    answers["ours_mask"] = ours.deadwood_of_mask(ours.mask(h))
            if not osp.error:
                answers["openspiel"] = osp.min_deadwood(osp.cards(h))
            if not rlc.error:
                answers["rlcard"] = rlc.deadwood(rlc.cards(h))
            checks.check("10-card deadwood", hand_text(h), answers)


def section_analyze(args, timer, ours, osp, rlc, sets, checks, targets):
    for kind, hands in sets.items():
        table = Table(f"2. 11-card analysis, all 11 discards scored, {kind} hands "
                      f"({len(hands)} hands)")
        ours_label = "ours  calculator.core.analyze(cards, outs=False)"
        if ours.error or not ours.analyze:
            table.add(ours_label, None, note=ours.error or "no analyze() yet")
        else:
            inputs = [ours.cards(h) for h in hands]
            table.add(ours_label, *timer.rate(lambda c: ours.analyze(c, outs=False), inputs))
            if ours.deadwood_of_mask:
                def mask_discards(m, dw=ours.deadwood_of_mask):
                    low = m
                    while low:
                        bit = low & -low
                        dw(m ^ bit)
                        low ^= bit
                table.add("ours  deadwood_of_mask x11 (raw floor)",
                          *timer.rate(mask_discards, [ours.mask(h) for h in hands]))

        def naive_11(h):
            return naive.analyze11(h)
        table.add("naive bench/naive.py (11 x deadwood)", *timer.rate(naive_11, hands))
        if osp.error:
            table.add("OpenSpiel min_deadwood x11", None, note=osp.error)
        else:
            def os_11(subsets, md=osp.min_deadwood):
                for s in subsets:
                    md(s)
            subsets = [[osp.cards([c for c in h if c != d]) for d in h] for h in hands]
            table.add(f"OpenSpiel {osp.version} min_deadwood x11", *timer.rate(os_11, subsets))
            table.add(f"OpenSpiel {osp.version} min_deadwood(11) (1 call, inexact)",
                      *timer.rate(osp.min_deadwood, [osp.cards(h) for h in hands]))
        if rlc.error:
            table.add("RLCard x11", None, note=rlc.error)
        else:
            def rl_11(subsets, f=rlc.deadwood):
                for s in subsets:
                    f(s)
            subsets = [[rlc.cards([c for c in h if c != d]) for d in h] for h in hands]
            table.add(f"RLCard {rlc.version} best meld clusters x11", *timer.rate(rl_11, subsets))
        table.show(ours_label)

        ours_rate = table.rate_of(ours_label)
        os_rate = next((r for l, r, _, _ in table.rows if l.endswith("min_deadwood x11") and r),
                       None)
        targets.append((f"analyze {kind}: ours >= OpenSpiel x11",
                        None if not (ours_rate and os_rate) else ours_rate >= os_rate,
                        f"{ours_rate / os_rate:.2f}x" if ours_rate and os_rate else "—"))

        for h in hands[: args.check_hands_11]:
            per_naive = {c: naive.deadwood([d for d in h if d != c]) for c in h}
            answers = {"naive": min(per_naive.values())}
            per_answers = {"naive": per_naive}
            if not ours.error and ours.analyze:
                dw, per = ours.analysis_figures(ours.analyze(ours.cards(h), outs=False))
                answers["ours"], per_answers["ours"] = dw, per
            if not osp.error:
                per_os = {c: osp.min_deadwood(osp.cards([d for d in h if d != c])) for c in h}
                answers["openspiel_x11"] = min(per_os.values())
                per_answers["openspiel_x11"] = per_os
                checks.check("11-card best discard: OpenSpiel one-call shortcut vs naive",
                             hand_text(h), {"naive": answers["naive"],
                                            "openspiel_1call": osp.min_deadwood(osp.cards(h))})
            checks.check("11-card best-discard deadwood", hand_text(h), answers)
            checks.check("11-card per-discard deadwoods", hand_text(h),
                         {k: sorted((name(c), d) for c, d in v.items())
                          for k, v in per_answers.items()})


def section_score(args, timer, ours, pairs, checks, targets):
    table = Table(f"3. one hand's score with lay-offs, knocker (deadwood <= 10) vs defender "
                  f"({len(pairs)} pairs)", unit="pairs/s")
    ours_label = "ours  calculator.core.score_hand(knocker, defender)"
    if ours.error or not ours.score_hand:
        table.add(ours_label, None, note=ours.error or "no score_hand() yet")
    else:
        inputs = [(ours.cards(k), ours.cards(d)) for k, d in pairs]
        table.add(ours_label, *timer.rate(lambda p: ours.score_hand(*p), inputs))
    table.add("naive bench/naive.py score (all tied spreads)",
              *timer.rate(lambda p: naive.score(*p), pairs))
    table.add("OpenSpiel / RLCard", None, note="no scoring of one hand with lay-offs to compare")
    table.show(ours_label)
    rate = table.rate_of(ours_label)
    targets.append(("score: ours >= 10,000 pairs/s", None if not rate else rate >= 10_000,
                    f"{rate:,.0f}" if rate else "—"))
    if ours.error or not ours.score_hand:
        return
    for k, d in pairs[: args.check_pairs]:
        outcomes = naive.score(k, d)
        mine = ours.score_figures(ours.score_hand(ours.cards(k), ours.cards(d)))
        # The naive list holds one outcome per tied lowest-deadwood spread; ours must be one.
        truth = [o[:3] for o in outcomes]
        checks.check("score (outcome, winner, points) among naive's tied spreads",
                     f"knocker {hand_text(k)} | defender {hand_text(d)}",
                     {"naive": "ok", "ours": "ok" if mine in truth else f"{mine} not in {truth}"})


# --- 4. the slowest hands ------------------------------------------------------------------

def candidate_hands(rng: random.Random, size: int, n_random: int) -> list[list[int]]:
    """Hands built to make the engine work: several ranks of 3-4 cards crossing runs.

    Every `size`-subset of each 3-rank window (12 cards: three ranks of 3-4 cards, every card
    also in a run), random subsets of 4-rank windows, and random meld-dense hands.
    """
    found = set()
    for start in range(11):
        cards = window(start, 3)
        if len(cards) >= size:
            subsets = list(combinations(cards, size))
            rng.shuffle(subsets)
            found.update(tuple(sorted(s)) for s in subsets[:120])
    for _ in range(n_random):
        width = rng.choice((4, 4, 5))
        found.add(tuple(sorted(rng.sample(window(rng.randint(0, 13 - width), width), size))))
    for h in dense_hands(rng, n_random // 2, size):
        found.add(tuple(sorted(h)))
    out = [list(h) for h in sorted(found)]
    rng.shuffle(out)
    return out


def mutate(rng: random.Random, hand: list[int]) -> list[int]:
    """Swap one card for a neighbour: same rank other suit, or same suit next rank."""
    h = list(hand)
    i = rng.randrange(len(h))
    c = h[i]
    options = [s * 13 + c % 13 for s in range(4)] + [c - 1 if c % 13 else c, c + 1 if c % 13 < 12
                                                      else c]
    options += [s * 13 + r for s in range(4) for r in {c % 13 - 1, c % 13 + 1} if 0 <= r < 13]
    options = [o for o in options if o not in h]
    if options:
        h[i] = rng.choice(options)
    return h


def search_slowest(timer, fn, candidates, budget: float, rng, calls: int = 20, top: int = 8,
                   mutation_rounds: int = 0):
    """Time fn on each candidate (best of 3 short passes), then hill-climb from the slowest."""
    deadline = time.perf_counter() + budget
    scored = []
    for h in candidates:
        if time.perf_counter() > deadline:
            break
        scored.append((timer.quick_per_call(fn, h, calls), h))
    scored.sort(key=lambda t: t[0], reverse=True)
    typical = statistics.median(t for t, _ in scored) if scored else 0
    best = scored[:top]
    seen = {tuple(sorted(h)) for _, h in scored}
    for _ in range(mutation_rounds):
        if time.perf_counter() > deadline + budget / 2:
            break
        for t, h in list(best):
            m = mutate(rng, h)
            key = tuple(sorted(m))
            if key in seen:
                continue
            seen.add(key)
            tm = timer.quick_per_call(fn, m, calls)
            if tm > best[-1][0]:
                best.append((tm, m))
                best.sort(key=lambda x: x[0], reverse=True)
                best = best[:top]
    # re-time the finalists properly (median of REPEATS) and pick the slowest
    final = sorted(((timer.per_call(fn, h), h) for _, h in best), reverse=True)
    return final, typical, len(scored)


def section_slowest(args, timer, ours, osp, rlc, rng, pairs_for_search, slowest_report):
    print("\n4. slowest hands found (median per call over the finalists of a search)")
    if ours.error:
        print(f"  ours: {ours.error}")
        return
    budget = args.search_seconds
    # 10-card deadwood
    if ours.deadwood:
        cands = candidate_hands(rng, 10, args.search_random)
        wrap = [ours.cards(h) for h in cands]
        index = {id(w): h for w, h in zip(wrap, cands)}
        final, typical, n = search_slowest(timer, ours.deadwood, wrap, budget, rng)
        t, w = final[0]
        h = [c.index for c in w]
        _report_slowest("deadwood(cards), 10 cards", h, t, typical, n, timer, ours, osp, rlc,
                        slowest_report, size=10)
        del index
    # 11-card analyze
    if ours.analyze:
        cands = candidate_hands(rng, 11, args.search_random)
        fn = lambda c: ours.analyze(c, outs=False)  # noqa: E731
        final, typical, n = search_slowest(timer, fn, [ours.cards(h) for h in cands], budget, rng,
                                           calls=5)
        t, w = final[0]
        _report_slowest("analyze(cards, outs=False), 11 cards", [c.index for c in w], t, typical,
                        n, timer, ours, osp, rlc, slowest_report, size=11)
    # score
    if ours.score_hand:
        inputs = [(ours.cards(k), ours.cards(d)) for k, d in pairs_for_search]
        final, typical, n = search_slowest(timer, lambda p: ours.score_hand(*p), inputs, budget,
                                           rng, calls=5)
        t, (kc, dc) = final[0]
        k = [c.index for c in kc]
        d = [c.index for c in dc]
        naive_t = timer.per_call(lambda p: naive.score(*p), (k, d), calls=1)
        line = (f"  score_hand: slowest {t * 1e6:,.1f} µs (typical {typical * 1e6:,.1f} µs, "
                f"{t / typical:.1f}x, over {n} pairs)\n"
                f"      knocker {hand_text(k)} | defender {hand_text(d)}\n"
                f"      naive on it: {naive_t * 1e3:,.1f} ms")
        print(line)
        slowest_report.append(line)


def _report_slowest(what, h, t, typical, n, timer, ours, osp, rlc, slowest_report, size):
    parts = [f"  {what}: slowest {t * 1e6:,.1f} µs (typical {typical * 1e6:,.1f} µs, "
             f"{t / typical:.1f}x, searched {n} hands)", f"      hand {hand_text(h)}"]
    others = [("naive", lambda x: naive.deadwood(x) if size == 10 else naive.analyze11(x), h)]
    if not osp.error:
        if size == 10:
            others.append(("OpenSpiel", osp.min_deadwood, osp.cards(h)))
        else:
            subsets = [osp.cards([c for c in h if c != d]) for d in h]
            others.append(("OpenSpiel x11", lambda ss: [osp.min_deadwood(s) for s in ss], subsets))
    if not rlc.error:
        if size == 10:
            others.append(("RLCard", rlc.deadwood, rlc.cards(h)))
        else:
            subsets = [rlc.cards([c for c in h if c != d]) for d in h]
            others.append(("RLCard x11", lambda ss: [rlc.deadwood(s) for s in ss], subsets))
    figures = []
    for label, fn, x in others:
        pt = timer.per_call(fn, x, calls=3 if label.startswith(("naive", "RLCard")) else 0)
        figures.append(f"{label} {pt * 1e6:,.0f} µs ({pt / t:,.1f}x ours)")
    parts.append("      same hand: " + "; ".join(figures))
    print("\n".join(parts))
    slowest_report.append("\n".join(parts))


# --- main ----------------------------------------------------------------------------------

def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="short smoke run")
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args(argv)
    if args.quick:
        n_hands, n_pairs, repeats, pass_s = 200, 60, 3, 0.03
        args.check_hands, args.check_hands_11, args.check_pairs = 100, 20, 15
        args.search_seconds, args.search_random = 1.0, 60
    else:
        n_hands, n_pairs, repeats, pass_s = 2000, 400, 5, 0.25
        args.check_hands, args.check_hands_11, args.check_pairs = 2000, 250, 120
        args.search_seconds, args.search_random = 10.0, 600

    started = time.perf_counter()
    ours, osp, rlc = Ours(), OpenSpiel(), RLCard()
    print(f"Gin Rummy engine benchmark  (python {sys.version.split()[0]}, seed {args.seed}, "
          f"{'quick' if args.quick else 'full'} run, median of {repeats} passes of ~{pass_s}s)")
    print(f"  ours:      {ours.error or 'calculator.core'}")
    print(f"  naive:     bench/naive.py")
    print(f"  OpenSpiel: {osp.error or osp.version}")
    print(f"  RLCard:    {rlc.error or rlc.version}")

    rng = random.Random(args.seed)
    sets10 = {"uniform": uniform_hands(rng, n_hands), "meld-dense": dense_hands(rng, n_hands)}
    sets11 = {"uniform": uniform_hands(rng, n_hands, 11),
              "meld-dense": dense_hands(rng, n_hands, 11)}
    pairs = knock_pairs(rng, n_pairs, naive.deadwood)
    timer = Timer(repeats, pass_s)
    checks, targets, slowest = Disagreements(), [], []

    section_deadwood(args, timer, ours, osp, rlc, sets10, checks, targets)
    section_analyze(args, timer, ours, osp, rlc, sets11, checks, targets)
    section_score(args, timer, ours, pairs, checks, targets)
    search_pairs = knock_pairs(random.Random(args.seed + 1), 40 if args.quick else 600,
                               naive.deadwood)
    section_slowest(args, timer, ours, osp, rlc, random.Random(args.seed + 2), search_pairs,
                    slowest)
    checks.show()

    print("\nTargets")
    for label, ok, figure in targets:
        print(f"  [{verdict(ok)}] {label:<46} {figure}")
    print(f"\n(run took {time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
