// The C++ shim: the few LLVM 19 facilities that the C API does not expose.
// Every function is `extern "C"`, takes and returns C API handle types, never
// throws (built with -fno-exceptions) and never takes ownership unless its
// comment says so. Memory returned through `dtrans_free`-able pointers is
// allocated with malloc.
#include <llvm-c/Core.h>
#include <llvm/AsmParser/LLParser.h>
#include <llvm/BinaryFormat/Dwarf.h>
#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/IR/DebugInfo.h>
#include <llvm/IR/Verifier.h>
#include <llvm/IR/AttributeMask.h>
#include <llvm/IR/Attributes.h>
#include <llvm/IR/DebugInfo.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/DebugProgramInstruction.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/GlobalValue.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Metadata.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Operator.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/ModuleSlotTracker.h>
#include <llvm/IR/TypeFinder.h>
#include <llvm/IRReader/IRReader.h>
#include <llvm/Support/ErrorHandling.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Transforms/Utils/CallPromotionUtils.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/FunctionComparator.h>
#include <llvm/Transforms/Utils/PromoteMemToReg.h>
#include <llvm/IR/Dominators.h>
#include <llvm/Transforms/Utils/ValueMapper.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Transforms/IPO/GlobalDCE.h>
#include <llvm/Transforms/IPO/Internalize.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <set>
#include <vector>

using namespace llvm;

static char *dup_string(const std::string &S) {
  char *P = static_cast<char *>(std::malloc(S.size() + 1));
  if (P) std::memcpy(P, S.c_str(), S.size() + 1);
  return P;
}

// Core.cpp keeps this conversion private; a NamedMDNode handle is the object.
static NamedMDNode *unwrapNMD(LLVMNamedMDNodeRef N) {
  return reinterpret_cast<NamedMDNode *>(N);
}

