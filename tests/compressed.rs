//! Compressed input through the binary: gzip, zstd, bzip2 and xz, told by
//! their first bytes and not by the file name, for every command that
//! reads records or JSON; a damaged stream is an error naming the file,
//! with status 2, after the records before the damage are judged.

use crate::support::run;

use run::kifu;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

const FIXTURE: &str = "fixtures/mana/valid/annotated-with-comments-and-tags.kifu";

fn compress(format: &str, bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let written = match format {
        "gzip" => {
            let mut e = flate2::write::GzEncoder::new(&mut out, flate2::Compression::default());
            e.write_all(bytes).and_then(|()| e.finish().map(drop))
        }
        "zstd" => zstd::stream::copy_encode(bytes, &mut out, 3),
        "bzip2" => {
            let mut e = // Blocks of 100 kB, so that a cut file still holds whole ones.
            bzip2::write::BzEncoder::new(&mut out, bzip2::Compression::fast());
            e.write_all(bytes).and_then(|()| e.finish().map(drop))
        }
        _ => {
            let mut e = liblzma::write::XzEncoder::new(&mut out, 1);
            e.write_all(bytes).and_then(|()| e.finish().map(drop))
        }
    };
    assert!(written.is_ok(), "{format}");
    out
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("compressed-{name}"));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    dir
}

const FORMATS: [&str; 4] = ["gzip", "zstd", "bzip2", "xz"];

#[test]
fn every_command_reads_every_format() {
    let dir = scratch("formats");
    let text = fs::read(FIXTURE).unwrap_or_else(|e| panic!("{e}"));
    let (json, _, _) = kifu(&["json", FIXTURE], b"");
    for format in FORMATS {
        // A name that says nothing of the format: the bytes tell it.
        let file = dir.join(format!("{format}.data"));
        fs::write(&file, compress(format, &text)).unwrap_or_else(|e| panic!("{e}"));
        let path = file.to_string_lossy().into_owned();
        let plain = |args: &[&str]| {
            let mut args = args.to_vec();
            args.push(FIXTURE);
            kifu(&args, b"").0
        };
        for command in [
            &["validate"][..],
            &["json", "--positions"],
            &["render"],
            &["moves", "--ply", "3"],
        ] {
            let mut args = command.to_vec();
            args.push(&path);
            let (out, err, code) = kifu(&args, b"");
            assert_eq!((err.as_str(), code), ("", Some(0)), "{format} {command:?}");
            assert_eq!(
                out.replace(&path, FIXTURE),
                plain(command),
                "{format} {command:?}"
            );
        }
        let json_file = dir.join(format!("{format}.json.data"));
        fs::write(&json_file, compress(format, json.as_bytes())).unwrap_or_else(|e| panic!("{e}"));
        let (imported, err, code) = kifu(&["import", &json_file.to_string_lossy()], b"");
        assert_eq!((err.as_str(), code), ("", Some(0)), "{format} import");
        assert_eq!(
            imported,
            kifu(&["import"], json.as_bytes()).0,
            "{format} import"
        );
        // Standard input too.
        let (out, _, code) = kifu(&["validate", "-"], &compress(format, &text));
        assert_eq!(code, Some(0), "{format} stdin");
        assert!(out.starts_with("<stdin>:1: mana, "), "{format}: {out}");
    }
}

#[test]
fn a_damaged_stream_stops_with_status_2_after_the_records_before_it() {
    let dir = scratch("damaged");
    let (records, _, _) = kifu(&["random", "shogun", "--seed", "4", "--count", "1000"], b"");
    for format in FORMATS {
        let whole = compress(format, records.as_bytes());
        let file = dir.join(format!("cut-{format}"));
        fs::write(&file, &whole[..whole.len() * 3 / 4]).unwrap_or_else(|e| panic!("{e}"));
        let path = file.to_string_lossy().into_owned();
        let (out, err, code) = kifu(&["validate", "-j", "1", &path], b"");
        assert_eq!(code, Some(2), "{format}: {err}");
        let judged = out.lines().count();
        assert_eq!(
            err,
            format!(
                "kifu: {path}: the {format} stream is damaged: it ends too soon\n{judged} records: {judged} valid, 0 invalid\n"
            ),
            "{format}"
        );
        assert!(
            judged > 100 && judged < 1000,
            "{format}: {judged} records judged"
        );
        assert!(
            out.lines().all(|l| l.contains(": shogun, ")),
            "{format}: {out}"
        );
    }
}

