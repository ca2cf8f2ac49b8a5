//! Boards as bucas-style viewer URLs (`https://e2.bucas.name/#...`): `board_w`, `board_h`,
//! `board_edges` (four letters per cell, row-major, `up right down left`, `a` = colour 0,
//! `b` = 1, ...; an empty cell is `aaaa`) and `board_pieces` (three digits per cell, the
//! 1-based piece number, `000` for an empty cell).

use crate::board::Board;
use crate::instance::Instance;

/// The viewer address of `board` (a board of `inst`).
pub fn url(inst: &Instance, board: &Board) -> String {
    let mut edges = String::with_capacity(4 * inst.cells());
    let mut pieces = String::with_capacity(3 * inst.cells());
    for cell in board.cells() {
        match cell {
            Some(p) => {
                for c in inst.piece(p.piece).rotated(p.rotation) {
                    // Colours above 25 leave the letters; the viewer only knows E2's 23.
                    edges.push(char::from(b'a'.saturating_add(c.min(25))));
                }
                pieces.push_str(&format!("{:03}", p.piece as usize + 1));
            }
            None => {
                edges.push_str("aaaa");
                pieces.push_str("000");
            }
        }
    }
    let name: String = inst
        .name()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    let name = if name.is_empty() {
        "eternity-solver".to_string()
    } else {
        name
    };
    format!(
        "https://e2.bucas.name/#puzzle={name}&board_w={}&board_h={}&board_edges={edges}&board_pieces={pieces}",
        inst.width(),
        inst.height()
    )
}
