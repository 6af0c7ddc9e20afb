//! Tests of opening inputs: every compression format, told by its first
//! bytes, and damaged streams.

use super::*;
use crate::record::AfterText;
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
        let name = format.name();
        assert_eq!(
            read(cut),
            Err(format!("the {name} stream is damaged: it ends too soon")),
            "{format:?}"
        );
        let mut corrupt = bytes.clone();
        let middle = corrupt.len() / 2;
        for byte in &mut corrupt[middle..middle + 16] {
            *byte ^= 0x5a;
        }
        let message = read(corrupt).err().unwrap_or_default();
        let said = match format {
            Compression::Xz => message == "the xz stream is corrupt",
            _ => message.starts_with(&format!("the {name} stream is damaged: ")),
        };
        assert!(said, "{format:?}: {message}");
    }
}

/// The text read from `bytes` up to the end of their last stream, and the
/// error that ended it, through the reader of records' lines (which reads
/// an [`AfterText`] error as the end of the text, then says it).
fn read_until_after_text(bytes: Vec<u8>) -> (String, Option<String>) {
    let input = decoded("f".into(), io::Cursor::new(bytes)).unwrap_or_else(|e| panic!("{e}"));
    let mut text = String::new();
    let mut error = None;
    for line in input.text.lines() {
        match line {
            Ok(line) => text += &(line + "\n"),
            Err(e) => {
                assert!(AfterText::is(&e), "{e}");
                error = Some(e.to_string());
                break;
            }
        }
    }
    (text, error)
}

#[test]
fn bytes_after_a_complete_stream_end_the_text_and_are_said() {
    for format in FORMATS {
        let name = format.name();
        for (tail, said) in [
            (vec![0u8; 1001], "zero bytes".to_owned()),
            (b"hello\n".to_vec(), format!("bytes that are not {name}")),
            (b"\x1f".to_vec(), format!("bytes that are not {name}")),
        ] {
            let mut bytes = compressed(format, TEXT.as_bytes());
            bytes.extend(&tail);
            assert_eq!(
                read_until_after_text(bytes),
                (
                    TEXT.to_owned(),
                    Some(format!(
                        "the {name} stream is complete, but {said} follow the end of the stream"
                    ))
                ),
                "{format:?} {tail:?}"
            );
        }
    }
}

/// Zero bytes in fours after an xz stream are its padding, before another
/// stream or the end (as `xz` reads them); other zero bytes are not.
#[test]
fn an_xz_stream_may_be_padded_with_zeros_in_fours() {
    let xz = compressed(Compression::Xz, TEXT.as_bytes());
    let padded = [&xz[..], &[0; 8], &xz[..], &[0; 4]].concat();
    assert_eq!(read(padded), Ok(TEXT.repeat(2)));
    let odd = [&xz[..], &[0; 6], &xz[..]].concat();
    assert_eq!(
        read_until_after_text(odd),
        (
            TEXT.to_owned(),
            Some("the xz stream is complete, but zero bytes follow the end of the stream".into())
        )
    );
}

/// A zstd skippable frame (pzstd begins its files with one) is zstd.
#[test]
fn a_zstd_skippable_frame_is_read_past() {
    let skippable = [&[0x50, 0x2a, 0x4d, 0x18, 3, 0, 0, 0][..], b"abc"].concat();
    let zstd = compressed(Compression::Zstd, TEXT.as_bytes());
    let bytes = [&skippable[..], &zstd[..], &skippable[..], &zstd[..]].concat();
    assert_eq!(Compression::of(&bytes), Some(Compression::Zstd));
    assert_eq!(read(bytes), Ok(TEXT.repeat(2)));
}

/// The next stream is told by its first bytes even when the source gives
/// them one at a time, as a read buffer does where a stream ends just
/// before its end.
#[test]
fn a_stream_is_told_from_bytes_given_one_at_a_time() {
    for format in FORMATS {
        let one = compressed(format, TEXT.as_bytes());
        let source = BufReader::with_capacity(1, io::Cursor::new([&one[..], &one[..]].concat()));
        let mut text = String::new();
        let read = format
            .decoder(source)
            .and_then(|mut decoder| decoder.read_to_string(&mut text));
        assert!(read.is_ok(), "{format:?}: {read:?}");
        assert_eq!(text, TEXT.repeat(2), "{format:?}");
    }
}
