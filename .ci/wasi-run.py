"""Runs a wasm32-wasip1 program (a test binary) under Wasmtime, the Bytecode Alliance's
WebAssembly runtime (the `wasmtime` package from PyPI): cargo's runner for that target in
`.ci/wasm`. The host's root is the guest's root, so the absolute paths a test builds from
CARGO_MANIFEST_DIR (its test data) work as natively; the environment is passed on.

Usage: python wasi-run.py PROGRAM.wasm [ARGS...]; exits with the program's status."""

import os
import sys

import wasmtime


def main() -> int:
    program, *args = sys.argv[1:]
    config = wasmtime.WasiConfig()
    config.argv = [program, *args]
    config.env = list(os.environ.items())
    config.inherit_stdin()
    config.inherit_stdout()
    config.inherit_stderr()
    config.preopen_dir("/", "/")
    engine = wasmtime.Engine()
    linker = wasmtime.Linker(engine)
    linker.define_wasi()
    store = wasmtime.Store(engine)
    store.set_wasi(config)
    module = wasmtime.Module.from_file(engine, program)
    instance = linker.instantiate(store, module)
    start = instance.exports(store)["_start"]
    try:
        start(store)
    except wasmtime.ExitTrap as e:
        return e.code
    return 0


if __name__ == "__main__":
    sys.exit(main())
