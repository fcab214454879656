//! `vedette sheet` and `vedette render` end to end: the Waterloo setup
//! sheet is written as a PDF, read back with a PDF parser (lopdf for the
//! page boxes, pdf-extract for the text), and checked for every unit's
//! designation and start hex, every reinforcement turn, and the paper size.

use std::path::PathBuf;
use std::process::Command;
use vedette::scenario::Placement;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn sheet(paper: &str, out: &std::path::Path) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_vedette"))
        .arg("sheet")
        .arg(root().join("scenarios/waterloo.ron"))
        .arg("-o")
        .arg(out)
        .args(["--paper", paper])
        .output()
        .expect("runs");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Page sizes in points, from each page's MediaBox.
fn page_sizes(bytes: &[u8]) -> Vec<(f32, f32)> {
    let doc = lopdf::Document::load_mem(bytes).expect("a PDF lopdf can read");
    doc.get_pages()
        .values()
        .map(|&id| {
            let page = doc.get_dictionary(id).expect("page dictionary");
            let mb = page
                .get(b"MediaBox")
                .and_then(|o| o.as_array())
                .expect("MediaBox");
            let n: Vec<f32> = mb.iter().map(|x| x.as_float().expect("number")).collect();
            (n[2] - n[0], n[3] - n[1])
        })
        .collect()
}

