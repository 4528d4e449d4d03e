"""Attacks transform uploads as specified; honest figures exclude attackers (copfl.extensions.attacks)."""

from __future__ import annotations

import json

import numpy as np
import pytest
import torch

from copfl.algorithms.base import UploadParts
from copfl.extensions.attacks import AttackConfig, attack_upload, choose_attackers, flip_labels
from copfl.execution.config import RunConfig, resume_conflicts, saved_config
from copfl.data.clients import ClientData
from copfl.execution.experiment import build_engine
from copfl.execution.federation import build_federation
from copfl.seeding import torch_generator

U = {"w": torch.tensor([1.0, 2.0]), "num_samples": 7, "mask": torch.tensor([True, False])}
R = {"w": torch.tensor([0.5, 0.5])}


def attacked(kind, **kw):
    cfg = AttackConfig(kind, 0.3, **{k: v for k, v in kw.items() if k in ("scale", "noise")})
    return attack_upload(cfg, U, R, seed=3, round=2, client=kw.get("client", 4), stale=kw.get("stale"))


def test_each_upload_attack_by_hand():
    assert attacked("sign-flip")["w"].tolist() == [0.0, -1.0]  # r - (u - r)
    assert attacked("scale")["w"].tolist() == [-4.5, -14.5]  # r - 10 (u - r)
    assert attacked("scale", scale=3.0)["w"].tolist() == [2.0, 5.0]
    assert attacked("free-rider")["w"].tolist() == [0.5, 0.5]
    assert attacked("stale", stale={"w": torch.tensor([9.0, 9.0])})["w"].tolist() == [9.0, 9.0]
    z = torch.randn(2, generator=torch_generator(3, "attack", "gaussian", 2, 4, "w"))
    assert torch.allclose(attacked("gaussian", noise=2.0)["w"], R["w"] + 2.0 * z)
    assert not torch.equal(attacked("gaussian")["w"], attacked("gaussian", client=5)["w"])  # each attacker its own noise
    assert torch.equal(attacked("collude")["w"], attacked("collude", client=5)["w"])  # colluders: one crafted update
    for kind in ("sign-flip", "gaussian", "collude"):
        out = attacked(kind)
        assert out["num_samples"] == 7 and out["mask"] is U["mask"]  # numbers and masks travel as they are
    assert attacked("label-flip") is U  # label flipping poisons data, not the upload


def test_label_flip_and_attacker_choice():
    d = ClientData(torch.zeros(3, 1), torch.tensor([0, 1, 9]), torch.zeros(2, 1), torch.tensor([0, 1]), torch.zeros(1, 1), torch.tensor([2]))
    f = flip_labels(d, 10)
    assert f.y_train.tolist() == [9, 8, 0] and f.y_val.tolist() == [7] and f.y_test.tolist() == [0, 1]
    a = choose_attackers(list(range(10)), 0.3, seed=0)
    assert len(a) == 3 and a == sorted(a) and a == choose_attackers(list(range(10)), 0.3, seed=0)
    assert choose_attackers([1, 4, 6], 0.1, seed=0)[0] in (1, 4, 6)  # at least one, from the pool
    with pytest.raises(ValueError, match="at least one must be honest"):
        choose_attackers([0, 1], 0.9, seed=0)


def test_bad_attack_settings_are_refused():
    with pytest.raises(ValueError, match="needs --attackers"):
        RunConfig(attack="sign-flip")
    with pytest.raises(ValueError, match="needs --attack KIND"):
        RunConfig(attackers=0.2)
    with pytest.raises(ValueError, match="'flip'"):
        RunConfig(attack="flip", attackers=0.2)
    with pytest.raises(ValueError, match="'average'"):
        RunConfig(robust="average")


def _run(algorithm="fedavg", rounds=1, **kw):
    cfg = RunConfig(algorithm=algorithm, dataset="digits", rounds=rounds, val_fraction=0.0, seed=0, **kw).resolved()
    engine = build_engine(cfg, build_federation(cfg))
    return engine, engine.run()


def test_fedavg_oracle_sign_flip_and_scale_against_free_riders():
    """One round of FedAvg: an attacker's upload enters the average with its weight, so
    sign-flip + clean = 2 x free-rider and scale(s) = free-rider + s (clean - free-rider)."""
    _, clean = _run()
    kw = {"attackers": 0.3}
    engine, fr = _run(attack="free-rider", **kw)
    _, sf = _run(attack="sign-flip", **kw)
    _, sc = _run(attack="scale", attack_scale=-4.0, **kw)
    g = {k: s.server["params"] for k, s in (("clean", clean), ("fr", fr), ("sf", sf), ("sc", sc))}
    assert torch.allclose(g["sf"] + g["clean"], 2 * g["fr"], atol=1e-6)
    assert torch.allclose(g["sc"], g["fr"] - 4.0 * (g["clean"] - g["fr"]), atol=1e-5)
    assert not torch.allclose(g["sf"], g["clean"])
    # the weight FedAvg gives the attackers is their share of the training samples
    n = engine.num_samples
    share = sum(n[c] for c in engine.attackers) / sum(n)
    assert fr.history[0]["attacker_weight"] == pytest.approx(share)


