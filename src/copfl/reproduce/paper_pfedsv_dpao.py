"""The pFedSV and DPAO-PFL papers' published numbers, as data (accuracy in %, "+-" the papers' error range).

Transcribed from ``pfedsv-dpao-tables.md`` (the tables of ``pfedsv.txt`` and ``dpao-pfl.txt``, checked cell by
cell against the papers' text); ``tests/test_reproduce_published.py`` compares every cell here with that file
when it is at hand. Each cell is ``(value, error)``; ``None`` is an empty cell and ``math.inf`` the papers'
infinite epsilon (no noise).
"""

from __future__ import annotations

import math

Cell = tuple[float, float]

# pFedSV's row labels -> copfl registry names ("Separate" is local training; pFedSV+DP is pFedSV with --dp-noise 1)
PFEDSV_ROWS: dict[str, str] = {
    "Separate": "local", "FedAvg": "fedavg", "FedProx": "fedprox", "IFCA": "ifca", "FedEM": "fedem",
    "FedAvg+FT": "fedavg-ft", "pFedMe": "pfedme", "FedFomo": "fedfomo", "FedAMP": "fedamp", "pFedHN": "pfedhn",
    "pFedSV(Ours)": "pfedsv", "pFedSV+DP": "pfedsv",
}  # fmt: skip
# Tables 1-3: columns (data set, clients); 10 clients take part fully for 20 rounds, 100 clients 10% for 100 rounds
PFEDSV_COLUMNS: list[tuple[str, int]] = [
    ("mnist", 10), ("mnist", 100), ("fashion-mnist", 10), ("fashion-mnist", 100),
    ("cifar10", 10), ("cifar10", 100), ("cifar100", 10), ("cifar100", 100),
]  # fmt: skip

# Table 1: pathological split, 2 labels per client
PFEDSV_TABLE1: dict[str, list[Cell]] = {
    'Separate': [(96.11, 0.28), (93.27, 3.68), (92.35, 0.43), (91.42, 2.69), (84.15, 2.13), (75.57, 4.08), (73.57, 5.13), (68.57, 4.25)],
    'FedAvg': [(91.74, 1.68), (78.46, 1.14), (90.31, 2.49), (75.63, 4.73), (57.67, 4.16), (44.64, 4.75), (50.57, 3.71), (43.16, 4.68)],
    'FedProx': [(90.12, 0.73), (78.45, 1.83), (90.16, 3.05), (78.83, 3.49), (55.68, 2.67), (45.75, 4.39), (49.21, 3.69), (41.08, 5.27)],
    'IFCA': [(92.86, 1.57), (86.73, 2.05), (90.01, 2.38), (82.63, 3.59), (71.69, 3.25), (60.23, 3.94), (61.37, 4.16), (52.44, 4.68)],
    'FedEM': [(95.05, 1.28), (91.53, 1.87), (92.27, 2.68), (87.61, 4.07), (82.38, 3.56), (71.42, 5.07), (72.39, 5.76), (62.84, 4.28)],
    'FedAvg+FT': [(94.38, 1.06), (90.51, 1.67), (91.18, 3.54), (89.49, 4.51), (81.34, 3.24), (70.13, 5.68), (71.08, 5.14), (64.38, 4.69)],
    'pFedMe': [(93.75, 1.34), (86.57, 2.61), (92.46, 1.72), (85.39, 2.97), (80.48, 4.59), (70.15, 5.86), (71.56, 4.79), (60.85, 5.26)],
    'FedFomo': [(96.9, 0.87), (93.71, 2.05), (94.1, 0.65), (92.78, 1.92), (85.93, 3.02), (74.36, 2.15), (76.89, 3.54), (69.21, 4.37)],
    'FedAMP': [(95.82, 1.37), (92.59, 1.88), (93.26, 2.14), (91.46, 2.04), (84.32, 3.69), (72.91, 2.83), (75.38, 3.19), (67.02, 4.15)],
    'pFedHN': [(96.53, 0.84), (94.16, 1.38), (94.97, 0.86), (93.69, 1.58), (86.38, 2.72), (76.62, 3.05), (77.24, 3.86), (70.58, 4.57)],
    'pFedSV(Ours)': [(98.01, 0.83), (96.94, 1.75), (96.16, 0.58), (94.68, 2.36), (89.64, 1.88), (80.65, 3.78), (80.57, 4.37), (72.61, 4.73)],
}

