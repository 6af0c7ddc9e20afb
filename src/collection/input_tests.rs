//! Tests of opening inputs: every compression format, told by its first
//! bytes, and damaged streams.

use super::*;
use std::io::Write;

const TEXT: &str = "[Game \"mana\"]\n\n1. f1-e2 *\n";

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    assert!(encoder.write_all(bytes).is_ok());
    encoder.finish().unwrap_or_else(|e| panic!("{e}"))
}

fn compressed(format: Compression, bytes: &[u8]) -> Vec<u8> {
    match format {
        Compression::Gzip => gzip(bytes),
        Compression::Zstd => zstd::encode_all(bytes, 3).unwrap_or_else(|e| panic!("{e}")),
        Compression::Bzip2 => {
            let mut encoder =
                bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::default());
            assert!(encoder.write_all(bytes).is_ok());
            encoder.finish().unwrap_or_else(|e| panic!("{e}"))
        }
        Compression::Xz => {
            let mut encoder = liblzma::write::XzEncoder::new(Vec::new(), 6);
            assert!(encoder.write_all(bytes).is_ok());
            encoder.finish().unwrap_or_else(|e| panic!("{e}"))
        }
    }
}

/// The text read from `bytes`, or the error.
fn read(bytes: Vec<u8>) -> Result<String, String> {
    let mut input = decoded("f".into(), io::Cursor::new(bytes)).map_err(|e| e.to_string())?;
    let mut text = String::new();
    input
        .text
        .read_to_string(&mut text)
        .map_err(|e| e.to_string())?;
    Ok(text)
}

const FORMATS: [Compression; 4] = [
    Compression::Gzip,
    Compression::Zstd,
    Compression::Bzip2,
    Compression::Xz,
];

#[test]
fn every_format_is_told_by_its_first_bytes_and_decoded() {
    assert_eq!(read(TEXT.into()), Ok(TEXT.to_owned()));
    for format in FORMATS {
        let bytes = compressed(format, TEXT.as_bytes());
        assert_eq!(Compression::of(&bytes), Some(format));
        assert_eq!(read(bytes), Ok(TEXT.to_owned()), "{format:?}");
    }
}

#[test]
fn concatenated_streams_are_read_whole() {
    for format in FORMATS {
        let mut bytes = compressed(format, TEXT.as_bytes());
        bytes.extend(compressed(format, TEXT.as_bytes()));
        assert_eq!(read(bytes), Ok(TEXT.repeat(2)), "{format:?}");
    }
}

#[test]
fn text_that_starts_like_a_magic_number_is_text() {
    for text in ["BZh9 is no bzip2\n", "", "[", "\u{1f}"] {
        assert_eq!(read(text.into()), Ok(text.to_owned()), "{text:?}");
    }
}

#[test]
fn a_truncated_or_corrupt_stream_says_so() {
    let long = TEXT.repeat(2000);
    for format in FORMATS {
        let bytes = compressed(format, long.as_bytes());
        let cut = bytes[..bytes.len() / 2].to_vec();
        let message = read(cut).err().unwrap_or_default();
        let prefix = format!("the {} stream is damaged: ", format.name());
        assert!(message.starts_with(&prefix), "{format:?}: {message}");
        let mut corrupt = bytes.clone();
        let middle = corrupt.len() / 2;
        for byte in &mut corrupt[middle..middle + 16] {
            *byte ^= 0x5a;
        }
        let message = read(corrupt).err().unwrap_or_default();
        assert!(message.starts_with(&prefix), "{format:?}: {message}");
    }
}
