//! Issue 40 item 2: the Linux desktop integration under `packaging/linux`
//! (menu entry, MIME types, icons, AppStream metainfo) and the Debian
//! package's assets, checked by the desktop's own validators.
//!
//! The validators are Debian packages (desktop-file-utils, libxml2-utils,
//! appstream, shared-mime-info, libglib2.0-bin); `.ci/run` installs them
//! and sets `VEDETTE_PACKAGING_TOOLS=required`, so in CI a missing one
//! fails the test. Elsewhere a missing validator is reported and its part
//! skipped.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use vedette::scenario::kind::{ALL_KINDS, FileKind};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(rel: &str) -> String {
    std::fs::read_to_string(root().join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// Runs a validator, or says it is missing (a failure when required).
fn run(tool: &str, args: &[&str], env: &[(&str, &Path)]) -> Option<Output> {
    let found = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).any(|d| d.join(tool).is_file()))
        .unwrap_or(false);
    if !found {
        assert!(
            std::env::var("VEDETTE_PACKAGING_TOOLS").as_deref() != Ok("required"),
            "{tool} is missing: .ci/run installs it"
        );
        eprintln!("{tool} is not installed here: that check is skipped");
        return None;
    }
    let mut c = Command::new(tool);
    c.args(args);
    for (k, v) in env {
        c.env(k, v);
    }
    Some(c.output().unwrap_or_else(|e| panic!("{tool}: {e}")))
}

fn ok(out: &Output) -> bool {
    out.status.success()
}

fn text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

#[test]
fn issue40_item2_the_desktop_entry_validates_and_takes_every_kind_of_file() {
    let entry = read("packaging/linux/vedette.desktop");
    assert!(entry.lines().any(|l| l == "Exec=vedette %F"), "{entry}");
    assert!(entry.lines().any(|l| l == "Icon=vedette"));
    let mimes = entry
        .lines()
        .find_map(|l| l.strip_prefix("MimeType="))
        .expect("a MimeType line");
    let listed: Vec<&str> = mimes.split(';').filter(|m| !m.is_empty()).collect();
    let kinds: Vec<&str> = ALL_KINDS.iter().map(|k| k.mime_type()).collect();
    assert_eq!(listed, kinds);
    let path = root().join("packaging/linux/vedette.desktop");
    if let Some(out) = run(
        "desktop-file-validate",
        &[path.to_str().expect("utf-8")],
        &[],
    ) {
        assert!(
            ok(&out) && text(&out).trim().is_empty(),
            "desktop-file-validate: {}",
            text(&out)
        );
    }
}

#[test]
fn issue40_item2_the_mime_types_know_vedettes_files_by_their_header_alone() {
    let xml = read("packaging/linux/vedette.xml");
    for k in ALL_KINDS {
        assert!(
            xml.contains(&format!("<mime-type type=\"{}\">", k.mime_type())),
            "{k:?}"
        );
        let header = k.header();
        assert!(
            xml.contains(&format!("value=\"{}\"", header.trim_end())),
            "{k:?}'s magic is its header line"
        );
    }
    // No glob: other programs' .ron files are not claimed.
    assert!(!xml.contains("<glob"), "no *.ron glob");
    let path = root().join("packaging/linux/vedette.xml");
    if let Some(out) = run("xmllint", &["--noout", path.to_str().expect("utf-8")], &[]) {
        assert!(ok(&out), "xmllint: {}", text(&out));
    }
    // The desktop's own MIME database, built from the system's types and
    // ours, tells each kind of file Vedette writes, a shipped scenario,
    // and leaves another program's .ron file alone.
    let dir = tempfile::tempdir().expect("temp dir");
    let packages = dir.path().join("mime/packages");
    std::fs::create_dir_all(&packages).expect("mkdir");
    let system = Path::new("/usr/share/mime/packages/freedesktop.org.xml");
    if system.is_file() {
        std::fs::copy(system, packages.join("freedesktop.org.xml")).expect("copy");
    }
    std::fs::copy(&path, packages.join("vedette.xml")).expect("copy");
    let mime = dir.path().join("mime");
    let Some(out) = run(
        "update-mime-database",
        &[mime.to_str().expect("utf-8")],
        &[],
    ) else {
        return;
    };
    assert!(ok(&out), "update-mime-database: {}", text(&out));
    let files = dir.path().join("files");
    std::fs::create_dir_all(&files).expect("mkdir");
    let mut cases: Vec<(PathBuf, Option<&str>)> = Vec::new();
    for k in ALL_KINDS {
        let p = files.join(format!("{}.ron", k.noun().replace(' ', "-")));
        std::fs::write(&p, k.file_text("(\n    version: 1,\n)\n")).expect("write");
        cases.push((p, Some(k.mime_type())));
    }
    cases.push((
        root().join("scenarios/waterloo.ron"),
        Some(FileKind::Scenario.mime_type()),
    ));
    let other = files.join("someone-elses.ron");
    std::fs::write(&other, "(\n    name: \"not ours\",\n)\n").expect("write");
    cases.push((other, None));
    for (p, want) in cases {
        let Some(out) = run(
            "gio",
            &[
                "info",
                "-a",
                "standard::content-type",
                p.to_str().expect("utf-8"),
            ],
            &[("XDG_DATA_HOME", dir.path()), ("XDG_DATA_DIRS", dir.path())],
        ) else {
            return;
        };
        assert!(ok(&out), "gio: {}", text(&out));
        let got = text(&out)
            .lines()
            .find_map(|l| l.trim().strip_prefix("standard::content-type: "))
            .map(str::to_string)
            .expect("a content type");
        match want {
            Some(w) => assert_eq!(got, w, "{}", p.display()),
            None => assert!(!got.contains("vedette"), "{got}"),
        }
    }
}

