//! Reads divan's text output: a tree of benchmark names with a row of
//! figures per leaf, and under it the leaf's throughput and allocation rows.
//!
//! ```text
//! codecs           fastest       │ slowest       │ median        │ mean          │ samples │ iters
//! ╰─ media                       │               │               │               │         │
//!    ╰─ decode                   │               │               │               │         │
//!       ╰─ json    1.001 µs      │ 1.226 µs      │ 1.109 µs      │ 1.124 µs      │ 10      │ 20
//!                  487.4 MB/s    │ 397.8 MB/s    │ 439.9 MB/s    │ 434 MB/s      │         │
//!                  alloc:        │               │               │               │         │
//!                    11          │ 11            │ 11            │ 11            │         │
//!                    532 B       │ 532 B         │ 532 B         │ 532 B         │         │
//! ```
//!
//! divan is pinned exactly (`=0.1.21`) because this format is not a stable
//! interface; the tests below read a committed log of a real run.

use anyhow::{Context, bail};

/// One benchmark's figures, in nanoseconds per iteration.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Measurement {
    /// The names from the top module down to the leaf, e.g.
    /// `["task_manager", "encode", "json"]`.
    pub(crate) path: Vec<String>,
    pub(crate) fastest_ns: f64,
    pub(crate) slowest_ns: f64,
    pub(crate) median_ns: f64,
    pub(crate) mean_ns: f64,
    pub(crate) samples: u64,
    pub(crate) iterations: u64,
    /// Allocations per iteration (median column), if profiled.
    pub(crate) allocs: Option<f64>,
    /// Bytes allocated per iteration (median column), if profiled.
    pub(crate) alloc_bytes: Option<f64>,
    /// The most bytes live at once per iteration (median column).
    pub(crate) peak_bytes: Option<f64>,
}

/// The columns of a figures row after the name column.
const COLUMNS: usize = 6;

/// Reads divan's output a line at a time, as a run prints it, so that a
/// run's progress and its figures come from one reading. Benchmarks that
/// returned without timing anything appear with no figures and are left out.
#[derive(Default)]
pub(crate) struct Parser {
    /// The width of the name column, once the header is read.
    name_width: Option<usize>,
    /// The tree path of the last tree line.
    path: Vec<String>,
    /// The allocation section the next value rows belong to, and which of
    /// its rows comes next.
    section: Option<(String, usize)>,
    measurements: Vec<Measurement>,
}

impl Parser {
    /// Reads one line; returns the benchmark whose figures row it was.
    pub(crate) fn line(&mut self, line: &str) -> anyhow::Result<Option<&Measurement>> {
        if !line.contains('│') {
            return Ok(None);
        }
        let Some(name_width) = self.name_width else {
            if line.contains("fastest") {
                let width = line
                    .find("fastest")
                    .map(|byte| line[..byte].chars().count());
                self.name_width = width;
            }
            return Ok(None);
        };
        let chars: Vec<char> = line.chars().collect();
        let split = name_width.min(chars.len());
        let name_column: String = chars[..split].iter().collect();
        let rest: String = chars[split..].iter().collect();
        let fields: Vec<&str> = rest.split('│').map(str::trim).collect();
        if fields.len() != COLUMNS {
            bail!("a divan row without {COLUMNS} columns: {line:?}");
        }

        if let Some((depth, name)) = tree_entry(&name_column) {
            self.path.truncate(depth);
            self.path.push(name.to_owned());
            self.section = None;
            if fields[0].is_empty() {
                return Ok(None);
            }
            let measurement =
                figures(&self.path, &fields).with_context(|| format!("in {line:?}"))?;
            self.measurements.push(measurement);
            return Ok(self.measurements.last());
        }

        // A row under the last leaf: throughput, a section label (in the
        // first figures column), or values.
        if let Some(label) = fields[0].strip_suffix(':') {
            self.section = Some((label.to_owned(), 0));
            return Ok(None);
        }
        let Some((kind, row)) = &mut self.section else {
            return Ok(None);
        };
        let Some(last) = self.measurements.last_mut() else {
            return Ok(None);
        };
        if last.path != self.path {
            return Ok(None);
        }
        let value = quantity(fields[2]).with_context(|| format!("in {line:?}"))?;
        match (kind.as_str(), *row) {
            ("alloc", 0) => last.allocs = Some(value),
            ("alloc", 1) => last.alloc_bytes = Some(value),
            ("max alloc", 1) => last.peak_bytes = Some(value),
            _ => {}
        }
        *row += 1;
        Ok(None)
    }

