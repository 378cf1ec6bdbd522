# lit configuration for dtrans. Tests are `.ll` or `.c` files with RUN and
# CHECK lines; `dtrans` is the release build of this workspace.
import os
import shutil

import lit.formats

config.name = "dtrans"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll", ".c", ".cpp", ".test"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)

root = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
dtrans = os.environ.get("DTRANS", os.path.join(root, "target", "release", "dtrans"))
if not os.path.exists(dtrans):
    lit_config.fatal(f"{dtrans} not found: run `cargo build --release` first")

# The pass plugin (crates/dtrans-plugin), built with dtrans.
plugin = os.environ.get("DTRANS_PLUGIN", os.path.join(os.path.dirname(dtrans), "libdtrans_plugin.so"))
if not os.path.exists(plugin):
    lit_config.fatal(f"{plugin} not found: run `cargo build --release` first")

for tool in ["FileCheck-19", "opt-19", "clang-19", "llvm-link-19", "llvm-as-19", "llvm-profdata-19", "not"]:
    if tool != "not" and shutil.which(tool) is None:
        lit_config.fatal(f"{tool} not found: run scripts/setup.sh")

config.substitutions.append(("%dtrans", dtrans))
config.substitutions.append(("%plugin", plugin))
config.substitutions.append(("%FileCheck", "FileCheck-19"))
config.substitutions.append(("%opt", "opt-19"))
config.substitutions.append(("%clang", "clang-19"))
config.substitutions.append(("%llvm-link", "llvm-link-19"))
config.substitutions.append(("%llvm-as", "llvm-as-19"))
config.substitutions.append(("%llvm-profdata", "llvm-profdata-19"))
config.substitutions.append(("%root", root))
if shutil.which("cmake"):
    config.available_features.add("cmake")
if shutil.which("chromium"):
    config.available_features.add("chromium")
config.environment["PATH"] = os.pathsep.join(["/usr/lib/llvm-19/bin", config.environment.get("PATH", os.environ["PATH"])])