def test_honest_figures_exclude_attackers_and_files_mark_them(tmp_path):
    from copfl.cli import main

    out = tmp_path / "r"
    assert main(["run", "--rounds", "2", "--val-fraction", "0", "--attack", "label-flip", "--attackers", "0.2", "--out", str(out)]) == 0
    history = [json.loads(line) for line in (out / "metrics.jsonl").read_text().splitlines()]
    clients = {int(r.split(",")[0]): float(r.split(",")[1]) for r in (out / "clients.csv").read_text().splitlines()[1:]}
    summary = json.loads((out / "summary.json").read_text())
    attackers = summary["attack"]["attackers"]
    assert len(attackers) == 2 and summary["attack"]["kind"] == "label-flip"
    last = history[-1]
    honest = [a for c, a in clients.items() if c not in attackers]
    bad = [a for c, a in clients.items() if c in attackers]
    assert last["acc_mean"] == pytest.approx(np.mean(honest)) and last["attacker_acc_mean"] == pytest.approx(np.mean(bad))
    assert summary["final"]["attacker_acc_mean"] == pytest.approx(np.mean(bad))
    rows = (out / "clients.csv").read_text().splitlines()
    assert rows[0].endswith(",attacker") and sum(r.endswith(",1") for r in rows[1:]) == 2


def test_label_flip_poisons_the_attackers_training_labels_only():
    engine, _ = _run(attack="label-flip", attackers=0.2, rounds=1)
    cfg = RunConfig(algorithm="fedavg", dataset="digits", val_fraction=0.0).resolved()
    plain = build_federation(cfg).clients
    for c, d in enumerate(engine.clients):
        if c in engine.attackers:
            assert torch.equal(d.y_train, 9 - plain[c].y_train)
        else:
            assert torch.equal(d.y_train, plain[c].y_train)
        assert torch.equal(d.y_test, plain[c].y_test)


def test_measuring_exposure_changes_nothing():
    """With attackers recorded but the default combiner, FedAvg aggregates through the
    combiner instead of its streaming fold: bit for bit the same model."""
    _, folded = _run(rounds=2)
    cfg = RunConfig(algorithm="fedavg", dataset="digits", rounds=2, val_fraction=0.0, seed=0).resolved()
    engine = build_engine(cfg, build_federation(cfg))
    engine.algorithm.setup.combiner.watched = frozenset({3})  # measured, not attacking
    state = engine.run()
    assert torch.equal(state.server["params"], folded.server["params"])
    assert state.history[-1]["acc_mean"] == folded.history[-1]["acc_mean"]


def test_co_pfl_scores_what_an_attacker_sends():
    """A free-rider sends the model it received: its gradient score (eq. 9) is computed on a
    zero change on its shared coordinates (all of them with p = 0), cos = 0, score 1 (the
    honest clients' changes score otherwise)."""
    engine, state = _run("co-pfl", rounds=2, attack="free-rider", attackers=0.2, options={"score": "grad", "p": 0.0})
    pc = state.history[1]["per_client"]
    for c, g in zip(pc["client"], pc["grad_score"]):
        if c in engine.attackers:
            assert g == 1.0
        else:
            assert g != 1.0
    assert state.history[1]["attacker_weight"] == pytest.approx(sum(a for c, a in zip(pc["client"], pc["alpha"]) if c in engine.attackers))


def test_multi_krum_leaves_scaled_attackers_out():
    _, state = _run(attack="scale", attackers=0.2, robust="multi-krum", rounds=3)
    assert all(r["attacker_weight"] == 0.0 for r in state.history)  # x -10 updates are far from everyone
    _, plain = _run(attack="scale", attackers=0.2, rounds=3)
    assert all(r["attacker_weight"] == pytest.approx(0.2, abs=0.05) for r in plain.history)  # their sample share
    assert state.history[-1]["acc_mean"] > plain.history[-1]["acc_mean"] + 0.2


