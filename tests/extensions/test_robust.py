"""Robust aggregators against values computed by hand (copfl.extensions.robust)."""

from __future__ import annotations

import pytest
import torch

from copfl.core.aggregation import Combiner, weighted_sum
from copfl.extensions.robust import RobustConfig, krum_scores, krum_select, robust_combine, trimmed_mean, weighted_median


def col(*v):
    return torch.tensor(v, dtype=torch.float32)[:, None]  # n values of one coordinate


def uniform(n):
    return torch.full((n,), 1.0 / n, dtype=torch.float64)


def test_weighted_median_by_hand():
    assert float(weighted_median(col(1, 5, 2, 9, 3), uniform(5))[0]) == 3.0
    assert float(weighted_median(col(1, 2, 3, 4), uniform(4))[0]) == 2.5  # two middle values: their mean, as numpy
    w = torch.tensor([0.6, 0.2, 0.2], dtype=torch.float64)
    assert float(weighted_median(col(1, 2, 3), w)[0]) == 1.0  # one value holds more than half the weight
    w = torch.tensor([0.5, 0.25, 0.25], dtype=torch.float64)
    out, share = weighted_median(col(1, 2, 3), w)
    assert float(out[0]) == 1.5 and share[:, 0].tolist() == [0.5, 0.5, 0.0]
    # coordinates are independent: each column its own median
    x = torch.tensor([[1.0, 30.0], [2.0, 10.0], [9.0, 20.0]])
    assert weighted_median(x, uniform(3))[0].tolist() == [2.0, 20.0]


def test_weighted_median_skips_weightless_values_and_matches_its_definition_column_by_column():
    # exactly half the weight at 1: the middle is averaged with the next value that carries weight (3), not with 2
    out, share = weighted_median(col(1, 2, 3), torch.tensor([0.5, 0.0, 0.5], dtype=torch.float64))
    assert float(out[0]) == 2.0 and share[:, 0].tolist() == [0.5, 0.0, 0.5]

    def by_definition(v: list[float], w: list[float]) -> float:
        pairs = sorted(zip(v, w), key=lambda p: p[0])  # stable: ties keep their row order
        total = sum(w)
        half, tol, cum = total / 2, 1e-6 * total, 0.0
        for i, (x, wi) in enumerate(pairs):
            cum += wi
            if cum >= half - tol or i == len(pairs) - 1:
                later = [y for y, wj in pairs[i + 1:] if wj > 0]
                return (x + later[0]) / 2 if abs(cum - half) <= tol and later else x
        raise AssertionError

    g = torch.Generator().manual_seed(3)
    for n in (1, 2, 5, 12):
        x = torch.randint(0, 5, (n, 40), generator=g).double()  # many ties
        w = torch.randint(0, 3, (n, 40), generator=g).double()  # weightless values, and whole weightless columns
        w[:, :3] = 0
        out, _ = weighted_median(x, w)
        assert out.tolist() == [by_definition(x[:, j].tolist(), w[:, j].tolist()) for j in range(40)]


def test_trimmed_mean_by_hand():
    assert float(trimmed_mean(col(1, 2, 3, 4, 100), uniform(5), 0.2)[0][0]) == pytest.approx(3.0)  # drops 1 and 100
    # a fraction that cuts into an entry trims that entry in part: 0.1 of 1 and of 100 kept
    assert float(trimmed_mean(col(1, 2, 3, 4, 100), uniform(5), 0.1)[0][0]) == pytest.approx((0.1 * 1 + 0.2 * 9 + 0.1 * 100) / 0.8)
    out, kept = trimmed_mean(col(4, 100, 1, 2, 3), uniform(5), 0.2)
    assert float(out[0]) == pytest.approx(3.0) and (kept[:, 0] > 0).tolist() == [True, False, False, True, True]


def test_krum_scores_and_choice_by_hand():
    x = torch.tensor([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [10.0, 10.0], [0.5, 0.5]])
    # f = 1: each vector's 5 - 1 - 2 = 2 nearest others (squared distances)
    assert krum_scores(x, 1).tolist() == [1.5, 1.5, 1.5, 361.5, 1.0]
    assert krum_select(x, 1, 1) == [4]
    res = robust_combine(list(x), uniform(5), RobustConfig("krum", fraction=0.2))
    assert res.value.tolist() == [0.5, 0.5] and res.effective.tolist() == [0, 0, 0, 0, 1]
    # multi-krum: the n - f = 4 best, averaged with their weights: the outlier is left out
    res = robust_combine(list(x), uniform(5), RobustConfig("multi-krum", fraction=0.2))
    assert res.value.tolist() == pytest.approx([0.375, 0.375]) and res.effective[3] == 0


