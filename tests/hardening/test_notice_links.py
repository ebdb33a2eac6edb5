"""Links and files edited by hand, answered with a page, never a 500: the page's notice
("Hand 2 added: ...") is chosen by the link's `did`, which may name any action and any hand
number, with or without a sheet (no notice for a hand the sheet does not have); an evening
file may put anything where a player's name goes."""
from __future__ import annotations

import json

import pytest

from test_hostile_forms import check_page_answer, share_token, _version

ONE_HAND = [["Ann", "Bob"], {}, [["n", 0, 5, 0, 20]]]
DIDS = [f"{what}:{n}" for what in ("add", "edit", "delete") for n in (0, 1, 2, 999)] + [
    "setup", "next", "undo", "redo", "clear", "import"]


@pytest.mark.parametrize("sheet", [None, ONE_HAND], ids=["no sheet", "one hand"])
@pytest.mark.parametrize("did", DIDS)
def test_any_did_in_a_link_is_answered(client, sheet, did):
    query = {"did": did} if sheet is None else {"did": did, "g": share_token(sheet, _version())}
    response = client.get("/", query_string=query, headers={"Accept": "text/html"})
    assert response.status_code == 200, (did, response.status_code)
    check_page_answer(response)
    html = response.get_data(as_text=True)
    if did == "add:1" and sheet:
        assert "Hand 1: " in html
    if did in ("add:2", "edit:2", "add:0"):  # no notice of a hand the sheet does not have
        assert "Hand 2: " not in html and "Hand 2 changed" not in html and "Hand 0" not in html


EVENING = {"format": "gin-scorekeeper-evening", "version": 1, "players": ["Ann", "Bob"]}


@pytest.mark.parametrize("part", [
    {"hands": [{"mode": "table", "winner": ["x"], "points": 10}]},
    {"hands": [{"mode": "counts", "kind": "knock", "knocked_by": {}, "knocker_deadwood": 5,
                "defender_deadwood": 20}]},
    {"finished_games": [{"winner": [1], "final": {}}]},
], ids=["list winner", "object knocker", "list game winner"])
def test_an_evening_file_naming_a_player_by_a_list_is_a_readable_400(client, part):
    response = client.post("/evening", data={"evening_text": json.dumps({**EVENING, **part})},
                           headers={"Accept": "text/html"})
    assert response.status_code == 400, response.status_code
    check_page_answer(response)
