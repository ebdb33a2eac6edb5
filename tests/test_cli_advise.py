"""`python -m calculator advise`: --json is byte-for-byte the API's answer, the words lead
with the advice, and a bad position names the bad input with exit status 2."""
import json

import pytest

from calculator import create_app
from calculator.cli import main

HAND = "As 2s 3s 5h 6h 7h 8c 8d 8s 4d Kd"


@pytest.fixture(scope="module")
def client():
    return create_app().test_client()


@pytest.mark.parametrize("argv, body", [
    (["advise", HAND, "--samples", "100"], {"hand": HAND, "samples": 100}),
    (["advise", HAND, "--discards", "Jc:me 9d:opp Th", "--took", "Jd Jh", "--passed", "9d",
      "--samples", "100", "--seed", "4", "--scores", "40,85"],
     {"hand": HAND, "discards": [{"card": "Jc", "by": "me"}, {"card": "9d", "by": "opponent"},
                                 "Th"], "opponent_took": ["Jd", "Jh"],
      "opponent_passed": ["9d"], "samples": 100, "seed": 4,
      "scores": {"me": 40, "opponent": 85}}),
    # the opponent's cards in any notation the API reads, commas and words too
    (["advise", "As 2s 3s 5h 6h 7h 9c 9d Kd Qc", "--face-up", "Jd", "--took",
      "queen of diamonds, K♥", "--discards", "Jc:opponent Tc", "--passed", "Jc,Tc",
      "--samples", "50"],
     {"hand": "As 2s 3s 5h 6h 7h 9c 9d Kd Qc", "face_up": "Jd", "opponent_took": ["Qd", "Kh"],
      "discards": [{"card": "Jc", "by": "opponent"}, "Tc"], "opponent_passed": ["Jc", "Tc"],
      "samples": 50}),
    (["advise", "As 2s 3s 5h 6h 7h 8c 8d 8s 4d Kd", "--taken", "Kd", "--samples", "50"],
     {"hand": "As 2s 3s 5h 6h 7h 8c 8d 8s 4d Kd", "taken": "Kd", "samples": 50}),
    (["advise", "As 2s 3s 5h 6h 7h 9c 9d Kd Qc", "--face-up", "9h", "--samples", "50",
      "--preset", "classic"],
     {"hand": "As 2s 3s 5h 6h 7h 9c 9d Kd Qc", "face_up": "9h", "samples": 50,
      "rules": {"preset": "classic"}}),
])
def test_json_is_the_api_answer(argv, body, client, capsys):
    assert main(argv + ["--json"]) == 0
    printed = capsys.readouterr().out
    answer = client.post("/api/v1/advice", json=body)
    assert answer.status_code == 200
    assert json.loads(printed) == answer.get_json()


def test_words_lead_with_the_advice(capsys):
    assert main(["advise", HAND, "--discards", "Jc Qd", "--samples", "100"]) == 0
    text = capsys.readouterr().out
    lines = text.splitlines()
    assert lines[0].startswith("Advice:    ")
    assert lines[1] == "Discards, best first:"
    assert "K♦" in lines[2] and "deadwood" in lines[2]
    assert any(line.startswith("Knock:") for line in lines)
    assert any(line.startswith("Ahead:") for line in lines)


@pytest.mark.parametrize("argv, where", [
    (["advise", HAND, "--discards", "Kd"], "/discards/0"),
    (["advise", HAND, "--stock", "3"], "/stock"),
    (["advise", HAND, "--stock", "0"], "/stock"),  # 0 is sent, not dropped as no stock given
    (["advise", HAND, "--discards", "Jc:them"], "/discards/0/by"),
    # who, said as nobody, is told as an empty `by` is (it had been dropped)
    (["advise", HAND, "--discards", "Jc:"], "/discards/0/by: 'by' is who threw the card: me "
                                            "or opponent, not ''"),
    (["advise", HAND, "--discards", "Jc Xx 9d Yy"], "/discards/3"),  # every bad card told
    (["advise", HAND, "--scores", "40,lots"], "--scores"),
    (["advise", HAND, "--scores", "40"], "give both game totals"),
    (["advise", HAND, "--rule", "knock_limit=12"], "/rules/knock_limit"),
])
def test_bad_positions_exit_2(argv, where, capsys):
    assert main(argv) == 2
    assert where in capsys.readouterr().err


def test_a_long_pile_is_refused_before_it_is_split(capsys, monkeypatch):
    """126 KB of pile took 70 ms to split and read before its count was checked; the hand
    and the other card lists are refused at 2,000 characters, unread."""
    import calculator.cli

    def unread(text):
        raise AssertionError("the pile was split")

    monkeypatch.setattr(calculator.cli, "written_pile", unread)
    assert main(["advise", HAND, "--discards", " ".join(["Xx:me"] * 21_000)]) == 2
    assert "/discards: discard pile text is longer than 2000 characters" in \
        capsys.readouterr().err
