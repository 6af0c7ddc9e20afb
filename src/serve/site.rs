//! `kifu site`: the page of `kifu serve` as a folder of static files, its
//! requests answered in the browser by kifu's board in WebAssembly (the
//! JavaScript package's module) in place of a server: any static web
//! server, or none but a folder a club's site holds, serves it.
//!
//! The folder holds the page (`index.html`, the page of `kifu serve`
//! with `static.js` loaded before its scripts), its scripts and style as
//! `kifu serve` serves them ([`super::page::ASSETS`]), `static.js` and
//! `board-worker.js`, and the module and WebAssembly of the JavaScript
//! package (`kifu_wasm.js`, `kifu_wasm_bg.wasm`, built by `js/build.sh`).
//! Nothing is fetched from elsewhere. Each file is written atomically;
//! a folder that holds anything else is refused, so that nothing of a
//! user's is overwritten.

use super::page::ASSETS;
use crate::play::{ReadOnly, SaveError, save_atomic};
use std::path::{Path, PathBuf};

/// The files of the JavaScript package the site takes, from its folder.
pub const PACKAGE_FILES: [&str; 2] = ["kifu_wasm.js", "kifu_wasm_bg.wasm"];

/// The script that hands the page's requests to the worker.
const STATIC_SCRIPT: &str = include_str!("page-static.js");

/// The worker that answers them.
const WORKER_SCRIPT: &str = include_str!("page-worker.js");

/// Why the site cannot be written.
#[derive(Debug, thiserror::Error)]
pub enum SiteError {
    /// The folder holds something the site would not write.
    #[error(
        "{}: holds {name}, which is not a file of the site: give a new or empty folder (or one kifu site wrote)",
        .folder.display()
    )]
    NotOurs {
        /// The folder.
        folder: PathBuf,
        /// The first entry found that is not the site's.
        name: String,
    },
    /// The folder cannot be made or read.
    #[error("{}: {error}", .folder.display())]
    Folder {
        /// The folder.
        folder: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// A file of the JavaScript package is missing.
    #[error(
        "{}: {error}: build the JavaScript package first (js/build.sh), or give its folder with --package",
        .path.display()
    )]
    Package {
        /// The file.
        path: PathBuf,
        /// Why it cannot be read.
        error: std::io::Error,
    },
    /// A file cannot be written.
    #[error(transparent)]
    Save(#[from] SaveError),
}

/// The names of the site's files, the page first.
pub fn file_names() -> Vec<&'static str> {
    let assets = ASSETS.iter().map(|asset| match asset.path {
        "/" => "index.html",
        path => path.trim_start_matches('/'),
    });
    let scripts = ["static.js", "board-worker.js"];
    assets.chain(scripts).chain(PACKAGE_FILES).collect()
}

/// Writes the site into `folder` (made if missing), the WebAssembly taken
/// from the JavaScript package's folder `package`; the names written.
///
/// # Errors
/// The folder holds other files, the package is missing, or a file
/// cannot be written (those written before stay, each whole).
pub fn write(folder: &Path, package: &Path) -> Result<Vec<&'static str>, SiteError> {
    let names = file_names();
    let unreadable = |error| SiteError::Folder {
        folder: folder.to_owned(),
        error,
    };
    std::fs::create_dir_all(folder).map_err(unreadable)?;
    for entry in std::fs::read_dir(folder).map_err(unreadable)? {
        let name = entry.map_err(unreadable)?.file_name();
        let name = name.to_string_lossy();
        if !names.contains(&name.as_ref()) {
            return Err(SiteError::NotOurs {
                folder: folder.to_owned(),
                name: name.into_owned(),
            });
        }
    }
    let mut package_files = Vec::new();
    for name in PACKAGE_FILES {
        let path = package.join(name);
        let bytes = std::fs::read(&path).map_err(|error| SiteError::Package { path, error })?;
        package_files.push((name, bytes));
    }
    for asset in &ASSETS {
        let (name, text) = match asset.path {
            "/" => ("index.html", page().into_bytes()),
            path => (path.trim_start_matches('/'), asset.text.as_bytes().to_vec()),
        };
        save_atomic(&folder.join(name), text, ReadOnly::Refuse)?;
    }
    save_atomic(&folder.join("static.js"), STATIC_SCRIPT, ReadOnly::Refuse)?;
    save_atomic(
        &folder.join("board-worker.js"),
        WORKER_SCRIPT,
        ReadOnly::Refuse,
    )?;
    for (name, bytes) in package_files {
        save_atomic(&folder.join(name), bytes, ReadOnly::Refuse)?;
    }
    Ok(names)
}

/// The page of `kifu serve`, `static.js` loaded before its first script.
fn page() -> String {
    let html = ASSETS[0].text;
    let first = "<script src=\"board.js\" defer></script>";
    html.replacen(
        first,
        &format!("<script src=\"static.js\"></script>\n{first}"),
        1,
    )
}
