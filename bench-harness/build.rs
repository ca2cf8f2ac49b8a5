//! Records the target and host triples so that the C reference engines, compiled at run time
//! with the `cc` crate, are built for the same target as the Rust code they are compared with.

fn main() {
    for (var, name) in [
        ("TARGET", "BENCH_HARNESS_TARGET"),
        ("HOST", "BENCH_HARNESS_HOST"),
    ] {
        let value = std::env::var(var).unwrap_or_default();
        println!("cargo:rustc-env={name}={value}");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