def test_centred_clipping_by_hand():
    x = [torch.tensor([v]) for v in (0.0, 1.0, 2.0, 100.0)]
    # centre 1.5 (the median); distances 1.5, .5, .5, 98.5 clipped to 1: 1.5 + (-1 - .5 + .5 + 1) / 4
    res = robust_combine(x, uniform(4), RobustConfig("clip", bound=1.0))
    assert float(res.value[0]) == pytest.approx(1.5)
    assert float(res.effective[3]) == pytest.approx((0.25 / 98.5) / (0.25 / 1.5 + 0.25 + 0.25 + 0.25 / 98.5))
    plain = robust_combine(x, uniform(4), RobustConfig("mean"))
    assert float(plain.value[0]) == pytest.approx(25.75)


def test_weights_are_kept_and_a_weighted_sum_stays_a_sum():
    x = [torch.tensor([1.0]), torch.tensor([2.0]), torch.tensor([50.0])]
    w = torch.tensor([2.0, 2.0, 2.0], dtype=torch.float64)  # a sum, not an average: 6 x the median
    assert float(robust_combine(x, w, RobustConfig("median")).value[0]) == 12.0
    heavy = torch.tensor([0.1, 0.1, 0.8], dtype=torch.float64)
    assert float(robust_combine(x, heavy, RobustConfig("median")).value[0]) == 50.0  # the weights decide the median


def test_per_coordinate_weights_and_fill():
    x = [torch.tensor([1.0, 10.0]), torch.tensor([3.0, 20.0]), torch.tensor([5.0, 30.0])]
    w = torch.tensor([[1.0, 0.0], [1.0, 0.0], [1.0, 1.0]])  # coordinate 2: only client 2 shares it
    res = robust_combine(x, w, RobustConfig("median"), fill=torch.tensor([0.0, -1.0]))
    assert res.value.tolist() == [3.0, 30.0]
    res = robust_combine(x, torch.tensor([[1.0, 0.0]] * 3), RobustConfig("trimmed-mean"), fill=torch.tensor([0.0, -1.0]))
    assert res.value.tolist() == pytest.approx([3.0, -1.0])  # nobody weighs coordinate 2: it keeps the fill


def test_default_combiner_is_the_weighted_sum_bit_for_bit_and_records_exposure():
    g = torch.Generator().manual_seed(0)
    vecs = [torch.randn(1000, generator=g) for _ in range(5)]
    w = torch.tensor([0.1, 0.3, 0.2, 0.25, 0.15], dtype=torch.float64)
    comb = Combiner()
    assert not comb.active
    assert torch.equal(comb(vecs, w, [0, 1, 2, 3, 4]), weighted_sum(vecs, w))
    assert comb.take_exposure() is None  # no attackers: nothing measured
    comb.watched = frozenset({1, 3})
    assert comb.active
    assert torch.equal(comb(vecs, w, [0, 1, 2, 3, 4]), weighted_sum(vecs, w))
    comb(vecs[:2], torch.tensor([0.5, 0.5], dtype=torch.float64), [0, 1], recipient=2)
    comb(vecs[:2], torch.tensor([0.5, 0.5], dtype=torch.float64), [0, 1], recipient=1)  # an attacker's own model: not counted
    assert comb.take_exposure() == pytest.approx((0.55 + 0.5) / 2)
    assert comb.take_exposure() is None


def test_bad_settings_are_refused_with_their_value():
    with pytest.raises(ValueError, match="'average'"):
        RobustConfig("average")
    with pytest.raises(ValueError, match="0.5"):
        RobustConfig("trimmed-mean", fraction=0.5)
    with pytest.raises(ValueError, match="non-negative"):
        robust_combine([torch.ones(2), torch.ones(2)], torch.tensor([1.0, -0.5], dtype=torch.float64), RobustConfig("median"))