def test_saved_configs_without_attacks_keep_their_meaning():
    old = {"algorithm": "fedavg", "dataset": "digits", "rounds": 5}
    assert saved_config(old)["attack"] is None and saved_config(old)["robust"] == "mean"
    assert resume_conflicts(old, RunConfig(algorithm="fedavg", dataset="digits", rounds=8, val_fraction=0.0)) == []
    assert resume_conflicts(old, RunConfig(algorithm="fedavg", dataset="digits", rounds=8, val_fraction=0.0, robust="median"))[0].startswith("robust")


@pytest.mark.parametrize("algorithm", sorted(__import__("copfl.algorithms.base", fromlist=["ALGORITHMS"]).ALGORITHMS))
def test_every_algorithm_takes_attacks_and_robust_aggregation(algorithm):
    if algorithm == "centralized":
        with pytest.raises(ValueError, match="pooled data"):
            _run(algorithm, attack="sign-flip", attackers=0.2)
        return
    # pFedHN's sequential update averages nothing; width 10 and 5 inner steps take the same paths at a tenth of the size
    options = {"server_update": "mean", "inner_steps": 5, "hidden": 10} if algorithm == "pfedhn" else {}
    engine, state = _run(algorithm, attack="sign-flip", attackers=0.2, robust="median", options=options)
    rec = state.history[-1]
    assert 0.0 <= rec["attacker_weight"] <= 1.0 and 0.0 <= rec["acc_mean"] <= 1.0
    assert "attacker_acc_mean" in rec and len(engine.attackers) == 2


def test_masked_uploads_are_attacked_in_their_own_space():
    """FedSelect's and CO-PFL's uploads are compacted by the client's mask: the reference is the
    broadcast's shared entries, a stale model is compacted with the current mask (it is not the
    free-rider's), and colluders' noise agrees on the coordinates they share."""
    _, clean = _run("fedselect", rounds=2)
    _, flipped = _run("fedselect", rounds=2, attack="sign-flip", attackers=0.3)
    assert not torch.equal(clean.server["params"], flipped.server["params"])
    _, stale = _run("co-pfl", rounds=4, attack="stale", attackers=0.3)
    _, free = _run("co-pfl", rounds=4, attack="free-rider", attackers=0.3)
    assert not torch.equal(stale.server["params"], free.server["params"])
    cfg = AttackConfig("collude", 0.3, noise=2.0)
    ref = {"w": torch.zeros(3)}
    a = attack_upload(cfg, {"w": torch.ones(3)}, ref, seed=0, round=1, client=1, coords={"w": (torch.tensor([0, 2, 5]), 8)})
    b = attack_upload(cfg, {"w": torch.ones(3)}, ref, seed=0, round=1, client=2, coords={"w": (torch.tensor([2, 5, 7]), 8)})
    assert a["w"][1:].tolist() == b["w"][:2].tolist() and a["w"][0] != b["w"][2]  # coordinates 2 and 5 shared


def test_an_upload_without_attack_reference_is_refused(monkeypatch):
    from copfl.algorithms.fedavg import FedAvg

    monkeypatch.setattr(FedAvg, "upload_parts", lambda self, message, state, upload: UploadParts({}))
    with pytest.raises(ValueError, match=r"--attack sign-flip: fedavg uploads 'shared' but its upload_parts names no starting point"):
        _run(attack="sign-flip", attackers=0.3)


def test_pfedhn_robust_keeps_learning_its_embeddings():
    """Each client's embedding row gets only its own gradient: under --robust the embeddings
    take the plain mean (exactly the default's step), only the shared network is robust."""
    # a hypernetwork of width 10 (default 100) and 5 of the 50 inner steps: the same paths, a tenth of the median's entries
    quick = {"server_update": "mean", "inner_steps": 5, "hidden": 10}
    engine, robust = _run("pfedhn", robust="median", options=quick)
    _, plain = _run("pfedhn", options=quick)
    e = engine.algorithm.layout.num_embedding
    assert torch.allclose(robust.server["hnet"][:e], plain.server["hnet"][:e], atol=1e-6)
    assert not torch.allclose(robust.server["hnet"][e:], plain.server["hnet"][e:])


def test_run_and_compare_print_the_attack(tmp_path, capsys):
    from copfl.cli import main

    assert main(["compare", "--algorithms", "fedavg,local", "--rounds", "1", "--attack", "sign-flip", "--attackers", "0.2",
                 "--out", str(tmp_path / "c")]) == 0  # fmt: skip
    out = capsys.readouterr().out
    assert "| weight on attackers |" in out and "| 0.000 |" in out  # Local combines nothing
    assert main(["run", "--rounds", "1", "--attack", "free-rider", "--attackers", "0.2", "--out", str(tmp_path / "r")]) == 0
    assert "attack free-rider: 2 attackers" in capsys.readouterr().out


