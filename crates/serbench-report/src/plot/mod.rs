//! Charts written as SVG by hand: the size-against-time scatter of each
//! dataset and operation ([`scatter`]) and the run-against-run changes
//! ([`changes`]).
//!
//! They are not drawn with plotters, as the bar charts are, for two
//! reasons. Every mark must carry attributes of its own (a class, the
//! codec it stands for, a `<title>` a reader sees on hover), which
//! plotters' SVG backend cannot write, and which the browser check and a
//! reader's pointer both rely on. And the labels of two dozen points must
//! be placed against each other and against the points ([`labels`]), which
//! needs every box's position before anything is written; with plotters
//! that placement would be done here anyway, and plotters would only print
//! the result.
//!
//! The SVG is well-formed XML (every element closed), so the same text is
//! inlined in `report.html` and written as a standalone file the README
//! embeds as an image.

mod axis;
pub(crate) mod changes;
pub(crate) mod labels;
pub(crate) mod pareto;
pub mod scatter;

/// The font every chart writes with, and its size in pixels.
/// Verdana and DejaVu Sans (Bitstream Vera's heir, what Debian's Chromium
/// falls back on) share their widths, so the label boxes [`labels`]
/// estimates hold wherever the chart is shown.
const FONT: &str = "Verdana, 'DejaVu Sans', sans-serif";
const FONT_SIZE: f64 = 12.0;

/// `12.3`: a coordinate with one decimal, enough for a pixel grid.
fn px(value: f64) -> String {
    format!("{value:.1}")
}

#[cfg(test)]
pub(crate) mod tests {
    /// Whether `svg` is well-formed as far as a renderer that reads it as
    /// XML cares: every element opened is closed, in order.
    pub(crate) fn well_formed(svg: &str) -> Result<(), String> {
        let mut open: Vec<&str> = Vec::new();
        let mut rest = svg;
        while let Some(start) = rest.find('<') {
            rest = &rest[start + 1..];
            let end = rest.find('>').ok_or("a tag is not closed")?;
            let tag = &rest[..end];
            rest = &rest[end + 1..];
            if tag.starts_with('?') || tag.starts_with('!') || tag.ends_with('/') {
                continue;
            }
            if let Some(name) = tag.strip_prefix('/') {
                match open.pop() {
                    Some(last) if last == name => {}
                    other => return Err(format!("</{name}> closes {other:?}")),
                }
            } else {
                let name = tag.split_whitespace().next().ok_or("an empty tag")?;
                open.push(name);
            }
        }
        if open.is_empty() {
            Ok(())
        } else {
            Err(format!("never closed: {open:?}"))
        }
    }

    #[test]
    fn the_checker_finds_an_unclosed_element() {
        assert!(well_formed("<svg><g><circle></circle></g></svg>").is_ok());
        assert!(well_formed("<svg><circle></svg>").is_err());
        assert!(well_formed("<svg><g>").is_err());
    }
}
