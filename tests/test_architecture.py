"""The house rules of the package's structure (issue 36): each concern in one place."""

from __future__ import annotations

import re
import sys
import types
from pathlib import Path

import torch

from copfl.algorithms.base import Algorithm

SRC = Path(__file__).resolve().parents[1] / "src" / "copfl"


def interface(cls: type) -> list[str]:
    """The methods an algorithm may define: callables of the class (and the optional second
    client phase, an attribute until an algorithm defines it)."""
    return [n for n, v in vars(cls).items() if not n.startswith("_") and (callable(v) or n == "personalize") and not isinstance(v, type)]


def test_the_algorithm_interface_has_at_most_twelve_methods():
    names = interface(Algorithm)
    assert len(names) <= 12, names
    assert {"init_server", "init_client", "broadcast", "client_update", "aggregate", "upload_parts", "personalized", "evaluate"} <= set(names)


def test_engine_and_algorithm_base_know_nothing_of_privacy_attacks_or_robust_rules():
    for path in (SRC / "engine" / "loop.py", SRC / "algorithms" / "base.py"):
        text = path.read_text()
        hits = re.findall(r"copfl\.extensions\.(privacy|attacks|robust)\b", text)
        assert not hits, (path.name, hits)
        code = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
        assert not re.search(r"\b(DPConfig|AttackConfig|RobustConfig|DPSGDSession|privatize_upload|attack_upload|choose_attackers|flip_labels)\b", code), path.name


def test_upload_mode_dp_protects_co_pfls_compacted_upload():
    """CO-PFL uploads only its shared entries: upload-mode DP clips and noises them against the
    broadcast's entries on those coordinates (UploadParts), as FedAvg's whole shared part."""
    from copfl.execution.config import RunConfig
    from copfl.execution.experiment import build_engine
    from copfl.execution.federation import build_federation
    from copfl.core.masks import unpack_mask
    from copfl.seeding import torch_generator

    clip, noise = 0.05, 0.5
    kw = dict(algorithm="co-pfl", dataset="digits", clients=4, val_fraction=0.0, seed=0)
    plain = build_engine(cfg := RunConfig(**kw).resolved(), build_federation(cfg))
    dp = build_engine(cfg := RunConfig(**kw, dp_noise=noise, dp_clip=clip, dp_mode="upload").resolved(), build_federation(cfg))
    run = plain.new_state()
    msg = plain.message(run, 0, plain.server_context(1, "train", [0, 1, 2, 3]))
    clean = plain.client_step(0, 1, msg, run.server_buffers)
    noisy = dp.client_step(0, 1, msg, run.server_buffers)
    mask = unpack_mask(clean.upload["mask"], plain.algorithm.d)
    assert torch.equal(noisy.upload["mask"], clean.upload["mask"])  # the mask is sent as it is
    ref = msg["params"][~mask]
    delta = (clean.upload["shared"] - ref).double()
    assert float(delta.norm()) > clip
    z = torch.randn(delta.numel(), generator=torch_generator(0, "dp-upload", 1, 0)).double() * noise * clip
    expected = ref.double() + delta * min(1.0, clip / (float(delta.norm()) + 1e-6)) + z
    assert torch.allclose(noisy.upload["shared"].double(), expected, atol=1e-6)
    assert noisy.spent == [[noise, 1.0, 1]]
    assert noisy.upload["score"] == noisy.upload["grad_score"] + float(noisy.upload["pred_score"])  # rederived from what it sends
    assert torch.equal(dp.store.get(0)["params"], plain.store.get(0)["params"])  # the clean model stays


