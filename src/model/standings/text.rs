//! The text of the standings: aligned tables, as `kifu match` prints them.

use super::Standings;
use std::fmt;

/// A whole number of Elo: signed, and 0 without a sign.
fn signed(x: f64) -> String {
    let whole = x.round() + 0.0;
    if whole == 0.0 {
        "0".to_owned()
    } else {
        format!("{whole:+}")
    }
}

/// The elo column: `+24 ± 68`; `+382 ± inf` when the interval is unbounded,
/// `-` when the difference is infinite.
fn elo_text(elo: Option<f64>, error: Option<f64>) -> String {
    match (elo, error) {
        (None, _) => "-".to_owned(),
        (Some(elo), None) => format!("{} ± inf", signed(elo)),
        (Some(elo), Some(error)) => format!("{} ± {}", signed(elo), error.round()),
    }
}

/// Writes `rows` under `header` in columns two spaces apart, the first
/// aligned left and the others right, each line without trailing blanks.
fn table(f: &mut fmt::Formatter<'_>, header: &[&str], rows: &[Vec<String>]) -> fmt::Result {
    let header: Vec<String> = header.iter().map(|h| (*h).to_owned()).collect();
    let lines = || std::iter::once(&header).chain(rows);
    let mut widths = vec![0; header.len()];
    for line in lines() {
        for (width, cell) in widths.iter_mut().zip(line) {
            *width = (*width).max(cell.chars().count());
        }
    }
    for line in lines() {
        for (column, (cell, &width)) in line.iter().zip(&widths).enumerate() {
            let pad = " ".repeat(width - cell.chars().count());
            if column == 0 {
                write!(f, "{cell}{pad}")?;
            } else {
                write!(f, "  {pad}{cell}")?;
            }
        }
        writeln!(f)?;
    }
    Ok(())
}

/// The tables, duels then races, a blank line after each, then the number
/// of games with the matchup: `10 games; A against B: 6-3-1
/// (wins-losses-unfinished)`. An engine's elo is `-` when its score is 0
/// or 100%, and its error `inf` when the interval is unbounded.
impl fmt::Display for Standings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.duels.is_empty() {
            let header = [
                "engine",
                "games",
                "wins",
                "losses",
                "unfinished",
                "score",
                "elo",
            ];
            let rows: Vec<Vec<String>> = self
                .duels
                .iter()
                .map(|row| {
                    vec![
                        row.engine.clone(),
                        row.games.to_string(),
                        row.wins.to_string(),
                        row.losses.to_string(),
                        row.unfinished.to_string(),
                        format!("{:.1}%", row.score),
                        elo_text(row.elo, row.elo_error),
                    ]
                })
                .collect();
            table(f, &header, &rows)?;
            writeln!(f)?;
        }
        if !self.crosstable.is_empty() {
            self.write_crosstable(f)?;
        }
        if !self.races.is_empty() {
            // Elo by place once there are engines to place against.
            let rated = self.races.len() >= 2;
            let mut header = vec!["engine", "seats", "firsts", "avg place", "avg score"];
            header.extend(rated.then_some("elo by place"));
            let rows: Vec<Vec<String>> = self
                .races
                .iter()
                .map(|row| {
                    let mut cells = vec![
                        row.engine.clone(),
                        row.seats.to_string(),
                        row.firsts.to_string(),
                        format!("{:.2}", row.average_place),
                        format!("{:.2}", row.average_score),
                    ];
                    cells.extend(rated.then(|| elo_text(row.elo, row.elo_error)));
                    cells
                })
                .collect();
            table(f, &header, &rows)?;
            writeln!(f)?;
        }
        let plural = if self.games == 1 { "" } else { "s" };
        write!(f, "{} game{plural}", self.games)?;
        if let Some(m) = &self.matchup {
            write!(
                f,
                "; {} against {}: {}-{}-{} (wins-losses-unfinished)",
                m.engine, m.opponent, m.wins, m.losses, m.unfinished
            )?;
        }
        if let Some(sprt) = &self.sprt {
            let counts = match (&sprt.pentanomial, &sprt.pairs) {
                (Some(duels), _) => duels.to_vec(),
                (None, Some(races)) => races.clone(),
                (None, None) => Vec::new(),
            };
            let accepted = match sprt.accepted.as_str() {
                "none" => "neither accepted".to_owned(),
                hypothesis => format!("{hypothesis} accepted"),
            };
            let points: Vec<String> = (0..counts.len()).map(|i| half_points(i as u64)).collect();
            let counts: Vec<String> = counts.iter().map(u64::to_string).collect();
            write!(
                f,
                "\nSPRT {}: LLR {:.2} ({:.2}, {:.2}), {accepted}; pairs {} ({} points)",
                sprt.test,
                sprt.llr,
                sprt.lower,
                sprt.upper,
                counts.join("-"),
                points.join("-")
            )?;
        }
        Ok(())
    }
}

impl Standings {
    /// The crosstable: each row's points against each column, of the games
    /// they played (`2.5/4`), then a blank line.
    fn write_crosstable(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut header = vec!["crosstable"];
        header.extend(self.crosstable.iter().map(|row| row.engine.as_str()));
        let rows: Vec<Vec<String>> = (self.crosstable.iter())
            .map(|row| {
                let mut cells = vec![row.engine.clone()];
                let mut against = row.against.iter();
                for column in &self.crosstable {
                    let cell = match column.engine == row.engine {
                        true => "-".to_owned(),
                        false => against.next().map_or_else(String::new, |e| {
                            format!("{}/{}", e.points, e.wins + e.losses + e.unfinished)
                        }),
                    };
                    cells.push(cell);
                }
                cells
            })
            .collect();
        table(f, &header, &rows)?;
        writeln!(f)
    }
}

/// `halves` half points as a number: `0`, `0.5`, `1`, `1.5`...
fn half_points(halves: u64) -> String {
    match halves % 2 {
        0 => (halves / 2).to_string(),
        _ => format!("{}.5", halves / 2),
    }
}
