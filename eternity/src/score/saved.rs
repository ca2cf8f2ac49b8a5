//! A score search's saved state: the options, which restart it is in, the walk's cursors, the
//! counters and the best board, as text in the family's checkpoint envelope.
//!
//! The walk is not stored as boards but as its cursors (list and position per depth), which
//! are replayed against the restart's tables on resume; the replay checks every recorded
//! placement, so a state that does not belong to this puzzle, these options or this restart
//! is refused instead of continuing a different search.

use std::fmt::Write as _;

use puzzle_search::Checkpoint;

use super::{BreakSchedule, PieceOrder, ScoreOptions, ScoreSearch};
use crate::board::{Board, Placement};
use crate::error::ResumeError;
use crate::instance::{Instance, Rotation};
use crate::order::FillOrder;
use crate::search::Continuation;

/// The state of `s` as a checkpoint.
pub(super) fn checkpoint(s: &ScoreSearch) -> Checkpoint {
    let o = s.options;
    let mut b = String::new();
    let schedule = o.schedule.map_or("default".to_string(), |x| x.to_string());
    let _ = writeln!(b, "seed {}", o.seed);
    let _ = writeln!(b, "restart_nodes {}", o.restart_nodes);
    let _ = writeln!(b, "piece_order {}", o.piece_order.name());
    let _ = writeln!(b, "schedule {schedule}");
    let _ = writeln!(b, "breaks_when_stuck {}", u8::from(o.breaks_when_stuck));
    let _ = writeln!(b, "cell_breaks {}", o.cell_breaks);
    let _ = writeln!(
        b,
        "polish {} {} {}",
        o.polish_windows, o.window_cells, o.window_nodes
    );
    let _ = writeln!(b, "sequence {} {}", s.offset, s.stride);
    let _ = writeln!(b, "restarts {}", s.restarts);
    let _ = writeln!(b, "nodes {}", s.nodes);
    let _ = writeln!(b, "improvements {}", s.improvements);
    let _ = writeln!(b, "max_depth {}", s.max_depth);
    let polishing = s.polishing.map_or("-".to_string(), |j| j.to_string());
    let _ = writeln!(b, "polishing {polishing}");
    let _ = writeln!(
        b,
        "walk {} {} {}",
        s.walk.nodes,
        u8::from(s.walk.exhausted),
        s.walk.bound
    );
    let cursors: Vec<String> = s
        .walk
        .cursors()
        .iter()
        .map(|(p, i)| format!("{p}:{i}"))
        .collect();
    let _ = writeln!(b, "cursors {}", cursors.join(" "));
    match &s.best {
        Some((board, restart)) => {
            let cells: Vec<String> = board
                .cells()
                .iter()
                .map(|c| c.map_or(".".into(), |p| format!("{}/{}", p.piece, p.rotation)))
                .collect();
            let _ = writeln!(b, "best {restart} {}", cells.join(" "));
        }
        None => {
            let _ = writeln!(b, "best none");
        }
    }
    Checkpoint {
        kind: ScoreSearch::KIND.into(),
        version: ScoreSearch::VERSION,
        fingerprint: Continuation::fingerprint(&s.inst, &s.order),
        progress: puzzle_search::Progress::new(s.nodes, s.improvements),
        body: b,
    }
}

fn shape(line: usize, what: impl std::fmt::Display) -> ResumeError {
    ResumeError::Shape(format!("score state line {line}: {what}"))
}

/// The fields of a body, each on its own line in a fixed order.
struct Fields<'a> {
    lines: std::iter::Enumerate<std::str::Lines<'a>>,
}

impl<'a> Fields<'a> {
    /// The rest of the next line, which must start with `name`.
    fn take(&mut self, name: &str) -> Result<(usize, &'a str), ResumeError> {
        let (i, l) = self
            .lines
            .next()
            .ok_or_else(|| shape(0, format!("`{name}` is missing")))?;
        let rest = l
            .strip_prefix(name)
            .and_then(|r| r.strip_prefix(' ').or(r.is_empty().then_some("")))
            .ok_or_else(|| shape(i + 1, format!("expected `{name}`")))?;
        Ok((i + 1, rest))
    }

    fn number<T: std::str::FromStr>(&mut self, name: &str) -> Result<T, ResumeError> {
        let (line, rest) = self.take(name)?;
        rest.trim()
            .parse()
            .map_err(|_| shape(line, format!("`{name}`: `{rest}` is not a number")))
    }
}

fn num<T: std::str::FromStr>(line: usize, s: &str) -> Result<T, ResumeError> {
    s.parse()
        .map_err(|_| shape(line, format!("`{s}` is not a number")))
}

