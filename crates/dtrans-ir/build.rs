//! Builds the small C++ shim (`shim/shim.cpp`) for what LLVM's C API lacks.
//! LLVM itself is linked by llvm-sys (dynamically, via `llvm-config-19`).
use std::process::Command;

fn llvm_config(arg: &str) -> String {
    let exe = std::env::var("LLVM_CONFIG").unwrap_or_else(|_| "llvm-config-19".to_string());
    let out =
        Command::new(&exe).arg(arg).output().unwrap_or_else(|e| panic!("cannot run {exe} (install llvm-19-dev): {e}"));
    assert!(out.status.success(), "{exe} {arg} failed");
    String::from_utf8(out.stdout).expect("llvm-config output is UTF-8").trim().to_string()
}

fn main() {
    println!("cargo:rerun-if-changed=shim/shim.cpp");
    println!("cargo:rerun-if-env-changed=LLVM_CONFIG");
    let include = llvm_config("--includedir");
    cc::Build::new()
        .cpp(true)
        .file("shim/shim.cpp")
        .include(include)
        .flag("-std=c++17")
        .flag("-fno-exceptions")
        .flag("-fno-rtti")
        .flag_if_supported("-Wno-unused-parameter")
        .compile("dtrans_shim");
}