# Table 2: Dirichlet(0.1) split
PFEDSV_TABLE2: dict[str, list[Cell]] = {
    'Separate': [(74.05, 2.11), (59.81, 5.73), (60.18, 6.42), (58.22, 6.73), (40.53, 7.2), (36.15, 6.88), (35.43, 3.87), (30.05, 5.49)],
    'FedAvg': [(43.57, 3.75), (30.15, 4.82), (40.58, 4.16), (36.49, 5.07), (33.81, 5.07), (26.82, 6.43), (26.17, 4.27), (20.33, 5.27)],
    'FedProx': [(47.49, 4.18), (44.76, 5.49), (43.09, 4.82), (40.34, 4.72), (35.76, 5.18), (29.91, 5.58), (29.62, 5.13), (23.27, 4.69)],
    'IFCA': [(58.67, 2.69), (54.58, 3.79), (56.29, 4.16), (51.04, 4.38), (43.09, 4.88), (40.67, 4.86), (39.28, 4.11), (31.89, 4.2)],
    'FedEM': [(66.53, 2.74), (60.28, 4.05), (61.79, 3.62), (57.41, 4.28), (51.09, 4.58), (45.82, 5.07), (41.39, 3.76), (35.88, 4.61)],
    'FedAvg+FT': [(65.72, 3.84), (55.57, 4.26), (57.27, 4.13), (52.83, 5.01), (43.42, 5.29), (40.05, 5.22), (36.33, 3.86), (32.55, 4.37)],
    'pFedMe': [(64.39, 4.08), (58.02, 3.51), (60.27, 3.59), (56.81, 4.01), (50.73, 4.29), (44.21, 5.09), (40.29, 3.57), (34.94, 3.78)],
    'FedFomo': [(72.54, 2.18), (63.07, 2.54), (64.75, 3.42), (60.49, 3.72), (53.83, 4.57), (48.35, 5.29), (45.91, 3.06), (37.51, 3.09)],
    'FedAMP': [(70.15, 3.02), (60.28, 3.11), (62.28, 2.53), (58.94, 3.14), (51.57, 4.03), (46.05, 4.48), (43.67, 3.55), (36.4, 3.76)],
    'pFedHN': [(73.35, 2.04), (62.57, 4.11), (62.95, 3.44), (59.55, 4.15), (52.82, 3.88), (47.19, 5.83), (45.33, 3.45), (37.38, 3.77)],
    'pFedSV(Ours)': [(78.17, 1.59), (70.76, 2.41), (71.47, 1.86), (66.63, 2.03), (61.18, 1.67), (56.76, 1.85), (50.46, 2.47), (42.25, 3.13)],
}

# Table 3: Dirichlet(0.1) with the pFedSV+DP row (the other rows repeat Table 2)
PFEDSV_TABLE3: dict[str, list[Cell]] = {
    'Separate': [(74.05, 2.11), (59.81, 5.73), (60.18, 6.42), (58.22, 6.73), (40.53, 7.2), (36.15, 6.88), (35.43, 3.87), (30.05, 5.49)],
    'FedAvg': [(43.57, 3.75), (30.15, 4.82), (40.58, 4.16), (36.49, 5.07), (33.81, 5.07), (26.82, 6.43), (26.17, 4.27), (20.33, 5.27)],
    'FedFomo': [(72.54, 2.18), (63.07, 2.54), (64.75, 3.42), (60.49, 3.72), (53.83, 4.57), (48.35, 5.29), (45.91, 3.06), (37.51, 3.09)],
    'FedAMP': [(70.15, 3.02), (60.28, 3.11), (62.28, 2.53), (58.94, 3.14), (51.57, 4.03), (46.05, 4.48), (43.67, 3.55), (36.4, 3.76)],
    'pFedSV(Ours)': [(78.17, 1.59), (70.76, 2.41), (71.47, 1.86), (66.63, 2.03), (61.18, 1.67), (56.76, 1.85), (50.46, 2.47), (42.25, 3.13)],
    'pFedSV+DP': [(76.58, 1.32), (68.43, 1.86), (69.24, 2.07), (65.31, 1.95), (57.94, 2.53), (53.28, 1.66), (48.37, 2.51), (40.79, 2.84)],
}