/// The search a checkpoint of [`checkpoint`] describes.
pub(super) fn resume(
    inst: &Instance,
    order: &FillOrder,
    ck: &Checkpoint,
) -> Result<ScoreSearch, ResumeError> {
    ck.expect(
        ScoreSearch::KIND,
        ScoreSearch::VERSION,
        Continuation::fingerprint(inst, order),
    )?;
    let mut f = Fields {
        lines: ck.body.lines().enumerate(),
    };
    let seed = f.number("seed")?;
    let restart_nodes = f.number("restart_nodes")?;
    let (line, po) = f.take("piece_order")?;
    let piece_order: PieceOrder = po.parse().map_err(|e| shape(line, e))?;
    let (line, sc) = f.take("schedule")?;
    let schedule = match sc {
        "default" => None,
        s => Some(s.parse::<BreakSchedule>().map_err(|e| shape(line, e))?),
    };
    let (line, bws) = f.take("breaks_when_stuck")?;
    let breaks_when_stuck = match bws {
        "0" => false,
        "1" => true,
        _ => return Err(shape(line, "breaks_when_stuck must be 0 or 1")),
    };
    let (line, cb) = f.take("cell_breaks")?;
    let cell_breaks: u32 = num(line, cb)?;
    if cell_breaks == 0 {
        return Err(shape(line, "cell_breaks must be at least 1"));
    }
    let (line, pol) = f.take("polish")?;
    let mut pol = pol.split(' ');
    let (Some(polish_windows), Some(window_cells), Some(window_nodes), None) =
        (pol.next(), pol.next(), pol.next(), pol.next())
    else {
        return Err(shape(line, "expected WINDOWS CELLS NODES"));
    };
    let (polish_windows, window_cells, window_nodes): (u32, u32, u64) = (
        num(line, polish_windows)?,
        num(line, window_cells)?,
        num(line, window_nodes)?,
    );
    if window_cells < 2 {
        return Err(shape(line, "a window has at least 2 cells"));
    }
    if window_nodes > super::options::MAX_WINDOW_NODES {
        return Err(shape(line, "a window makes at most 1000000 placements"));
    }
    let (line, seq) = f.take("sequence")?;
    let (offset, stride) = seq
        .split_once(' ')
        .ok_or_else(|| shape(line, "expected OFFSET STRIDE"))?;
    let (offset, stride): (u64, u64) = (num(line, offset)?, num(line, stride)?);
    if stride == 0 || offset >= stride {
        return Err(shape(line, "the offset must be below a positive stride"));
    }
    let restarts: u64 = f.number("restarts")?;
    let nodes: u64 = f.number("nodes")?;
    let improvements: u64 = f.number("improvements")?;
    let max_depth: usize = f.number("max_depth")?;
    let (line, pg) = f.take("polishing")?;
    let polishing: Option<u32> = match pg {
        "-" => None,
        j => Some(num(line, j)?),
    };
    let (line, w) = f.take("walk")?;
    let mut w = w.split(' ');
    let (Some(walk_nodes), Some(exhausted), Some(bound), None) =
        (w.next(), w.next(), w.next(), w.next())
    else {
        return Err(shape(line, "expected NODES EXHAUSTED BOUND"));
    };
    let walk_nodes: u64 = num(line, walk_nodes)?;
    let bound: u32 = num(line, bound)?;
    let exhausted = match exhausted {
        "0" => false,
        "1" => true,
        _ => return Err(shape(line, "exhausted must be 0 or 1")),
    };
    let (line, cur) = f.take("cursors")?;
    let mut cursors = Vec::new();
    for t in cur.split_whitespace() {
        let (p, i) = t
            .split_once(':')
            .ok_or_else(|| shape(line, format!("`{t}`: expected PHASE:POS")))?;
        cursors.push((num::<u8>(line, p)?, num::<u32>(line, i)?));
    }
    let (line, best) = f.take("best")?;
    let best = if best == "none" {
        None
    } else {
        let (restart, cells) = best
            .split_once(' ')
            .ok_or_else(|| shape(line, "expected RESTART CELLS"))?;
        Some((num::<u64>(line, restart)?, parse_board(inst, line, cells)?))
    };
    if f.lines.next().is_some() {
        return Err(shape(0, "text after the last field"));
    }
    if max_depth > order.len() || walk_nodes > nodes || cursors.len() > order.len() {
        return Err(ResumeError::Shape(
            "score state: the counters or cursors do not fit this fill order".into(),
        ));
    }
    let options = ScoreOptions {
        seed,
        schedule,
        restart_nodes,
        piece_order,
        breaks_when_stuck,
        cell_breaks,
        polish_windows,
        window_cells,
        window_nodes,
    };
    let mut s = ScoreSearch::part(inst, order, options, offset, stride);
    s.restarts = restarts;
    s.begin_restart();
    if !cursors.is_empty() || !order.is_empty() {
        s.walk
            .replay(&s.layout, &s.allowed, &cursors)
            .map_err(|(depth, why)| ResumeError::Choice {
                depth,
                choice: cursors
                    .get(depth)
                    .map_or("-".into(), |(p, i)| format!("{p}:{i}")),
                why,
            })?;
    }
    s.walk.nodes = walk_nodes;
    s.walk.exhausted = exhausted;
    // The replay checked the choices against the schedule alone: the bound only falls, so
    // every choice was within the bound of its time.
    s.walk.bound = bound;
    s.walk.max_depth = s.walk.depth;
    s.nodes = nodes;
    s.nodes_at_resume = nodes;
    s.improvements = improvements;
    s.max_depth = max_depth;
    s.polishing = polishing;
    if let Some((restart, board)) = best {
        s.best_key = board.score(inst) as u32;
        s.best = Some((board, restart));
    }
    Ok(s)
}

/// A board written as `piece/rotation` or `.` per cell, row-major.
fn parse_board(inst: &Instance, line: usize, text: &str) -> Result<Board, ResumeError> {
    let mut cells = Vec::with_capacity(inst.cells());
    for t in text.split_whitespace() {
        if t == "." {
            cells.push(None);
            continue;
        }
        let (p, r) = t
            .split_once('/')
            .ok_or_else(|| shape(line, format!("`{t}`: expected PIECE/ROTATION or .")))?;
        let piece: u16 = num(line, p)?;
        if piece as usize >= inst.pieces().len() {
            return Err(shape(line, format!("piece {piece} is not in the puzzle")));
        }
        let rotation = Rotation::new(num(line, r)?)
            .ok_or_else(|| shape(line, format!("`{t}`: a rotation is 0 to 3")))?;
        cells.push(Some(Placement { piece, rotation }));
    }
    Board::from_cells(inst.width(), inst.height(), cells)
        .ok_or_else(|| shape(line, "the best board has the wrong number of cells"))
}