/// Text with runs of white space made single spaces.
fn squeeze(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn the_waterloo_sheet_reads_back_with_every_unit_hex_and_turn() {
    let dir = tempfile::tempdir().expect("temp dir");
    let loaded =
        vedette::files::load_scenario(&root().join("scenarios/waterloo.ron")).expect("loads");
    let s = &loaded.scenario;
    // Portrait width and height in points, and a point's tolerance.
    for (paper, (w, h)) in [("a4", (595.3, 841.9)), ("letter", (612.0, 792.0))] {
        let out = dir.path().join(format!("waterloo-{paper}.pdf"));
        let said = sheet(paper, &out);
        assert!(said.contains("pages"), "{said}");
        let bytes = std::fs::read(&out).expect("written");

        let sizes = page_sizes(&bytes);
        assert!(sizes.len() >= 5, "{} pages", sizes.len());
        for (i, &(pw, ph)) in sizes.iter().enumerate() {
            let portrait = (pw - w).abs() < 1.0 && (ph - h).abs() < 1.0;
            let landscape = (pw - h).abs() < 1.0 && (ph - w).abs() < 1.0;
            assert!(
                portrait || landscape,
                "{paper} page {}: {pw} x {ph} pt",
                i + 1
            );
        }
        assert!((sizes[0].0 - w).abs() < 1.0, "the first page is portrait");

        let text = squeeze(&pdf_extract::extract_text_from_mem(&bytes).expect("text extracts"));
        assert!(text.contains("Napoleon at Waterloo"));
        for u in &s.units {
            assert!(
                text.contains(&u.designation),
                "{paper}: {} ({}) is not in the PDF's text",
                u.designation,
                u.id
            );
            match &u.placement {
                Placement::Start(h) => {
                    assert!(
                        text.contains(&h.label()),
                        "{paper}: start hex {}",
                        h.label()
                    )
                }
                Placement::Reinforcement { turn, entry } => {
                    assert!(
                        text.contains(&format!("Game-Turn {turn}")),
                        "{paper}: turn {turn}"
                    );
                    for e in entry {
                        assert!(text.contains(&e.label()), "{paper}: entry {}", e.label());
                    }
                }
                Placement::Variant { .. } => {}
            }
        }
        // Each start hex sits beside its unit in the order of battle: the
        // hex, then the designation, on one row.
        for (u, h) in s.units_at_start() {
            let row = format!("{} {}", h.label(), u.designation);
            assert!(text.contains(&row), "{paper}: no row {row:?}");
        }
    }
}

#[test]
fn sheet_and_render_refuse_bad_arguments_clearly() {
    let dir = tempfile::tempdir().expect("temp dir");
    let run = |args: &[&str]| {
        let o = Command::new(env!("CARGO_BIN_EXE_vedette"))
            .args(args)
            .current_dir(root())
            .output()
            .expect("runs");
        (
            o.status.code(),
            String::from_utf8_lossy(&o.stderr).into_owned(),
        )
    };
    let gif = dir.path().join("map.gif");
    let (code, err) = run(&[
        "render",
        "maps/waterloo.ron",
        "-o",
        gif.to_str().expect("utf-8"),
    ]);
    assert_eq!(code, Some(2));
    assert!(err.contains("must end in .png or .svg"), "{err}");

    let pdf = dir.path().join("x.pdf");
    let (code, err) = run(&["sheet", "no-such.ron", "-o", pdf.to_str().expect("utf-8")]);
    assert_eq!(code, Some(1));
    assert!(err.contains("no-such.ron"), "{err}");
    assert!(!pdf.exists(), "nothing written on failure");

    // A map file renders on its own; a scenario with its counters.
    for (input, name) in [
        ("maps/waterloo.ron", "map.png"),
        ("scenarios/waterloo.ron", "w.svg"),
    ] {
        let out = dir.path().join(name);
        let (code, err) = run(&[
            "render",
            input,
            "-o",
            out.to_str().expect("utf-8"),
            "--scale",
            "32",
        ]);
        assert_eq!(code, Some(0), "{err}");
        let bytes = std::fs::read(&out).expect("written");
        if name.ends_with(".png") {
            assert_eq!(&bytes[1..4], b"PNG");
        } else {
            let svg = String::from_utf8(bytes).expect("utf-8");
            assert!(svg.contains(">4-4</text>"), "counters drawn");
        }
    }
}

/// Every text run of every page as (page, effective size in points),
/// read from the content streams with the PDF's own coordinates: the
/// font size of `Tf` scaled by the text matrix and the current
/// transformation (q/Q, cm, BT, Tm, Td), so a size shrunk by a matrix
/// counts as shrunk.
fn text_sizes(bytes: &[u8]) -> Vec<(usize, f32)> {
    use lopdf::content::Content;
    type M = [f32; 6];
    let mul = |a: M, b: M| -> M {
        [
            a[0] * b[0] + a[1] * b[2],
            a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2],
            a[2] * b[1] + a[3] * b[3],
            a[4] * b[0] + a[5] * b[2] + b[4],
            a[4] * b[1] + a[5] * b[3] + b[5],
        ]
    };
    let num = |o: &lopdf::Object| o.as_float().unwrap_or(0.0);
    let matrix = |a: &[lopdf::Object]| -> M { std::array::from_fn(|i| num(&a[i])) };
    let doc = lopdf::Document::load_mem(bytes).expect("a PDF lopdf can read");
    let mut out = Vec::new();
    for (page, (_, id)) in doc.get_pages().into_iter().enumerate() {
        let data = doc.get_page_content(id);
        let content = Content::decode(&data).expect("content decodes");
        let id: M = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0];
        let (mut ctm, mut stack, mut tm, mut size) = (id, Vec::new(), id, 0.0f32);
        for op in &content.operations {
            let a = &op.operands;
            match op.operator.as_str() {
                "q" => stack.push(ctm),
                "Q" => ctm = stack.pop().unwrap_or(id),
                "cm" if a.len() == 6 => ctm = mul(matrix(a), ctm),
                "BT" => tm = id,
                "Tm" if a.len() == 6 => tm = matrix(a),
                "Tf" if a.len() == 2 => size = num(&a[1]),
                "Tj" | "TJ" | "'" | "\"" => {
                    let m = mul(tm, ctm);
                    let scale = (m[0] * m[3] - m[1] * m[2]).abs().sqrt();
                    out.push((page + 1, size * scale));
                }
                _ => {}
            }
        }
    }
    out
}

