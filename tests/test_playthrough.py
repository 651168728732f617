"""Expected output kept in files and diffed (OpenSpiel's playthrough tests): the PRNG's first
outputs and whole seeded games, move by move, as text in tests/golden/.

A change to the shuffle, the deal, a rule, a bot's choice or the save format's replay shows up
here as a diff of a readable transcript. When the change is meant, write the files anew with
``LAMA_GOLDEN=write tools/test tests/test_playthrough.py`` and commit them with the change.
"""

import os

import pytest

from engine import bots, cards, game, rng

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden")
WRITE = os.environ.get("LAMA_GOLDEN") == "write"


def compare(name, lines):
    path = os.path.join(HERE, name)
    text = "\n".join(lines) + "\n"
    if WRITE:
        with open(path, "w") as f:
            f.write(text)
    with open(path) as f:
        expected = f.read()
    if text != expected:
        got = text.splitlines()
        want = expected.splitlines()
        for i in range(max(len(got), len(want))):
            a = got[i] if i < len(got) else "<end>"
            b = want[i] if i < len(want) else "<end>"
            if a != b:
                pytest.fail("%s differs first at line %d:\n  now:      %s\n  expected: %s" % (name, i + 1, a, b))


def test_the_prng_gives_the_same_numbers():
    r = rng.Rng(1)
    lines = ["Rng(1).below(1000): " + " ".join(str(r.below(1000)) for _ in range(24))]
    r = rng.Rng(0)
    lines.append("Rng(0).below(7): " + " ".join(str(r.below(7)) for _ in range(24)))
    deck = bytearray(cards.deck_cards(0))
    rng.Rng(42).shuffle(deck)
    lines.append("Kadabra deck shuffled by Rng(42): " + " ".join(cards.name(c) for c in deck))
    compare("prng.txt", lines)


def transcript(players, seed, variant, levels):
    """Every move of one seeded game of bots, with the hands dealt and each round's end."""
    g = game.new_game(players, seed, variant)
    pick = rng.Rng(seed ^ 0x5A5A)
    out = ["%s, %d players, seed %d, bots %s" % (variant, players, seed, " ".join(bots.LEVELS[x] for x in levels))]
    rnd = 0
    while not g.is_over():
        if g.round_number != rnd:
            rnd = g.round_number
            out.append("round %d: top %s, pile %d" % (rnd, cards.name(g.top_card), g.draw_pile_size))
            for p in range(players):
                out.append("  P%d holds %s" % (p + 1, " ".join(cards.name(c) for c in g.hand(p))))
        p = g.current_player
        a = bots.choose(g, p, levels[p], pick)
        g.apply(a)
        out.append("  P%d %s" % (p + 1, game.action_name(a)))
        if g.round_number != rnd or g.is_over():
            last = g.last_round()
            out.append("  scored: %s; scores %s" % (" ".join(str(x) for x in last["points"]), g.scores()))
        # The save format replays exactly: a game read back from its bytes is the same game.
        back = game.Game.from_bytes(g.to_bytes())
        assert back.state == g.state and back.result == g.result
    out.append("winners: %s" % " ".join("P%d" % (q + 1) for q in g.winners()))
    return out


@pytest.mark.parametrize(
    "name, players, seed, variant, levels",
    [
        ("kadabra_4p_seed7.txt", 4, 7, "kadabra", (bots.NORMAL, bots.EASY, bots.NORMAL, bots.HARD)),
        ("classic_3p_seed11.txt", 3, 11, "classic", (bots.NORMAL, bots.NORMAL, bots.EASY)),
    ],
)
def test_a_seeded_game_plays_as_it_always_did(name, players, seed, variant, levels):
    compare(name, transcript(players, seed, variant, levels))