extern "C" {

void dtrans_free(void *P) { std::free(P); }

// Reads the "Debug Info Version" module flag without trusting the flags'
// shape (the module is not verified yet). 0 when absent.
static unsigned debugInfoVersion(Module &M) {
  unsigned Version = 0;
  if (NamedMDNode *Flags = M.getModuleFlagsMetadata())
    for (MDNode *Flag : Flags->operands()) {
      if (Flag->getNumOperands() < 3) continue;
      auto *Key = dyn_cast_or_null<MDString>(Flag->getOperand(1));
      if (!Key || Key->getString() != "Debug Info Version") continue;
      if (auto *V = mdconst::dyn_extract_or_null<ConstantInt>(Flag->getOperand(2)))
        Version = V->getZExtValue();
    }
  return Version;
}

// Whether every debug record's operands are of the kinds it needs.
static bool debugRecordsWellFormed(Module &M) {
  for (Function &F : M)
    for (BasicBlock &BB : F)
      for (Instruction &I : BB)
        for (DbgRecord &R : I.getDbgRecordRange()) {
          if (!isa_and_nonnull<DILocation>(R.getDebugLoc().getAsMDNode())) return false;
          if (auto *V = dyn_cast<DbgVariableRecord>(&R)) {
            if (!isa_and_nonnull<DILocalVariable>(V->getRawVariable()) ||
                !isa_and_nonnull<DIExpression>(V->getRawExpression()))
              return false;
            if (V->isDbgAssign() && (!isa_and_nonnull<DIAssignID>(V->getRawAssignID()) ||
                                     !isa_and_nonnull<DIExpression>(V->getRawAddressExpression())))
              return false;
          } else if (auto *L = dyn_cast<DbgLabelRecord>(&R)) {
            if (!isa_and_nonnull<DILabel>(L->getRawLabel())) return false;
          }
        }
  return true;
}

// Parses textual IR or bitcode (chosen by content) from `Data`. On failure
// returns 1 and sets *Msg (malloc'd), *Line and *Col (1-based; 0 when LLVM
// gives no position, as for bitcode or a module that does not verify). A
// warning (malloc'd, or null) goes to *Warning.
//
// Textual IR is parsed without LLVM's debug-info upgrade, whose verifier
// call aborts the process on a broken module; the same steps are taken here
// with errors instead: a module with debug info is verified, broken debug
// info is stripped with a warning, and debug info of another version is
// stripped, as LLVM does.
int dtrans_parse_ir(LLVMContextRef Ctx, const char *Data, size_t Len,
                    const char *Name, LLVMModuleRef *Out, char **Msg,
                    unsigned *Line, unsigned *Col, char **Warning) {
  *Out = nullptr;
  *Warning = nullptr;
  *Line = *Col = 0;
  SMDiagnostic Diag;
  // The IR lexer reads up to a NUL terminator, which a Rust slice lacks:
  // copy into a buffer that has one.
  std::unique_ptr<MemoryBuffer> Buf =
      MemoryBuffer::getMemBufferCopy(StringRef(Data, Len), StringRef(Name));
  const auto *Bytes = reinterpret_cast<const unsigned char *>(Buf->getBufferStart());
  if (isBitcode(Bytes, Bytes + Buf->getBufferSize())) {
    // The bitcode reader upgrades debug info itself; a broken module there
    // reaches the fatal error handler installed by the caller.
    std::unique_ptr<Module> M = parseIR(Buf->getMemBufferRef(), Diag, *unwrap(Ctx));
    if (!M) {
      *Msg = dup_string(Diag.getMessage().str());
      return 1;
    }
    *Out = wrap(M.release());
    return 0;
  }
  auto M = std::make_unique<Module>(Name, *unwrap(Ctx));
  SourceMgr SM;
  SM.AddNewSourceBuffer(MemoryBuffer::getMemBuffer(Buf->getMemBufferRef(), false), SMLoc());
  if (LLParser(Buf->getBuffer(), SM, Diag, M.get(), nullptr, *unwrap(Ctx)).Run(/*UpgradeDebugInfo=*/false)) {
    *Msg = dup_string(Diag.getMessage().str());
    *Line = Diag.getLineNo() > 0 ? unsigned(Diag.getLineNo()) : 0;
    *Col = Diag.getColumnNo() >= 0 && Diag.getLineNo() > 0 ? unsigned(Diag.getColumnNo() + 1) : 0;
    return 1;
  }
  unsigned Version = debugInfoVersion(*M);
  if (Version == DEBUG_METADATA_VERSION) {
    // The parser turns debug intrinsics into records without checking their
    // operands, and the verifier crashes printing a record whose variable
    // is not a variable (LLVM 19): check those kinds first.
    bool BrokenDebugInfo = !debugRecordsWellFormed(*M);
    if (BrokenDebugInfo) StripDebugInfo(*M);
    std::string Problems;
    raw_string_ostream OS(Problems);
    bool MoreBroken = false;
    if (verifyModule(*M, &OS, &MoreBroken)) {
      *Msg = dup_string("module does not verify:\n" + OS.str());
      return 1;
    }
    if (!BrokenDebugInfo && !MoreBroken) {
      *Out = wrap(M.release());
      return 0;
    }
    *Warning = dup_string("ignoring invalid debug info" + (Problems.empty() ? std::string() : ":\n" + OS.str()));
  }
  StripDebugInfo(*M);
  *Out = wrap(M.release());
  return 0;
}

// Reads and verifies bitcode in a fresh context, for a child process that
// exits right after (see src/probe.rs): nothing is freed. What is wrong goes
// to stderr on one line. Returns 0 if the module reads and verifies, 10 if
// the reader reports an error, 11 if the module does not verify (invalid
// debug info alone is not an error: the reader strips it, as LLVM does).
int dtrans_probe_bitcode(const char *Data, size_t Len) {
  auto *Ctx = new LLVMContext();
  SMDiagnostic Diag;
  std::unique_ptr<MemoryBuffer> Buf =
      MemoryBuffer::getMemBuffer(StringRef(Data, Len), "", /*RequiresNullTerminator=*/false);
  std::unique_ptr<Module> M = parseIR(Buf->getMemBufferRef(), Diag, *Ctx);
  if (!M) {
    std::string Msg = Diag.getMessage().str();
    std::replace(Msg.begin(), Msg.end(), '\n', ' ');
    std::fprintf(stderr, "%s\n", Msg.c_str());
    return 10;
  }
  std::string Problems;
  raw_string_ostream OS(Problems);
  bool BrokenDebugInfo = false;
  if (verifyModule(*M, &OS, &BrokenDebugInfo)) {
    std::string First = OS.str().substr(0, OS.str().find('\n'));
    std::fprintf(stderr, "module does not verify: %s\n", First.c_str());
    return 11;
  }
  M.release();
  return 0;
}

static void fatalHandler(void *, const char *Reason, bool) {
  std::fprintf(stderr, "dtrans: LLVM fatal error: %s\n", Reason);
  std::fflush(stderr);
  std::_Exit(1);
}

// Turns LLVM's fatal errors (which would abort) into a message and exit 1.
void dtrans_install_fatal_error_handler(void) {
  install_fatal_error_handler(fatalHandler, nullptr);
}

// The identified (named or numbered) struct types used by the module, in
// the TypeFinder order the IR printer numbers `%0`, `%1`, ... by.
// (Module::getIdentifiedStructTypes skips numbered ones.) Returns a malloc'd
// array of *N handles.
LLVMTypeRef *dtrans_module_struct_types(LLVMModuleRef M, size_t *N) {
  TypeFinder Finder;
  Finder.run(*unwrap(M), /*onlyNamed=*/false);
  std::vector<StructType *> Tys;
  for (StructType *T : Finder)
    if (!T->isLiteral()) Tys.push_back(T);
  *N = Tys.size();
  auto *Out = static_cast<LLVMTypeRef *>(
      std::malloc(sizeof(LLVMTypeRef) * (Tys.size() ? Tys.size() : 1)));
  for (size_t I = 0; I < Tys.size(); ++I) Out[I] = wrap(Tys[I]);
  return Out;
}

// Every metadata node of the module with the slot number the IR printer
// gives it (`!N`), in slot order. Returns malloc'd arrays.
void dtrans_module_md_slots(LLVMModuleRef M, LLVMMetadataRef **Nodes,
                            unsigned **Slots, size_t *N) {
  Module *Mod = unwrap(M);
  ModuleSlotTracker MST(Mod, /*ShouldInitializeAllMetadata=*/true);
  // The tracker numbers the module lazily, on its first query; printing any
  // node (here the empty tuple, to a null stream) makes that query.
  MDTuple::get(Mod->getContext(), {})->print(nulls(), MST, Mod);
  std::vector<std::pair<unsigned, const MDNode *>> List;
  MST.collectMDNodes(List, 0, ~0u);
  *N = List.size();
  size_t Cap = List.size() ? List.size() : 1;
  *Nodes = static_cast<LLVMMetadataRef *>(std::malloc(sizeof(LLVMMetadataRef) * Cap));
  *Slots = static_cast<unsigned *>(std::malloc(sizeof(unsigned) * Cap));
  for (size_t I = 0; I < List.size(); ++I) {
    (*Slots)[I] = List[I].first;
    (*Nodes)[I] = wrap(const_cast<MDNode *>(List[I].second));
  }
}

// What a piece of metadata is: 0 MDString, 1 MDTuple, 2 other MDNode (debug
// info and the like), 3 ConstantAsMetadata, 4 LocalAsMetadata, 5 anything else.
int dtrans_md_kind(LLVMMetadataRef MDRef) {
  Metadata *MD = unwrap(MDRef);
  if (isa<MDString>(MD)) return 0;
  if (isa<MDTuple>(MD)) return 1;
  if (isa<MDNode>(MD)) return 2;
  if (isa<ConstantAsMetadata>(MD)) return 3;
  if (isa<LocalAsMetadata>(MD)) return 4;
  return 5;
}

unsigned dtrans_md_num_operands(LLVMMetadataRef MD) {
  return cast<MDNode>(unwrap(MD))->getNumOperands();
}

// Operand I of a node; null for a `null` operand.
LLVMMetadataRef dtrans_md_operand(LLVMMetadataRef MD, unsigned I) {
  return wrap(cast<MDNode>(unwrap(MD))->getOperand(I).get());
}

int dtrans_md_is_distinct(LLVMMetadataRef MD) {
  return cast<MDNode>(unwrap(MD))->isDistinct() ? 1 : 0;
}

const char *dtrans_md_string(LLVMMetadataRef MD, size_t *Len) {
  StringRef S = cast<MDString>(unwrap(MD))->getString();
  *Len = S.size();
  return S.data();
}

LLVMValueRef dtrans_md_value(LLVMMetadataRef MD) {
  return wrap(cast<ValueAsMetadata>(unwrap(MD))->getValue());
}

// The DWARF tag of a debug-info node, or 0.
unsigned dtrans_md_dwarf_tag(LLVMMetadataRef MD) {
  if (auto *N = dyn_cast<DINode>(unwrap(MD))) return N->getTag();
  return 0;
}

LLVMMetadataRef dtrans_md_distinct_tuple(LLVMContextRef Ctx,
                                         LLVMMetadataRef *Ops, size_t N) {
  SmallVector<Metadata *, 8> V;
  for (size_t I = 0; I < N; ++I) V.push_back(unwrap(Ops[I]));
  return wrap(MDTuple::getDistinct(*unwrap(Ctx), V));
}

// A loop ID: `distinct !{self, Ops...}` (the first operand is the node
// itself, which only a distinct node can be made to hold).
LLVMMetadataRef dtrans_md_loop_id(LLVMContextRef Ctx, LLVMMetadataRef *Ops,
                                  size_t N) {
  SmallVector<Metadata *, 8> V{nullptr};
  for (size_t I = 0; I < N; ++I) V.push_back(unwrap(Ops[I]));
  MDNode *Id = MDTuple::getDistinct(*unwrap(Ctx), V);
  Id->replaceOperandWith(0, Id);
  return wrap(Id);
}

unsigned dtrans_named_md_num_operands(LLVMNamedMDNodeRef NMD) {
  return unwrapNMD(NMD)->getNumOperands();
}

LLVMMetadataRef dtrans_named_md_operand(LLVMNamedMDNodeRef NMD, unsigned I) {
  return wrap(unwrapNMD(NMD)->getOperand(I));
}

void dtrans_named_md_add_operand(LLVMNamedMDNodeRef NMD, LLVMMetadataRef MD) {
  unwrapNMD(NMD)->addOperand(cast<MDNode>(unwrap(MD)));
}

void dtrans_named_md_clear(LLVMNamedMDNodeRef NMD) { unwrapNMD(NMD)->clearOperands(); }

// The context a node or wrapped value belongs to; null for an MDString,
// which does not know its context.
LLVMContextRef dtrans_md_context(LLVMMetadataRef Ref) {
  Metadata *MD = unwrap(Ref);
  if (auto *N = dyn_cast<MDNode>(MD)) return wrap(&N->getContext());
  if (auto *V = dyn_cast<ValueAsMetadata>(MD)) return wrap(&V->getValue()->getContext());
  return nullptr;
}

// Removes the named metadata `Name` if present; returns 1 if it was.
int dtrans_erase_named_md(LLVMModuleRef M, const char *Name, size_t Len) {
  if (NamedMDNode *N = unwrap(M)->getNamedMetadata(StringRef(Name, Len))) {
    unwrap(M)->eraseNamedMetadata(N);
    return 1;
  }
  return 0;
}

// The name registered for a metadata kind id (`dbg`, `tbaa`, ...).
const char *dtrans_md_kind_name(LLVMContextRef Ctx, unsigned Kind,
                                size_t *Len) {
  SmallVector<StringRef, 64> Names;
  unwrap(Ctx)->getMDKindNames(Names);
  if (Kind >= Names.size()) {
    *Len = 0;
    return nullptr;
  }
  *Len = Names[Kind].size();
  return Names[Kind].data();
}

// The textual name of an enum attribute kind (`noundef`, `nonnull`, ...).
const char *dtrans_attr_kind_name(unsigned Kind, size_t *Len) {
  StringRef S = Attribute::getNameFromAttrKind(Attribute::AttrKind(Kind));
  *Len = S.size();
  return S.data();
}

// A type as it appears inside other types: `%struct.S`, not its body.
// Returns a malloc'd string.
char *dtrans_print_type_brief(LLVMTypeRef T) {
  std::string S;
  raw_string_ostream OS(S);
  unwrap(T)->print(OS, /*IsForDebug=*/false, /*NoDetails=*/true);
  return dup_string(OS.str());
}

int dtrans_global_is_dso_local(LLVMValueRef GV) {
  return cast<GlobalValue>(unwrap(GV))->isDSOLocal() ? 1 : 0;
}

// ---- debug information ----

// What a debug-info node says, flattened for Rust. `Kind`: 0 not a debug
// type node, 1 basic, 2 derived, 3 composite, 4 subroutine, 5 subrange.
struct DtransDiInfo {
  unsigned Kind;
  unsigned Tag;
  const char *Name;
  size_t NameLen;
  const char *Identifier;
  size_t IdentifierLen;
  uint64_t SizeBits;
  uint64_t OffsetBits;
  unsigned Encoding;
  unsigned Flags;
  LLVMMetadataRef Base;
  unsigned NumElements;
  int64_t Count;
  int HasCount;
};

// Debug info read from bitcode is verified only as far as LLVM's verifier
// goes (it does not check each element of a composite, for one): read
// operands raw and check their kinds here, so that a corrupt node is an
// unknown node, not a failed cast.
static StringRef rawString(Metadata *MD) {
  if (auto *S = dyn_cast_or_null<MDString>(MD)) return S->getString();
  return StringRef();
}

static MDTuple *rawTuple(Metadata *MD) { return dyn_cast_or_null<MDTuple>(MD); }

// String operand I of a node (the named accessors cast without checking).
// Indices as in DebugInfoMetadata.h: a type's or namespace's name is 2, a
// composite's identifier 7, a variable's name 1.
static StringRef opString(const MDNode *N, unsigned I) {
  return I < N->getNumOperands() ? rawString(N->getOperand(I)) : StringRef();
}

void dtrans_di_info(LLVMMetadataRef Ref, DtransDiInfo *Out) {
  std::memset(Out, 0, sizeof(*Out));
  Metadata *MD = unwrap(Ref);
  auto SetName = [&](StringRef N) {
    Out->Name = N.data();
    Out->NameLen = N.size();
  };
  if (auto *B = dyn_cast<DIBasicType>(MD)) {
    Out->Kind = 1;
    SetName(opString(B, 2));
    Out->SizeBits = B->getSizeInBits();
    Out->Encoding = B->getEncoding();
  } else if (auto *D = dyn_cast<DIDerivedType>(MD)) {
    Out->Kind = 2;
    SetName(opString(D, 2));
    Out->SizeBits = D->getSizeInBits();
    Out->OffsetBits = D->getOffsetInBits();
    Out->Flags = D->getFlags();
    Out->Base = wrap(D->getRawBaseType());
  } else if (auto *C = dyn_cast<DICompositeType>(MD)) {
    Out->Kind = 3;
    SetName(opString(C, 2));
    StringRef Id = opString(C, 7);
    Out->Identifier = Id.data();
    Out->IdentifierLen = Id.size();
    Out->SizeBits = C->getSizeInBits();
    Out->Flags = C->getFlags();
    Out->Base = wrap(C->getRawBaseType());
    MDTuple *Elements = rawTuple(C->getRawElements());
    Out->NumElements = Elements ? Elements->getNumOperands() : 0;
  } else if (auto *S = dyn_cast<DISubroutineType>(MD)) {
    Out->Kind = 4;
    MDTuple *Types = rawTuple(S->getRawTypeArray());
    Out->NumElements = Types ? Types->getNumOperands() : 0;
  } else if (auto *R = dyn_cast<DISubrange>(MD)) {
    Out->Kind = 5;
    if (auto *CI = dyn_cast_if_present<ConstantInt *>(R->getCount())) {
      Out->Count = CI->getSExtValue();
      Out->HasCount = 1;
    }
  } else {
    return;
  }
  Out->Tag = cast<DINode>(MD)->getTag();
}

// Element I of a composite type (members, enumerators, subranges) or of a
// subroutine type's type array (0 is the return type; null means void).
LLVMMetadataRef dtrans_di_element(LLVMMetadataRef Ref, unsigned I) {
  Metadata *MD = unwrap(Ref);
  MDTuple *T = nullptr;
  if (auto *C = dyn_cast<DICompositeType>(MD)) T = rawTuple(C->getRawElements());
  if (auto *S = dyn_cast<DISubroutineType>(MD)) T = rawTuple(S->getRawTypeArray());
  if (T && I < T->getNumOperands()) return wrap(T->getOperand(I).get());
  return nullptr;
}

// The C++-qualified name of a composite type (`ns1::Node`,
// `(anonymous namespace)::X`, `Outer::Inner`), as clang builds LLVM struct
// names. Returns a malloc'd string (empty for non-composites).
char *dtrans_di_qualified_name(LLVMMetadataRef Ref) {
  auto *C = dyn_cast<DICompositeType>(unwrap(Ref));
  if (!C) return dup_string("");
  std::string Name = opString(C, 2).str();
  auto *S = dyn_cast_or_null<DIScope>(C->getRawScope());
  for (int Depth = 0; S && Depth < 64; ++Depth) {
    if (auto *N = dyn_cast<DINamespace>(S)) {
      StringRef NS = opString(N, 2);
      Name = (NS.empty() ? std::string("(anonymous namespace)") : NS.str()) + "::" + Name;
      S = dyn_cast_or_null<DIScope>(N->getRawScope());
    } else if (auto *P = dyn_cast<DICompositeType>(S)) {
      Name = opString(P, 2).str() + "::" + Name;
      S = dyn_cast_or_null<DIScope>(P->getRawScope());
    } else {
      break;
    }
  }
  return dup_string(Name);
}

LLVMMetadataRef dtrans_function_subprogram(LLVMValueRef F) {
  return wrap(cast<Function>(unwrap(F))->getSubprogram());
}

LLVMMetadataRef dtrans_subprogram_type(LLVMMetadataRef SP) {
  return wrap(dyn_cast_or_null<DISubroutineType>(cast<DISubprogram>(unwrap(SP))->getRawType()));
}

// The DIGlobalVariables describing a global. Returns a malloc'd array.
LLVMMetadataRef *dtrans_global_di_vars(LLVMValueRef GV, size_t *N) {
  SmallVector<DIGlobalVariableExpression *, 2> GVEs;
  cast<GlobalVariable>(unwrap(GV))->getDebugInfo(GVEs);
  *N = GVEs.size();
  auto *Out = static_cast<LLVMMetadataRef *>(
      std::malloc(sizeof(LLVMMetadataRef) * (GVEs.size() ? GVEs.size() : 1)));
  size_t K = 0;
  for (DIGlobalVariableExpression *E : GVEs)
    if (auto *V = dyn_cast_or_null<DIGlobalVariable>(E->getRawVariable())) Out[K++] = wrap(V);
  *N = K;
  return Out;
}

LLVMMetadataRef dtrans_di_variable_type(LLVMMetadataRef V) {
  return wrap(cast<DIVariable>(unwrap(V))->getRawType());
}

const char *dtrans_di_variable_name(LLVMMetadataRef V, size_t *Len) {
  StringRef N = opString(cast<DIVariable>(unwrap(V)), 1);
  *Len = N.size();
  return N.data();
}

// One variable location: `#dbg_declare` / `#dbg_value` records and the
// older `llvm.dbg.declare` / `llvm.dbg.value` calls alike.
struct DtransDbgVar {
  int IsDeclare;
  LLVMValueRef Location; // null when the location is not a single value
  LLVMMetadataRef Variable;
  LLVMValueRef At;       // the instruction the record is attached to
  unsigned Arg;          // the variable's parameter number (1-based), or 0
  int WholeValue;        // the expression is empty: no fragment, no deref
  int ExprShape;         // 0 empty, 1 exactly DW_OP_deref, 2 exactly a fragment, 3 anything else
  uint64_t FragOffset;   // the fragment's offset and size in bits (shape 2)
  uint64_t FragSize;
};

// The shape of a variable location's expression, as `DtransDbgVar` says it.
static void exprShape(DIExpression *E, DtransDbgVar &Out) {
  Out.ExprShape = 3;
  Out.FragOffset = Out.FragSize = 0;
  if (!E) return;
  ArrayRef<uint64_t> Ops = E->getElements();
  if (Ops.empty()) {
    Out.ExprShape = 0;
  } else if (Ops.size() == 1 && Ops[0] == dwarf::DW_OP_deref) {
    Out.ExprShape = 1;
  } else if (Ops.size() == 3 && Ops[0] == dwarf::DW_OP_LLVM_fragment) {
    Out.ExprShape = 2;
    Out.FragOffset = Ops[1];
    Out.FragSize = Ops[2];
  }
}

// A `#dbg_assign` (assignment tracking, clang's default at -O1 and up) whose
// address is an alloca holding the whole variable says what a `#dbg_declare`
// says: the alloca is the variable's storage. The first such record of each
// (alloca, variable) is reported as a declare; the others add nothing.
static AllocaInst *assignAsDeclare(DbgVariableRecord &R, std::set<std::pair<Value *, Metadata *>> &Seen) {
  if (!R.isDbgAssign()) return nullptr;
  auto *A = dyn_cast_or_null<AllocaInst>(R.getAddress());
  DIExpression *AE = R.getAddressExpression();
  DIExpression *E = R.getExpression();
  if (!A || (AE && AE->getNumElements() != 0) || (E && E->getNumElements() != 0)) return nullptr;
  if (!Seen.insert({A, R.getRawVariable()}).second) return nullptr;
  return A;
}

// Every variable location in F, in program order. Returns a malloc'd array.
DtransDbgVar *dtrans_function_dbg_vars(LLVMValueRef FRef, size_t *N) {
  std::vector<DtransDbgVar> V;
  std::set<std::pair<Value *, Metadata *>> Seen;
  for (BasicBlock &BB : *cast<Function>(unwrap(FRef))) {
    for (Instruction &I : BB) {
      for (DbgVariableRecord &R : filterDbgVars(I.getDbgRecordRange())) {
        AllocaInst *Storage = assignAsDeclare(R, Seen);
        if (!R.isDbgDeclare() && !R.isDbgValue() && !Storage) continue;
        Value *Loc = Storage ? Storage : R.hasArgList() ? nullptr : R.getVariableLocationOp(0);
        auto *Var = dyn_cast_or_null<DILocalVariable>(R.getRawVariable());
        auto *E = dyn_cast_or_null<DIExpression>(R.getRawExpression());
        DtransDbgVar D = {R.isDbgDeclare() || Storage ? 1 : 0, wrap(Loc), wrap(Var), wrap(&I), Var ? Var->getArg() : 0u,
                          E && E->getNumElements() == 0 ? 1 : 0, 0, 0, 0};
        exprShape(E, D);
        V.push_back(D);
      }
      if (auto *DVI = dyn_cast<DbgVariableIntrinsic>(&I)) {
        if (!isa<DbgDeclareInst>(DVI) && !isa<DbgValueInst>(DVI)) continue;
        Value *Loc = DVI->hasArgList() ? nullptr : DVI->getVariableLocationOp(0);
        auto *Var = dyn_cast_or_null<DILocalVariable>(DVI->getRawVariable());
        auto *E = dyn_cast_or_null<DIExpression>(DVI->getRawExpression());
        DtransDbgVar D = {isa<DbgDeclareInst>(DVI) ? 1 : 0, wrap(Loc), wrap(Var), wrap(&I), Var ? Var->getArg() : 0u,
                          E && E->getNumElements() == 0 ? 1 : 0, 0, 0, 0};
        exprShape(E, D);
        V.push_back(D);
      }
    }
  }
  *N = V.size();
  auto *Out = static_cast<DtransDbgVar *>(std::malloc(sizeof(DtransDbgVar) * (V.size() ? V.size() : 1)));
  for (size_t I = 0; I < V.size(); ++I) Out[I] = V[I];
  return Out;
}

// For each record `dtrans_function_dbg_vars` returns, in the same order, the
// number of elements of its DIExpression (0: the location is the variable
// itself). Returns a malloc'd array.
unsigned *dtrans_function_dbg_expr_sizes(LLVMValueRef FRef, size_t *N) {
  std::vector<unsigned> V;
  std::set<std::pair<Value *, Metadata *>> Seen;
  for (BasicBlock &BB : *cast<Function>(unwrap(FRef))) {
    for (Instruction &I : BB) {
      for (DbgVariableRecord &R : filterDbgVars(I.getDbgRecordRange())) {
        if (!R.isDbgDeclare() && !R.isDbgValue() && !assignAsDeclare(R, Seen)) continue;
        DIExpression *E = R.getExpression();
        V.push_back(E ? unsigned(E->getNumElements()) : 0);
      }
      if (auto *DVI = dyn_cast<DbgVariableIntrinsic>(&I)) {
        if (!isa<DbgDeclareInst>(DVI) && !isa<DbgValueInst>(DVI)) continue;
        DIExpression *E = DVI->getExpression();
        V.push_back(E ? unsigned(E->getNumElements()) : 0);
      }
    }
  }
  *N = V.size();
  auto *Out = static_cast<unsigned *>(std::malloc(sizeof(unsigned) * (V.size() ? V.size() : 1)));
  for (size_t I = 0; I < V.size(); ++I) Out[I] = V[I];
  return Out;
}

// ---- editing (see src/edit.rs) ----

// Makes NewF the definition OldF was: attributes (less those NewF's return
// and parameter types cannot carry), linkage, comdat, body and DISubprogram
// move over. OldF is left a declaration whose arguments may still be used by the
// moved instructions (the caller replaces them). Returns 0, 1 if NewF
// already has a body, 2 if NewF is OldF.
int dtrans_function_take_body(LLVMValueRef NewRef, LLVMValueRef OldRef) {
  Function *New = cast<Function>(unwrap(NewRef));
  Function *Old = cast<Function>(unwrap(OldRef));
  if (New == Old) return 2;
  if (!New->empty()) return 1;
  New->copyAttributesFrom(Old);
  New->setLinkage(Old->getLinkage());
  New->setComdat(Old->getComdat());
  LLVMContext &C = New->getContext();
  AttributeList AL = New->getAttributes();
  AL = AL.removeRetAttributes(C, AttributeFuncs::typeIncompatible(New->getReturnType()));
  unsigned NOld = Old->arg_size();
  for (unsigned I = 0; I < NOld; ++I) {
    if (I < New->arg_size())
      AL = AL.removeParamAttributes(C, I, AttributeFuncs::typeIncompatible(New->getArg(I)->getType()));
    else
      AL = AL.removeParamAttributes(C, I);
  }
  New->setAttributes(AL);
  New->splice(New->end(), Old);
  New->setSubprogram(Old->getSubprogram());
  Old->setSubprogram(nullptr);
  return 0;
}

// ---- call promotion (see src/edit.rs, Instruction::promote_call_guarded) ----

// Makes `CallRef` (a call or invoke through a pointer) compare its callee
// with `FnRef` and call it directly when equal, keeping the indirect call
// on the other path (LLVM's promoteCallWithIfThenElse). Returns the direct
// call, or null when LLVM's isLegalToPromote says the function cannot take
// the call's arguments (nothing changed then).
LLVMValueRef dtrans_promote_call_guarded(LLVMValueRef CallRef, LLVMValueRef FnRef) {
  auto *CB = dyn_cast<CallBase>(unwrap(CallRef));
  auto *F = dyn_cast<Function>(unwrap(FnRef));
  if (!CB || !F || CB->getCalledFunction() || CB->isMustTailCall())
    return nullptr;
  if (!isLegalToPromote(*CB, F))
    return nullptr;
  CallBase &Direct = promoteCallWithIfThenElse(*CB, F);
  return wrap(&Direct);
}

// Inlines a direct call (LLVM's InlineFunction, which also folds what the
// constant arguments decide). The callee's stack slots are promoted to
// registers first (mem2reg: the same function, in the form -O0 or
// -disable-llvm-passes did not give it), so that its arguments reach
// what it computes and fold there. 1 when inlined, 0 when LLVM refuses.
int dtrans_inline_call(LLVMValueRef CallRef) {
  auto *CB = dyn_cast<CallBase>(unwrap(CallRef));
  Function *F = CB ? CB->getCalledFunction() : nullptr;
  if (!F || F->isDeclaration())
    return 0;
  std::vector<AllocaInst *> Slots;
  for (Instruction &I : F->getEntryBlock())
    if (auto *AI = dyn_cast<AllocaInst>(&I))
      if (isAllocaPromotable(AI))
        Slots.push_back(AI);
  if (!Slots.empty()) {
    DominatorTree DT(*F);
    PromoteMemToReg(Slots, DT);
  }
  InlineFunctionInfo IFI;
  return InlineFunction(*CB, IFI).isSuccess() ? 1 : 0;
}

// Whether two defined functions compute the same thing instruction by
// instruction (LLVM's FunctionComparator, as mergefunc uses it: same
// types, attributes, operations and operands; globals compared by
// identity). 1 when identical, 0 otherwise.
int dtrans_functions_identical(LLVMValueRef ARef, LLVMValueRef BRef) {
  auto *A = dyn_cast<Function>(unwrap(ARef));
  auto *B = dyn_cast<Function>(unwrap(BRef));
  if (!A || !B || A->isDeclaration() || B->isDeclaration())
    return 0;
  if (A == B)
    return 1;
  GlobalNumberState GN;
  return FunctionComparator(A, B, &GN).compare() == 0 ? 1 : 0;
}

// ---- type remapping through LLVM's ValueMapper (see src/remap.rs) ----

typedef LLVMTypeRef (*DtransRemapTypeFn)(void *Data, LLVMTypeRef T);

namespace {
// LLVM's type remapper hook, answered by Rust.
struct CallbackRemapper final : ValueMapTypeRemapper {
  DtransRemapTypeFn Fn;
  void *Data;
  CallbackRemapper(DtransRemapTypeFn Fn, void *Data) : Fn(Fn), Data(Data) {}
  Type *remapType(Type *T) override {
    LLVMTypeRef R = Fn(Data, wrap(T));
    return R ? unwrap(R) : T;
  }
};

void seed(ValueToValueMapTy &VM, LLVMValueRef *Old, LLVMValueRef *New, size_t N) {
  for (size_t I = 0; I < N; ++I)
    VM[unwrap(Old[I])] = unwrap(New[I]);
}

// LLVM's mapper keeps a constant whose operands and result type map to
// themselves, which misses a GEP expression whose only change is its
// source element type (with opaque pointers, the common case). Rebuilds
// such expressions, inside other expressions and aggregates too.
Constant *fixGEPs(Constant *C, CallbackRemapper &R, DenseMap<Constant *, Constant *> &Done, unsigned Depth) {
  if (Depth > 64 || isa<GlobalValue>(C) || isa<ConstantData>(C))
    return C;
  auto It = Done.find(C);
  if (It != Done.end())
    return It->second;
  SmallVector<Constant *, 8> Ops;
  bool Changed = false;
  for (Use &U : C->operands()) {
    Constant *Op = cast<Constant>(U.get());
    Constant *NewOp = fixGEPs(Op, R, Done, Depth + 1);
    Changed |= NewOp != Op;
    Ops.push_back(NewOp);
  }
  Constant *Result = C;
  if (auto *CE = dyn_cast<ConstantExpr>(C)) {
    if (auto *GEP = dyn_cast<GEPOperator>(CE)) {
      Type *Src = GEP->getSourceElementType();
      Type *NewSrc = R.remapType(Src);
      if (NewSrc != Src || Changed) {
        SmallVector<Value *, 8> Idx(Ops.begin() + 1, Ops.end());
        Result = ConstantExpr::getGetElementPtr(NewSrc, Ops[0], Idx, GEP->getNoWrapFlags(), GEP->getInRange());
      }
    } else if (Changed) {
      Result = CE->getWithOperands(Ops);
    }
  } else if (Changed) {
    if (auto *CS = dyn_cast<ConstantStruct>(C))
      Result = ConstantStruct::get(CS->getType(), Ops);
    else if (auto *CA = dyn_cast<ConstantArray>(C))
      Result = ConstantArray::get(CA->getType(), Ops);
    else if (isa<ConstantVector>(C))
      Result = ConstantVector::get(Ops);
  }
  Done[C] = Result;
  return Result;
}
} // namespace

// Remaps F's body in place: every type through Fn (instruction types, GEP
// source types, allocated types, call function types and type attributes,
// constants and constant expressions), and every use of Old[i] to New[i]
// (replaced globals). Metadata is left as it is (module-level things are
// not changed): debug info and DTrans metadata are the caller's to update.
void dtrans_remap_function(LLVMValueRef FRef, DtransRemapTypeFn Fn, void *Data, LLVMValueRef *Old,
                           LLVMValueRef *New, size_t N) {
  Function *F = cast<Function>(unwrap(FRef));
  ValueToValueMapTy VM;
  seed(VM, Old, New, N);
  CallbackRemapper R(Fn, Data);
  RemapFunction(*F, VM, RF_IgnoreMissingLocals | RF_NoModuleLevelChanges, &R);
  // The function's own type attributes (`byval(%struct.S)` on a
  // parameter of a definition): LLVM remaps those of call sites only.
  LLVMContext &Ctx = F->getContext();
  const Attribute::AttrKind TypeKinds[] = {Attribute::ByVal, Attribute::StructRet, Attribute::ByRef,
                                           Attribute::InAlloca, Attribute::Preallocated, Attribute::ElementType};
  for (unsigned I = 0; I < F->arg_size(); ++I)
    for (Attribute::AttrKind K : TypeKinds) {
      Attribute A = F->getParamAttribute(I, K);
      if (!A.isValid() || !A.isTypeAttribute() || !A.getValueAsType())
        continue;
      Type *NT = R.remapType(A.getValueAsType());
      if (NT != A.getValueAsType()) {
        F->removeParamAttr(I, K);
        F->addParamAttr(I, Attribute::get(Ctx, K, NT));
      }
    }
  DenseMap<Constant *, Constant *> Done;
  for (Instruction &I : instructions(*F))
    for (Use &U : I.operands())
      if (auto *C = dyn_cast<Constant>(U.get()))
        if (Constant *New = fixGEPs(C, R, Done, 0); New != C)
          U.set(New);
}

// Replaces each global Old[i] by a new one of value type Types[i] with
// initializer Inits[i] (null: none): same name, linkage, attributes and
// metadata attachments; every use moves to it; the old one is erased.
void dtrans_replace_globals(LLVMValueRef *Old, LLVMTypeRef *Types, LLVMValueRef *Inits, size_t N) {
  // All new globals first, so that every initializer is attached (and
  // updated by the replacements below) before any old global goes.
  std::vector<GlobalVariable *> News;
  for (size_t I = 0; I < N; ++I) {
    GlobalVariable *GV = cast<GlobalVariable>(unwrap(Old[I]));
    Constant *Init = Inits[I] ? cast<Constant>(unwrap(Inits[I])) : nullptr;
    auto *New = new GlobalVariable(*GV->getParent(), unwrap(Types[I]), GV->isConstant(), GV->getLinkage(), Init, "",
                                   GV, GV->getThreadLocalMode(), GV->getAddressSpace(),
                                   GV->isExternallyInitialized());
    New->copyAttributesFrom(GV);
    New->takeName(GV);
    SmallVector<std::pair<unsigned, MDNode *>, 4> MDs;
    GV->getAllMetadata(MDs);
    for (auto &[Kind, MD] : MDs)
      New->setMetadata(Kind, MD);
    News.push_back(New);
  }
  for (size_t I = 0; I < N; ++I) {
    GlobalVariable *GV = cast<GlobalVariable>(unwrap(Old[I]));
    GV->replaceAllUsesWith(News[I]);
    GV->eraseFromParent();
  }
}

// A constant mapped the same way (an initializer for a replaced global).
LLVMValueRef dtrans_map_constant(LLVMValueRef CRef, DtransRemapTypeFn Fn, void *Data, LLVMValueRef *Old,
                                 LLVMValueRef *New, size_t N) {
  ValueToValueMapTy VM;
  seed(VM, Old, New, N);
  CallbackRemapper R(Fn, Data);
  Value *V = MapValue(unwrap(CRef), VM, RF_IgnoreMissingLocals | RF_NoModuleLevelChanges, &R);
  DenseMap<Constant *, Constant *> Done;
  if (auto *C = dyn_cast_or_null<Constant>(V))
    V = fixGEPs(C, R, Done, 0);
  return wrap(V);
}

// Points every `#dbg_value` (and `llvm.dbg.value`) of From at To instead;
// the types may differ (debug records do not type their locations).
// Returns how many were changed.
unsigned dtrans_replace_dbg_value_uses(LLVMValueRef FromRef, LLVMValueRef ToRef) {
  Value *From = unwrap(FromRef), *To = unwrap(ToRef);
  SmallVector<DbgVariableIntrinsic *, 4> Insts;
  SmallVector<DbgVariableRecord *, 4> Records;
  findDbgUsers(Insts, From, &Records);
  unsigned N = 0;
  for (DbgVariableRecord *R : Records)
    if (R->isDbgValue()) {
      R->replaceVariableLocationOp(From, To);
      ++N;
    }
  for (DbgVariableIntrinsic *I : Insts)
    if (isa<DbgValueInst>(I)) {
      I->replaceVariableLocationOp(From, To);
      ++N;
    }
  return N;
}

// Erases every instruction and function of M that carries metadata of kind
// Kind, provided nothing unmarked uses them (debug records and metadata
// aside). Either everything marked goes or nothing does. Returns 0, 1 if
// an instruction is used by an unmarked instruction or constant, 2 if a
// function is still used once the instructions are gone.
int dtrans_erase_marked(LLVMModuleRef MRef, unsigned Kind, size_t *NInsts, size_t *NFns) {
  Module *M = unwrap(MRef);
  std::vector<Instruction *> Insts;
  std::vector<Function *> Fns;
  for (Function &F : *M) {
    if (F.getMetadata(Kind)) Fns.push_back(&F);
    for (BasicBlock &BB : F)
      for (Instruction &I : BB)
        if (I.getMetadata(Kind)) Insts.push_back(&I);
  }
  *NInsts = 0;
  *NFns = 0;
  for (Instruction *I : Insts)
    for (User *U : I->users()) {
      auto *UI = dyn_cast<Instruction>(U);
      if (!UI || !UI->getMetadata(Kind)) return 1;
    }
  for (Function *F : Fns) {
    for (User *U : F->users()) {
      auto *UI = dyn_cast<Instruction>(U);
      if (!UI || !UI->getMetadata(Kind)) return 2;
    }
    // A body moved elsewhere may still use the arguments.
    for (Argument &A : F->args())
      for (User *U : A.users()) {
        auto *UI = dyn_cast<Instruction>(U);
        if (!UI || UI->getFunction() != F) return 3;
      }
  }
  for (Instruction *I : Insts) I->dropAllReferences();
  for (Instruction *I : Insts) I->eraseFromParent();
  for (Function *F : Fns) {
    F->dropAllReferences();
    F->eraseFromParent();
  }
  *NInsts = Insts.size();
  *NFns = Fns.size();
  return 0;
}

// ---- layout transformations (see src/relayout.rs) ----

namespace {
// DIType::mutate is protected; a pointer to it formed through a derived
// class may be applied to any DIType (the access check is at formation).
struct DITypeSizeAccess : DIType {
  static void setSize(DIType *T, uint64_t Bits) {
    (T->*(&DITypeSizeAccess::mutate))(T->getTag(), T->getLine(), Bits, T->getAlignInBits(), T->getOffsetInBits(),
                                       T->getFlags());
  }
};

// The composite type under typedefs, qualifiers and arrays.
const DICompositeType *underlyingComposite(const Metadata *MD, unsigned Depth = 0) {
  if (!MD || Depth > 32) return nullptr;
  if (auto *DT = dyn_cast<DIDerivedType>(MD)) {
    switch (DT->getTag()) {
    case dwarf::DW_TAG_typedef:
    case dwarf::DW_TAG_const_type:
    case dwarf::DW_TAG_volatile_type:
    case dwarf::DW_TAG_restrict_type:
    case dwarf::DW_TAG_atomic_type:
      return underlyingComposite(DT->getRawBaseType(), Depth + 1);
    default:
      return nullptr;
    }
  }
  if (auto *CT = dyn_cast<DICompositeType>(MD)) {
    if (CT->getTag() == dwarf::DW_TAG_array_type)
      return underlyingComposite(CT->getRawBaseType(), Depth + 1);
    return CT;
  }
  return nullptr;
}
} // namespace

// A copy of the binary operator Like, with operands A and X, inserted at
// the builder's position. Null if Like is not a binary operator.
LLVMValueRef dtrans_clone_binop(LLVMBuilderRef BRef, LLVMValueRef LikeRef, LLVMValueRef A, LLVMValueRef X) {
  auto *Like = dyn_cast<BinaryOperator>(unwrap(LikeRef));
  if (!Like) return nullptr;
  Instruction *I = Like->clone();
  I->setOperand(0, unwrap(A));
  I->setOperand(1, unwrap(X));
  unwrap(BRef)->Insert(I);
  return wrap(I);
}

// Removes dereferenceable(N) and dereferenceable_or_null(N) from every
// function's return value and parameters and from every call site.
size_t dtrans_drop_dereferenceable(LLVMModuleRef MRef) {
  size_t N = 0;
  const Attribute::AttrKind Kinds[] = {Attribute::Dereferenceable, Attribute::DereferenceableOrNull};
  for (Function &F : *unwrap(MRef)) {
    for (Attribute::AttrKind K : Kinds) {
      if (F.hasRetAttribute(K)) { F.removeRetAttr(K); ++N; }
      for (unsigned I = 0; I < F.arg_size(); ++I)
        if (F.hasParamAttribute(I, K)) { F.removeParamAttr(I, K); ++N; }
    }
    for (Instruction &I : instructions(F))
      if (auto *CB = dyn_cast<CallBase>(&I))
        for (Attribute::AttrKind K : Kinds) {
          if (CB->hasRetAttr(K)) { CB->removeRetAttr(K); ++N; }
          for (unsigned A = 0; A < CB->arg_size(); ++A)
            if (CB->paramHasAttr(A, K)) { CB->removeParamAttr(A, K); ++N; }
        }
  }
  return N;
}

// Gives the distinct composite MD the size SizeBits and, as members, the
// old members Idx[i] at offsets Offs[i] (bits), in that order. A member
// that is a bit-field cannot be moved by offset alone: then the type keeps
// no members at all (never a wrong one). Returns 0 and changes nothing if
// MD is not a distinct composite or an index is not a member.
int dtrans_di_relayout(LLVMMetadataRef MDRef, uint64_t SizeBits, const unsigned *Idx, const uint64_t *Offs,
                       size_t N) {
  auto *CT = dyn_cast_or_null<DICompositeType>(unwrap(MDRef));
  if (!CT || !CT->isDistinct()) return 0;
  DINodeArray Els = CT->getElements();
  LLVMContext &Ctx = CT->getContext();
  SmallVector<Metadata *, 16> New;
  bool BitField = false;
  for (size_t I = 0; I < N; ++I) {
    if (Idx[I] >= Els.size()) return 0;
    auto *Mem = dyn_cast_or_null<DIDerivedType>(Els[Idx[I]]);
    if (!Mem || Mem->getTag() != dwarf::DW_TAG_member) return 0;
    if (Mem->isBitField()) BitField = true;
    New.push_back(DIDerivedType::get(Ctx, Mem->getTag(), Mem->getRawName(), Mem->getRawFile(), Mem->getLine(),
                                     Mem->getRawScope(), Mem->getRawBaseType(), Mem->getSizeInBits(),
                                     Mem->getAlignInBits(), Offs[I], Mem->getDWARFAddressSpace(),
                                     Mem->getPtrAuthData(), Mem->getFlags(), Mem->getExtraData(),
                                     Mem->getRawAnnotations()));
  }
  if (BitField) New.clear();
  // Operand 4 is the element list (replaceElements asserts that no old
  // member is lost, which is the point here).
  CT->replaceOperandWith(4, MDTuple::get(Ctx, New));
  DITypeSizeAccess::setSize(CT, SizeBits);
  return 1;
}

// Erases debug records and intrinsics whose expression is a fragment of a
// variable whose type is (under typedefs, qualifiers, arrays) one of Types.
size_t dtrans_drop_fragment_records(LLVMModuleRef MRef, const LLVMMetadataRef *Types, size_t N) {
  SmallPtrSet<const Metadata *, 16> Set;
  for (size_t I = 0; I < N; ++I) Set.insert(unwrap(Types[I]));
  auto Hit = [&](const DILocalVariable *V, const DIExpression *E) {
    return V && E && E->getFragmentInfo() && Set.count(underlyingComposite(V->getRawType()));
  };
  size_t Count = 0;
  for (Function &F : *unwrap(MRef))
    for (Instruction &I : instructions(F)) {
      for (DbgVariableRecord &R : make_early_inc_range(filterDbgVars(I.getDbgRecordRange())))
        if (Hit(R.getVariable(), R.getExpression())) {
          R.eraseFromParent();
          ++Count;
        }
    }
  for (Function &F : *unwrap(MRef))
    for (Instruction &I : make_early_inc_range(instructions(F)))
      if (auto *D = dyn_cast<DbgVariableIntrinsic>(&I))
        if (Hit(D->getVariable(), D->getExpression())) {
          D->eraseFromParent();
          ++Count;
        }
  // Fragments of global variables: on the globals and in the compile
  // units' lists (the verifier checks both).
  auto HitG = [&](const DIGlobalVariableExpression *E) {
    return E && E->getExpression() && E->getExpression()->getFragmentInfo() && E->getVariable() &&
           Set.count(underlyingComposite(E->getVariable()->getRawType()));
  };
  for (GlobalVariable &GV : unwrap(MRef)->globals()) {
    SmallVector<DIGlobalVariableExpression *, 2> GVEs;
    GV.getDebugInfo(GVEs);
    if (!std::any_of(GVEs.begin(), GVEs.end(), HitG)) continue;
    GV.eraseMetadata(LLVMContext::MD_dbg);
    for (DIGlobalVariableExpression *E : GVEs)
      if (!HitG(E)) GV.addDebugInfo(E);
      else ++Count;
  }
  for (DICompileUnit *CU : unwrap(MRef)->debug_compile_units()) {
    auto Gs = CU->getGlobalVariables();
    SmallVector<Metadata *, 16> Keep;
    bool Any = false;
    for (DIGlobalVariableExpression *E : Gs) {
      if (HitG(E)) Any = true;
      else Keep.push_back(E);
    }
    if (Any) CU->replaceGlobalVariables(MDTuple::get(CU->getContext(), Keep));
  }
  return Count;
}

// A new global variable like Old (linkage, constness, thread-local mode,
// address space, attributes, alignment, section, metadata attachments)
// of type Ty with initializer Init (null: none), named Name, placed after
// Old. Old and its uses are untouched (see dtrans_swap_globals).
LLVMValueRef dtrans_add_global_like(LLVMValueRef OldRef, LLVMTypeRef Ty, LLVMValueRef InitRef, const char *Name) {
  auto *GV = dyn_cast<GlobalVariable>(unwrap(OldRef));
  if (!GV) return nullptr;
  Constant *Init = InitRef ? cast<Constant>(unwrap(InitRef)) : nullptr;
  auto *New = new GlobalVariable(*GV->getParent(), unwrap(Ty), GV->isConstant(), GV->getLinkage(), Init, Name, GV,
                                 GV->getThreadLocalMode(), GV->getAddressSpace(), GV->isExternallyInitialized());
  New->copyAttributesFrom(GV);
  SmallVector<std::pair<unsigned, MDNode *>, 4> MDs;
  GV->getAllMetadata(MDs);
  for (auto &[Kind, MD] : MDs) New->setMetadata(Kind, MD);
  return wrap(New);
}

// For each pair, every use of Old[i] moves to New[i], which takes Old[i]'s
// name; then the old globals are erased. Returns 0, or 1 (changing
// nothing) if a pair is not two global variables.
int dtrans_swap_globals(LLVMValueRef *Old, LLVMValueRef *New, size_t N) {
  for (size_t I = 0; I < N; ++I)
    if (!isa<GlobalVariable>(unwrap(Old[I])) || !isa<GlobalVariable>(unwrap(New[I]))) return 1;
  for (size_t I = 0; I < N; ++I) {
    auto *O = cast<GlobalVariable>(unwrap(Old[I]));
    auto *Nw = cast<GlobalVariable>(unwrap(New[I]));
    O->replaceAllUsesWith(Nw);
    Nw->takeName(O);
  }
  for (size_t I = 0; I < N; ++I) cast<GlobalVariable>(unwrap(Old[I]))->eraseFromParent();
  return 0;
}

// Every structure, class or union type of the module's debug information
// (DebugInfoFinder's walk). Returns a malloc'd array.
LLVMMetadataRef *dtrans_debug_composites(LLVMModuleRef MRef, size_t *N) {
  DebugInfoFinder F;
  F.processModule(*unwrap(MRef));
  std::vector<LLVMMetadataRef> V;
  for (DIType *T : F.types())
    if (auto *CT = dyn_cast<DICompositeType>(T))
      if (CT->getTag() == dwarf::DW_TAG_structure_type || CT->getTag() == dwarf::DW_TAG_class_type ||
          CT->getTag() == dwarf::DW_TAG_union_type)
        V.push_back(wrap(static_cast<Metadata *>(CT)));
  auto *Out = static_cast<LLVMMetadataRef *>(std::malloc(sizeof(LLVMMetadataRef) * (V.size() ? V.size() : 1)));
  std::copy(V.begin(), V.end(), Out);
  *N = V.size();
  return Out;
}

// Whole-program cleanup: LLVM's InternalizePass keeping the Keep names (and
// what it always keeps: declarations, llvm.* globals, llvm.used), then
// GlobalDCE, so functions and globals no kept symbol can reach are gone
// before the analysis reads the module. Counts[0..4]: functions before and
// after, global variables before and after (declarations included).
void dtrans_whole_program_cleanup(LLVMModuleRef MRef, const char *const *Keep, const size_t *KeepLen, size_t N,
                                  size_t *Counts) {
  Module &M = *unwrap(MRef);
  Counts[0] = M.getFunctionList().size();
  Counts[2] = M.global_size();
  std::vector<std::string> Names;
  for (size_t I = 0; I < N; ++I) Names.emplace_back(Keep[I], KeepLen[I]);
  auto MustPreserve = [&Names](const GlobalValue &GV) {
    return std::find(Names.begin(), Names.end(), GV.getName().str()) != Names.end();
  };
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PassBuilder PB;
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  ModulePassManager MPM;
  MPM.addPass(InternalizePass(MustPreserve));
  MPM.addPass(GlobalDCEPass());
  MPM.run(M, MAM);
  Counts[1] = M.getFunctionList().size();
  Counts[3] = M.global_size();
}

// Gives a GEP instruction (or an alloca) another source (allocated) type of
// the same layout; the caller checked the two are isomorphic. The result
// element type of a GEP follows its indices into the new type. Returns 0,
// or 1 (changing nothing) if the value is not such an instruction or the
// indices do not fit the new type.
int dtrans_retype_gep(LLVMValueRef GRef, LLVMTypeRef TRef) {
  auto *GEP = dyn_cast<GetElementPtrInst>(unwrap(GRef));
  if (!GEP) return 1;
  SmallVector<Value *, 4> Idx(GEP->idx_begin(), GEP->idx_end());
  Type *R = GetElementPtrInst::getIndexedType(unwrap(TRef), Idx);
  if (!R) return 1;
  GEP->setSourceElementType(unwrap(TRef));
  GEP->setResultElementType(R);
  return 0;
}

int dtrans_retype_alloca(LLVMValueRef ARef, LLVMTypeRef TRef) {
  auto *AI = dyn_cast<AllocaInst>(unwrap(ARef));
  if (!AI || !unwrap(TRef)->isSized()) return 1;
  AI->setAllocatedType(unwrap(TRef));
  return 0;
}

// Clears the flags of instruction `IRef` that state facts about its
// operands or result (nuw, nsw, exact, disjoint, nneg, a GEP's no-wrap
// flags, and every fast-math flag). Returns 1 if any was set.
int dtrans_drop_value_flags(LLVMValueRef IRef) {
  auto *I = dyn_cast<Instruction>(unwrap(IRef));
  if (!I) return 0;
  int Changed = 0;
  if (I->hasPoisonGeneratingFlags()) {
    I->dropPoisonGeneratingFlags();
    Changed = 1;
  }
  if (isa<FPMathOperator>(I) && I->getFastMathFlags().any()) {
    I->copyFastMathFlags(FastMathFlags());
    Changed = 1;
  }
  return Changed;
}

// Removes the enum and integer attributes (noundef, signext, nonnull,
// range, memory, nounwind, ...) of a function or call site at every
// position; type attributes (byval, sret, elementtype, ...) and string
// attributes stay. Returns how many were removed.
unsigned dtrans_drop_attribute_facts(LLVMValueRef Ref) {
  Value *V = unwrap(Ref);
  AttributeList AL;
  unsigned NArgs = 0;
  if (auto *F = dyn_cast<Function>(V)) {
    AL = F->getAttributes();
    NArgs = F->arg_size();
  } else if (auto *CB = dyn_cast<CallBase>(V)) {
    AL = CB->getAttributes();
    NArgs = CB->arg_size();
  } else {
    return 0;
  }
  LLVMContext &C = V->getContext();
  unsigned Removed = 0;
  auto Keep = [&](AttributeSet S) {
    AttrBuilder B(C);
    for (Attribute A : S) {
      if (A.isTypeAttribute() || A.isStringAttribute())
        B.addAttribute(A);
      else
        ++Removed;
    }
    return AttributeSet::get(C, B);
  };
  AttributeSet FnS = Keep(AL.getFnAttrs());
  AttributeSet RetS = Keep(AL.getRetAttrs());
  SmallVector<AttributeSet, 8> Args;
  for (unsigned I = 0; I < NArgs; ++I) Args.push_back(Keep(AL.getParamAttrs(I)));
  if (Removed == 0) return 0;
  AttributeList New = AttributeList::get(C, FnS, RetS, Args);
  if (auto *F = dyn_cast<Function>(V))
    F->setAttributes(New);
  else
    cast<CallBase>(V)->setAttributes(New);
  return Removed;
}

} // extern "C"