    /// Every benchmark read.
    pub(crate) fn finish(self) -> anyhow::Result<Vec<Measurement>> {
        self.name_width.context("no divan table in the output")?;
        Ok(self.measurements)
    }
}

/// The depth and name of a tree line (`│  ├─ encode`), if it is one.
fn tree_entry(column: &str) -> Option<(usize, &str)> {
    let glyph = column.find("├─ ").or_else(|| column.find("╰─ "))?;
    let depth = column[..glyph].chars().count() / 3;
    let name = column[glyph..]
        .trim_start_matches(['├', '╰', '─', ' '])
        .trim_end();
    Some((depth, name))
}

fn figures(path: &[String], fields: &[&str]) -> anyhow::Result<Measurement> {
    Ok(Measurement {
        path: path.to_vec(),
        fastest_ns: duration_ns(fields[0])?,
        slowest_ns: duration_ns(fields[1])?,
        median_ns: duration_ns(fields[2])?,
        mean_ns: duration_ns(fields[3])?,
        samples: fields[4].parse().context("samples")?,
        iterations: fields[5].parse().context("iterations")?,
        ..Measurement::default()
    })
}

/// `1.643 µs` in nanoseconds.
fn duration_ns(text: &str) -> anyhow::Result<f64> {
    let (number, unit) = text.split_once(' ').context("a duration without a unit")?;
    let scale = match unit {
        "ps" => 1e-3,
        "ns" => 1.0,
        "µs" | "us" => 1e3,
        "ms" => 1e6,
        "s" => 1e9,
        _ => bail!("unknown time unit {unit:?}"),
    };
    Ok(number.parse::<f64>().context("a duration")? * scale)
}

/// `602`, `2.75`, `298.1 KB` or `1.2 M` as a plain number (decimal prefixes,
/// as divan prints them).
fn quantity(text: &str) -> anyhow::Result<f64> {
    let (number, unit) = text.split_once(' ').unwrap_or((text, ""));
    let scale = match unit.trim_end_matches('B') {
        "" => 1.0,
        "K" => 1e3,
        "M" => 1e6,
        "G" => 1e9,
        "T" => 1e12,
        _ => bail!("unknown unit {unit:?}"),
    };
    Ok(number
        .parse::<f64>()
        .with_context(|| format!("a number in {text:?}"))?
        * scale)
}

#[cfg(test)]
#[allow(
    clippy::float_cmp,
    reason = "the figures are read from exact decimal text"
)]
mod tests {
    use super::*;

    const LOG: &str = include_str!("../../test_data/divan.txt");

    fn parse(output: &str) -> anyhow::Result<Vec<Measurement>> {
        let mut parser = Parser::default();
        for line in output.lines() {
            parser.line(line)?;
        }
        parser.finish()
    }