#[test]
fn issue35_item32_no_text_on_any_sheet_is_under_6_pt() {
    // Counter designations printed at 2-4 pt; hex numbers, area and
    // supply-road names, leaders' letters and the overview's place names
    // under 6. Measured in the PDF's own coordinates, every run of text of
    // every page of the shipped scenarios' sheets.
    let dir = tempfile::tempdir().expect("temp dir");
    for f in [
        "waterloo",
        "saint-aubin",
        "waterloo-one-hour",
        "tutorial",
        "quatre-bras",
        "hits16-tutorial",
    ] {
        let out = dir.path().join(format!("{f}.pdf"));
        let o = Command::new(env!("CARGO_BIN_EXE_vedette"))
            .arg("sheet")
            .arg(root().join(format!("scenarios/{f}.ron")))
            .arg("-o")
            .arg(&out)
            .output()
            .expect("runs");
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let sizes = text_sizes(&std::fs::read(&out).expect("written"));
        assert!(sizes.len() > 100, "{f}: {} runs of text", sizes.len());
        let (page, smallest) = sizes
            .iter()
            .copied()
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .expect("text");
        assert!(
            smallest >= 5.99,
            "{f}: text of {smallest:.2} pt on page {page}"
        );
    }
}

/// Issue 39 item 3: a sensitivity study's top five printed on the setup
/// sheet's balance note when the designer asks (`--balance-note`), from a
/// study split in two shards and merged; a shard alone is refused.
#[test]
fn issue39_the_sheet_prints_a_sensitivity_studys_top_five_when_asked() {
    let dir = tempfile::tempdir().expect("temp dir");
    let run = |args: &[&str]| {
        let o = Command::new(env!("CARGO_BIN_EXE_vedette"))
            .current_dir(root())
            .args(args)
            .output()
            .expect("runs");
        (
            o.status.code(),
            String::from_utf8_lossy(&o.stderr).into_owned(),
        )
    };
    let p = |name: &str| dir.path().join(name).display().to_string();
    for i in 0..2 {
        let (code, e) = run(&[
            "sensitivity",
            "scenarios/tutorial.ron",
            "--vary",
            "turns",
            "--games",
            "60",
            "--shard",
            &format!("{i}/2"),
            "-o",
            &p(&format!("s{i}.json")),
        ]);
        assert_eq!(code, Some(0), "{e}");
    }
    let (code, e) = run(&[
        "merge",
        &p("s0.json"),
        &p("s1.json"),
        "-o",
        &p("study.json"),
    ]);
    assert_eq!(code, Some(0), "{e}");
    let (code, e) = run(&[
        "sheet",
        "scenarios/tutorial.ron",
        "-o",
        &p("sheet.pdf"),
        "--balance-note",
        &p("study.json"),
    ]);
    assert_eq!(code, Some(0), "{e}");
    let bytes = std::fs::read(dir.path().join("sheet.pdf")).expect("the sheet");
    let text = squeeze(&pdf_extract::extract_text_from_mem(&bytes).expect("text"));
    assert!(text.contains("Balance note"), "{text}");
    assert!(
        text.contains("of 60 games between heuristic (French)"),
        "{text}"
    );
    assert!(text.contains("Game-Turns ([8.4])"), "{text}");
    assert!(text.contains("One step down"), "{text}");
    // Without the note asked for, none is printed.
    let (code, e) = run(&["sheet", "scenarios/tutorial.ron", "-o", &p("plain.pdf")]);
    assert_eq!(code, Some(0), "{e}");
    let plain = pdf_extract::extract_text_from_mem(
        &std::fs::read(dir.path().join("plain.pdf")).expect("the sheet"),
    )
    .expect("text");
    assert!(!plain.contains("Balance note"));
    let (code, e) = run(&[
        "sheet",
        "scenarios/tutorial.ron",
        "-o",
        &p("x.pdf"),
        "--balance-note",
        &p("s1.json"),
    ]);
    assert_eq!(code, Some(1));
    assert!(e.contains("join the shards"), "{e}");
}