def test_an_attackers_own_divergence_does_not_stop_the_run(monkeypatch):
    """An attacker whose honest training gives a non-finite loss keeps its previous state and
    sends no update of its own, which its attack then changes: sign-flip of no update is the
    free-rider's upload, so the round's global model is the free-riders' one. An honest
    client's divergence still stops the run."""
    from copfl.algorithms.fedavg import FedAvg
    from copfl.engine.rounds import NonFiniteLossError

    _, fr = _run(attack="free-rider", attackers=0.3)
    honest_update = FedAvg.client_update
    poisoned: set[int] = set()

    def diverging(self, ctx, message, state):
        res = honest_update(self, ctx, message, state)
        if ctx.client in poisoned:
            res.stats.loss_sum = float("nan")
            res.upload = {k: v * float("nan") if isinstance(v, torch.Tensor) and v.is_floating_point() else v for k, v in res.upload.items()}
        return res

    monkeypatch.setattr(FedAvg, "client_update", diverging)
    cfg = RunConfig(algorithm="fedavg", dataset="digits", rounds=1, val_fraction=0.0, seed=0, attack="sign-flip", attackers=0.3).resolved()
    engine = build_engine(cfg, build_federation(cfg))
    poisoned.update(engine.attackers)
    sf = engine.run()
    assert torch.equal(sf.server["params"], fr.server["params"])
    assert sf.history[0]["attackers_diverged"] == len(engine.attackers) == 3
    assert np.isfinite(sf.history[0]["train_loss"])
    poisoned.clear()
    honest = next(c for c in range(10) if c not in engine.attackers)
    poisoned.add(honest)
    engine = build_engine(cfg, build_federation(cfg))
    with pytest.raises(NonFiniteLossError, match=f"client {honest}"):
        engine.run()


@pytest.mark.parametrize("kind", ["sign-flip", "label-flip"])
def test_local_honest_clients_are_untouched_by_any_attack(kind):
    """Local's clients receive nothing from anyone: under an attack its honest clients' models
    are bit-identical to the run without one (which lets `copfl reproduce robustness` derive
    Local's attack columns from its unattacked run instead of running them)."""
    clean_engine, clean = _run("local", rounds=2)
    engine, attacked = _run("local", rounds=2, attack=kind, attackers=0.3)
    assert len(engine.attackers) == 3
    for c in range(10):
        same = all(torch.equal(a, b) for a, b in zip(clean_engine.store.get(c).values(), engine.store.get(c).values()) if isinstance(a, torch.Tensor))
        assert same == (c not in engine.attackers or kind != "label-flip"), c


def _same(a, b):
    if isinstance(a, torch.Tensor):
        return isinstance(b, torch.Tensor) and torch.equal(a, b)
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return a == b


def test_a_diverged_co_pfl_attacker_keeps_its_whole_state(monkeypatch):
    """CO-PFL updates its moment estimates in place: an attacker whose round-2 training
    diverges must still hold exactly its state after round 1 (parameters, mask, moments), and
    upload the mask it held then, with the broadcast's entries (no update of its own)."""
    from copfl.algorithms.co_pfl import CoPFL
    from copfl.core.masks import unpack_mask

    honest_update = CoPFL.client_update
    sent = {}

    def diverging(self, ctx, message, state):
        res = honest_update(self, ctx, message, state)
        if ctx.round == 2 and ctx.client in poisoned:
            res.stats.loss_sum = float("nan")
            res.upload = {**res.upload, "shared": res.upload["shared"] * float("nan")}
        return res

    poisoned: set[int] = set()
    monkeypatch.setattr(CoPFL, "client_update", diverging)
    kw = dict(algorithm="co-pfl", dataset="digits", val_fraction=0.0, seed=0, attack="free-rider", attackers=0.3)
    one = build_engine(cfg := RunConfig(rounds=1, **kw).resolved(), build_federation(cfg))
    one.run()
    two = build_engine(cfg := RunConfig(rounds=2, **kw).resolved(), build_federation(cfg))
    poisoned.update(two.attackers)
    from copfl.extensions.attack_hooks import Attack

    real_upload = Attack.upload

    def spy(self, step):
        real_upload(self, step)
        sent[(step.client, step.round)] = (step.upload, step.message)

    monkeypatch.setattr(Attack, "upload", spy)
    run = two.run()
    assert run.history[1]["attackers_diverged"] == 3
    for c in two.attackers:
        assert _same(two.store.get(c), one.store.get(c)), c
        upload, message = sent[(c, 2)]
        mask = unpack_mask(upload["mask"], two.algorithm.d)
        assert torch.equal(mask, one.store.get(c)["mask"])
        assert torch.equal(upload["shared"], message["params"][~mask])  # free-rider of no update: the broadcast
