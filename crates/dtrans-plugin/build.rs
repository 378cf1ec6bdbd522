//! Builds the C++ half of the plugin (`stub/stub.cpp`: the PassBuilder
//! callbacks) against the headers of the LLVM 19 that llvm-sys links
//! (the shared libLLVM-19, through `dtrans-ir`).
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=stub/stub.cpp");
    println!("cargo:rerun-if-env-changed=LLVM_CONFIG");
    let exe = std::env::var("LLVM_CONFIG").unwrap_or_else(|_| "llvm-config-19".to_string());
    let out = Command::new(&exe)
        .arg("--includedir")
        .output()
        .unwrap_or_else(|e| panic!("cannot run {exe} (install llvm-19-dev): {e}"));
    assert!(out.status.success(), "{exe} --includedir failed");
    let include = String::from_utf8(out.stdout).expect("llvm-config output is UTF-8").trim().to_string();
    cc::Build::new()
        .cpp(true)
        .file("stub/stub.cpp")
        .include(include)
        .flag("-std=c++17")
        .flag("-fno-exceptions")
        .flag("-fno-rtti")
        .flag_if_supported("-Wno-unused-parameter")
        .compile("dtrans_plugin_stub");
}
