//! Bar charts as inline SVG for a page: labelled horizontal bars for categories, vertical
//! bars for histograms. Each chart is a `<figure>` with its caption, the picture (named by a
//! text listing every bar, for those who cannot see it) and the same figures as a table.

use crate::text::escape::xml;
use std::collections::BTreeMap;
use std::fmt::Write;

/// Width of every chart, in pixels.
const WIDTH: u32 = 480;
/// Room for the labels of horizontal bars.
const LABEL: u32 = 190;
/// Height of one horizontal bar and its gap.
const ROW: u32 = 22;
/// Height of the bars' area of a histogram.
const PLOT: u32 = 160;
const BAR: &str = "#6b8fb3";

/// One bar: its label and its count.
pub type Bar = (String, u64);

/// Writes a figure with `caption` and horizontal bars, one per entry, in the order given.
pub fn write_bars(out: &mut String, caption: &str, bars: &[Bar]) {
    begin(out, caption, bars);
    if bars.is_empty() {
        return end(out, caption, bars);
    }
    let max = bars.iter().map(|b| b.1).max().unwrap_or(0).max(1);
    let height = ROW * bars.len() as u32 + 4;
    svg_open(out, height, caption, bars);
    // Room for the count right of the longest bar.
    let room = WIDTH - LABEL - 60;
    for (i, (label, count)) in bars.iter().enumerate() {
        let y = 2 + ROW * i as u32;
        let length = (*count as f64 / max as f64 * f64::from(room)).round() as u32;
        let _ = write!(
            out,
            "<text class=\"label\" x=\"{}\" y=\"{}\">",
            LABEL - 6,
            y + ROW / 2
        );
        out.push_str(&xml(&shorten(label, 30)));
        let _ = writeln!(
            out,
            "</text><rect x=\"{LABEL}\" y=\"{}\" width=\"{length}\" height=\"{}\" \
             fill=\"{BAR}\"/><text class=\"count\" x=\"{}\" y=\"{}\">{count}</text>",
            y + 3,
            ROW - 6,
            LABEL + length + 5,
            y + ROW / 2
        );
    }
    out.push_str("</svg>\n");
    end(out, caption, bars);
}

/// Writes a figure with `caption` and vertical bars (a histogram: one bar per bin, labelled
/// below; `axis` names what the bins count).
pub fn write_histogram(out: &mut String, caption: &str, axis: &str, bars: &[Bar]) {
    begin(out, caption, bars);
    if bars.is_empty() {
        return end(out, caption, bars);
    }
    let max = bars.iter().map(|b| b.1).max().unwrap_or(0).max(1);
    let height = PLOT + 56;
    svg_open(out, height, caption, bars);
    let left = 40;
    let slot = f64::from(WIDTH - left - 10) / bars.len() as f64;
    // Label as many bins as fit side by side, evenly (a character is about 7 pixels wide).
    let widest = bars.iter().map(|b| b.0.chars().count()).max().unwrap_or(1);
    let fit = ((f64::from(WIDTH - left) / (widest as f64 * 7.0 + 8.0)) as usize).max(1);
    let every = bars.len().div_ceil(fit);
    let _ = writeln!(
        out,
        "<text class=\"count\" x=\"2\" y=\"12\">{max}</text>\
         <path d=\"M{left} 4V{}H{}\" stroke=\"#888888\" fill=\"none\"/>",
        PLOT + 4,
        WIDTH - 6
    );
    for (i, (label, count)) in bars.iter().enumerate() {
        let h = (*count as f64 / max as f64 * f64::from(PLOT)).round();
        let x = f64::from(left) + slot * i as f64 + 1.0;
        let _ = write!(
            out,
            "<rect x=\"{x:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{h:.1}\" fill=\"{BAR}\">\
             <title>",
            f64::from(PLOT) + 4.0 - h,
            (slot - 2.0).max(1.0),
        );
        out.push_str(&xml(label));
        let _ = writeln!(out, ": {count}</title></rect>");
        if i % every == 0 {
            let _ = write!(
                out,
                "<text class=\"tick\" x=\"{:.1}\" y=\"{}\">",
                x + slot / 2.0,
                PLOT + 20
            );
            out.push_str(&xml(label));
            out.push_str("</text>\n");
        }
    }
    let _ = write!(
        out,
        "<text class=\"axis\" x=\"{}\" y=\"{}\">",
        WIDTH / 2,
        PLOT + 44
    );
    out.push_str(&xml(axis));
    out.push_str("</text>\n</svg>\n");
    end(out, caption, bars);
}

fn begin(out: &mut String, caption: &str, bars: &[Bar]) {
    out.push_str("<figure class=\"chart\"><figcaption>");
    out.push_str(&xml(caption));
    out.push_str("</figcaption>\n");
    if bars.is_empty() {
        out.push_str("<p class=\"empty\">No games to count.</p>\n");
    }
}

fn svg_open(out: &mut String, height: u32, caption: &str, bars: &[Bar]) {
    let mut label = format!("{caption}: ");
    for (i, (name, count)) in bars.iter().enumerate() {
        if i > 0 {
            label.push_str(", ");
        }
        let _ = write!(label, "{name} {count}");
    }
    let _ = writeln!(
        out,
        "<svg class=\"chart-svg\" viewBox=\"0 0 {WIDTH} {height}\" width=\"{WIDTH}\" \
         height=\"{height}\" role=\"img\" aria-label=\"{}\">",
        xml(&label)
    );
}

