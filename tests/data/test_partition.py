from dataclasses import replace

import numpy as np
import pytest

from copfl.data.partitioners import PartitionError, PartitionSettings, Split, assign_classes, format_counts, make_split


def labels(per_class_train=100, per_class_test=40, classes=10):
    rng = np.random.default_rng(123)
    return (rng.permutation(np.repeat(np.arange(classes), per_class_train)), rng.permutation(np.repeat(np.arange(classes), per_class_test)))


def test_label_skew_is_the_co_pfl_protocol():
    y, yt = labels()
    st = PartitionSettings("label-skew", num_clients=10, classes_per_client=2, samples_per_class=50, test_samples_per_class=20)
    sp = make_split(y, yt, st, seed=3)
    tr, te = sp.counts(y, yt, 10)
    for k in range(10):
        held = np.flatnonzero(tr[k])
        assert len(held) == 2  # exactly s classes
        assert (tr[k, held] == 50).all() and (te[k, held] == 20).all()  # M_bound train, 20 test per class
        assert set(np.flatnonzero(te[k])) == set(held)  # test classes = train classes
    assert (tr.astype(bool).sum(0) == 2).all()  # 10*2/10: every class held by exactly 2 clients
    # clients sharing a class get disjoint samples, in train and in test
    for parts in (sp.train, sp.test):
        allidx = np.concatenate(parts)
        assert len(allidx) == len(np.unique(allidx))


def test_split_is_a_pure_function_of_labels_settings_seed(tmp_path):
    y, yt = labels()
    st = PartitionSettings(num_clients=7, classes_per_client=3, samples_per_class=20, test_samples_per_class=10)
    a, b, c = make_split(y, yt, st, 1), make_split(y, yt, st, 1), make_split(y, yt, st, 2)
    assert all(np.array_equal(p, q) for p, q in zip(a.train, b.train))
    assert any(not np.array_equal(p, q) for p, q in zip(a.train, c.train))
    a.save(tmp_path / "s.json")
    back = Split.load(tmp_path / "s.json")
    assert back.settings == st and back.seed == 1
    assert all(np.array_equal(p, q) for p, q in zip(a.test, back.test))
    back.check_matches(y, yt)
    with pytest.raises(PartitionError, match="different data set"):
        back.check_matches(y[::-1].copy(), yt)


def test_uneven_class_sharing_stays_balanced_and_distinct():
    hands = assign_classes(num_clients=7, num_classes=10, s=3, rng=np.random.default_rng(0))
    assert all(len(set(h)) == 3 for h in hands)
    use = np.bincount(np.concatenate(hands), minlength=10)
    assert set(use.tolist()) <= {2, 3}  # floor/ceil of 21/10


def test_all_divides_each_class_among_its_holders():
    y, yt = labels(per_class_train=101)
    st = PartitionSettings(num_clients=10, classes_per_client=2, samples_per_class=None, test_samples_per_class=None)
    tr, te = make_split(y, yt, st, 0).counts(y, yt, 10)
    assert set(tr[tr > 0].tolist()) == {50} and set(te[te > 0].tolist()) == {20}


@pytest.mark.parametrize(
    "settings, message",
    [
        (PartitionSettings(samples_per_class=60), r"class \d has 100 training samples but 2 clients hold it in this seed's draw and each needs 60\n.* lower --samples-per-class to 50"),
        (PartitionSettings(test_samples_per_class=25), r"40 test samples [\s\S]* lower --test-samples-per-class to 20"),
        (PartitionSettings(classes_per_client=11), r"classes per client \(11\) exceeds the number of classes \(10\)"),
        (PartitionSettings(scheme="shards"), r"unknown partition .shards.; available partitions: label-skew, dirichlet, iid, natural, pathological, powerlaw"),
        (PartitionSettings(num_clients=300, samples_per_class=1, test_samples_per_class=1), r"class \d has 40 test samples but 60 clients"),
    ],
)
def test_impossible_partitions_fail_with_what_is_available(settings, message):
    y, yt = labels()
    with pytest.raises(PartitionError, match=message):
        make_split(y, yt, settings, 0)


def test_dirichlet_and_iid():
    y, yt = labels()
    sp = make_split(y, yt, PartitionSettings("dirichlet", num_clients=5, alpha=0.3, min_samples=20), 0)
    assert sorted(np.concatenate(sp.train).tolist()) == list(range(len(y)))  # every sample used once
    assert min(len(t) for t in sp.train) >= 20
    tr, te = sp.counts(y, yt, 10)
    assert np.abs(tr / tr.sum(1, keepdims=True) - te / te.sum(1, keepdims=True)).max() < 0.1  # test follows train
    with pytest.raises(PartitionError, match="raise alpha, lower --min-samples"):
        make_split(y, yt, PartitionSettings("dirichlet", num_clients=50, alpha=0.01, min_samples=19), 0)
    iid = make_split(y, yt, PartitionSettings("iid", num_clients=3), 0)
    assert [len(t) for t in iid.train] == [334, 333, 333]


