use super::*;

#[test]
fn the_quick_setup_reads_what_the_full_one_reads() {
    let mut rng = crate::rng::Rng::new(0x5e70_0b5e);
    let mut values = vec![
        DEFAULT_SETUP.to_owned(),
        "XXYZSZYX/XYZSZYX".to_owned(),
        "XXYZSZYX/XYZSZYXXX".to_owned(),
        "XXYZSZYXX/YZSZYXX".to_owned(),
        "XXYZSZYX/XYZSZYXX/".to_owned(),
        "XXYZSZYX-XYZSZYXX".to_owned(),
        "XXYZSZYÉ/XYZSZYX".to_owned(),
        "XXYZSZYX/XYZSZYXÉ".to_owned(),
    ];
    for _ in 0..2000 {
        let mut letters: Vec<char> = DEFAULT_SETUP.chars().collect();
        // A few changes: letters swapped (the Shogun moved), replaced
        // (the counts wrong) or made lower case.
        for _ in 0..rng.below(3) {
            let (i, j) = (rng.below(17), rng.below(17));
            match rng.below(3) {
                0 => letters.swap(i, j),
                1 => letters[i] = ['X', 'Y', 'Z', 'S', 'x', '/', 'A'][rng.below(7)],
                _ => letters[i] = letters[i].to_ascii_lowercase(),
            }
        }
        values.push(letters.into_iter().collect());
    }
    let mut read = 0;
    for value in &values {
        for (first, discs, rotation) in [
            (Side::White, DEFAULT_DISCS, 0),
            (Side::Red, DEFAULT_DISCS, 90),
            (
                Side::White,
                [[1, 2, 3, 4], [4, 3, 2, 1], [2, 2, 2, 2], [2, 1, 1, 2]],
                180,
            ),
        ] {
            let quick = quick_setup(value.as_bytes(), first, discs, rotation);
            let full = parse_setup(value, first, discs, rotation).ok();
            assert_eq!(quick, full, "{value}");
            read += usize::from(quick.is_some());
        }
    }
    assert!(read > 300, "{read} setups read");
}