/// Closes the figure, with the figures as a table.
fn end(out: &mut String, caption: &str, bars: &[Bar]) {
    if !bars.is_empty() {
        out.push_str("<details><summary>Figures</summary><table class=\"figures\"><caption>");
        out.push_str(&xml(caption));
        out.push_str("</caption>\n<tbody>\n");
        for (label, count) in bars {
            out.push_str("<tr><th scope=\"row\">");
            out.push_str(&xml(label));
            let _ = writeln!(out, "</th><td>{count}</td></tr>");
        }
        out.push_str("</tbody></table></details>\n");
    }
    out.push_str("</figure>\n");
}

/// `text` cut to `max` characters, with an ellipsis when cut.
fn shorten(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(max - 1).collect();
    cut.push('…');
    cut
}

/// Counts values (given as how many times each occurs) into at most `max_bins` bins of a
/// round width (1, 2, 5, 10, 20, 50, ...), from the bin of the smallest value to that of the
/// largest, empty bins included. Labels are the bins' ranges (`10-19`, or `7` for a width of 1),
/// the last one ending at the largest value (`90-97`): the axis ends where the values do.
pub fn histogram(values: &BTreeMap<u32, usize>, max_bins: usize) -> Vec<Bar> {
    let (Some(&min), Some(&max)) = (values.keys().next(), values.keys().next_back()) else {
        return Vec::new();
    };
    let mut width = 1u32;
    let mut step = [2, 5, 10].into_iter().cycle();
    let mut scale = 1u32;
    while ((max / width) - (min / width)) as usize + 1 > max_bins {
        let factor = step.next().expect("cycle");
        if factor == 10 {
            scale = scale.saturating_mul(10);
            width = scale;
        } else {
            width = scale.saturating_mul(factor);
        }
    }
    let first = min / width;
    let mut counts = vec![0u64; ((max / width) - first) as usize + 1];
    for (&v, &n) in values {
        counts[(v / width - first) as usize] += n as u64;
    }
    counts
        .into_iter()
        .enumerate()
        .map(|(i, n)| {
            let low = (first + i as u32) * width;
            let high = low.saturating_add(width - 1).min(max);
            let label = if high == low {
                low.to_string()
            } else {
                format!("{low}-{high}")
            };
            (label, n)
        })
        .collect()
}

/// The style a page needs for its charts.
pub fn style() -> &'static str {
    ".chart-svg text{font:12px sans-serif;fill:#222222;dominant-baseline:central}\
     .chart-svg .label{text-anchor:end}.chart-svg .tick,.chart-svg .axis{text-anchor:middle}"
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counted(values: &[u32]) -> BTreeMap<u32, usize> {
        let mut map = BTreeMap::new();
        for &v in values {
            *map.entry(v).or_default() += 1;
        }
        map
    }

    fn labels(bars: &[Bar]) -> Vec<(&str, u64)> {
        bars.iter().map(|(l, n)| (l.as_str(), *n)).collect()
    }

    #[test]
    fn small_values_get_a_bin_each() {
        let bars = histogram(&counted(&[3, 1, 3, 0]), 20);
        assert_eq!(labels(&bars), [("0", 1), ("1", 1), ("2", 0), ("3", 2)]);
        assert!(histogram(&counted(&[]), 20).is_empty());
    }

    #[test]
    fn wide_ranges_get_round_bins() {
        // 12..=97 in at most 10 bins: width 10 (12 bins of 5 would be too many).
        let values: Vec<u32> = (12..=97).collect();
        let bars = histogram(&counted(&values), 10);
        assert_eq!(bars.len(), 9);
        assert_eq!(bars[0], ("10-19".to_string(), 8));
        assert_eq!(bars[8], ("90-97".to_string(), 8));
        assert_eq!(bars.iter().map(|b| b.1).sum::<u64>(), values.len() as u64);
        let bars = histogram(&counted(&[0, 250]), 4);
        assert_eq!(labels(&bars), [("0-99", 1), ("100-199", 0), ("200-250", 1)]);
        // A last bin holding its first value only is labelled by it.
        let bars = histogram(&counted(&[3, 40]), 5);
        assert_eq!(
            labels(&bars),
            [
                ("0-9", 1),
                ("10-19", 0),
                ("20-29", 0),
                ("30-39", 0),
                ("40", 1)
            ]
        );
    }

    #[test]
    fn a_chart_names_every_bar_and_escapes_labels() {
        let mut out = String::new();
        write_bars(&mut out, "Results", &[("1-0".into(), 3), ("<b>".into(), 1)]);
        assert!(out.contains("aria-label=\"Results: 1-0 3, &lt;b&gt; 1\""));
        assert!(out.contains("<th scope=\"row\">&lt;b&gt;</th><td>1</td>"));
        assert_eq!(out.matches("<rect").count(), 2);
        let mut empty = String::new();
        write_histogram(&mut empty, "Plies", "plies", &[]);
        assert!(empty.contains("No games to count."));
        assert!(!empty.contains("<svg"));
    }
}
