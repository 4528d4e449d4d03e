"""studies/pruning_check.py: does copfl tune's successive halving stop the methods that start slowly
(issue 78)."""

import pytest


def test_the_pruning_check_replays_curves_through_copfl_tunes_pruner():
    """Curves replayed in order through the pruner a study uses; a slow starter that ends best is
    caught where the pruner would stop it."""
    from helpers import load_script

    check = load_script("studies/pruning_check.py")
    fast = [(r, 0.5 + 0.01 * r) for r in range(1, 11)]
    slow = [(r, 0.05 * r) for r in range(1, 11)]  # 0.05 at round 1 ... 0.5 at round 10, level with the fast one at the end
    later = [[(r, 0.4 + 0.01 * r) for r in range(1, 11)] for _ in range(4)]
    pruned = check.replay([fast, *later, slow], 10)
    assert pruned[0] is None and pruned[-1] is not None and pruned[-1] < 10  # the slow starter is stopped early
    assert check.spearman([1, 2, 3], [1, 2, 3]) == pytest.approx(1.0) and check.spearman([1, 1], [2, 3]) is None
