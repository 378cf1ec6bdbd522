; Appended to the IR of replace.c: an existing, deliberately imprecise
; description of struct node (next as i8*) that `dtrans annotate` keeps
; unless --replace is given.
!intel.dtrans.types = !{!90000}
!90000 = !{!"S", %struct.node zeroinitializer, i32 2, !90001, !90002}
!90001 = !{i32 0, i32 0}
!90002 = !{i8 0, i32 1}
