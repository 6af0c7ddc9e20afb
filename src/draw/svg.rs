//! Writes a [`Scene`] as an SVG document, escaping every text and value.

use super::{Anchor, Node, Scene, Shape};
use std::fmt::{self, Write};

/// The font family of every text: the font kifu ships, then the reader's.
pub const FONT_FAMILY: &str = "Kifu Sans, Liberation Sans, Arial, sans-serif";

/// The SVG of a scene, `size` user units wide (default: its own width).
pub fn write(scene: &Scene, size: Option<u32>) -> String {
    let width = size.map_or(scene.width, |s| s as f32);
    let height = width * scene.height / scene.width.max(1.0);
    let mut out = String::with_capacity(16 * 1024);
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {} {}\" width=\"{}\" height=\"{}\" font-family=\"{FONT_FAMILY}\"",
        Num(scene.width),
        Num(scene.height),
        Num(width),
        Num(height)
    );
    data(&mut out, &scene.data);
    out.push_str(">\n");
    for node in &scene.nodes {
        node_svg(&mut out, node, 1);
    }
    out.push_str("</svg>\n");
    out
}

fn node_svg(out: &mut String, node: &Node, depth: usize) {
    for _ in 0..depth {
        out.push(' ');
    }
    match &node.shape {
        Shape::Rect { x, y, w, h, r } => {
            let _ = write!(
                out,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"",
                Num(*x),
                Num(*y),
                Num(*w),
                Num(*h)
            );
            if *r > 0.0 {
                let _ = write!(out, " rx=\"{}\"", Num(*r));
            }
        }
        Shape::Circle { x, y, r } => {
            let _ = write!(
                out,
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\"",
                Num(*x),
                Num(*y),
                Num(*r)
            );
        }
        Shape::Poly { points, closed } => {
            out.push_str(if *closed { "<polygon" } else { "<polyline" });
            out.push_str(" points=\"");
            for (i, (x, y)) in points.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                let _ = write!(out, "{},{}", Num(*x), Num(*y));
            }
            out.push('"');
        }
        Shape::Text {
            x, y, size, anchor, ..
        } => {
            let _ = write!(
                out,
                "<text x=\"{}\" y=\"{}\" font-size=\"{}\"",
                Num(*x),
                Num(*y),
                Num(*size)
            );
            match anchor {
                Anchor::Start => {}
                Anchor::Middle => out.push_str(" text-anchor=\"middle\""),
                Anchor::End => out.push_str(" text-anchor=\"end\""),
            }
        }
        Shape::Group(_) => out.push_str("<g"),
    }
    paint(out, node);
    match &node.shape {
        Shape::Text { text, .. } => {
            out.push('>');
            escape_into(out, text);
            out.push_str("</text>\n");
        }
        Shape::Group(nodes) => {
            out.push_str(">\n");
            for child in nodes {
                node_svg(out, child, depth + 1);
            }
            for _ in 0..depth {
                out.push(' ');
            }
            out.push_str("</g>\n");
        }
        _ => out.push_str("/>\n"),
    }
}

/// The paint, class and data attributes of a node.
fn paint(out: &mut String, node: &Node) {
    let is_group = matches!(node.shape, Shape::Group(_));
    match node.fill {
        Some(fill) => {
            out.push_str(" fill=\"");
            escape_into(out, fill);
            out.push('"');
        }
        None if !is_group => out.push_str(" fill=\"none\""),
        None => {}
    }
    if let Some((colour, width)) = node.stroke {
        out.push_str(" stroke=\"");
        escape_into(out, colour);
        let _ = write!(out, "\" stroke-width=\"{}\"", Num(width));
    }
    if let Some(class) = node.class {
        out.push_str(" class=\"");
        escape_into(out, class);
        out.push('"');
    }
    data(out, &node.data);
}

fn data(out: &mut String, attributes: &[(&'static str, String)]) {
    for (name, value) in attributes {
        out.push_str(" data-");
        out.push_str(name);
        out.push_str("=\"");
        escape_into(out, value);
        out.push('"');
    }
}

/// A number written with at most two decimals and no trailing zeros, from
/// its whole hundredths: the text `format!("{:.2}")` of the rounded number
/// gave, trimmed, for every `f32` below 100,000 (all were compared),
/// without the float formatting that took half the time of `kifu html`.
struct Num(f32);

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let hundredths = (self.0 * 100.0).round() as i64;
        let sign = if hundredths < 0 { "-" } else { "" };
        let (whole, part) = (
            hundredths.unsigned_abs() / 100,
            hundredths.unsigned_abs() % 100,
        );
        match part {
            0 => write!(f, "{sign}{whole}"),
            _ if part % 10 == 0 => write!(f, "{sign}{whole}.{}", part / 10),
            _ => write!(f, "{sign}{whole}.{part:02}"),
        }
    }
}

/// Escapes text for XML, as element text and as an attribute value alike:
/// `&`, `<`, `>`, `"` and `'` become references, and characters XML 1.0
/// forbids (most control characters) become U+FFFD.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    escape_into(&mut out, text);
    out
}

fn escape_into(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || matches!(c, '\u{FFFE}' | '\u{FFFF}') => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_stable() {
        for (value, text) in [
            (1.0, "1"),
            (2.5, "2.5"),
            (1.0 / 3.0, "0.33"),
            (0.29, "0.29"),
            (0.999, "1"),
            (12.05, "12.05"),
            (-0.001, "0"),
            (-0.5, "-0.5"),
            (-12.345, "-12.35"),
            (99_999.99, "99999.99"),
        ] {
            assert_eq!(Num(value).to_string(), text, "{value}");
        }
    }

    #[test]
    fn every_special_character_is_escaped() {
        assert_eq!(
            escape("<script>\"'&]]>\u{1}"),
            "&lt;script&gt;&quot;&#39;&amp;]]&gt;\u{FFFD}"
        );
    }

    #[test]
    fn a_scene_is_written_with_its_data_and_escaped_text() {
        let mut scene = Scene::new(20.0, 10.0);
        scene.data("game", "x\"y");
        scene.push(
            Node::group(vec![Node::text(1.0, 2.0, 3.0, "</svg>").fill("#000")]).data("piece", "D"),
        );
        assert_eq!(
            write(&scene, Some(40)),
            format!(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 20 10\" width=\"40\" height=\"20\" font-family=\"{FONT_FAMILY}\" data-game=\"x&quot;y\">\n <g data-piece=\"D\">\n  <text x=\"1\" y=\"2\" font-size=\"3\" fill=\"#000\">&lt;/svg&gt;</text>\n </g>\n</svg>\n"
            )
        );
    }
}
