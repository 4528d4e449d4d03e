"""copfl.commands.parsing and the checks made as the command line is read: a misspelled command,
option, algorithm, data set, partition, model or experiment is refused at once, dry runs included,
with the closest names ("did you mean") and the usage of the command that has the error."""

from __future__ import annotations

import pytest

from copfl.cli import main
from copfl.typecheck import did_you_mean, unknown_name


def refused(argv: list[str], capsys) -> str:
    """The error output of a command line refused as it is read (exit status 2)."""
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2
    return capsys.readouterr().err


def test_did_you_mean_names_the_close_ones_or_nothing():
    assert did_you_mean("dirichet", ["label-skew", "dirichlet", "iid"]) == "; did you mean 'dirichlet'?"
    assert did_you_mean("rouds", ["rounds", "seed"], "--") == "; did you mean '--rounds'?"
    assert did_you_mean("svhn", ["cifar10", "mnist"]) == ""
    assert unknown_name("model", "cnnn", ["cnn", "mlp"]) == "unknown model 'cnnn'; available models: cnn, mlp; did you mean 'cnn'?"


@pytest.mark.parametrize("argv, usage, hint", [
    (["run", "--rouds", "3"], "usage: copfl run ", "did you mean '--rounds'"),
    (["tune", "--algorithms", "fedavg", "--trails", "3"], "usage: copfl tune ", "did you mean '--trials'"),
    (["compare", "--algorithms", "fedavg", "--seds", "2"], "usage: copfl compare ", "did you mean '--seeds'"),
    (["table", "runs", "--srot", "final"], "usage: copfl table ", "did you mean '--sort'"),
    (["flower", "new", "app", "--rouds", "2"], "usage: copfl flower new ", "did you mean '--rounds'"),
])
def test_a_misspelled_option_shows_its_commands_usage_and_the_close_options(argv, usage, hint, capsys):
    err = refused(argv, capsys)
    assert err.startswith(usage) and f"copfl {' '.join(argv[:2] if argv[0] == 'flower' else argv[:1])}: error: unrecognized arguments" in err
    assert hint in err


def test_a_misspelled_command_names_the_close_one(capsys):
    err = refused(["rnu", "--rounds", "3"], capsys)
    assert err.startswith("usage: copfl [-h]") and "invalid choice: 'rnu'" in err and "did you mean 'run'?" in err


@pytest.mark.parametrize("argv, hint", [
    (["run", "--partition", "dirichet", "--dry-run"], "did you mean 'dirichlet'?"),
    (["partition", "--partition", "dirichet", "--dry-run"], "did you mean 'dirichlet'?"),
    (["run", "--algorithm", "fedprx", "--dry-run"], "did you mean 'fedprox'"),
    (["run", "--dataset", "cifr10", "--dry-run"], "did you mean 'cifar10'"),
    (["run", "--model", "cnnn", "--dry-run"], "did you mean 'cnn'?"),
    (["compare", "--algorithms", "fedavg,fedprx", "--dry-run"], "did you mean 'fedprox'"),
    (["compare", "--algorithms", "fedavg,dito[lam=0.1]", "--dry-run"], "did you mean 'ditto'"),
    (["tune", "--algorithms", "fedavg,dito", "--dry-run"], "did you mean 'ditto'"),
    (["reproduce", "tabel2", "--dry-run"], "did you mean 'table2'"),
    (["reproduce", "table2", "--scale", "cpuu", "--dry-run"], "did you mean 'cpu'?"),
    (["reproduce", "table2", "--add-algorithms", "dito", "--dry-run"], "did you mean 'ditto'"),
])
def test_a_misspelled_name_is_refused_as_the_command_line_is_read(argv, hint, capsys):
    """Issue: `run --partition dirichet --dry-run` was accepted, and the real run failed once its
    data were loaded; a misspelled data set was a KeyError's traceback."""
    err = refused(argv, capsys)
    assert err.startswith(f"usage: copfl {argv[0]} ") and hint in err


def test_a_misspelled_name_in_a_config_file_is_refused_by_the_dry_run(tmp_path, capsys):
    (tmp_path / "c.toml").write_text('partition = "dirichet"\n')
    assert main(["run", "--config", str(tmp_path / "c.toml"), "--dry-run"]) == 2
    assert "unknown partition 'dirichet'" in capsys.readouterr().err


def test_the_library_refuses_a_misspelled_name_before_any_data_is_loaded(tmp_path):
    import copfl

    with pytest.raises(ValueError, match="did you mean 'dirichlet'"):
        copfl.run(partition="dirichet", rounds=1, out=str(tmp_path / "r"))
    with pytest.raises(ValueError, match="unknown dataset 'cifr10'.*did you mean 'cifar10'"):
        copfl.run(dataset="cifr10", rounds=1, out=str(tmp_path / "r"))
    assert not (tmp_path / "r").exists()
