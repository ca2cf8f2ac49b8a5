//! The 9x9 grid: 81 cells in row-major order, `0` for a blank, `1..=9` for a digit.

use std::fmt;

use crate::error::Clash;

/// Number of cells of a grid.
pub const CELLS: usize = 81;
/// Bytes of a grid's one-line form, its line end included.
pub(crate) const LINE_BYTES: usize = CELLS + 1;
/// Bytes of a grid's nine-line form.
pub(crate) const BLOCK_BYTES: usize = 162;

/// The six orders of three things (rows in a band, bands, boxes in a row), in lexicographic
/// order.
pub(crate) const PERMS3: [[u8; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// The `s`-th permutation (`0..N!`) of `items`, which are in increasing order, in
/// lexicographic order: the digits of `s` in the factorial base pick the items from the
/// front. Shared by the finals' relabellings and the isomorphs'.
pub(crate) fn nth_permutation<const N: usize>(mut s: u64, mut items: [u8; N]) -> [u8; N] {
    let mut out = [0u8; N];
    let mut left = N;
    let mut fact: u64 = (1..N as u64).product(); // (N - 1)!
    for slot in &mut out {
        let pick = (s / fact) as usize;
        s %= fact;
        *slot = items[pick];
        items.copy_within(pick + 1..left, pick);
        left -= 1;
        fact /= (left as u64).max(1);
    }
    out
}

/// A sudoku grid: a puzzle (with blanks) or a solution (full).
///
/// Cells are numbered row-major: cell `9 * row + column`, rows and columns from 0. A cell holds
/// `0` (blank) or a digit `1..=9`; the constructors keep that invariant, so every engine can
/// rely on it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Grid {
    cells: [u8; CELLS],
}

/// A row, column or box, numbered from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// Row `n`.
    Row(u8),
    /// Column `n`.
    Column(u8),
    /// Box `n` (0 top-left, 8 bottom-right, row-major).
    Box(u8),
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unit::Row(n) => write!(f, "row {}", n + 1),
            Unit::Column(n) => write!(f, "column {}", n + 1),
            Unit::Box(n) => write!(f, "box {}", n + 1),
        }
    }
}

/// Row of a cell.
#[inline]
pub(crate) const fn row_of(cell: usize) -> usize {
    cell / 9
}

/// Column of a cell.
#[inline]
pub(crate) const fn col_of(cell: usize) -> usize {
    cell % 9
}

/// Box of a cell (0..9, row-major).
#[inline]
pub(crate) const fn box_of(cell: usize) -> usize {
    (cell / 27) * 3 + (cell % 9) / 3
}

impl Grid {
    /// The empty grid (every cell blank).
    pub const EMPTY: Grid = Grid { cells: [0; CELLS] };

    /// A grid from 81 values, `0` for blank; `None` if a value is above 9.
    pub fn from_cells(cells: [u8; CELLS]) -> Option<Grid> {
        cells.iter().all(|&v| v <= 9).then_some(Grid { cells })
    }

    /// A grid from 81 values that the caller built as `0..=9` (an engine's solution, a
    /// parser's checked bytes): no second check on the hot path; debug builds assert it.
    #[inline]
    pub(crate) fn from_checked_cells(cells: [u8; CELLS]) -> Grid {
        debug_assert!(cells.iter().all(|&v| v <= 9));
        Grid { cells }
    }

    /// The 81 values, row-major, `0` for blank.
    #[inline]
    pub fn cells(&self) -> &[u8; CELLS] {
        &self.cells
    }