# Table 4: pathological CIFAR-10 / CIFAR-100, 10 clients, delta 1e-5: (method, sigma) -> {column: cell}
PFEDSV_TABLE4_DELTA = 1e-5
PFEDSV_TABLE4: dict[tuple[str, float], dict[str, Cell]] = {
    ('FedAvg', 0.0): {"cifar10_epsilon": (math.inf, 0.0), "cifar10": (19.68, 1.76), "cifar100_epsilon": (math.inf, 0.0), "cifar100": (5.21, 0.41)},
    ('FedAvg', 1.0): {"cifar10_epsilon": (11.28, 0.32), "cifar10": (17.54, 1.37), "cifar100_epsilon": (8.47, 0.67), "cifar100": (5.03, 0.24)},
    ('FedAvg', 2.0): {"cifar10_epsilon": (3.64, 0.13), "cifar10": (15.97, 1.53), "cifar100_epsilon": (2.56, 0.19), "cifar100": (4.37, 0.19)},
    ('pFedSV', 0.0): {"cifar10_epsilon": (math.inf, 0.0), "cifar10": (84.73, 1.67), "cifar100_epsilon": (math.inf, 0.0), "cifar100": (31.07, 1.22)},
    ('pFedSV', 1.0): {"cifar10_epsilon": (5.97, 0.11), "cifar10": (82.16, 1.55), "cifar100_epsilon": (8.42, 0.71), "cifar100": (30.59, 1.06)},
    ('pFedSV', 2.0): {"cifar10_epsilon": (1.82, 0.05), "cifar10": (78.29, 1.63), "cifar100_epsilon": (1.8, 0.16), "cifar100": (23.44, 0.89)},
}

# DPAO-PFL Table 3, FEMNIST (5, 25): row -> (rounds to 60%, 80%, 90% (None: never), final accuracy +- std across clients)
DPAO_TABLE3_ROWS: dict[str, tuple[str, dict[str, object]]] = {
    # row -> (copfl algorithm, its options)
    "FedAvg": ("fedavg", {}),
    "w / o APD": ("dpao-pfl", {"decompose": False}),
    "w / o DPAO": ("dpao-pfl", {"lam": 0.0}),
    "w / interval(1)": ("dpao-pfl", {"refresh": "interval", "interval": 1}),
    "w / interval(5)": ("dpao-pfl", {"refresh": "interval", "interval": 5}),
    "w / interval(20)": ("dpao-pfl", {"refresh": "interval", "interval": 20}),
    "DPAO-PFL": ("dpao-pfl", {}),
}
DPAO_TABLE3: dict[str, tuple[int, int, int | None, Cell]] = {
    'FedAvg': (51, 139, None, (88.73, 3.24)),
    'w / o APD': (38, 81, 165, (93.37, 2.32)),
    'w / o DPAO': (35, 76, 148, (95.16, 1.39)),
    'w / interval(1)': (45, 95, 173, (96.5, 1.71)),
    'w / interval(5)': (53, 105, 161, (95.82, 1.89)),
    'w / interval(20)': (62, 127, 182, (95.33, 2.16)),
    'DPAO-PFL': (26, 62, 125, (98.12, 0.58)),
}

# DPAO-PFL Table 4: final accuracy vs local epochs E (no error given)
DPAO_TABLE4_EPOCHS: list[int] = [1, 5, 10, 20]
DPAO_TABLE4: dict[str, dict[str, list[float]]] = {
    'FedAvg': {"cifar100": [24.37, 39.83, 32.51, 27.69], "femnist": [53.28, 78.73, 83.12, 89.36]},
    'FedProx': {"cifar100": [25.19, 41.75, 35.34, 28.13], "femnist": [54.63, 79.45, 84.05, 90.27]},
    'FedMeta': {"cifar100": [33.82, 48.63, 43.12, 36.27], "femnist": [68.1, 94.39, 97.53, 97.61]},
    'DPAO-PFL': {"cifar100": [37.25, 53.24, 47.19, 42.61], "femnist": [72.5, 98.12, 98.62, 98.59]},
}
