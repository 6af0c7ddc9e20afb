use super::*;

#[test]
fn the_position_tag_round_trips_through_the_shared_board_text() {
    let value = "r1rdrr/6/3r2/2R3/6/R1DRRR w a3";
    let tags = [crate::record::Tag {
        name: "Position".to_owned(),
        value: value.to_owned(),
        offset: 0,
    }];
    let mana = Mana::from_tags(Tags::new(&tags)).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(setup::position_value(&mana), value);
    let error = |board: &str| {
        let tags = [crate::record::Tag {
            name: "Position".to_owned(),
            value: format!("{board} b -"),
            offset: 0,
        }];
        Mana::from_tags(Tags::new(&tags))
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default()
    };
    assert_eq!(
        error("rrdrrr/6/6/6/6/RRDRRRR"),
        "tag Position: rank 1 (\"RRDRRRR\") holds more than 6 squares"
    );
    assert_eq!(
        error("rrdrrr/6/6/6/6/RRDRR"),
        "tag Position: rank 1 (\"RRDRR\") does not hold 6 squares"
    );
    assert_eq!(
        error("rrdrrr/6/6/6/RRDRRR"),
        "tag Position: \"rrdrrr/6/6/6/RRDRRR\": the board has 6 ranks separated by '/', not 5"
    );
    assert_eq!(
        error("rrdrrr/6/6/6/6/RRDRRX"),
        "tag Position: 'X' is not a Mana piece (D, R, d, r) or a digit"
    );
}
