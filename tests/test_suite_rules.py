"""Rules the test suite itself keeps (issue 77): the README's test command passes on a fresh clone
with nothing but the test extra installed, so every test that needs an optional extra says so
with the ``extra`` marker (it skips where the extra is absent, and CI's extras step selects it)."""

from __future__ import annotations

import ast
from pathlib import Path

from helpers import EXTRAS

TESTS = Path(__file__).resolve().parent


def _marked_extras(decorators: list[ast.expr]) -> set[str]:
    """The modules named by ``pytest.mark.extra(...)`` among ``decorators`` (or a pytestmark value)."""
    out = set()
    for d in decorators:
        for node in ast.walk(d):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "extra":
                out |= {a.value for a in node.args if isinstance(a, ast.Constant)}
    return out


def unmarked_extra_imports(source: str) -> list[str]:
    """Each ``importorskip`` / ``require_extra`` of an extra's module, or ``import`` of one at a
    module's top, that no ``extra`` marker covers (the test's own, or the module's ``pytestmark``)."""
    tree = ast.parse(source)
    module_marks: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets):
            module_marks |= _marked_extras([node.value])
    bad = []

    def needed(node: ast.AST) -> str | None:
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
            if name in ("importorskip", "require_extra") and node.args and isinstance(node.args[0], ast.Constant):
                mod = str(node.args[0].value).split(".")[0]
                return mod if mod in EXTRAS else None
        return None

    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            for n in names:
                if n.split(".")[0] in EXTRAS and n.split(".")[0] not in module_marks:
                    bad.append(f"line {node.lineno}: imports {n} at the top without pytestmark = pytest.mark.extra(...)")
        for sub in ast.walk(node) if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) else ():
            mod = needed(sub)
            if mod and mod not in module_marks:
                bad.append(f"line {sub.lineno}: needs {mod}: the module has no pytestmark = pytest.mark.extra({mod!r})")
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            marks = module_marks | _marked_extras(node.decorator_list)
            for sub in ast.walk(node):
                mod = needed(sub)
                if mod and mod not in marks:
                    bad.append(f"line {sub.lineno}: {node.name} needs {mod} without @pytest.mark.extra({mod!r})")
    return bad


def test_every_test_that_needs_an_extra_is_marked():
    found = {str(p.relative_to(TESTS)): unmarked_extra_imports(p.read_text()) for p in sorted(TESTS.rglob("*.py"))}
    assert {k: v for k, v in found.items() if v} == {}


def test_the_rule_finds_an_unmarked_test_and_accepts_a_marked_one():
    bad = '''
import pytest

def test_a():
    pytest.importorskip("flwr")

@pytest.mark.extra("mlflow")
def test_b():
    pytest.importorskip("mlflow")
    pytest.importorskip("tensorboard")
'''
    assert unmarked_extra_imports(bad) == [
        "line 5: test_a needs flwr without @pytest.mark.extra('flwr')",
        "line 10: test_b needs tensorboard without @pytest.mark.extra('tensorboard')",
    ]
    good = '''
import pytest
from helpers import require_extra

pytestmark = [pytest.mark.slow, pytest.mark.extra("ray")]
ray = require_extra("ray")
'''
    assert unmarked_extra_imports(good) == []
    assert unmarked_extra_imports("import mlflow\n") == ["line 1: imports mlflow at the top without pytestmark = pytest.mark.extra(...)"]