/// Zero padding or text after a complete stream, in every format: every
/// record of the stream is judged (the last one was lost), then the bytes
/// after it are said, with status 2.
#[test]
fn bytes_after_a_complete_stream_come_after_its_last_record() {
    let dir = scratch("trailing");
    let (records, _, _) = kifu(&["random", "mana", "--seed", "4", "--count", "50"], b"");
    for format in FORMATS {
        for (tail, said) in [
            (vec![0u8; 1001], "zero bytes".to_owned()),
            (b"hello\n".to_vec(), format!("bytes that are not {format}")),
        ] {
            let mut bytes = compress(format, records.as_bytes());
            bytes.extend(&tail);
            let file = dir.join(format!("padded-{format}"));
            fs::write(&file, &bytes).unwrap_or_else(|e| panic!("{e}"));
            let path = file.to_string_lossy().into_owned();
            let (out, err, code) = kifu(&["validate", "-j", "1", &path], b"");
            assert_eq!(
                (out.lines().count(), err.as_str(), code),
                (
                    50,
                    format!("kifu: {path}: the {format} stream is complete, but {said} follow the end of the stream\n50 records: 50 valid, 0 invalid\n").as_str(),
                    Some(2)
                ),
                "{format}"
            );
        }
    }
}

/// What is wrong with a stream is said in words: a zstd window larger than
/// kifu reads (once called "damaged"), a corrupt xz stream (once "liblzma
/// internal error").
#[test]
fn a_stream_kifu_cannot_read_is_said_in_words() {
    let dir = scratch("words");
    // A zstd frame whose header asks for a window of 2 GiB (zstd --long=31).
    let wide = dir.join("wide.kifu.zst");
    fs::write(&wide, b"\x28\xb5\x2f\xfd\x00\xa8\x01\x00\x00").unwrap_or_else(|e| panic!("{e}"));
    let wide = wide.to_string_lossy().into_owned();
    assert_eq!(
        kifu(&["validate", &wide], b""),
        (
            String::new(),
            format!(
                "kifu: {wide}: the zstd stream was written with a window larger than kifu reads (at most 128 MiB; zstd --long=27 or less)\n"
            ),
            Some(2)
        )
    );
    let text = fs::read(FIXTURE).unwrap_or_else(|e| panic!("{e}"));
    let mut xz = compress("xz", &text);
    let middle = xz.len() / 2;
    xz[middle] ^= 0x55;
    let corrupt = dir.join("corrupt.kifu.xz");
    fs::write(&corrupt, &xz).unwrap_or_else(|e| panic!("{e}"));
    let corrupt = corrupt.to_string_lossy().into_owned();
    let (_, err, code) = kifu(&["validate", &corrupt], b"");
    assert_eq!(
        (err.lines().next(), code),
        (
            Some(format!("kifu: {corrupt}: the xz stream is corrupt").as_str()),
            Some(2)
        )
    );
}

/// `fmt --in-place` of a read-only file says so, without a REPL command.
#[test]
fn fmt_of_a_read_only_file_says_so() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("read-only");
    let file = dir.join("messy.kifu");
    fs::write(&file, "[Game \"mana\"]\n\nf1-e2 *\n").unwrap_or_else(|e| panic!("{e}"));
    fs::set_permissions(&file, fs::Permissions::from_mode(0o444)).unwrap_or_else(|e| panic!("{e}"));
    let path = file.to_string_lossy().into_owned();
    let said = kifu(&["fmt", "--in-place", &path], b"");
    let _ = fs::set_permissions(&file, fs::Permissions::from_mode(0o644));
    // root may write a read-only file, but kifu refuses it all the same.
    assert_eq!(
        said,
        (
            String::new(),
            format!("kifu: cannot save {path}: the file is read-only\n"),
            Some(2)
        )
    );
}

#[test]
fn a_plain_file_named_gz_is_text() {
    let dir = scratch("named");
    let file = dir.join("plain.kifu.gz");
    fs::copy(FIXTURE, &file).unwrap_or_else(|e| panic!("{e}"));
    let (out, err, code) = kifu(&["validate", &file.to_string_lossy()], b"");
    assert_eq!((err.as_str(), code), ("", Some(0)));
    assert!(out.contains(": mana, "), "{out}");
}

#[test]
fn play_loads_a_compressed_record() {
    let dir = scratch("play");
    let file = dir.join("game.kifu.zst");
    let text = fs::read(FIXTURE).unwrap_or_else(|e| panic!("{e}"));
    fs::write(&file, compress("zstd", &text)).unwrap_or_else(|e| panic!("{e}"));
    let (out, err, code) = kifu(
        &["play", "mana", "--load", &file.to_string_lossy()],
        b":quit\n",
    );
    assert_eq!((err.as_str(), code), ("", Some(0)), "{out}");
}
