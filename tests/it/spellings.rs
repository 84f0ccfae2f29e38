//! Single words and values as the public readers read them, hand-worked: moves
//! (`WrittenMove::parse`), results (`GameResult::from_bytes`, `parse_result_tag`) and
//! GameType values (`GameTypeTag::parse`). Tags and setup commands in a game: `reading.rs`.

use pdnkit::pdn::*;

/// The longest run of strength marks read (longer runs are not moves; the reader's
/// `MAX_MARKS`).
const MAX_MARKS: usize = 14;

/// A move as its squares (`compact e d4` for compact ones), `capture` if written as one,
/// its separator and its marks; checks that its text is all of `text` but the marks.
fn describe(text: &str) -> Option<String> {
    let mv = WrittenMove::parse(text.as_bytes())?;
    let marks = mv.strength.map(|s| s.marks.to_string()).unwrap_or_default();
    assert_eq!(usize::from(mv.text_len) + marks.len(), text.len(), "{text}");
    let shape = match &mv.shape {
        MoveShape::Squares { squares, .. } => {
            let squares: Vec<String> = squares.iter().map(|s| s.to_string()).collect();
            squares.join(" ")
        }
        MoveShape::Compact {
            from_column, to, ..
        } => format!("compact {} {to}", char::from(b'a' + from_column)),
        MoveShape::Placeholder => "placeholder".into(),
    };
    let capture = if mv.is_capture() { " capture" } else { "" };
    let described = format!("{shape}{capture} {:?} {marks}", mv.separator);
    Some(described.trim_end().into())
}

#[test]
fn move_spellings() {
    for (text, expected) in [
        ("c3-d4", "c3 d4 Dash"),
        ("c3:e5:g7", "c3 e5 g7 capture Colon"),
        ("c3xg7", "c3 g7 capture Cross"),
        ("C3XE5", "c3 e5 capture Cross"),
        ("22-18", "22 18 Dash"),
        ("22x13", "22 13 capture Cross"),
        ("22:15:8", "22 15 8 capture Colon"),
        ("01-07", "1 7 Dash"),
        // Columns `j` and `k` are both the tenth.
        ("i1-j2", "i1 j2 Dash"),
        ("h2-k3", "h2 j3 Dash"),
        // Omitted and mixed separators.
        ("a3b4", "a3 b4 None"),
        ("3228", "32 28 None"),
        ("c3-e5:g7", "c3 e5 g7 capture Mixed"),
        ("c3d4-e5", "c3 d4 e5 Mixed"),
        ("ed4", "compact e d4 None"),
        ("e:d4", "compact e d4 capture Colon"),
        ("exd4", "compact e d4 capture Cross"),
        ("Ed4", "compact e d4 None"),
        ("-", "placeholder None"),
        ("--", "placeholder None"),
    ] {
        assert_eq!(describe(text).as_deref(), Some(expected), "{text}");
    }
    for marks in [
        "!",
        "?",
        "!!",
        "??",
        "!?",
        "?!",
        "*",
        &"!".repeat(MAX_MARKS),
    ] {
        let expected = format!("c3 d4 Dash {marks}");
        assert_eq!(describe(&format!("c3-d4{marks}")), Some(expected));
    }
    assert_eq!(
        describe(&format!("c3-d4{}", "!".repeat(MAX_MARKS + 1))),
        None
    );
    assert!("c3-d4".parse::<WrittenMove>().is_ok());
    for text in [
        "", "c3", "c3-", "c3--d4", "c0-d1", "0-5", "5-0", "c3-22", "22-c3", "l3-m4", "x", "c3-d4x",
        "c3-d4e", "a123-b4", "12345", "322", "e", "ed", "e-d4", "d4-", "$1", "1.", "c3-d4!x",
        "--d4", "---",
    ] {
        assert_eq!(WrittenMove::parse(text.as_bytes()), None, "{text:?}");
        assert!(text.parse::<WrittenMove>().is_err(), "{text:?}");
    }
}

