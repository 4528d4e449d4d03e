"""copfl.execution.config: a run config is resolved once, into a ResolvedConfig, and the optimizer's
defaults have one source."""

from dataclasses import replace

import pytest

from copfl.execution.config import RUN_DEFAULTS, ResolvedConfig, RunConfig, load_toml, require_resolved, to_toml
from copfl.execution.experiment import make_engine, run_in_folder
from copfl.core.models import ModelSpec
from copfl.core.train_hooks import OptimizerConfig


def test_resolved_fills_the_data_sets_and_the_algorithms_defaults():
    cfg = RunConfig(algorithm="fedpac", dataset="cifar10").resolved()
    assert type(cfg) is ResolvedConfig
    # cifar10's protocol, FedPAC's optimizer, the fallback partition
    assert (cfg.model, cfg.samples_per_class, cfg.test_samples_per_class) == ("cnn", 50, 100)
    assert (cfg.optimizer, cfg.lr, cfg.momentum, cfg.weight_decay) == ("sgd", 0.02, 0.5, 5e-4)
    assert (cfg.partition, cfg.classes_per_client, cfg.clients, cfg.options) == ("label-skew", 2, 10, {})
    # what the user gave wins
    assert RunConfig(algorithm="fedpac", lr=0.3, model="mlp").resolved().lr == 0.3
    assert RunConfig(algorithm="co-pfl").resolved().optimizer == "adam"


def test_resolving_is_done_once_and_is_idempotent():
    cfg = RunConfig(dataset="cifar10", clients=5).resolved()
    assert cfg.resolved() is cfg
    assert require_resolved(cfg, "x") is cfg
    with pytest.raises(TypeError, match="run_in_folder takes a resolved run config"):
        require_resolved(RunConfig(), "run_in_folder")


def test_the_builders_refuse_an_unresolved_config(tmp_path):
    with pytest.raises(TypeError, match="make_engine takes a resolved run config"):
        make_engine(RunConfig(), ModelSpec((1, 8, 8), 10), [], (1, 1))
    with pytest.raises(TypeError, match="run_in_folder takes a resolved run config"):
        run_in_folder(RunConfig(), None, tmp_path)  # type: ignore[arg-type]
    assert not any(tmp_path.iterdir())


def test_a_resolved_config_cannot_lose_a_default():
    cfg = RunConfig().resolved()
    with pytest.raises(ValueError, match="needs lr, momentum"):
        replace(cfg, lr=None, momentum=None)


def test_natural_partition_keeps_every_client_unless_told():
    assert RunConfig(dataset="femnist").resolved().clients is None
    assert RunConfig(dataset="femnist", clients=7).resolved().clients == 7
    assert RunConfig(dataset="shakespeare").resolved().clients == 10


def test_optimizer_defaults_have_one_source():
    o = OptimizerConfig()
    assert RUN_DEFAULTS["optimizer"] == o.name and RUN_DEFAULTS["lr"] == o.lr
    assert RUN_DEFAULTS["momentum"] == o.momentum and RUN_DEFAULTS["weight_decay"] == o.weight_decay
    cfg = RunConfig(algorithm="fedavg").resolved()
    assert OptimizerConfig(cfg.optimizer, cfg.lr, cfg.momentum, cfg.weight_decay) == o


def test_toml_round_trip_of_a_resolved_config(tmp_path):
    cfg = RunConfig(algorithm="ditto", dataset="digits", lr=0.01, options={"lam": 0.5}).resolved()
    path = tmp_path / "run.toml"
    path.write_text(to_toml(cfg))
    assert RunConfig(**load_toml(path)).resolved() == cfg


def test_bad_sample_count_names_the_flag():
    with pytest.raises(ValueError, match="samples-per-class must be a positive integer or 'all', got 'lots'"):
        RunConfig(samples_per_class="lots").resolved()


def test_test_split_is_checked_and_keeps_old_run_identities():
    from copfl.reproduce.plan import run_identity

    with pytest.raises(ValueError, match="test-split = 'uniform': expected proportional or balanced"):
        RunConfig(test_split="uniform")
    base = RunConfig(partition="dirichlet", alpha=0.1).resolved()
    # at its default the option is left out of a run's identity: runs saved before it existed are reused
    assert run_identity(replace(base, test_split="proportional")) == run_identity(base)
    assert run_identity(replace(base, test_split="balanced")) != run_identity(base)


def test_classes_is_a_run_option_in_the_toml_and_checked_for_syntax(tmp_path):
    cfg = RunConfig(dataset="femnist", classes="a-j").resolved()
    assert cfg.classes == "a-j" and 'classes = "a-j"' in to_toml(cfg)
    (tmp_path / "c.toml").write_text('classes = [36, 37, "c"]\n')
    assert RunConfig(**load_toml(tmp_path / "c.toml")).classes == "36,37,c"  # a TOML list reads as its text
    for bad in ("", "a,,b", "a,"):
        with pytest.raises(ValueError, match="classes"):
            RunConfig(classes=bad)
    assert RunConfig().resolved().classes is None  # every class by default


def test_every_run_option_declares_its_role():
    """Roles live on the fields (dataclass metadata): a field made without copfl.execution.config._f, or
    without a part, fails here; the derived sets are the ones the code relied on as lists."""
    from dataclasses import fields

    from copfl.execution.config import PARTS, RunConfig, added_later, may_change_on_resume, option_names

    for f in fields(RunConfig):
        assert f.metadata.get("part") in PARTS, f"{f.name} has no part: declare its role with copfl.execution.config._f"
        assert {"help", "resolved", "on_resume", "computes", "data_key"} <= set(f.metadata), f.name
    assert set(may_change_on_resume()) == {"rounds", "eval_every", "eval_clients", "checkpoint_every", "threads", "device", "data_dir",
                                           "cache_dir", "download", "out", "tensorboard", "mlflow", "diverge_factor", "diverge_loss", "plugins", "workers", "ray_address"}  # fmt: skip
    assert set(option_names(resolved=True)) == {"model", "partition", "classes_per_client", "samples_per_class", "test_samples_per_class",
                                                "optimizer", "lr", "momentum", "weight_decay", "bn_stats", "options"}  # fmt: skip
    assert set(option_names(computes=False)) == {"out", "data_dir", "cache_dir", "threads", "download", "store", "checkpoint_every", "tensorboard", "mlflow", "plugins", "workers", "ray_address"}
    assert added_later() == {"val_fraction": 0.0, "val_min": 0, "holdout_clients": 0.0, "tensorboard": False, "attack": None, "attackers": 0.0,
                             "attack_scale": -10.0, "attack_noise": 1.0, "robust": "mean", "robust_fraction": 0.2, "robust_select": None,
                             "robust_bound": None, "train_per_client": None, "test_per_client": None, "mlflow": None, "plugins": None, "workers": 1, "ray_address": None,
                             "client_dropout": 0.0, "stragglers": 0.0, "straggler_steps": 1, "straggler_schedule": "round", "deadline": None,
                             "speed_profile": None, "client_speed": 100.0, "bandwidth": 1e6, "eval_batched": False, "test_split": "proportional"}  # fmt: skip
    assert "seed" in option_names(data_key=True) and "lr" not in option_names(data_key=True)
    with pytest.raises(ValueError, match="part 'colour': expected one of algorithm, data"):
        from copfl.execution.config import _f

        _f(1, "a new option", part="colour")
