"""copfl.reproduce.paper: the CO-PFL paper's published numbers as data."""

from copfl.reproduce import paper


def test_paper_tables_have_every_cell():
    assert set(paper.TABLE2) == set(paper.ALGORITHM_ROWS)
    assert all(len(v) == len(paper.TABLE2_COLUMNS) == 8 for v in paper.TABLE2.values())
    assert paper.TABLE2["CO-PFL"][0] == 82.86 and paper.TABLE2["FedAvg"][3] == 14.00
    assert paper.DATASIZE["cifar10c"]["FedPAC"] == [64.45, 76.40, 77.26, 83.00]
    # the COWA ablation's "both" row is Table II's CO-PFL few-client figure
    assert paper.TABLE3["cifar10"]["both"] == paper.TABLE2["CO-PFL"][0]
    assert paper.TABLE3["cifar10c"]["both"] == paper.TABLE2["CO-PFL"][2]
    # p x gamma: a dash exactly where p > gamma; the best cells are the paper's headline figures
    for grid in paper.PGAMMA.values():
        for i, p in enumerate(paper.P_VALUES):
            for j, g in enumerate(paper.GAMMA_VALUES):
                assert (grid[i][j] is None) == (p > g)
    assert paper.PGAMMA["cifar10"][3][2] == 82.86 and paper.PGAMMA["cifar10c"][2][2] == 79.42