def test_format_counts_table():
    y, yt = labels()
    sp = make_split(y, yt, PartitionSettings(num_clients=5, samples_per_class=10, test_samples_per_class=5), 0)
    text = format_counts(sp, y, yt, tuple("abcdefghij"))
    assert text.count("10/5") == 10 and "total" in text
    assert text.splitlines()[-2].split()[-2:] == ["100", "50"]


def test_pathological_divides_every_held_class_evenly():
    y, yt = labels()
    sp = make_split(y, yt, PartitionSettings("pathological", num_clients=10, classes_per_client=2), 0)
    tr, te = sp.counts(y, yt, 10)
    assert ((tr > 0).sum(1) == 2).all() and set(tr[tr > 0].tolist()) == {50} and set(te[te > 0].tolist()) == {20}


def test_powerlaw_sizes_follow_the_weights():
    y, yt = labels(per_class_train=400, per_class_test=40)
    st = PartitionSettings("powerlaw", num_clients=10, classes_per_client=10, power=1.0)
    sp = make_split(y, yt, st, 0)
    sizes = np.array([len(t) for t in sp.train])
    w = np.array(sp.meta["weights"])
    assert sorted(w.tolist(), reverse=True) == pytest.approx([1 / k for k in range(1, 11)])
    # every client holds every class here, so sizes are proportional to the weights (up to rounding)
    np.testing.assert_allclose(sizes / sizes.sum(), w / w.sum(), atol=0.01)
    assert sorted(np.concatenate(sp.train).tolist()) == list(range(len(y)))
    with pytest.raises(PartitionError, match="leaves a client without training samples"):
        make_split(y, yt, PartitionSettings("powerlaw", num_clients=10, classes_per_client=10, power=12.0), 0)


def test_natural_partition():
    y, yt = np.arange(8) % 3, np.arange(4) % 3
    g, gt = np.array([0, 0, 1, 1, 2, 2, 3, 3]), np.array([0, 1, 2, 2])  # group 3 has no test data
    all_ = make_split(y, yt, PartitionSettings("natural", num_clients=None), 0, (g, gt))
    assert [t.tolist() for t in all_.train] == [[0, 1], [2, 3], [4, 5]] and [t.tolist() for t in all_.test] == [[0], [1], [2, 3]]
    two = make_split(y, yt, PartitionSettings("natural", num_clients=2), 1, (g, gt))
    assert two.num_clients == 2 and set(two.meta["groups"]) <= {0, 1, 2}
    with pytest.raises(PartitionError, match="4 clients requested but the data set has 3 natural clients"):
        make_split(y, yt, PartitionSettings("natural", num_clients=4), 0, (g, gt))
    with pytest.raises(PartitionError, match="no natural clients"):
        make_split(y, yt, PartitionSettings("natural", num_clients=2), 0, None)


# ------------------------------------------------------------------ how many clients fit
def test_label_skew_capacity_by_hand():
    from copfl.data.partitioners import label_skew_capacity

    # FEMNIST partial, letters a-j: 25 per class -> j (50) serves 2 holders, so N*5/10 <= 2: N <= 4
    tr = np.array([79, 83, 85, 80, 89, 76, 75, 83, 81, 50])
    te = np.array([6, 10, 14, 8, 4, 12, 10, 11, 11, 10])
    assert label_skew_capacity(tr, te, 5, 25, None) == 4
    assert label_skew_capacity(tr, te, 5, 25, 100) == 0  # 100 test samples per class: none
    assert label_skew_capacity(tr, te, 5, 25, 2) == 2 * 10 // 5  # e (4 test) serves 2 holders of 2
    # digits 0-9: the smallest class (1008) serves 40 holders of 25: N <= 40 * 10 / 5 = 80
    digits = np.array([1044, 1124, 1062, 1073, 1008, 1034, 1077, 1097, 1050, 1027])
    assert label_skew_capacity(digits, np.full(10, 98), 5, 25, None) == 80