#[test]
fn issue40_item2_the_appstream_metainfo_validates_and_matches_the_package() {
    let meta = read("packaging/linux/vedette.metainfo.xml");
    assert!(meta.contains("<launchable type=\"desktop-id\">vedette.desktop</launchable>"));
    assert!(
        meta.contains(&format!(
            "<release version=\"{}\"",
            env!("CARGO_PKG_VERSION")
        )),
        "the newest release is this version"
    );
    for k in ALL_KINDS {
        assert!(
            meta.contains(&format!("<mediatype>{}</mediatype>", k.mime_type())),
            "{k:?}"
        );
    }
    // Every screenshot is one of docs/.
    for line in meta.lines().filter(|l| l.contains("<image>")) {
        let name = line
            .split("/docs/")
            .nth(1)
            .and_then(|r| r.split('<').next())
            .expect("a docs/ image");
        assert!(root().join("docs").join(name).is_file(), "{name}");
    }
    let path = root().join("packaging/linux/vedette.metainfo.xml");
    if let Some(out) = run(
        "appstreamcli",
        &["validate", "--no-net", path.to_str().expect("utf-8")],
        &[],
    ) {
        assert!(ok(&out), "appstreamcli: {}", text(&out));
    }
}

/// Width and height of a PNG, from its header.
fn png_size(rel: &str) -> (u32, u32) {
    let bytes = std::fs::read(root().join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"));
    assert_eq!(&bytes[1..4], b"PNG", "{rel}");
    let n = |i: usize| u32::from_be_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
    (n(16), n(20))
}

#[test]
fn issue40_item2_the_icons_have_their_sizes_and_the_package_installs_them() {
    assert_eq!(png_size("packaging/linux/icons/vedette-48.png"), (48, 48));
    assert_eq!(
        png_size("packaging/linux/icons/vedette-128.png"),
        (128, 128)
    );
    assert_eq!(png_size("icons/vedette-256.png"), (256, 256));
    let cargo = read("Cargo.toml");
    for (from, to) in [
        (
            "packaging/linux/icons/vedette-48.png",
            "hicolor/48x48/apps/vedette.png",
        ),
        (
            "packaging/linux/icons/vedette-128.png",
            "hicolor/128x128/apps/vedette.png",
        ),
        ("icons/vedette-256.png", "hicolor/256x256/apps/vedette.png"),
        ("icons/vedette.svg", "hicolor/scalable/apps/vedette.svg"),
    ] {
        assert!(
            cargo
                .lines()
                .any(|l| l.contains(&format!("[\"{from}\"")) && l.contains(to)),
            "the .deb installs {from} as {to}"
        );
    }
}

#[test]
fn issue40_item2_every_asset_of_the_deb_exists() {
    let cargo = read("Cargo.toml");
    let assets: Vec<&str> = cargo
        .lines()
        .filter(|l| l.trim_start().starts_with("[\""))
        .filter_map(|l| l.trim_start().strip_prefix("[\"")?.split('"').next())
        .collect();
    assert!(assets.len() >= 10, "{assets:?}");
    for a in &assets {
        if *a == "target/release/vedette" {
            continue;
        }
        match a.strip_suffix("*.ron") {
            Some(dir) => {
                let any = std::fs::read_dir(root().join(dir))
                    .expect("folder")
                    .any(|e| {
                        e.expect("entry")
                            .path()
                            .extension()
                            .is_some_and(|x| x == "ron")
                    });
                assert!(any, "{a} matches no file");
            }
            None => assert!(root().join(a).is_file(), "{a} is missing"),
        }
    }
    for needed in [
        "packaging/linux/vedette.desktop",
        "packaging/linux/vedette.xml",
        "packaging/linux/vedette.metainfo.xml",
        "scenarios/*.ron",
        "maps/*.ron",
        "scenarios/armies/*.ron",
    ] {
        assert!(assets.contains(&needed), "the .deb installs {needed}");
    }
}

#[test]
fn issue40_item1_every_shipped_file_starts_with_its_header() {
    for (path, text) in vedette::bundled::files() {
        let want = if path.starts_with("maps/") {
            FileKind::Map
        } else if path.starts_with("scenarios/armies/") {
            FileKind::ArmyList
        } else {
            FileKind::Scenario
        };
        assert_eq!(FileKind::of_header(text), Some(want), "{path}");
    }
}
