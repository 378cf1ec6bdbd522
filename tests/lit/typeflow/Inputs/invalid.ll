define i32 @f(i32 %a) {
  %b = add i32 %c, 1
  %c = add i32 %a, 1
  ret i32 %b
}
