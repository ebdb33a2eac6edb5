"""Engine throughput, side by side with baselines in the same run.

    python bench/engine.py            # full run, about two minutes on 2 cores
    python bench/engine.py --quick    # smoke run, a few seconds

Contenders, each fed the same fixed-seed hands in its own card type (conversion untimed):
  ours      calculator.core: deadwood(cards), deadwood_of_mask(mask), analyze(...), score_hand(...)
  naive     tests/reference: the tests' naive reference (standard library, no shared code)
  OpenSpiel pyspiel.gin_rummy.GinRummyUtils(13, 4, 10).min_deadwood (C++), when installed
  RLCard    rlcard.games.gin_rummy.utils.melding.get_best_meld_clusters (Python), when installed
The peers are optional: `pip install -r bench/requirements-peers.txt`.

Each figure is the median of 5 timed passes (3 with --quick; time.perf_counter, garbage
collector off as timeit does), the passes of a table's contenders interleaved so a busy
neighbour slows them alike; a slow contender times a prefix of the hand set, sized so one pass
takes about 0.25 s. The machine is small and shared: read the ratios, not the absolute rates.
Correctness is checked on the same hands against the naive reference: every disagreement is
counted and the first few are shown with their hands. Section 4 searches for the slowest inputs.
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
# the naive reference lives with the tests, which check the engine against it too
sys.path.insert(0, os.path.join(os.path.dirname(BENCH), "tests"))

import reference  # noqa: E402
from reference import scoring as reference_scoring  # noqa: E402

SEED = 20240607
RANKS, SUITS = "A23456789TJQK", "shdc"  # ours: card = suit * 13 + rank


def name(card: int) -> str:
    return RANKS[card % 13] + SUITS[card // 13]


def hand_text(cards) -> str:
    return " ".join(name(c) for c in sorted(cards))


# --- the contenders ------------------------------------------------------------------------

def naive_deadwood(cards) -> int:
    return reference.min_deadwood(cards)


def naive_analyze11(cards11) -> tuple[int, bool]:
    """(lowest deadwood after the best discard, big gin)."""
    return reference.best_discard_deadwood(cards11), reference.is_big_gin(cards11)


def naive_score(knocker, defender):
    """Every legal spread of the knocker scored against the defender (standard rules)."""
    return reference_scoring.score_hand(knocker, defender, reference_scoring.STANDARD)


def naive_score_figures(scored) -> tuple:
    """(outcome, winner, points) of the best of the lowest spreads, as the engine lays it."""
    best = max(scored.lowest_spreads, key=lambda s: s.value).outcome
    return best.outcome, str(best.winner), best.points


def for_knocker(figures) -> int:
    """Points as the knocker sees them: won points positive, points conceded negative."""
    return figures[2] if figures[1] == "knocker" else -figures[2]


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
        self.analyze = getattr(core, "analyze", None)
        self.score_hand = getattr(core, "score_hand", None)
        # Mask-level entry points (internal, so looked up under the names they have had):
        # 10 cards, lowest deadwood; 11 cards, lowest deadwood after the best discard.
        self.mask10_name, self.deadwood_of_mask = _first_attr(
            ("tables", "deadwood_of_mask"), ("melds", "deadwood_of_mask"))
        self.mask11_name, self.best_discard_deadwood = _first_attr(
            ("tables", "best_discard_deadwood_of_mask"), ("melds", "best_discard_deadwood_of_mask"),
            ("knock", "best_discard_deadwood"), ("melds", "best_discard_deadwood"))
        # 11 cards, the deadwood after each of the 11 discards, in one pass
        self.every_name, self.every_discard = _first_attr(
            ("tables", "discard_deadwoods_of_mask"), ("melds", "discard_deadwoods_of_mask"))

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


def _first_attr(*candidates):
    """(module.name, function) of the first calculator.core.<module>.<name> that exists."""
    import importlib
    for module, attr in candidates:
        try:
            found = getattr(importlib.import_module(f"calculator.core.{module}"), attr, None)
        except ImportError:
            found = None
        if found:
            return f"{module}.{attr}", found
    return None, None


def _get(obj, key):
    return obj[key] if isinstance(obj, dict) else getattr(obj, key)


def read_every_arrangement(analysis) -> int:
    """Read the melds and deadwood cards of an 11-card analysis and of each of its discards."""
    count = len(_get(analysis, "melds")) + len(_get(analysis, "deadwood_cards"))
    for option in _get(analysis, "discards"):
        count += len(_get(option, "melds")) + len(_get(option, "deadwood_cards"))
    return count


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
            self.error = _not_installed(exc)
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
            self.error = _not_installed(exc)
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


def _load() -> str:
    try:
        return " ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


def _not_installed(exc: Exception) -> str:
    if isinstance(exc, ImportError):
        return "not installed (pip install -r bench/requirements-peers.txt)"
    return f"not usable ({type(exc).__name__}: {exc})"


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

    @staticmethod
    def job(fn, inputs) -> tuple:
        """Something to time: fn called on each of `inputs`."""
        return fn, inputs

    def _calibrate(self, fn, inputs) -> tuple[int, int]:
        """(prefix length, loops) so that one pass takes about `pass_seconds`."""
        n = min(len(inputs), 4)
        while True:
            elapsed = self._pass(fn, inputs[:n], 1)
            if elapsed >= self.pass_seconds / 3 or n == len(inputs):
                break
            n = min(len(inputs), n * 4)
        per_call = max(elapsed / n, 1e-9)
        n = max(1, min(len(inputs), int(self.pass_seconds / per_call)))
        return n, max(1, int(self.pass_seconds / (per_call * n)))

    def rates(self, jobs: list[tuple]) -> list[tuple[float, int]]:
        """[(median calls per second, calls per pass)] for each (fn, inputs) job.

        The passes of the jobs are interleaved (one pass of each, REPEATS rounds), so a
        neighbour's load on this shared machine slows every contender alike and the ratios
        hold up better than the absolute rates.
        """
        plans = [self._calibrate(fn, inputs) for fn, inputs in jobs]
        times: list[list[float]] = [[] for _ in jobs]
        for _ in range(self.repeats):
            for i, ((fn, inputs), (n, loops)) in enumerate(zip(jobs, plans, strict=True)):
                times[i].append(self._pass(fn, inputs[:n], loops))
        return [(n * loops / statistics.median(t), n * loops)
                for (n, loops), t in zip(plans, times, strict=True)]

    def per_call(self, fn, x, calls: int = 0) -> float:
        """Median seconds per call of fn(x) (one input: for the slowest hands)."""
        if not calls:
            elapsed = self._pass(fn, [x], 1)
            calls = max(1, min(2000, int(self.pass_seconds / 4 / max(elapsed, 1e-7))))
        times = [self._pass(fn, [x] * calls, 1) for _ in range(self.repeats)]
        return statistics.median(times) / calls

    def quick_per_call(self, fn, x, calls: int) -> float:
        """Best of three short passes: a cheap, noise-resistant figure for a search."""
        return min(self._pass(fn, [x] * calls, 1) for _ in range(3)) / calls


# --- report --------------------------------------------------------------------------------

class Table:
    def __init__(self, title: str, unit: str = "hands/s"):
        self.title, self.unit, self.rows = title, unit, []

    def add(self, label: str, job: tuple | None, note: str = ""):
        """A row: `job` is Timer.job(fn, inputs), or None for a contender that is missing."""
        self.rows.append([label, job, 0, note])

    def measure(self, timer: Timer) -> "Table":
        measured = [row for row in self.rows if row[1] is not None]
        results = timer.rates([row[1] for row in measured])
        for row, (rate, calls) in zip(measured, results, strict=True):
            row[1], row[2] = rate, calls
        return self

    def show(self, reference_label: str):
        ref = self.rate_of(reference_label)
        print(f"\n{self.title}")
        print(f"  {'contender':<56} {self.unit:>11} {'ours is':>10}   timed calls")
        for label, rate, calls, note in self.rows:
            if rate is None:
                print(f"  {label:<56} {'—':>11} {'':>10}   {note}")
                continue
            figure = f"{rate:,.0f}" if rate >= 100 else f"{rate:.1f}"
            ratio = "" if not ref or label == reference_label else _times(ref / rate)
            print(f"  {label:<56} {figure:>11} {ratio:>10}   {calls:<7} {note}")

    def rate_of(self, label: str):
        return self.first(lambda name: name == label)

    def first(self, test):
        """The first measured rate whose label passes `test`."""
        return next((rate for label, rate, _, _ in self.rows if test(label) and rate), None)


def _times(x: float) -> str:
    """A speed ratio for people: 1,234x, 21x, 2.5x, 0.61x."""
    if x >= 100:
        return f"{x:,.0f}x"
    return f"{x:.1f}x" if x >= 10 else f"{x:.2f}x"


def _target_rate(targets, label, rate, floor):
    targets.append((label, None if not rate else rate >= floor,
                    f"{rate:,.0f}" if rate else "—"))


def _target_ratio(targets, label, ours_rate, peer_rate, factor):
    """Ours at least `factor` times the peer's rate."""
    if not (ours_rate and peer_rate):
        targets.append((label, None, "—"))
    else:
        targets.append((label, ours_rate >= factor * peer_rate, _times(ours_rate / peer_rate)))


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
            table.add(ours_label, timer.job(ours.deadwood, inputs))
            if ours.deadwood_of_mask:
                masks = [ours.mask(h) for h in hands]
                table.add(f"ours  {ours.mask10_name}(mask)", timer.job(ours.deadwood_of_mask,
                                                                            masks))
        table.add("naive tests/reference", timer.job(naive_deadwood, hands))
        if osp.error:
            table.add("OpenSpiel min_deadwood", None, note=osp.error)
        else:
            table.add(f"OpenSpiel {osp.version} min_deadwood",
                      timer.job(osp.min_deadwood, [osp.cards(h) for h in hands]))
        if rlc.error:
            table.add("RLCard get_best_meld_clusters", None, note=rlc.error)
        else:
            table.add(f"RLCard {rlc.version} get_best_meld_clusters",
                      timer.job(rlc.deadwood, [rlc.cards(h) for h in hands]))
        table.measure(timer).show(ours_label)

        os_rate = table.first(lambda label: label.startswith("OpenSpiel"))
        rl_rate = table.first(lambda label: label.startswith("RLCard"))
        for who, rate in (("ours", table.rate_of(ours_label)),
                          ("ours (mask)", table.first(lambda label: label.endswith("(mask)")))):
            if who == "ours" or rate:
                _target_rate(targets, f"deadwood {kind}: {who} >= 200,000 hands/s", rate,
                             200_000)
                _target_ratio(targets, f"deadwood {kind}: {who} >= 3x RLCard", rate, rl_rate, 3)
                _target_ratio(targets, f"deadwood {kind}: {who} >= 1/3 OpenSpiel", rate, os_rate,
                              1 / 3)

        # correctness on every hand of the set
        for h in hands[: args.check_hands]:
            answers = {"naive": naive_deadwood(h)}
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
            table.add(ours_label, timer.job(lambda c: ours.analyze(c, outs=False), inputs))
            # analyze() works out every number up front and builds each discard's melds when
            # they are read; this row reads them all, as the API's answer does
            table.add("ours  analyze(...), then every discard's melds read",
                      timer.job(lambda c: read_every_arrangement(ours.analyze(c, outs=False)),
                                inputs))
            if ours.every_discard:
                table.add(f"ours  {ours.every_name}(mask) (all 11 discards)",
                          timer.job(ours.every_discard, [ours.mask(h) for h in hands]))
            if ours.best_discard_deadwood:
                table.add(f"ours  {ours.mask11_name}(mask)",
                          timer.job(ours.best_discard_deadwood, [ours.mask(h) for h in hands]))

        table.add("naive tests/reference (11 discards)", timer.job(naive_analyze11, hands))
        if osp.error:
            table.add("OpenSpiel min_deadwood x11", None, note=osp.error)
        else:
            def os_11(subsets, md=osp.min_deadwood):
                for s in subsets:
                    md(s)
            subsets = [[osp.cards([c for c in h if c != d]) for d in h] for h in hands]
            table.add(f"OpenSpiel {osp.version} min_deadwood x11", timer.job(os_11, subsets))
            table.add(f"OpenSpiel {osp.version} min_deadwood(11) (1 call, inexact)",
                      timer.job(osp.min_deadwood, [osp.cards(h) for h in hands]))
        if rlc.error:
            table.add("RLCard x11", None, note=rlc.error)
        else:
            def rl_11(subsets, f=rlc.deadwood):
                for s in subsets:
                    f(s)
            subsets = [[rlc.cards([c for c in h if c != d]) for d in h] for h in hands]
            table.add(f"RLCard {rlc.version} best meld clusters x11", timer.job(rl_11, subsets))
        table.measure(timer).show(ours_label)

        os_rate = table.first(lambda label: label.endswith("min_deadwood x11"))
        _target_ratio(targets, f"analyze {kind}: ours >= OpenSpiel x11",
                      table.rate_of(ours_label), os_rate, 1)
        every_rate = table.first(lambda label: label.endswith("(all 11 discards)"))
        if every_rate:
            _target_ratio(targets, f"analyze {kind}: ours (mask, all 11 discards scored) >= "
                          "OpenSpiel x11", every_rate, os_rate, 1)
        mask_rate = table.first(lambda label: label.endswith("(mask)"))
        if mask_rate:
            _target_ratio(targets, f"analyze {kind}: ours (mask, best discard only) >= "
                          "OpenSpiel x11", mask_rate, os_rate, 1)

        for h in hands[: args.check_hands_11]:
            per_naive = {c: naive_deadwood([d for d in h if d != c]) for c in h}
            answers = {"naive": min(per_naive.values())}
            per_answers = {"naive": per_naive}
            if not ours.error and ours.analyze:
                dw, per = ours.analysis_figures(ours.analyze(ours.cards(h), outs=False))
                answers["ours"], per_answers["ours"] = dw, per
                if ours.best_discard_deadwood:
                    answers["ours_mask"] = ours.best_discard_deadwood(ours.mask(h))
                if ours.every_discard:
                    every = ours.every_discard(ours.mask(h))
                    per_answers["ours_mask"] = {bit.bit_length() - 1: v
                                                for bit, v in every.items()}
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
        table.add(ours_label, timer.job(lambda p: ours.score_hand(*p), inputs))
    table.add("naive tests/reference score (every legal spread)",
              timer.job(lambda p: naive_score(*p), pairs))
    table.add("OpenSpiel / RLCard", None, note="no scoring of one hand with lay-offs to compare")
    table.measure(timer).show(ours_label)
    _target_rate(targets, "score: ours >= 10,000 pairs/s", table.rate_of(ours_label), 10_000)
    if ours.error or not ours.score_hand:
        return
    for k, d in pairs[: args.check_pairs]:
        desc = f"knocker {hand_text(k)} | defender {hand_text(d)}"
        result = ours.score_hand(ours.cards(k), ours.cards(d))
        mine = ours.score_figures(result)
        # The knocker lays down, of the lowest-deadwood spreads, the one scoring best for them.
        scored = naive_score(k, d)
        checks.check("score: (outcome, winner, points)", desc,
                     {"naive": naive_score_figures(scored), "ours": mine})
        # best_spread: the most any legal spread (deadwood <= limit) would have scored.
        best = _get(result, "best_spread")
        mine_best = for_knocker(mine) if best is None else for_knocker(
            (None, _get(best, "winner"), _get(best, "points")))
        checks.check("score: best legal spread's value for the knocker", desc,
                     {"naive": scored.best_value, "ours": mine_best})


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


