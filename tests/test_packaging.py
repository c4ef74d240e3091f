"""The wheel ships only the product: no benchmark or load tool, and the product never imports them.

What goes into a wheel besides the C cores is what setuptools' `build_py` step copies: the packages
`[tool.setuptools.packages.find]` selects and their data. The test runs that step (the build's own
setuptools, offline, about a second) on a copy of the project and reads what it wrote; the C cores
(`build_ext`) add only `_native` extensions.
"""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: What the build reads; benchmarks/ and scripts/ are copied too, so their absence proves the exclusion.
COPIED = ("pyproject.toml", "setup.py", "README.md", "gridgames", "benchmarks", "scripts")


def _is_tool(path: Path) -> bool:
    """A benchmark or load tool by its name: what moved out of the package into benchmarks/."""
    stem = path.stem
    return path.suffix == ".py" and ("bench" in stem or stem.startswith("load") or stem == "scratch_pg")


def test_the_wheel_holds_the_package_alone_and_no_benchmark_or_load_module(tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    leave_out = shutil.ignore_patterns("__pycache__", "*.so", "*.egg-info", "build")
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, project / name, ignore=leave_out)
        else:
            shutil.copy2(source, project / name)
    built = tmp_path / "wheel"
    done = subprocess.run(
        [sys.executable, "setup.py", "-q", "build_py", "--build-lib", str(built)],
        cwd=project, capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, f"setuptools could not copy the package: {done.stderr[-2000:]}"
    files = [path.relative_to(built) for path in built.rglob("*") if path.is_file()]
    assert Path("gridgames/cli.py") in files and Path("gridgames/games/walls/rules.py") in files
    assert {path.parts[0] for path in files} == {"gridgames"}, "only the gridgames package is shipped"
    tools = sorted(str(path) for path in files if _is_tool(path))
    assert not tools, f"benchmark or load modules would ship in the wheel: {', '.join(tools)}"


def test_no_product_module_imports_the_benchmarks_or_the_tests() -> None:
    found = []
    for module in sorted((ROOT / "gridgames").rglob("*.py")):
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            names = (
                [alias.name for alias in node.names] if isinstance(node, ast.Import)
                else [node.module or ""] if isinstance(node, ast.ImportFrom) and node.level == 0
                else []
            )
            found += [
                f"{module.relative_to(ROOT)} imports {name}"
                for name in names if name.split(".")[0] in ("benchmarks", "tests")
            ]
    assert not found, "; ".join(found)


def test_every_moved_tool_is_in_benchmarks() -> None:
    """`make bench` runs modules of benchmarks/; none is left in the package under its old name."""
    package = (ROOT / "gridgames").rglob("*.py")
    left = sorted(str(path.relative_to(ROOT)) for path in package if _is_tool(path))
    assert not left, f"benchmark or load modules inside the package: {', '.join(left)}"
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    for module in ("benchmarks.solvers", "benchmarks.startup", "benchmarks.online.load"):
        assert f"-m {module}\n" in makefile
        assert (ROOT / (module.replace(".", "/") + ".py")).is_file()