    /// The value of a cell (`0` for blank). Panics if `cell >= 81`.
    #[inline]
    pub fn get(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// Sets a cell; `None` (and no change) if `cell >= 81` or `value > 9`.
    pub fn set(&mut self, cell: usize, value: u8) -> Option<()> {
        if value > 9 {
            return None;
        }
        *self.cells.get_mut(cell)? = value;
        Some(())
    }

    /// Number of givens (filled cells).
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// True when no cell is blank.
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// The first clash among the givens (in row, then column, then box order), if any.
    pub fn clash(&self) -> Option<Clash> {
        // Almost every grid asked has no clash: one pass says so, and only a grid that has
        // one is searched for the clash to report.
        if !self.has_clash() {
            return None;
        }
        self.first_clash()
    }

    /// True when a digit is given twice in a row, column or box.
    ///
    /// Each given counts as its digit's bit. A unit's givens are distinct exactly when the
    /// sum of their bits equals their OR (a repeated bit carries), so every unit is one sum
    /// and one OR, in loops of fixed length with no branch on a cell's value. The strict
    /// parser checks every puzzle it reads, so this is on the path of every line
    /// `str::parse` reads. The search through the units that [`Grid::first_clash`] makes
    /// took about 115 ns a grid, nearly all of a line's parsing then; this test takes 57 ns
    /// in the portable copy and 48 ns in the engine's copy for the processor, where the
    /// compiler has `shlx` and AVX2 (see the engine's `dispatch`; serg's grids, 20 passes,
    /// three repeats).
    fn has_clash(&self) -> bool {
        crate::engine::fast::dispatch::has_clash(self)
    }

    /// [`Grid::has_clash`] compiled where it is called.
    #[inline(always)]
    pub(crate) fn has_clash_here(&self) -> bool {
        let mut bits = [[0u16; 9]; 9];
        for (row, cells) in bits.iter_mut().zip(self.cells.chunks_exact(9)) {
            for (b, &d) in row.iter_mut().zip(cells) {
                // Bit `d` for a digit, none for a blank (bit 0 masked off).
                *b = (1u16 << d) & !1;
            }
        }
        let mut differ = 0u16;
        let (mut col_sum, mut col_or) = ([0u16; 9], [0u16; 9]);
        for band in bits.chunks_exact(3) {
            // Per column, the sum and OR of the band's three rows.
            let (mut sum, mut or) = ([0u16; 9], [0u16; 9]);
            for row in band {
                let (mut row_sum, mut row_or) = (0u16, 0u16);
                for c in 0..9 {
                    sum[c] += row[c];
                    or[c] |= row[c];
                    row_sum += row[c];
                    row_or |= row[c];
                }
                differ |= row_sum ^ row_or;
            }
            for c in (0..9).step_by(3) {
                let box_sum = sum[c] + sum[c + 1] + sum[c + 2];
                differ |= box_sum ^ (or[c] | or[c + 1] | or[c + 2]);
            }
            for c in 0..9 {
                col_sum[c] += sum[c];
                col_or[c] |= or[c];
            }
        }
        for c in 0..9 {
            differ |= col_sum[c] ^ col_or[c];
        }
        differ != 0
    }

    /// [`Grid::clash`] the long way, for a grid that has one.
    #[cold]
    fn first_clash(&self) -> Option<Clash> {
        let units = [
            (0usize, (|u, i| u * 9 + i) as fn(usize, usize) -> usize),
            (1, |u, i| i * 9 + u),
            (2, |u, i| (u / 3) * 27 + (u % 3) * 3 + (i / 3) * 9 + i % 3),
        ];
        let mut best: Option<Clash> = None;
        for (kind, cell_at) in units {
            for u in 0..9 {
                let mut seen = [usize::MAX; 10];
                for i in 0..9 {
                    let cell = cell_at(u, i);
                    let d = self.cells[cell] as usize;
                    if d == 0 {
                        continue;
                    }
                    if seen[d] != usize::MAX {
                        let unit = match kind {
                            0 => Unit::Row(u as u8),
                            1 => Unit::Column(u as u8),
                            _ => Unit::Box(u as u8),
                        };
                        let c = Clash {
                            digit: d as u8,
                            first: seen[d],
                            second: cell,
                            unit,
                        };
                        // Report the clash whose second cell comes first in reading order,
                        // so the message points at the earliest offending given.
                        if best.is_none_or(|b| c.second < b.second) {
                            best = Some(c);
                        }
                        break;
                    }
                    seen[d] = cell;
                }
            }
        }
        best
    }

    /// True when the grid is full and obeys every row, column and box rule.
    pub fn is_valid_solution(&self) -> bool {
        self.is_full() && self.clash().is_none()
    }

    /// True when `solution` is a valid full grid that keeps every given of `self`.
    pub fn is_solved_by(&self, solution: &Grid) -> bool {
        solution.is_valid_solution()
            && self
                .cells
                .iter()
                .zip(solution.cells.iter())
                .all(|(&g, &s)| g == 0 || g == s)
    }

    /// The one-line form: 81 characters, `.` for a blank.
    pub fn to_line(&self) -> String {
        self.line_bytes(b'.')[..CELLS]
            .iter()
            .map(|&b| char::from(b))
            .collect()
    }

    /// Appends the one-line form with `blank` for blanks and a final `\n`.
    pub fn write_line(&self, out: &mut Vec<u8>, blank: u8) {
        out.extend_from_slice(&self.line_bytes(blank));
    }

    /// The one-line form with `blank` for blanks and a final `\n`, in an array: a push per
    /// byte checked the vector's room each time, where the array's 81 bytes take a few
    /// vector operations.
    pub(crate) fn line_bytes(&self, blank: u8) -> [u8; LINE_BYTES] {
        let mut line = [b'\n'; LINE_BYTES];
        for (c, &v) in line.iter_mut().zip(&self.cells) {
            *c = if v == 0 { blank } else { b'0' + v };
        }
        line
    }

    /// Appends the nine-line text form (digits separated by single spaces, `0` for a blank,
    /// every line ending in `\n`): 162 bytes.
    pub fn write_block(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.block_bytes());
    }

