define i32 @f(i32 %a) {
  %c = add i32 %a, %nope
  ret i32 %c
}
