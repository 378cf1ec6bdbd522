; Document 004, "Simple binary operation": the operands' use nodes are joined
; to their values and to the result; the result to the return's use.
; (The document's C1, C2, ret1 are %c.0, %c.1, ret.0: LLVM's 0-based
; operand numbers.) CHECK-NEXT up to the summary makes any extra edge fail.
; RUN: %dtrans typeflow %s | %FileCheck %s --match-full-lines
; RUN: %dtrans typeflow --format json %s | python3 -c 'import json,sys; print(json.dumps(json.load(sys.stdin), sort_keys=True))' | %FileCheck %s --check-prefix=JSON

; CHECK:      function @func
; CHECK-NEXT:   value %a: generic32_t
; CHECK-NEXT:   value %b: generic32_t
; CHECK-NEXT:   use %c.0: generic32_t
; CHECK-NEXT:   use %c.1: generic32_t
; CHECK-NEXT:   value %c: generic32_t
; CHECK-NEXT:   use ret.0: generic32_t
; CHECK-NEXT:   edge %a -- %c.0
; CHECK-NEXT:   edge %b -- %c.1
; CHECK-NEXT:   edge %c.0 -- %c
; CHECK-NEXT:   edge %c.1 -- %c
; CHECK-NEXT:   edge %c -- ret.0
; CHECK-NEXT:   summary: 6 nodes, 5 edges, 0 casts, 0 conflicts
; CHECK-NEXT: total: 6 nodes, 5 edges, 0 casts, 0 conflicts
; CHECK-NEXT: propagation: 0 casts, at least 0 (0 parts exact by a minimum cut, 0 improved by it; 0 parts of 3 or more types by expansion moves, 0 improved by them)
; CHECK-EMPTY:

; JSON: {"functions": [{"edges": {{\[}}[0, 2], [1, 3], [2, 4], [3, 4], [4, 5]], "name": "func", "nodes": [{"id": 0, "kind": "value", "label": "%a", "type": "generic32_t"}, {"id": 1, "kind": "value", "label": "%b", "type": "generic32_t"}, {"id": 2, "kind": "use", "label": "%c.0", "type": "generic32_t"}, {"id": 3, "kind": "use", "label": "%c.1", "type": "generic32_t"}, {"id": 4, "kind": "value", "label": "%c", "type": "generic32_t"}, {"id": 5, "kind": "use", "label": "ret.0", "type": "generic32_t"}]}]}

define i32 @func(i32 %a, i32 %b) {
  %c = add i32 %a, %b
  ret i32 %c
}
