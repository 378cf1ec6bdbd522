// The C++ half of libdtrans_plugin.so: what must be C++ because LLVM's
// PassBuilder is. `llvmGetPassPluginInfo` itself is defined in Rust
// (src/lib.rs), which hands LLVM `dtrans_plugin_register` below as the
// callback that registers the passes:
//
// - by name, for `opt-19 -passes=...` and lld's `--lto-newpm-passes=...`:
//   `dtrans` (the default pipeline, or DTRANS_PASSES) and every pass of
//   dtrans's pipeline by its `dtrans opt` name;
// - at the full-LTO early extension point (ld.lld-19 --load-pass-plugin,
//   `opt-19 -passes='lto<O2>'`): GlobalDCE, then the dtrans pipeline, then,
//   for a module made of `dtrans cc -c` objects (compiled before LLVM's
//   passes), the per-module pre-link simplification those objects skipped.
//
// The work is done by the Rust function `dtrans_plugin_run`, which never
// unwinds into this code. Built with -fno-exceptions -fno-rtti, as
// Debian's libLLVM-19 is.
#include <llvm-c/Core.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/PassManager.h>
#include <llvm/Passes/OptimizationLevel.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Passes/PassPlugin.h>
#include <llvm/Support/ErrorHandling.h>
#include <llvm/Transforms/IPO/GlobalDCE.h>

#include <memory>
#include <string>
#include <vector>

using namespace llvm;

// src/lib.rs builds the plugin information with this version number.
static_assert(LLVM_PLUGIN_API_VERSION == 1, "src/lib.rs: PLUGIN_API_VERSION must match LLVM's");

extern "C" {
// Defined in Rust (src/lib.rs); see the constants below for their values.
int dtrans_plugin_run(LLVMModuleRef M, int Pass, int Where);
const char *dtrans_plugin_pass_names(void);
const char *dtrans_plugin_last_error(void);
}

namespace {

// `Pass`: -1 is `dtrans` (the pipeline), N >= 0 the N-th name of
// dtrans_plugin_pass_names().
constexpr int PipelinePass = -1;
// `Where`.
constexpr int AtNamedPass = 0;
constexpr int AtFullLtoEarly = 1;
// Results: bits when >= 0, errors when < 0.
constexpr int ResultChanged = 1;
constexpr int ResultSimplify = 2;
constexpr int ErrorUnchanged = -1;

// The module pass that calls Rust. `Simplify`, at the LTO extension point
// only, runs when Rust says the module needs it.
struct DtransPass : PassInfoMixin<DtransPass> {
  int Pass;
  int Where;
  std::unique_ptr<ModulePassManager> Simplify;

  DtransPass(int Pass, int Where, std::unique_ptr<ModulePassManager> Simplify)
      : Pass(Pass), Where(Where), Simplify(std::move(Simplify)) {}

  PreservedAnalyses run(Module &M, ModuleAnalysisManager &MAM) {
    int R = dtrans_plugin_run(wrap(&M), Pass, Where);
    if (R < 0) {
      std::string Msg = dtrans_plugin_last_error();
      // Unchanged: an ordinary error of the host (opt stops, lld reports
      // it and fails the link). Otherwise the module may be half
      // transformed and must go no further.
      if (R == ErrorUnchanged) {
        M.getContext().emitError(Msg);
        return PreservedAnalyses::all();
      }
      report_fatal_error(Twine(Msg), /*gen_crash_diag=*/false);
    }
    PreservedAnalyses PA = (R & ResultChanged) ? PreservedAnalyses::none() : PreservedAnalyses::all();
    if ((R & ResultSimplify) && Simplify) {
      MAM.invalidate(M, PA);
      PA.intersect(Simplify->run(M, MAM));
    }
    return PA;
  }

  static bool isRequired() { return true; }
};

std::vector<std::string> passNames() {
  std::vector<std::string> Names;
  StringRef All(dtrans_plugin_pass_names());
  SmallVector<StringRef, 8> Parts;
  All.split(Parts, ',', -1, /*KeepEmpty=*/false);
  for (StringRef P : Parts) Names.push_back(P.str());
  return Names;
}

} // namespace

extern "C" void dtrans_plugin_register(PassBuilder &PB) {
  std::vector<std::string> Names = passNames();
  PB.registerPipelineParsingCallback(
      [Names](StringRef Name, ModulePassManager &MPM, ArrayRef<PassBuilder::PipelineElement>) {
        if (Name == "dtrans") {
          MPM.addPass(DtransPass(PipelinePass, AtNamedPass, nullptr));
          return true;
        }
        for (size_t I = 0; I < Names.size(); ++I) {
          if (Name == Names[I]) {
            MPM.addPass(DtransPass(static_cast<int>(I), AtNamedPass, nullptr));
            return true;
          }
        }
        return false;
      });
  // `PB` calls this while it builds the LTO pipeline, so it is alive here.
  PB.registerFullLinkTimeOptimizationEarlyEPCallback([&PB](ModulePassManager &MPM, OptimizationLevel Level) {
    // What `dtrans cc` gets from lld's `--lto-newpm-passes=globaldce`:
    // code no kept symbol reaches is gone before the analysis.
    MPM.addPass(GlobalDCEPass());
    std::unique_ptr<ModulePassManager> Simplify;
    if (Level != OptimizationLevel::O0)
      Simplify = std::make_unique<ModulePassManager>(PB.buildLTOPreLinkDefaultPipeline(Level));
    MPM.addPass(DtransPass(PipelinePass, AtFullLtoEarly, std::move(Simplify)));
  });
}
