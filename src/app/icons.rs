//! The palettes' symbols, drawn as SVG files in `icons/` and compiled into
//! the binary (egui_extras rasterises them with resvg at the size shown).

use crate::scenario::{HexsideFeature, UnitKind};
use egui::{Image, ImageSource, include_image, vec2};

/// Size of a palette icon, in points.
pub const SIZE: f32 = 18.0;

/// Registers the SVG image loader (idempotent).
pub fn install(ctx: &egui::Context) {
    egui_extras::install_image_loaders(ctx);
}

pub fn unit(kind: UnitKind) -> ImageSource<'static> {
    match kind {
        UnitKind::Infantry => include_image!("../../icons/unit-infantry.svg"),
        UnitKind::Cavalry => include_image!("../../icons/unit-cavalry.svg"),
        UnitKind::Artillery => include_image!("../../icons/unit-artillery.svg"),
    }
}

/// The symbol of a well-known terrain id (drawn over the terrain's colour).
pub fn terrain(id: &str) -> Option<ImageSource<'static>> {
    Some(match id {
        "clear" => include_image!("../../icons/terrain-clear.svg"),
        "town" | "village" => include_image!("../../icons/terrain-town.svg"),
        "woods" | "forest" => include_image!("../../icons/terrain-woods.svg"),
        _ => return None,
    })
}

pub fn hexside(f: HexsideFeature) -> ImageSource<'static> {
    match f {
        HexsideFeature::Road => include_image!("../../icons/hexside-road.svg"),
        HexsideFeature::River => include_image!("../../icons/hexside-river.svg"),
        HexsideFeature::Bridge => include_image!("../../icons/hexside-bridge.svg"),
        HexsideFeature::Ford => include_image!("../../icons/hexside-ford.svg"),
    }
}

/// An icon at palette size.
pub fn image(src: ImageSource<'static>) -> Image<'static> {
    Image::new(src).fit_to_exact_size(vec2(SIZE, SIZE))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every icon is a well-formed SVG the loader rasterises.
    #[test]
    fn every_icon_loads() {
        let ctx = egui::Context::default();
        install(&ctx);
        let mut all: Vec<ImageSource<'static>> = UnitKind::ALL.iter().map(|&k| unit(k)).collect();
        all.extend(HexsideFeature::ALL.iter().map(|&f| hexside(f)));
        all.extend(["clear", "town", "woods"].iter().filter_map(|t| terrain(t)));
        assert_eq!(all.len(), 10);
        let mut out = ctx.run_ui(egui::RawInput::default(), |ui| {
            for src in all.iter().cloned() {
                let uri = src.uri().map(str::to_owned);
                match image(src).load_for_size(ui.ctx(), vec2(SIZE, SIZE)) {
                    Ok(egui::load::TexturePoll::Ready { texture }) => {
                        assert!(texture.size.x >= SIZE, "{uri:?}: {:?}", texture.size)
                    }
                    Ok(_) => panic!("{uri:?}: still loading"),
                    Err(e) => panic!("{uri:?}: {e}"),
                }
            }
        });
        out.textures_delta.clear();
    }
}