def test_too_many_clients_fails_saying_how_many_fit_and_what_to_lower():
    rng = np.random.default_rng(0)
    y = np.repeat(np.arange(4), [40, 40, 40, 20])  # class 3 serves 2 holders of 10
    yt = np.repeat(np.arange(4), 6)
    st = PartitionSettings(num_clients=6, classes_per_client=2, samples_per_class=10, test_samples_per_class=None)
    with pytest.raises(PartitionError) as e:  # 6 clients x 2 classes over 4: 3 holders per class
        make_split(rng.permutation(y), yt, st, 0, class_names=("a", "b", "c", "d"))
    msg = str(e.value)
    assert "class 3 ('d') has 20 training samples but 3 clients hold it" in msg
    assert "at most 4 clients fit for every seed" in msg and "lower --clients to 4" in msg
    assert "lower --samples-per-class to 6" in msg  # 20 // 3
    make_split(y, yt, PartitionSettings(num_clients=4, classes_per_client=2, samples_per_class=10, test_samples_per_class=None), 0)
    with pytest.raises(PartitionError, match="pass --test-samples-per-class all .*then 4 clients fit"):
        make_split(y, yt, PartitionSettings(num_clients=4, classes_per_client=2, samples_per_class=10, test_samples_per_class=100), 0)


def test_a_split_records_its_class_selection_and_is_only_reused_with_it(tmp_path):
    y, yt = np.repeat(np.arange(3), 10), np.repeat(np.arange(3), 4)
    st = PartitionSettings(num_clients=3, classes_per_client=1, samples_per_class=5, test_samples_per_class=2, classes=(36, 38, 37))
    split = make_split(y, yt, st, 0)
    split.save(tmp_path / "s.json")
    back = Split.load(tmp_path / "s.json")
    assert back.settings.classes == (36, 38, 37) and back.settings == split.settings
    back.check_matches(y, yt, (36, 38, 37))
    with pytest.raises(PartitionError, match="made for --classes 36,38,37 of its data set, but this run uses every class"):
        back.check_matches(y, yt, None)
    with pytest.raises(PartitionError, match="but this run uses --classes 36,37,38"):
        back.check_matches(y, yt, (36, 37, 38))
    plain = make_split(y, yt, PartitionSettings(num_clients=3, classes_per_client=1, samples_per_class=5, test_samples_per_class=2), 0)
    with pytest.raises(PartitionError, match="made for every class"):
        plain.check_matches(y, yt, (0, 1, 2))


def test_balanced_test_split_gives_an_equal_share_of_every_held_class():
    """FedGen's test split (which pFedSV cites for Dir(alpha)): 40 test samples a class over 5
    clients is floor(40 / 5) = 8 of each class a client holds any training sample of, 0 of the
    others; the training parts are those of the proportional split with the same seed."""
    y, yt = labels()
    st = PartitionSettings("dirichlet", num_clients=5, alpha=0.3, min_samples=20)
    prop = make_split(y, yt, st, 0)
    bal = make_split(y, yt, replace(st, test_split="balanced"), 0)
    assert [a.tolist() for a in bal.train] == [a.tolist() for a in prop.train]
    tr, te = bal.counts(y, yt, 10)
    assert ((te == 8) == (tr > 0)).all() and ((te == 0) == (tr == 0)).all()
    allidx = np.concatenate(bal.test)
    assert len(allidx) == len(np.unique(allidx))  # disjoint across clients
    # "held" is judged after the training cap: a class capped away gets no test share
    capped = make_split(y, yt, replace(st, test_split="balanced", max_train=30), 0)
    tr, te = capped.counts(y, yt, 10)
    assert (tr.sum(1) <= 30).all() and ((te == 8) == (tr > 0)).all()


def test_balanced_test_split_refuses_what_it_cannot_do():
    y, yt = labels(per_class_test=3)
    with pytest.raises(PartitionError, match="leaves client 0 without test samples .* --test-split proportional"):
        make_split(y, yt, PartitionSettings("dirichlet", num_clients=5, alpha=0.3, min_samples=20, test_split="balanced"), 0)
    with pytest.raises(PartitionError, match="test split 'balanced' is for the dirichlet partition, not 'pathological'"):
        make_split(y, yt, PartitionSettings("pathological", num_clients=5, test_split="balanced"), 0)
    with pytest.raises(PartitionError, match="unknown test split 'uniform'; expected one of proportional, balanced"):
        make_split(y, yt, PartitionSettings("dirichlet", num_clients=5, test_split="uniform"), 0)


def test_per_client_caps_subsample_each_client(tmp_path):
    from copfl.data.partitioners import cap_per_client

    parts = [np.arange(10), np.arange(10, 13)]
    capped = cap_per_client(parts, 4, seed=0, purpose="train")
    assert len(capped[0]) == 4 and set(capped[0]) <= set(range(10)) and list(capped[0]) == sorted(capped[0])
    assert capped[1].tolist() == [10, 11, 12]  # fewer than the cap: all kept
    assert cap_per_client(parts, 4, seed=0, purpose="train")[0].tolist() == capped[0].tolist()  # seeded
    assert cap_per_client(parts, None, seed=0, purpose="train") is parts
