//! The man pages must not drift from the code: every subcommand and every
//! flag of the clap definition is documented in `man/kifu.1`.

use std::path::Path;

fn page(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("man").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_subcommand_and_flag_is_in_kifu_1() {
    let man = page("kifu.1");
    let mut missing = Vec::new();
    for sub in kifu::cli::command().get_subcommands() {
        let name = sub.get_name();
        if name == "help" {
            continue;
        }
        if !man.contains(&format!(".B {name}")) {
            missing.push(format!("subcommand {name}"));
        }
        for arg in sub.get_arguments() {
            if let Some(long) = arg.get_long() {
                if !man.contains(&format!("\\-\\-{}", long.replace('-', "\\-"))) {
                    missing.push(format!("flag --{long} of {name}"));
                }
            }
        }
    }
    assert!(missing.is_empty(), "missing from man/kifu.1: {missing:?}");
}
