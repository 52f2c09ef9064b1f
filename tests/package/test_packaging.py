"""The package as installed: typed, stubs that match the compiled cores, one version.

These run wherever the suite runs, including against every wheel cibuildwheel builds (where
mypy.stubtest does not run), so a wheel that lost a stub or a core is caught on its platform.
"""

import ast
import importlib
import importlib.machinery
import importlib.metadata
import inspect
import subprocess
import sys
from pathlib import Path

import pytest

import knight

PKG = Path(knight.__file__).resolve().parent
CORES = PKG / "_core"


def compiled_modules() -> list[str]:
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return sorted({p.name.split(".")[0] for p in CORES.iterdir() if p.name.endswith(suffixes)})


def stub_functions(stub: Path) -> dict[str, list[str]]:
    """Top-level functions of a stub with their parameter names, in order."""
    tree = ast.parse(stub.read_text(encoding="utf-8"))
    out = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            a = node.args
            out[node.name] = [x.arg for x in [*a.posonlyargs, *a.args, *a.kwonlyargs]]
    return out


def stub_names(stub: Path) -> set[str]:
    tree = ast.parse(stub.read_text(encoding="utf-8"))
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return names


def test_package_is_typed():
    assert (PKG / "py.typed").is_file()


def test_the_cores_are_compiled():
    # Every core the package imports is a compiled module, not a leftover or a fallback.
    cores = compiled_modules()
    assert {"search", "verify", "construct", "thin", "count", "poll"} <= set(cores), cores
    for name in cores:
        module = importlib.import_module(f"knight._core.{name}")
        assert Path(module.__file__).suffix in {".so", ".pyd"}, module.__file__


#: Every compiled module: the cores, and the public C-level API knight.capi.
COMPILED = [f"_core.{name}" for name in compiled_modules()] + ["capi"]


@pytest.mark.parametrize("name", COMPILED)
def test_every_compiled_module_has_a_stub_that_matches_it(name):
    stub = PKG.joinpath(*name.split(".")).with_suffix(".pyi")
    assert stub.is_file(), f"knight/{name.replace('.', '/')}.pyi is missing"
    module = importlib.import_module(f"knight.{name}")
    assert Path(module.__file__).suffix in {".so", ".pyd"}, module.__file__
    missing = sorted(n for n in stub_names(stub) if not hasattr(module, n))
    assert not missing, f"{stub.name} declares {missing}, which knight.{name} lacks"
    for func, params in stub_functions(stub).items():
        runtime = inspect.signature(getattr(module, func))
        assert list(runtime.parameters) == params, f"knight.{name}.{func}"


def test_the_c_level_api_ships_its_declarations():
    # Other extensions cimport knight.capi from the installed package (get_include()).
    pxd = PKG / "capi.pxd"
    assert pxd.is_file(), "knight/capi.pxd is missing"
    text = pxd.read_text(encoding="utf-8")
    import knight.capi

    assert f"KT_API_VERSION = {knight.capi.API_VERSION}" in text
    assert Path(knight.get_include(), "knight", "capi.pxd").resolve() == pxd


def test_one_version():
    from knight._version import __version__

    assert knight.__version__ == __version__
    assert importlib.metadata.version("knight-tour") == __version__
    out = subprocess.run(
        [sys.executable, "-m", "knight", "--version"], capture_output=True, text=True, check=True
    ).stdout
    assert __version__ in out