    /// The nine-line text form in an array (see [`Grid::line_bytes`]).
    pub(crate) fn block_bytes(&self) -> [u8; BLOCK_BYTES] {
        let mut block = [b' '; BLOCK_BYTES];
        // A row is 18 bytes: each digit followed by a space, the last by the line end.
        for (line, row) in block.chunks_exact_mut(18).zip(self.cells.chunks_exact(9)) {
            for (c, &v) in line.iter_mut().step_by(2).zip(row) {
                *c = b'0' + v;
            }
            line[17] = b'\n';
        }
        block
    }

    /// The nine-line text form as a string (162 bytes, ending in `\n`).
    pub fn to_block(&self) -> String {
        self.block_bytes().iter().map(|&b| char::from(b)).collect()
    }
}

impl Default for Grid {
    fn default() -> Self {
        Grid::EMPTY
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({})", self.to_line())
    }
}

/// Prints the one-line form (`.` for blanks); `{:#}` prints the nine-line form.
impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            f.write_str(&self.to_block())
        } else {
            f.write_str(&self.to_line())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SOLVED;

    fn grid(s: &str) -> Grid {
        let mut cells = [0u8; CELLS];
        for (c, b) in cells.iter_mut().zip(s.bytes()) {
            *c = if b == b'.' { 0 } else { b - b'0' };
        }
        Grid::from_cells(cells).unwrap()
    }

    #[test]
    fn unit_helpers() {
        assert_eq!(box_of(0), 0);
        assert_eq!(box_of(80), 8);
        assert_eq!(box_of(30), 4);
        assert_eq!((row_of(40), col_of(40)), (4, 4));
    }

    #[test]
    fn valid_solution_and_clashes() {
        let g = grid(SOLVED);
        assert!(g.is_valid_solution());
        assert_eq!(g.clash(), None);
        let mut bad = g;
        bad.set(80, 1).unwrap();
        assert!(!bad.is_valid_solution());
        let c = bad.clash().unwrap();
        assert_eq!(c.digit, 1);
        assert_eq!(c.second, 80);
        let mut col = Grid::EMPTY;
        col.set(0, 5).unwrap();
        col.set(9, 5).unwrap();
        assert_eq!(col.clash().unwrap().unit, Unit::Column(0));
        let mut bx = Grid::EMPTY;
        bx.set(0, 7).unwrap();
        bx.set(10, 7).unwrap();
        assert_eq!(bx.clash().unwrap().unit, Unit::Box(0));
    }

    proptest::proptest! {
        /// The one-pass test finds a clash exactly when the long search does: grids of a
        /// few givens up to full ones, where clashes are common and rare.
        #[test]
        fn the_quick_clash_test_agrees_with_the_search(
            cells in proptest::collection::vec(0u8..=9, CELLS),
            blanks in 0usize..=81,
        ) {
            let mut g = Grid::EMPTY;
            for (cell, &v) in cells.iter().enumerate() {
                if cell >= blanks {
                    g.set(cell, v).unwrap();
                }
            }
            proptest::prop_assert_eq!(g.has_clash(), g.first_clash().is_some());
            // The portable copy too, whichever copy the processor runs.
            proptest::prop_assert_eq!(g.has_clash_here(), g.first_clash().is_some());
            proptest::prop_assert_eq!(g.clash(), g.first_clash());
        }

        /// The text forms built in arrays say what their definitions say, a cell at a time:
        /// the line with the blank asked for and a line end, the block's rows of digits
        /// separated by spaces.
        #[test]
        fn the_text_forms_write_each_cell_in_its_place(
            cells in proptest::collection::vec(0u8..=9, CELLS),
            blank in proptest::sample::select(vec![b'.', b'0', b'_']),
        ) {
            let mut g = Grid::EMPTY;
            for (cell, &v) in cells.iter().enumerate() {
                g.set(cell, v).unwrap();
            }
            let mut line = Vec::new();
            g.write_line(&mut line, blank);
            let mut expected: Vec<u8> =
                cells.iter().map(|&v| if v == 0 { blank } else { b'0' + v }).collect();
            expected.push(b'\n');
            proptest::prop_assert_eq!(line, expected);
            let mut block = vec![b'x'];
            g.write_block(&mut block);
            let rows: Vec<String> = cells
                .chunks(9)
                .map(|r| r.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(" ") + "\n")
                .collect();
            proptest::prop_assert_eq!(block, format!("x{}", rows.concat()).into_bytes());
        }
    }

    #[test]
    fn text_forms() {
        let g = grid(SOLVED);
        assert_eq!(g.to_line(), SOLVED);
        let b = g.to_block();
        assert_eq!(b.len(), 162);
        assert!(b.starts_with("4 6 8 9 3 1 5 2 7\n7 5 1"));
        assert_eq!(format!("{g}"), SOLVED);
        assert_eq!(format!("{g:#}"), b);
        assert!(Grid::from_cells([10; 81]).is_none());
        assert!(Grid::EMPTY.is_solved_by(&g));
        let mut other = Grid::EMPTY;
        other.set(0, 1).unwrap();
        assert!(!other.is_solved_by(&g));
    }
}