    fn find<'a>(measurements: &'a [Measurement], path: &[&str]) -> &'a Measurement {
        measurements
            .iter()
            .find(|m| m.path == path)
            .unwrap_or_else(|| panic!("{path:?} not parsed"))
    }

    #[test]
    fn reads_figures_and_allocations() {
        let measurements = parse(LOG).unwrap();
        let json = find(&measurements, &["media", "decode", "json"]);
        let close = |a: f64, b: f64| (a - b).abs() < 1e-6;
        assert!(close(json.median_ns, 1_109.0), "{json:?}");
        assert!(close(json.fastest_ns, 1_001.0), "{json:?}");
        assert!(close(json.slowest_ns, 1_226.0), "{json:?}");
        assert_eq!((json.samples, json.iterations), (10, 20));
        assert_eq!(json.allocs, Some(11.0));
        assert_eq!(json.alloc_bytes, Some(532.0));
        assert_eq!(json.peak_bytes, Some(266.0));
    }

    #[test]
    fn reads_every_depth_and_unit() {
        let measurements = parse(LOG).unwrap();
        let xml = find(&measurements, &["media", "encode", "xml"]);
        assert!(xml.median_ns > 0.0 && xml.allocs.is_some());
        let build = find(&measurements, &["native", "media", "build", "protobuf"]);
        assert!(build.median_ns > 0.0);
        let sweep = find(&measurements, &["sweep", "encode", "1000", "json"]);
        assert!(sweep.median_ns > 1_000.0, "{sweep:?}");
        // Every row of figures (they end in the iteration count), and no
        // section row taken for one.
        let rows = LOG
            .lines()
            .filter(|line| line.trim_end().ends_with(|c: char| c.is_ascii_digit()))
            .count();
        assert_eq!(measurements.len(), rows);
    }

    /// A run's progress comes from the same reading: one finished bench per
    /// row of figures, named by its full path.
    #[test]
    fn reports_each_bench_as_its_row_is_read() {
        let mut parser = Parser::default();
        let mut finished = Vec::new();
        for line in LOG.lines() {
            if let Some(bench) = parser.line(line).unwrap() {
                finished.push(bench.path.join("::"));
            }
        }
        let measurements = parser.finish().unwrap();
        assert_eq!(finished.len(), measurements.len());
        assert_eq!(finished[0], "media::decode::bincode");
        assert!(finished.contains(&"sweep::decode::100000::xml".to_owned()));
        assert!(Parser::default().finish().is_err());
    }

    /// divan 0.1.21's own output for args named by codec id, one with a
    /// `-`, under a sweep's size level.
    #[test]
    fn reads_codec_ids_as_args() {
        let log = "\
codecs                 fastest       │ slowest       │ median        │ mean          │ samples │ iters
├─ media                             │               │               │               │         │
│  ╰─ encode                         │               │               │               │         │
│     ├─ json          29.72 ns      │ 29.72 ns      │ 29.72 ns      │ 29.72 ns      │ 1       │ 1
│     ╰─ simd-json     0.486 ns      │ 0.488 ns      │ 0.487 ns      │ 0.487 ns      │ 2       │ 8192
╰─ sweep                             │               │               │               │         │
   ╰─ encode                         │               │               │               │         │
      ├─ 100                         │               │               │               │         │
      │  ╰─ simd-json  0.493 ns      │ 0.493 ns      │ 0.493 ns      │ 0.493 ns      │ 2       │ 8192
      ╰─ 1000                        │               │               │               │         │
         ╰─ simd-json  0.495 ns      │ 0.495 ns      │ 0.495 ns      │ 0.495 ns      │ 2       │ 8192
";
        let measurements = parse(log).unwrap();
        assert_eq!(measurements.len(), 4);
        find(&measurements, &["media", "encode", "simd-json"]);
        let sweep = find(&measurements, &["sweep", "encode", "1000", "simd-json"]);
        assert_eq!(sweep.iterations, 8192);
    }

    #[test]
    fn units() {
        assert_eq!(duration_ns("8.713 ms").unwrap(), 8_713_000.0);
        assert_eq!(duration_ns("60.7 µs").unwrap(), 60_700.0);
        assert_eq!(quantity("298.1 KB").unwrap(), 298_100.0);
        assert_eq!(quantity("2.75").unwrap(), 2.75);
        assert!(duration_ns("3 fortnights").is_err());
    }
}
