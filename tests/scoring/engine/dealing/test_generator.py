"""Seeds, commitments and the deals a seed gives (dealing.md §1)."""

from __future__ import annotations

import hashlib

import pytest

from scoring.engine.dealing import (
    DEAL_COUNT,
    SeedError,
    commitment,
    deal_boards,
    deal_rank,
    new_seed,
    parse_seed,
    rank_of_deal,
    seed_matches,
)

SEED = bytes.fromhex("00112233445566778899aabbccddeeff0123456789abcdef0011223344556677")


def test_a_new_seed_has_256_bits_and_differs_each_time():
    seeds = {new_seed() for _ in range(50)}
    assert len(seeds) == 50
    assert {len(seed) for seed in seeds} == {32}


def test_the_same_seed_gives_the_same_deals():
    assert deal_boards(SEED, range(1, 37)) == deal_boards(SEED, range(1, 37))


def test_a_boards_deal_does_not_depend_on_the_boards_dealt_with_it():
    whole = deal_boards(SEED, range(1, 37))
    assert deal_boards(SEED, [17, 30]) == {17: whole[17], 30: whole[30]}


def test_another_seed_gives_other_deals():
    other = bytes(reversed(SEED))
    assert set(deal_boards(SEED, range(1, 37)).values()).isdisjoint(
        deal_boards(other, range(1, 37)).values()
    )


def test_the_deal_is_the_rank_the_generator_drew():
    deals = deal_boards(SEED, [5])
    assert rank_of_deal(deals[5]) == deal_rank(SEED, 5) < DEAL_COUNT


def test_commitment_then_reveal_round_trip():
    seed = new_seed()
    published = commitment(seed)
    assert published == hashlib.sha256(seed).hexdigest()
    assert seed_matches(parse_seed(seed.hex()), published.upper())
    assert not seed_matches(new_seed(), published)


@pytest.mark.parametrize(
    ("text", "problem"),
    [("xyz", "not hexadecimal"), ("ab" * 19, "152 bits, fewer than 160")],
)
def test_a_bad_seed_is_refused(text, problem):
    with pytest.raises(SeedError, match=problem):
        parse_seed(text)


def test_a_short_seed_deals_nothing():
    with pytest.raises(SeedError, match="fewer than 160"):
        deal_boards(b"short", [1])
