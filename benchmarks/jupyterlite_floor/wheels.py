"""The Python the JupyterLite floor runs: Pyodide's core from npm, pure wheels from PyPI, one lock.

Pyodide loads packages by name from ``pyodide-lock.json`` and checks each file's sha256, so the
site ships a lock rewritten to list exactly the wheels it carries: nothing is looked up on a CDN
or PyPI when a visitor opens the page. The kernel's packages (IPython, jedi and what they need) are
taken at the versions Pyodide's own lock names; the app's (ipywidgets, anywidget and theirs) at the
versions installed here, because the site's widget front ends are copied from this same environment
and a front end speaks only to its own release of the Python side. PyPI's wheels are not
byte-identical to Pyodide's builds, so every sha256 is computed from the file shipped.

>>> lock_entry(Path("comm-0.2.3-py3-none-any.whl"), "comm", "0.2.3", ["traitlets"], "ab" * 32)["depends"]
['traitlets']
>>> canonical("Typing_Extensions")
'typing-extensions'
"""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata
import json
import re
import sys
import zipfile
from pathlib import Path

# Pyodide's core and the project's wheel as the browser edition fetches and builds them; its release
# (314.0.6) is also the one jupyterlite-pyodide-kernel 0.8.6 is built for.
from baccarat_lessons.site.python_files import PYODIDE_VERSION, SiteBuildError, project_wheel, pyodide_core, run  # noqa: F401

# The core files the kernel's worker loads; the npm package's console pages, maps and types stay out.
PYODIDE_CORE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "package.json")

# What the kernel's worker starts (micropip, piplite, then ipykernel, comm, pyodide-kernel, jedi and
# ipython unless preloaded) and what the app imports. Preloading them all from the lock skips
# micropip's resolver and lets Pyodide fetch the wheels in parallel.
KERNEL_PACKAGES = ("micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython")
APP_PACKAGES = ("ipywidgets", "anywidget", "jinja2")  # jinja2: the rules pages are templates
# Packages PyPI has only compiled wheels of, which run without their compiled part: MarkupSafe (what
# jinja2 escapes with) falls back from its C speed-up to its _native.py. The site ships the Python
# files installed here as a pure wheel, built by installed_as_pure_wheel.
PURE_FROM_INSTALLED = ("markupsafe",)
# Wheels the kernel's own extension ships as stand-ins for packages that cannot run in a browser
# (ipykernel, widgetsnbextension): they must not be replaced by PyPI's (jupyterlite#551).
KERNEL_SHIMS = ("piplite", "pyodide-kernel", "ipykernel", "widgetsnbextension")
# Dependencies Pyodide's lock does not name for the PyPI wheels the site ships (ipython 9 imports
# ipython_pygments_lexers; the app's packages are not in Pyodide's lock at all). Written out rather
# than resolved from wheel metadata: these are the whole set a browser kernel needs, and the browser
# tests load every one of them.
EXTRA_DEPENDS = {
    "ipython": ["ipython-pygments-lexers"],
    "ipython-pygments-lexers": ["pygments"],
    "comm": ["traitlets"],
    "pyodide-kernel": ["comm", "ipython"],
    "ipykernel": ["pyodide-kernel"],
    "ipywidgets": ["comm", "ipython", "traitlets", "widgetsnbextension"],
    "anywidget": ["ipywidgets", "psygnal", "typing-extensions"],
    "psygnal": [],
    "widgetsnbextension": [],
    "piplite": [],
}


def canonical(name: str) -> str:
    """A distribution's name as the lock keys it (PEP 503, lower case with hyphens)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def lock_entry(wheel: Path, name: str, version: str, depends: list[str], digest: str) -> dict:
    """One package of ``pyodide-lock.json``: a pure wheel installed into site-packages."""
    return {
        "name": name, "version": version, "file_name": wheel.name, "install_dir": "site",
        "sha256": digest, "package_type": "package", "imports": [], "depends": sorted(depends),
        "unvendored_tests": False,
    }


def pypi_wheel(cache: Path, name: str, version: str) -> Path:
    """The pure (py3-none-any) wheel of ``name==version``, from PyPI through pip's own client."""
    wheels = cache / "wheels"
    found = _wheel_in(wheels, name, version)
    if found:
        return found
    run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
         "--platform", "any", "--implementation", "py", "--abi", "none", "--python-version", "3.14",
         "--dest", str(wheels), f"{name}=={version}"], f"download the wheel of {name} {version}")
    found = _wheel_in(wheels, name, version)
    if not found:
        raise SiteBuildError(f"PyPI has no pure-Python wheel of {name} {version}, which the browser edition needs.")
    return found


