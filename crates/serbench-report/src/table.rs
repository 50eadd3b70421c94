//! A markdown table built from its columns and rows, so that no report
//! counts `|` by hand: a row with fewer cells than columns is filled with
//! empty ones, and a `|` inside a cell is escaped.

use std::fmt::Write as _;

/// How a column's cells line up.
#[derive(Clone, Copy)]
pub(crate) enum Align {
    Left,
    Right,
    Center,
}

/// A markdown table under construction.
pub(crate) struct Table {
    columns: Vec<(String, Align)>,
    rows: Vec<Vec<String>>,
}

impl Table {
    pub(crate) fn new() -> Self {
        Self {
            columns: Vec::new(),
            rows: Vec::new(),
        }
    }

    /// Adds a column.
    pub(crate) fn column(mut self, title: impl Into<String>, align: Align) -> Self {
        self.columns.push((title.into(), align));
        self
    }

    /// Adds a left-aligned column (names, labels).
    pub(crate) fn left(self, title: impl Into<String>) -> Self {
        self.column(title, Align::Left)
    }

    /// Adds a right-aligned column (figures).
    pub(crate) fn right(self, title: impl Into<String>) -> Self {
        self.column(title, Align::Right)
    }

    /// Adds a row; missing trailing cells are left empty.
    pub(crate) fn push(&mut self, cells: Vec<String>) {
        self.rows.push(cells);
    }

    /// The column titles, for a page that renders the same table in HTML.
    pub(crate) fn titles(&self) -> impl Iterator<Item = &str> {
        self.columns.iter().map(|(title, _)| title.as_str())
    }

    /// The rows' cells, each row as long as the columns.
    pub(crate) fn rows(&self) -> impl Iterator<Item = Vec<&str>> {
        self.rows.iter().map(|row| {
            (0..self.columns.len())
                .map(|at| row.get(at).map_or("", String::as_str))
                .collect()
        })
    }

    /// Whether each column is a figure (right-aligned).
    pub(crate) fn numeric(&self) -> Vec<bool> {
        self.columns
            .iter()
            .map(|(_, align)| matches!(align, Align::Right))
            .collect()
    }

    /// The cells of the last row pushed, to add to.
    ///
    /// # Panics
    ///
    /// When no row was pushed yet.
    pub(crate) fn last_row(&mut self) -> &mut Vec<String> {
        self.rows.last_mut().expect("a row to add to")
    }

    /// The table in markdown, a line per row, ending with a newline.
    pub(crate) fn render(&self) -> String {
        let line = |cells: &mut dyn Iterator<Item = String>| {
            let cells: Vec<String> = cells.collect();
            format!("| {} |\n", cells.join(" | "))
        };
        let mut text = line(&mut self.columns.iter().map(|(title, _)| escape(title)));
        let rule: Vec<&str> = self
            .columns
            .iter()
            .map(|(_, align)| match align {
                Align::Left => "---",
                Align::Right => "---:",
                Align::Center => ":-:",
            })
            .collect();
        let _ = writeln!(text, "|{}|", rule.join("|"));
        for row in &self.rows {
            let mut cells = (0..self.columns.len())
                .map(|at| row.get(at).map_or_else(String::new, |cell| escape(cell)));
            text.push_str(&line(&mut cells));
        }
        text
    }
}

fn escape(cell: &str) -> String {
    inline(cell).replace('|', "\\|")
}

/// `text` kept on one Markdown line: every control character (a newline
/// in a name from a results file would end a heading or a table row)
/// made a space.
pub(crate) fn inline(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// `text` as an image's alt text: on one line, its brackets escaped so
/// that it cannot close the `![…]`.
pub(crate) fn alt(text: &str) -> String {
    inline(text).replace('[', "\\[").replace(']', "\\]")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_alignment_and_fills_short_rows() {
        let mut table = Table::new()
            .left("codec")
            .right("size")
            .column("aim", Align::Center);
        table.push(vec!["json".into(), "2 MB".into(), "met".into()]);
        table.push(vec!["xml".into(), "failed: a | b".into()]);
        assert_eq!(
            table.render(),
            "| codec | size | aim |\n\
             |---|---:|:-:|\n\
             | json | 2 MB | met |\n\
             | xml | failed: a \\| b |  |\n"
        );
    }
}
