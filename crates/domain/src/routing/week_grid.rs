//! The week grid of a service plan: which rows cover each minute, drawn per day, with the gaps
//! and overlaps spelled out so the user sees them before saving.

use serde::Serialize;

use super::time_of_day::{span_text, TimeRow, LAST_MINUTE_OF_WEEK, MINUTES_PER_DAY};

/// A run of minutes within one day (inclusive, minutes of the day) covered by the same rows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Segment {
    pub from: i64,
    pub to: i64,
    /// Indexes of the rows covering it: none is a gap, more than one an overlap.
    pub rows: Vec<usize>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DayBar {
    pub day: i64,
    pub segments: Vec<Segment>,
}

/// A stretch of the week, "HH:MM" inclusive at both ends.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Span {
    pub from_day: i64,
    pub from_time: String,
    pub to_day: i64,
    pub to_time: String,
    /// "Thursday 19:01 to Thursday 20:00".
    pub text: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct WeekGrid {
    pub days: Vec<DayBar>,
    pub gaps: Vec<Span>,
    pub overlaps: Vec<Span>,
}

const WEEK: usize = (LAST_MINUTE_OF_WEEK + 1) as usize;

/// Rows with out-of-range times or ending before they start cover nothing.
pub fn week_grid(rows: &[TimeRow]) -> WeekGrid {
    let mut cover: Vec<Vec<usize>> = vec![vec![]; WEEK];
    for (i, row) in rows.iter().enumerate() {
        if let (Some(from), Some(to)) = (row.from(), row.to()) {
            for minute in from..=to {
                cover[minute as usize].push(i);
            }
        }
    }
    let days = (0..7)
        .map(|d| {
            let start = (d * MINUTES_PER_DAY) as usize;
            let segments = runs(&cover[start..start + MINUTES_PER_DAY as usize], |a, b| a == b)
                .into_iter()
                .map(|(from, to)| Segment { from: from as i64, to: to as i64, rows: cover[start + from].clone() })
                .collect();
            DayBar { day: d + 1, segments }
        })
        .collect();
    let spans_where = |wanted: fn(usize) -> bool| {
        runs(&cover, |a, b| wanted(a.len()) == wanted(b.len()))
            .into_iter()
            .filter(|&(from, _)| wanted(cover[from].len()))
            .map(|(from, to)| span(from as i64, to as i64))
            .collect()
    };
    WeekGrid { days, gaps: spans_where(|n| n == 0), overlaps: spans_where(|n| n > 1) }
}

/// Maximal runs of equal neighbours, as inclusive index pairs.
fn runs<T>(items: &[T], same: impl Fn(&T, &T) -> bool) -> Vec<(usize, usize)> {
    let mut runs = vec![];
    let mut start = 0;
    for i in 1..=items.len() {
        if i == items.len() || !same(&items[i], &items[start]) {
            runs.push((start, i - 1));
            start = i;
        }
    }
    runs
}

fn span(from: i64, to: i64) -> Span {
    let time = |m: i64| format!("{:02}:{:02}", m % MINUTES_PER_DAY / 60, m % 60);
    Span {
        from_day: from / MINUTES_PER_DAY + 1,
        from_time: time(from),
        to_day: to / MINUTES_PER_DAY + 1,
        to_time: time(to),
        text: span_text(from, to),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_whole_week_row_draws_seven_full_days_without_gaps() {
        let grid = week_grid(&[TimeRow::spanning(0, LAST_MINUTE_OF_WEEK, 1)]);
        assert_eq!(grid.days.len(), 7);
        assert!(grid.days.iter().all(|d| d.segments == vec![Segment { from: 0, to: 1439, rows: vec![0] }]));
        assert!(grid.gaps.is_empty() && grid.overlaps.is_empty());
    }

    #[test]
    fn gaps_and_overlaps_are_listed_with_their_times() {
        let rows = [
            TimeRow::spanning(0, 539, 1),                    // Monday 00:00-08:59
            TimeRow::spanning(600, 1500, 1),                 // Monday 10:00 - Tuesday 01:00
            TimeRow::spanning(1440, LAST_MINUTE_OF_WEEK, 1), // Tuesday 00:00 - Sunday
        ];
        let grid = week_grid(&rows);
        let gap = Span {
            from_day: 1,
            from_time: "09:00".into(),
            to_day: 1,
            to_time: "09:59".into(),
            text: "Monday 09:00 to Monday 09:59".into(),
        };
        assert_eq!(grid.gaps, vec![gap]);
        let overlap = Span {
            from_day: 2,
            from_time: "00:00".into(),
            to_day: 2,
            to_time: "01:00".into(),
            text: "Tuesday 00:00 to Tuesday 01:00".into(),
        };
        assert_eq!(grid.overlaps, vec![overlap]);
        let monday = &grid.days[0].segments;
        assert_eq!(monday[1], Segment { from: 540, to: 599, rows: vec![] });
        assert_eq!(grid.days[1].segments[0], Segment { from: 0, to: 60, rows: vec![1, 2] });
    }

    #[test]
    fn rows_with_impossible_times_cover_nothing() {
        let mut row = TimeRow::spanning(0, LAST_MINUTE_OF_WEEK, 1);
        row.from_day = 9;
        let grid = week_grid(&[row]);
        assert_eq!(grid.gaps.len(), 1);
        assert_eq!(grid.gaps[0].to_time, "23:59");
    }
}
