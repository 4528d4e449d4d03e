"""Shapley values (pFedSV eqs. 2-3, Algorithm 2) on games whose values are known by hand."""

import pytest
import torch

from copfl.algorithms.shapley import MemoUtility, exact_cost, exact_shapley, monte_carlo_shapley, shapley_values


def additive(weights):
    return lambda s: sum(weights[p] for p in s)


def glove(left, right):
    """v(S) = number of matched pairs: min(#left gloves, #right gloves) in S."""
    return lambda s: float(min(len(s & left), len(s & right)))


def test_additive_game_gives_each_player_its_own_worth():
    w = {0: 0.5, 1: -0.25, 2: 2.0}
    res = shapley_values([0, 1, 2], additive(w))
    assert res.estimator == "exact" and res.evaluations == 7
    assert res.values == pytest.approx(w)


def test_glove_game_by_hand():
    # one left glove (0), two right gloves (1, 2): v = 1 iff 0 and a right glove are in S.
    # Orders (6): 0 is pivotal when it comes after at least one right glove: 4 of 6 -> 2/3;
    # 1 is pivotal only in order (0, 1, 2): 1/6; likewise 2.
    res = exact_shapley([0, 1, 2], glove(frozenset({0}), frozenset({1, 2})))
    assert res == pytest.approx({0: 2 / 3, 1: 1 / 6, 2: 1 / 6})


def test_symmetric_game_splits_equally_and_efficiency_holds():
    v = lambda s: len(s) ** 2 / 10  # noqa: E731  (depends on the size only)
    players = [3, 5, 7, 11]
    sv = exact_shapley(players, v)
    assert all(x == pytest.approx(16 / 10 / 4) for x in sv.values())
    g = glove(frozenset({0, 1}), frozenset({2, 3, 4}))
    sv = exact_shapley(range(5), g)
    assert sum(sv.values()) == pytest.approx(g(frozenset(range(5))) - 0.0)  # v(N) - v(empty)
    assert sv[0] == pytest.approx(sv[1]) and sv[2] == pytest.approx(sv[3]) == pytest.approx(sv[4])


def test_monte_carlo_converges_to_the_exact_values():
    g = glove(frozenset({0, 1}), frozenset({2, 3, 4}))
    exact = exact_shapley(range(5), g)
    gen = torch.Generator().manual_seed(0)
    few = monte_carlo_shapley(range(5), g, 15, gen)
    many = monte_carlo_shapley(range(5), g, 4000, gen)
    err = lambda est: max(abs(est[p] - exact[p]) for p in exact)  # noqa: E731
    assert err(many) < 0.02 and err(many) < err(few)
    # every permutation's marginals sum to v(N): efficiency holds exactly for any sample
    assert sum(few.values()) == pytest.approx(g(frozenset(range(5))))


def test_memo_is_hit_and_counts_distinct_coalitions():
    seen = []
    v = MemoUtility(lambda s: seen.append(s) or float(len(s)))
    for _ in range(3):
        exact_shapley([0, 1, 2], v)
    assert len(seen) == 7 == v.evaluations  # each non-empty coalition once
    assert v.calls > 3 * 7 and v(frozenset()) == 0.0


def test_auto_is_exact_while_it_costs_no_more_than_monte_carlo():
    # R = 3n permutations x n marginals against 2^n - 1 coalitions
    for n, want in [(1, "exact"), (6, "exact"), (7, "exact"), (8, "monte-carlo")]:
        res = shapley_values(list(range(n)), additive(dict.fromkeys(range(n), 1.0)), generator=torch.Generator().manual_seed(0))
        assert res.estimator == want, n
        assert res.values == pytest.approx(dict.fromkeys(range(n), 1.0))  # additive: exact by any estimator
        if want == "exact":
            assert res.evaluations == exact_cost(n) <= 3 * n * n
        else:
            assert res.evaluations <= 3 * n * n < exact_cost(n)
    mc = shapley_values([0, 1, 2], additive({0: 1.0, 1: 2.0, 2: 3.0}), estimator="monte-carlo", generator=torch.Generator().manual_seed(1))
    assert mc.estimator == "monte-carlo" and mc.values == pytest.approx({0: 1.0, 1: 2.0, 2: 3.0})


def test_empty_utility_and_bad_estimator():
    res = shapley_values([0], lambda s: 0.9, empty=0.1)  # A4's option v(empty) = 1/C
    assert res.values == pytest.approx({0: 0.8})
    with pytest.raises(ValueError, match="unknown Shapley estimator 'exactly'"):
        shapley_values([0], lambda s: 1.0, estimator="exactly")
    with pytest.raises(ValueError, match="need a seeded generator"):
        shapley_values(list(range(9)), lambda s: 1.0)