def installed_as_pure_wheel(out: Path, name: str, version: str) -> Path:
    """A py3-none-any wheel of the Python files of ``name`` as installed here (its compiled files
    left out), written the same byte for byte each time so its sha256 and the site's paths stay put."""
    dist = importlib.metadata.distribution(name)
    stem = f"{re.sub(r'[-_.]+', '_', name).lower()}-{version}"
    info = f"{stem}.dist-info"
    members = {str(path): Path(str(dist.locate_file(path))).read_bytes() for path in sorted(dist.files or [], key=str)
               if path.suffix in (".py", ".typed") and not path.parts[0].endswith(".dist-info")}
    members[f"{info}/METADATA"] = (dist.read_text("METADATA") or "").encode()
    members[f"{info}/WHEEL"] = b"Wheel-Version: 1.0\nGenerator: baccarat-lessons\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    record = [f"{path},sha256={_digest(data)},{len(data)}" for path, data in members.items()]
    members[f"{info}/RECORD"] = "\n".join([*record, f"{info}/RECORD,,", ""]).encode()
    out.mkdir(parents=True, exist_ok=True)
    wheel = out / f"{stem}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, data in members.items():
            archive.writestr(zipfile.ZipInfo(path, date_time=(1980, 1, 1, 0, 0, 0)), data, zipfile.ZIP_DEFLATED)
    return wheel


def _digest(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def _wheel_in(folder: Path, name: str, version: str) -> Path | None:
    stem = re.sub(r"[-_.]+", "_", name).lower()
    for wheel in sorted(folder.glob("*.whl")) if folder.is_dir() else ():
        dist, wheel_version = wheel.name.split("-")[:2]
        if dist.lower() == stem and wheel_version == version and wheel.name.endswith("-none-any.whl"):
            return wheel
    return None


def kernel_shims() -> dict[str, Path]:
    """The stand-in wheels the Pyodide kernel's lab extension carries, by canonical name."""
    pypi = Path(sys.prefix) / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"
    shims = {}
    for wheel in sorted(pypi.glob("*.whl")):  # sorted: widgetsnbextension 4.0.999 replaces 3.6.999
        shims[canonical(wheel.name.split("-")[0])] = wheel
    missing = set(KERNEL_SHIMS) - set(shims)
    if missing:
        raise SiteBuildError("The Pyodide kernel's wheels are missing; install the site's build tools with "
                             'pip install -e ".[test]".')
    return shims


def write_python(pyodide_dir: Path, cache: Path, checkout: Path, app_packages: tuple[str, ...]) -> list[str]:
    """Fill ``pyodide_dir`` with Pyodide's core, the kernel's and ``app_packages``' wheels and their lock.

    Returns the names to preload: the kernel's packages and ``app_packages``.
    """
    core = pyodide_core(cache)
    pyodide_dir.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_CORE:
        (pyodide_dir / name).write_bytes((core / name).read_bytes())
    pyodide_lock = json.loads((core / "pyodide-lock.json").read_text(encoding="utf-8"))

    shims = kernel_shims()
    packages: dict[str, dict] = {}
    wanted = [*KERNEL_PACKAGES, *app_packages]
    while wanted:
        name = wanted.pop()
        if name in packages:
            continue
        if name in shims:
            wheel, version = shims[name], shims[name].name.split("-")[1]
            depends = EXTRA_DEPENDS[name]
        elif name in PURE_FROM_INSTALLED:
            version = importlib.metadata.version(name)
            wheel, depends = installed_as_pure_wheel(cache / "built", name, version), []
        elif name == "baccarat-lessons":
            wheel = project_wheel(checkout, cache / "project")
            version = wheel.name.split("-")[1]
            depends = list(APP_PACKAGES)
        elif name in pyodide_lock["packages"]:
            record = pyodide_lock["packages"][name]
            version = record["version"]
            wheel = pypi_wheel(cache, name, version)
            depends = [canonical(d) for d in record["depends"]] + EXTRA_DEPENDS.get(name, [])
        else:
            version = importlib.metadata.version(name)
            wheel = pypi_wheel(cache, name, version)
            depends = EXTRA_DEPENDS[name]
        shipped = pyodide_dir / wheel.name
        shipped.write_bytes(wheel.read_bytes())
        packages[name] = lock_entry(shipped, name, version, depends, sha256(shipped))
        wanted.extend(depends)

    lock = {"info": pyodide_lock["info"], "packages": dict(sorted(packages.items()))}
    (pyodide_dir / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")
    return [*KERNEL_PACKAGES, *app_packages]

