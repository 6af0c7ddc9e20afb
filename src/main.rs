//! The `kifu` binary.

fn main() -> std::process::ExitCode {
    kifu::main()
}
