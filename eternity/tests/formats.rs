//! Reading and writing every format on bench-easy-h52 (shipped in `tests/data/`) and on
//! small boards written here; every board of the repository's test data is read in the
//! repository's oracle tests.

mod common;

use common::h52;
use eternity_solver::format::mcgavin::{self, HintAxis};
use eternity_solver::format::{self, e2pieces};
use eternity_solver::{FormatError, Hint, Instance, Piece, Rotation};

#[test]
#[cfg_attr(
    target_os = "wasi",
    ignore = "writes files in a temporary directory: WASI preview 1 has none"
)]
fn puz_hnt_files_round_trip_and_read_by_extension() {
    let inst = h52();
    let dir = std::env::temp_dir().join(format!("eternity-formats-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (puz, hnt) = (dir.join("hard.puz"), dir.join("hard.hnt"));
    mcgavin::write(&inst, &puz, &hnt, HintAxis::BottomUp).unwrap();
    let back = format::read(&puz, Some(&hnt), HintAxis::BottomUp).unwrap();
    assert_eq!(back.pieces(), inst.pieces());
    assert_eq!(back.hints(), inst.hints());
    // Read along the wrong axis, the same file puts the hints elsewhere: they no longer fit
    // the rim or each other, and the self-check says which line is at fault.
    match format::read(&puz, Some(&hnt), HintAxis::TopDown) {
        Err(err) => assert!(
            matches!(err, FormatError::Field { line: Some(_), .. }),
            "{err}"
        ),
        Ok(_) => panic!("hints read along the wrong axis were accepted"),
    }
    // A piece list of the same pieces reads back by extension too.
    let txt = dir.join("pieces.txt");
    std::fs::write(&txt, e2pieces::to_string(&inst)).unwrap();
    let listed = format::read(&txt, None, HintAxis::TopDown).unwrap();
    assert_eq!(listed.pieces(), inst.pieces());
    let missing = format::read(dir.join("nope.puz"), None, HintAxis::TopDown).unwrap_err();
    assert!(missing.to_string().contains("nope.puz"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(not(feature = "json"))]
#[test]
fn json_needs_its_feature() {
    let err = format::read("board.json", None, HintAxis::TopDown).unwrap_err();
    assert!(
        matches!(
            err,
            FormatError::NeedsFeature {
                feature: "json",
                ..
            }
        ),
        "{err}"
    );
}

#[test]
fn hint_self_check_rejects_contradictions() {
    let puz = "2 2 4\n0 1 2 0\n0 0 3 1\n2 4 0 0\n3 0 0 4\n";
    // Piece 1 at the top-left, unturned: fits.
    assert!(mcgavin::parse(puz, Some("1\n1 1 1 0\n"), HintAxis::TopDown).is_ok());
    // Turned once it shows grey to the right (the interior) and colour to the rim.
    let e = mcgavin::parse(puz, Some("1\n1 1 1 1\n"), HintAxis::TopDown).unwrap_err();
    assert!(e.to_string().contains("line 2"), "{e}");
    // Two hints that do not match each other: piece 1 top-left, piece 4 top-right turned so
    // its rim sides are grey but its left edge (4) faces piece 1's right edge (1).
    let e = mcgavin::parse(puz, Some("2\n1 1 1 0\n4 2 1 1\n"), HintAxis::TopDown).unwrap_err();
    assert!(e.to_string().contains("line 3"), "{e}");
    // Same cell twice, out-of-range fields, wrong counts.
    for (hnt, line) in [
        ("2\n1 1 1 0\n2 1 1 0\n", "line 3"),
        ("1\n9 1 1 0\n", "line 2"),
        ("1\n1 3 1 0\n", "line 2"),
        ("1\n1 1 1 4\n", "line 2"),
        ("2\n1 1 1 0\n", "line 1"),
        ("1\n1 1 x 0\n", "line 2, column 5"),
    ] {
        let e = mcgavin::parse(puz, Some(hnt), HintAxis::TopDown).unwrap_err();
        assert!(e.to_string().contains(line), "{hnt:?}: {e}");
    }
    // .puz errors name the line.
    for (bad, line) in [
        ("2 2\n", "line 1"),
        ("2 2 4\n0 1 2 0\n0 0 3 1\n2 4 0 0\n", "line 4"),
        ("2 2 4\n0 1 2 0\n0 0 3 1\n2 4 0 0\n3 0 0 9\n", "line 5"),
        ("2 2 4\n0 1 2 0\n0 0 3\n2 4 0 0\n3 0 0 4\n", "line 3"),
    ] {
        let e = mcgavin::parse(bad, None, HintAxis::TopDown).unwrap_err();
        assert!(e.to_string().contains(line), "{bad:?}: {e}");
    }
}

#[cfg(feature = "json")]
#[test]
fn json_errors_name_the_field_or_position() {
    use eternity_solver::format::json;
    for (bad, want) in [
        ("{", "line 1"),
        ("{\"width\":2}", "height"),
        (
            "{\"width\":1,\"height\":1,\"pieces\":[[0,0,0]]}",
            "pieces[0]",
        ),
        (
            "{\"width\":1,\"height\":1,\"pieces\":[[0,0,0,300]]}",
            "pieces[0][3]",
        ),
        (
            "{\"width\":1,\"height\":1,\"pieces\":[[0,0,0,0]],\"hints\":[{\"pos\":0,\"piece\":0,\"rot\":7}]}",
            "hints[0].rot",
        ),
        (
            "{\"width\":2,\"height\":1,\"pieces\":[[0,0,0,0]]}",
            "needs 2 pieces",
        ),
    ] {
        let e = json::parse(bad).unwrap_err().to_string();
        assert!(e.contains(want), "{bad}: {e}");
    }
}

#[cfg(feature = "json")]
#[test]
fn json_round_trips() {
    use eternity_solver::format::json;
    let inst = json::parse(common::H52_JSON).unwrap();
    assert_eq!(inst.name(), "bench_easy_joe_71_h52");
    assert_eq!(json::parse(&json::to_string(&inst)).unwrap(), inst);
}

#[cfg(feature = "json")]
#[test]
fn bucas_url_shows_the_solution() {
    use eternity_solver::FillOrder;
    use eternity_solver::engine::{self, EngineKind, Limits};
    use eternity_solver::format::{bucas, json};
    let inst = json::parse(common::H52_JSON).unwrap();
    let order = FillOrder::row_major(&inst);
    let sol = engine::run(EngineKind::Table, &inst, &order, Limits::first())
        .first_solution
        .unwrap();
    let url = bucas::url(&inst, &sol);
    assert!(url.starts_with(
        "https://e2.bucas.name/#puzzle=bench_easy_joe_71_h52&board_w=16&board_h=16&board_edges="
    ));
    let edges = url
        .split("board_edges=")
        .nth(1)
        .unwrap()
        .split('&')
        .next()
        .unwrap();
    let pieces = url.split("board_pieces=").nth(1).unwrap();
    assert_eq!(edges.len(), 4 * 256);
    assert_eq!(pieces.len(), 3 * 256);
    // Decode and check every interior edge matches, independently of the crate.
    let e: Vec<u8> = edges.bytes().map(|b| b - b'a').collect();
    let cell = |r: usize, c: usize, s: usize| e[(r * 16 + c) * 4 + s];
    for r in 0..16 {
        for c in 0..16 {
            if c + 1 < 16 {
                assert_eq!(cell(r, c, 1), cell(r, c + 1, 3));
            }
            if r + 1 < 16 {
                assert_eq!(cell(r, c, 2), cell(r + 1, c, 0));
            }
        }
    }
    let mut ids: Vec<&str> = (0..256).map(|i| &pieces[3 * i..3 * i + 3]).collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), 256);
}

#[test]
fn instance_checks_its_shape() {
    let p = |e| Piece::new(e);
    let four = vec![
        p([0, 1, 2, 0]),
        p([0, 0, 3, 1]),
        p([2, 4, 0, 0]),
        p([3, 0, 0, 4]),
    ];
    assert!(Instance::new(2, 2, four[..3].to_vec(), vec![]).is_err());
    assert!(Instance::new(0, 2, vec![], vec![]).is_err());
    let hint = |cell, piece| Hint {
        cell,
        piece,
        rotation: Rotation::R0,
    };
    assert!(Instance::new(2, 2, four.clone(), vec![hint(4, 0)]).is_err());
    assert!(Instance::new(2, 2, four.clone(), vec![hint(0, 9)]).is_err());
    assert!(Instance::new(2, 2, four.clone(), vec![hint(0, 0), hint(0, 1)]).is_err());
    assert!(Instance::new(2, 2, four.clone(), vec![hint(0, 0), hint(1, 0)]).is_err());
    assert!(Instance::new(2, 2, four, vec![hint(0, 0)]).is_ok());
}
