"""The engine's tables: filled on first use, or all at once by `fill_tables` (what the server's
master does before forking its workers), with the same entries either way."""
from __future__ import annotations

from calculator.core import memo
from calculator.core.cards import mask_cards
from calculator.core.melds import best_arrangement_of_mask


def test_a_table_builds_each_entry_once():
    calls = []
    table = memo.Memo(lambda key: calls.append(key) or key * 2)
    assert table[3] == 6 and table[3] == 6 and calls == [3]


def test_fill_tables_fills_every_per_suit_table_with_what_first_use_would_build():
    assert memo._FILLABLE, "the per-suit tables name their keys"
    before = {id(table): dict(table) for table, _ in memo._FILLABLE}
    memo.fill_tables()
    for table, keys in memo._FILLABLE:
        assert len(table) == len(keys) == 1 << 13
        for key, value in before[id(table)].items():
            assert table[key] is value  # what was there is kept
        fresh = memo.Memo(table.build)
        for key in range(0, 1 << 13, 97):
            assert table[key] == fresh[key]
    assert memo.fill_tables() == 0  # nothing left to fill
    # the engine reads the filled tables as it read the lazy ones
    mask = sum(1 << i for i in (0, 1, 2, 16, 17, 18, 31, 32, 33, 51))
    assert len(mask_cards(mask)) == 10 and best_arrangement_of_mask(mask).deadwood == 10  # As-3s 4h-6h 6d-8d, Kc