#[test]
fn result_words_and_tag_values() {
    use Verdict::*;
    let word = |w: &[u8]| GameResult::from_bytes(w).map(|r| (r.text(), r.verdict()));
    let tag = |v: &[u8]| parse_result_tag(v).map(|r| (r.text(), r.verdict()));
    for (text, expected) in [
        ("2-0", Some(("2-0", WhiteWins))),
        ("0:2", Some(("0:2", BlackWins))),
        ("1-1", Some(("1-1", Draw))),
        ("0-0", Some(("0-0", BothLose))),
        ("*", Some(("*", Unknown))),
        ("1/2:1/2", Some(("1/2:1/2", Draw))),
        ("\u{bd}-\u{bd}", Some(("½-½", Draw))),
    ] {
        assert_eq!(word(text.as_bytes()), expected, "{text}");
        assert_eq!(tag(text.as_bytes()), expected, "{text}");
    }
    // The Latin-1 half sign.
    assert_eq!(word(b"\xbd-\xbd"), Some(("½-½", Draw)));
    for w in [
        "1-10", "10-1", "1-2", "0-3", "1/2", "1-0.", "**", "", "2:1", "½",
    ] {
        assert_eq!(word(w.as_bytes()), None, "{w}");
    }
    // Tag values: spaces ignored, anything else no result.
    assert_eq!(tag(b" 1 - 0 "), Some(("1-0", WhiteWins)));
    assert_eq!(tag(b"1/2-1/2"), Some(("1/2-1/2", Draw)));
    assert_eq!((tag(b"?"), tag(b""), tag(&[b'1'; 100])), (None, None, None));
    assert!(WhiteWins.is_decisive() && !Draw.is_decisive());
}

#[test]
fn game_type_values() {
    use GameTypeField::*;
    let bad = |field, at| Err(GameTypeError::Field { field, at });
    let full = |number, color, width, height, notation, invert| {
        Ok(GameTypeTag {
            number,
            start_color: Some(color),
            width: Some(width),
            height: Some(height),
            notation: Some(notation),
            invert,
        })
    };
    for (text, expected) in [
        ("41", Ok(GameTypeTag::bare(41))),
        (" 25 ", Ok(GameTypeTag::bare(25))),
        ("41,W,10,8,A0,0", full(41, 'W', 10, 8, ('A', 0), Some(0))),
        ("41,W,10,8,N2,0", full(41, 'W', 10, 8, ('N', 2), Some(0))),
        ("25, w, 8, 8, a1", full(25, 'W', 8, 8, ('A', 1), None)),
        ("21,B,8,8,N1,0", full(21, 'B', 8, 8, ('N', 1), Some(0))),
        // Errors point at the field.
        ("", Err(GameTypeError::Empty)),
        ("  ", Err(GameTypeError::Empty)),
        ("x", bad(Number, 0)),
        ("-1", bad(Number, 0)),
        ("99999999999", bad(Number, 0)),
        ("41,X,10,8,A0,0", bad(StartColor, 3)),
        ("41,W,0,8,A0,0", bad(Width, 5)),
        ("41,W,300,8,A0,0", bad(Width, 5)),
        ("41,W,10,,A0,0", bad(Height, 8)),
        ("41,W,10,8,A4,0", bad(Notation, 10)),
        ("41,W,10,8,Q0,0", bad(Notation, 10)),
        ("41,W,10,8,A0,2", bad(Invert, 13)),
        ("41,W,10", bad(Missing, 7)),
        ("41,W", bad(Missing, 4)),
        ("41,W,10,8,A0,0,1", bad(Trailing, 14)),
        ("41,", bad(StartColor, 3)),
    ] {
        assert_eq!(text.parse(), expected, "{text:?}");
        assert_eq!(GameTypeTag::parse(text.as_bytes()), expected, "{text:?}");
    }
    for (text, message) in [
        ("", "empty GameType"),
        ("41,W,0", "bad board width at byte 5 of GameType"),
        (
            "41,W,10",
            "GameType ends at byte 7; the full form has 5 or 6 fields",
        ),
    ] {
        let error = GameTypeTag::parse(text.as_bytes()).unwrap_err();
        assert_eq!(error.to_string(), message, "{text:?}");
    }
    // Written back in the canonical form.
    for (text, canonical) in [
        ("41", "41"),
        ("41,W,10,8,A0,0", "41,W,10,8,A0,0"),
        ("25,W,8,8,A1", "25,W,8,8,A1"),
        ("25, w,8,8,a0,0", "25,W,8,8,A0,0"),
    ] {
        assert_eq!(text.parse::<GameTypeTag>().unwrap().to_string(), canonical);
    }
}