def _doc_example() -> str:
    doc = (Path(__file__).resolve().parents[1] / "docs" / "writing-an-algorithm.md").read_text()
    block = doc.split("## What you write", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    return block


def test_the_documented_example_is_forty_two_lines_and_is_fedavg_at_mu_zero():
    from copfl.algorithms.base import ALGORITHMS
    from copfl.execution.config import RunConfig
    from copfl.execution.experiment import build_engine
    from copfl.execution.federation import build_federation

    code = _doc_example()
    assert len(code.strip().splitlines()) <= 42
    try:
        module = types.ModuleType("doc_example")
        sys.modules["doc_example"] = module  # dataclasses look their module up
        exec(compile(code, "writing-an-algorithm.md", "exec"), module.__dict__)
        assert "my-prox" in ALGORITHMS

        def run(algorithm, **kw):
            cfg = RunConfig(algorithm=algorithm, dataset="digits", clients=4, rounds=2, lr=0.05, val_fraction=0.0, seed=0, **kw).resolved()
            engine = build_engine(cfg, build_federation(cfg))
            return engine.run(), engine.num_samples

        (prox0, sizes), (fedavg, _) = run("my-prox", options={"mu": 0.0}), run("fedavg")
        assert torch.equal(prox0.server["w"], fedavg.server["params"])  # FedAvg bit for bit
        assert [r["acc_mean"] for r in prox0.history] == [r["acc_mean"] for r in fedavg.history]
        prox, _ = run("my-prox", options={"mu": 1.0})
        assert not torch.equal(prox.server["w"], prox0.server["w"])  # the proximal term acts
        assert prox0.history[-1]["alpha_max"] == max(sizes) / sum(sizes)  # its logs reach the round's record
        dp, _ = run("my-prox", dp_noise=0.5, dp_mode="upload", diverge_factor=0.0)  # the upload pipeline needs nothing more
        assert dp.history[-1]["epsilon"] > 0
        attacked, _ = run("my-prox", attack="sign-flip", attackers=0.25, robust="median")
        assert attacked.history[-1]["attacker_weight"] >= 0.0 and "acc_mean" in attacked.history[-1]
    finally:
        ALGORITHMS.pop("my-prox", None)
        sys.modules.pop("doc_example", None)


# --------------------------------------------------------------------------- no import circle
def _import_graph() -> dict[str, set[str]]:
    """copfl's modules -> the copfl modules each imports anywhere in its code (at the top or
    deferred in a function), and a package that imports its modules by name (pkgutil: the
    algorithms) -> each of them."""
    import ast

    src = Path(__file__).resolve().parents[1] / "src"
    mods = {}
    for f in src.rglob("*.py"):
        parts = list(f.relative_to(src).with_suffix("").parts)
        mods[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = f

    def resolve(name: str) -> str:
        while name and name not in mods:
            name = name.rpartition(".")[0]
        return name

    graph: dict[str, set[str]] = {m: set() for m in mods}
    for m, f in mods.items():
        text = f.read_text()
        pkg = m if f.name == "__init__.py" else m.rpartition(".")[0]
        for n in ast.walk(ast.parse(text)):
            if isinstance(n, ast.Import):
                names = [a.name for a in n.names]
            elif isinstance(n, ast.ImportFrom):
                base = n.module or ""
                if n.level:
                    up = pkg.split(".")[: len(pkg.split(".")) - (n.level - 1)]
                    base = ".".join([*up, base] if base else up)
                names = [base, *(f"{base}.{a.name}" for a in n.names)]
            else:
                continue
            graph[m] |= {r for t in names if t.startswith("copfl") and (r := resolve(t)) and r != m}
        if f.name == "__init__.py" and "pkgutil" in text:
            graph[m] |= {o for o in mods if o.startswith(m + ".") and o.count(".") == m.count(".") + 1}
    return graph


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    import sys

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_the_circle_finder_finds_a_deferred_circle():
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _circles({"a": {"b"}, "b": set()}) == []


def test_no_module_imports_itself_through_others():
    """Issue 79: no import circle, drawn (at the top) or deferred (in a function), counting the
    algorithms package's import of every algorithm module."""
    graph = _import_graph()
    assert "copfl.execution.experiment" in graph["copfl.tuning.tuner"] and "copfl.algorithms.apfl" in graph["copfl.algorithms"]
    assert _circles(graph) == []


# --------------------------------------------------------------------------- core below the extensions
def test_core_imports_no_extension_and_the_workspace_knows_no_dp():
    """Issue 87, item 4: copfl.core imports nothing from copfl.extensions (at the top or
    deferred), and the workspace runs DP-SGD as a gradient stage it does not know
    (copfl.core.workspace.GradientStage, installed by copfl.extensions.privacy_hooks.DPSGD;
    the stage is copfl.extensions.dp_sgd): workspace.py names no DP, DP-SGD, privacy or clipping,
    in its code or its text."""
    graph = _import_graph()
    core = {m: sorted(t for t in graph[m] if t.startswith("copfl.extensions")) for m in graph if m.startswith("copfl.core.")}
    assert "copfl.core.workspace" in core and not any(core.values()), core
    text = (SRC / "core" / "workspace.py").read_text()
    hits = re.findall(r"(?i)(?<![a-z])dp(?![a-z])|dp-?sgd|privacy|privati[sz]|clip", text)
    assert not hits, hits
    assert "gradient_stage" in text  # the hook the DP-SGD extension fills


# --------------------------------------------------------------------------- sizes
def test_no_module_over_600_lines_no_function_over_80_and_a_small_cli():
    """Issue 79: src/ files at most 600 lines, functions (methods included, docstrings counted)
    at most 80, cli.py a dispatcher under 150."""
    import ast

    src = Path(__file__).resolve().parents[1] / "src"
    long_files, long_functions = [], []
    for f in sorted(src.rglob("*.py")):
        text = f.read_text()
        if text.count("\n") > 600:
            long_files.append(f"{f.relative_to(src)}: {text.count(chr(10))} lines")
        for n in ast.walk(ast.parse(text)):
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.end_lineno - n.lineno + 1 > 80:
                long_functions.append(f"{f.relative_to(src)}:{n.lineno} {n.name}: {n.end_lineno - n.lineno + 1} lines")
    assert long_files == [] and long_functions == []
    assert (src / "copfl" / "cli.py").read_text().count("\n") < 150


# --------------------------------------------------------------------------- the floor plan
# The layers, bottom first (docs/architecture.md): a module may import its own layer and the ones
# below it, never one above. Each entry: a layer's name and the modules or packages it holds.
LAYERS = [
    ("helpers", ["copfl", "copfl.io", "copfl.seeding", "copfl.runtime", "copfl.typecheck", "copfl.plugins"]),
    ("data", ["copfl.data"]),
    ("core", ["copfl.core"]),
    ("algorithms", ["copfl.algorithms"]),
    ("extensions", ["copfl.extensions"]),
    ("engine", ["copfl.engine"]),
    ("results", ["copfl.results"]),
    ("execution", ["copfl.execution"]),
    ("tuning", ["copfl.tuning"]),
    ("app", ["copfl.app"]),
    ("reproduce and flower", ["copfl.reproduce", "copfl.flower"]),
    ("commands and api", ["copfl.commands", "copfl.api"]),
    ("cli", ["copfl.cli", "copfl.__main__"]),
]
SHIMS = {"copfl.experiment"}  # deprecation shims of paths the docs once showed: they import their new home


def _layer(module: str) -> int:
    """The index in LAYERS of the longest prefix that holds ``module``."""
    best = max(((len(p), i) for i, (_, prefixes) in enumerate(LAYERS) for p in prefixes
                if module == p or module.startswith(p + ".")), default=None)
    assert best is not None, f"{module} is on no layer of LAYERS: add it (and to docs/architecture.md)"
    return best[1]


def test_the_layer_finder_reads_the_longest_prefix():
    assert LAYERS[_layer("copfl.engine.loop")][0] == "engine" and LAYERS[_layer("copfl.cli")][0] == "cli"
    assert LAYERS[_layer("copfl")][0] == "helpers" and LAYERS[_layer("copfl.commands.run")][0] == "commands and api"


def test_every_module_imports_only_its_own_layer_and_the_ones_below():
    """The floor plan (docs/architecture.md) as a rule: no import, at the top or deferred, reaches
    a higher layer (the package's lazy __init__, the public names, is everyone's)."""
    graph = _import_graph()
    upward = sorted(f"{m} ({LAYERS[_layer(m)][0]}) -> {t} ({LAYERS[_layer(t)][0]})"
                    for m, ts in graph.items() if m not in SHIMS for t in ts if t != "copfl" and _layer(t) > _layer(m))
    assert upward == []


def test_few_modules_at_the_top_and_no_file_name_twice():
    top = sorted(p.name for p in SRC.glob("*.py"))
    assert len(top) <= 14, top
    names: dict[str, list[str]] = {}
    shims = {m.removeprefix("copfl.").replace(".", "/") + ".py" for m in SHIMS}  # a shim keeps its old name
    for f in SRC.rglob("*.py"):
        if f.name != "__init__.py" and str(f.relative_to(SRC)) not in shims:
            names.setdefault(f.name, []).append(str(f.relative_to(SRC)))
    assert {n: where for n, where in names.items() if len(where) > 1} == {}


def test_no_name_is_re_exported():
    """Every name in a module's __all__ is defined in that module (imports name the module that
    defines a name), but for the package's public surface (copfl/__init__, lazy) and the shims."""
    import ast

    offenders = []
    for f in sorted(SRC.rglob("*.py")):
        module = ".".join(("copfl", *f.relative_to(SRC).with_suffix("").parts)).removesuffix(".__init__")
        if module == "copfl" or module in SHIMS:
            continue
        tree = ast.parse(f.read_text())
        defined = {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))}
        defined |= {t.id for n in tree.body if isinstance(n, ast.Assign) for tgt in n.targets for t in ast.walk(tgt) if isinstance(t, ast.Name)}
        defined |= {n.target.id for n in tree.body if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)}
        for n in tree.body:
            if isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in n.targets):
                offenders += [f"{module}.{e.value}" for e in n.value.elts if e.value not in defined]
    assert offenders == []


def test_the_api_stands_on_the_application_layer_not_on_the_commands():
    graph = _import_graph()
    assert not {t for t in graph["copfl.api"] if t.startswith("copfl.commands")}
    assert not {t for m, ts in graph.items() if m.startswith("copfl.app") for t in ts if t.startswith("copfl.commands")}
    assert {"copfl.app.single_run", "copfl.app.comparison", "copfl.app.study"} <= graph["copfl.api"]