def mutate(rng: random.Random, hand, exclude=()) -> tuple[int, ...]:
    """Swap one card for a neighbour (same rank other suit, or same suit next rank)."""
    h = list(hand)
    i = rng.randrange(len(h))
    c = h[i]
    options = [s * 13 + c % 13 for s in range(4)]
    options += [s * 13 + r for s in range(4) for r in (c % 13 - 1, c % 13 + 1) if 0 <= r < 13]
    options = [o for o in options if o not in h and o not in exclude]
    if options:
        h[i] = rng.choice(options)
    return tuple(sorted(h))


def search_slowest(timer, fn, prepare, candidates, budget: float, rng, calls: int,
                   mutate_key=None, top: int = 8):
    """Time fn on each candidate key (best of 3 short passes) within `budget` seconds, then
    hill-climb from the slowest by one-card mutations for half as long again, and re-time the
    finalists properly (median of REPEATS). Returns ([(seconds per call, key)], the key of the
    median candidate, how many were timed)."""
    deadline = time.perf_counter() + budget
    scored = []
    for key in candidates:
        if time.perf_counter() > deadline:
            break
        scored.append((timer.quick_per_call(fn, prepare(key), calls), key))
    scored.sort(key=lambda t: t[0], reverse=True)
    typical = scored[len(scored) // 2][1]  # the key of the median input
    best = scored[:top]
    seen = {key for _, key in scored}
    if mutate_key:
        deadline = time.perf_counter() + budget / 2
        while time.perf_counter() < deadline:
            for _, key in list(best):
                new = mutate_key(rng, key)
                if new is None or new in seen:
                    continue
                seen.add(new)
                t = timer.quick_per_call(fn, prepare(new), calls)
                if t > best[-1][0]:
                    best = sorted(best + [(t, new)], key=lambda x: x[0], reverse=True)[:top]
    final = sorted(((timer.per_call(fn, prepare(key)), key) for _, key in best),
                   key=lambda x: x[0], reverse=True)
    return final, typical, len(seen)


def section_slowest(args, timer, ours, osp, rlc, rng, pairs_for_search, slowest_report):
    print("\n4. slowest inputs found (a timed search, then a one-card hill-climb; the winner "
          "re-timed against the others on the same input)")
    if ours.error:
        print(f"  ours: {ours.error}")
        return
    budget = args.search_seconds
    if ours.deadwood:
        cands = [tuple(sorted(h)) for h in candidate_hands(rng, 10, args.search_random)]
        final, typical, n = search_slowest(timer, ours.deadwood, ours.cards, cands, budget, rng,
                                           calls=20, mutate_key=mutate)
        h = list(final[0][1])
        rows = [("ours deadwood(cards)", ours.deadwood, ours.cards(h)),
                ("ours on the median input", ours.deadwood, ours.cards(typical)),
                ("naive", naive_deadwood, h)]
        if not osp.error:
            rows.append(("OpenSpiel", osp.min_deadwood, osp.cards(h)))
        if not rlc.error:
            rows.append(("RLCard", rlc.deadwood, rlc.cards(h)))
        _report_slowest("10-card deadwood", f"hand {hand_text(h)}", typical, n, timer, rows,
                        slowest_report)
    if ours.analyze:
        cands = [tuple(sorted(h)) for h in candidate_hands(rng, 11, args.search_random)]
        final, typical, n = search_slowest(
            timer, lambda c: ours.analyze(c, outs=False), ours.cards, cands, budget, rng,
            calls=4, mutate_key=mutate)
        h = list(final[0][1])
        rows = [("ours analyze(cards, outs=False)", lambda c: ours.analyze(c, outs=False),
                 ours.cards(h)),
                ("ours on the median input", lambda c: ours.analyze(c, outs=False),
                 ours.cards(typical)),
                ("naive", naive_analyze11, h)]
        if not osp.error:
            subsets = [osp.cards([c for c in h if c != d]) for d in h]
            rows.append(("OpenSpiel x11", lambda ss: [osp.min_deadwood(s) for s in ss], subsets))
        if not rlc.error:
            subsets = [rlc.cards([c for c in h if c != d]) for d in h]
            rows.append(("RLCard x11", lambda ss: [rlc.deadwood(s) for s in ss], subsets))
        _report_slowest("11-card analysis", f"hand {hand_text(h)}", typical, n, timer, rows,
                        slowest_report)
    if ours.score_hand:
        def mutate_pair(rng, key):
            knocker, defender = key
            if rng.random() < 0.5:
                return knocker, mutate(rng, defender, exclude=knocker)
            new = mutate(rng, knocker, exclude=defender)
            return (new, defender) if ours.deadwood(ours.cards(new)) <= 10 else None

        cands = [(tuple(sorted(k)), tuple(sorted(d))) for k, d in pairs_for_search]
        final, typical, n = search_slowest(
            timer, lambda p: ours.score_hand(*p),
            lambda key: (ours.cards(key[0]), ours.cards(key[1])), cands, budget, rng, calls=4,
            mutate_key=mutate_pair)
        k, d = final[0][1]
        rows = [("ours score_hand(knocker, defender)", lambda p: ours.score_hand(*p),
                 (ours.cards(k), ours.cards(d))),
                ("ours on the median input", lambda p: ours.score_hand(*p),
                 (ours.cards(typical[0]), ours.cards(typical[1]))),
                ("naive score", lambda p: naive_score(*p), (list(k), list(d)))]
        _report_slowest("score with lay-offs",
                        f"knocker {hand_text(k)} | defender {hand_text(d)}", typical, n, timer,
                        rows, slowest_report)


def _report_slowest(what, desc, typical, n, timer, rows, slowest_report):
    """Time ours on the slowest input (first row), on the median one (second row) and the
    others on the slowest input, passes interleaved."""
    rates = timer.rates([timer.job(fn, [x]) for _, fn, x in rows])
    ours_t, median_t = 1 / rates[0][0], 1 / rates[1][0]
    figures = []
    for (label, _, _), (rate, _) in zip(rows[2:], rates[2:], strict=True):
        t = 1 / rate
        figures.append(f"{label} {t * 1e6:,.0f} µs (ours is {_times(t / ours_t)})")
    text = (f"  {what}: slowest {ours_t * 1e6:,.1f} µs per call, {ours_t / median_t:.1f}x "
            f"ours on the median of the {n} inputs searched ({median_t * 1e6:,.1f} µs)\n"
            f"      {desc}\n"
            f"      same input: " + "; ".join(figures))
    print(text)
    slowest_report.append(text)


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
    print("  naive:     tests/reference (the tests' naive reference)")
    print(f"  OpenSpiel: {osp.error or osp.version}")
    print(f"  RLCard:    {rlc.error or rlc.version}")
    print(f"  load average at start: {_load()} on {os.cpu_count()} cores (a busy machine lowers "
          "every rate; the ratios hold better)")
    print("  'ours is Nx': ours' rate divided by the row's (above 1: ours is faster); hand"
          " conversion to each contender's card type is done before timing.")

    rng = random.Random(args.seed)
    sets10 = {"uniform": uniform_hands(rng, n_hands), "meld-dense": dense_hands(rng, n_hands)}
    sets11 = {"uniform": uniform_hands(rng, n_hands, 11),
              "meld-dense": dense_hands(rng, n_hands, 11)}
    pairs = knock_pairs(rng, n_pairs, naive_deadwood)
    timer = Timer(repeats, pass_s)
    checks, targets, slowest = Disagreements(), [], []

    section_deadwood(args, timer, ours, osp, rlc, sets10, checks, targets)
    section_analyze(args, timer, ours, osp, rlc, sets11, checks, targets)
    section_score(args, timer, ours, pairs, checks, targets)
    search_pairs = knock_pairs(random.Random(args.seed + 1), 40 if args.quick else 600,
                               naive_deadwood)
    section_slowest(args, timer, ours, osp, rlc, random.Random(args.seed + 2), search_pairs,
                    slowest)
    checks.show()

    print("\nTargets")
    for label, ok, figure in targets:
        print(f"  [{verdict(ok)}] {label:<66} {figure:>9}")
    print(f"\n(run took {time.perf_counter() - started:.0f} s; load average at the end: "
          f"{_load()})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
