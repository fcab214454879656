//! The terrain of a whole map as one texture, for views zoomed out so far
//! that hexes or boxes are a few pixels wide. Drawing tens of thousands of hexagons
//! as triangles every frame costs more than the frame budget on a big map;
//! one textured rectangle costs nothing, and the texture is only touched
//! where the terrain changed (a brush stroke updates a few dozen pixels).

use crate::hex::{Layout, Point};
use crate::scenario::Map;
use egui::{Color32, ColorImage, Painter, Rect, TextureHandle, TextureOptions, pos2, vec2};
use std::sync::{Arc, Mutex};

/// Below this hex size (centre to corner, in points) the map view draws
/// terrain from the texture.
pub const TEXTURE_BELOW: f32 = 4.0;

/// Image hex size in pixels: as large as the on-screen hexes it stands for,
/// so the texture is only ever shrunk, never blown up.
const IMAGE_HEX: f64 = TEXTURE_BELOW as f64;

/// Longest side of the texture in pixels (what every GPU accepts).
const MAX_SIDE: f64 = 2048.0;

/// What the texture was built from; a change to any of these rebuilds it
/// whole.
#[derive(Clone, PartialEq)]
struct Shape {
    columns: u32,
    rows: u32,
    grid: crate::hex::Grid,
    colours: Vec<(char, [u8; 3])>,
}

struct Cached {
    shape: Shape,
    /// The terrain rows the pixels show.
    terrain: Vec<String>,
    layout: Layout,
    size: [usize; 2],
    texture: TextureHandle,
}

type Slot = Arc<Mutex<Option<Cached>>>;

fn shape_of(map: &Map) -> Shape {
    Shape {
        columns: map.columns,
        rows: map.rows,
        grid: map.grid(),
        colours: map
            .terrain_kinds
            .iter()
            .map(|t| (t.code, [t.colour.0, t.colour.1, t.colour.2]))
            .collect(),
    }
}

/// Colour of each ASCII terrain code; transparent off the map.
fn palette(shape: &Shape) -> [Color32; 128] {
    let mut out = [Color32::from_rgb(255, 0, 255); 128];
    out[crate::scenario::OFF_MAP as usize] = Color32::TRANSPARENT;
    for (code, [r, g, b]) in &shape.colours {
        if code.is_ascii() {
            out[*code as usize] = Color32::from_rgb(*r, *g, *b);
        }
    }
    out
}

/// Renders the pixels of `region` (x0, y0, x1, y1, exclusive ends).
fn render(map: &Map, layout: &Layout, pal: &[Color32; 128], region: [usize; 4]) -> ColorImage {
    let [x0, y0, x1, y1] = region;
    let mut pixels = Vec::with_capacity((x1 - x0) * (y1 - y0));
    for y in y0..y1 {
        for x in x0..x1 {
            let h = layout.hex_at(Point::new(x as f64 + 0.5, y as f64 + 0.5));
            let c = match map.code_at(h) {
                Some(code) if code.is_ascii() => pal[code as usize],
                Some(_) => pal[0],
                None => Color32::TRANSPARENT,
            };
            pixels.push(c);
        }
    }
    ColorImage::new([x1 - x0, y1 - y0], pixels)
}

fn build(painter: &Painter, map: &Map, shape: Shape) -> Option<Cached> {
    let unit = Layout::with_first_hex_at(map.grid(), 1.0, Point::default());
    let (lo, hi) = unit.bounds(map.hexes_on_map())?;
    let extent = (hi.x - lo.x).max(hi.y - lo.y).max(1.0);
    let s = IMAGE_HEX.min(MAX_SIDE / extent);
    let origin = Point::new(-lo.x * s + 1.0, -lo.y * s + 1.0);
    let layout = Layout::with_first_hex_at(map.grid(), s, origin);
    let w = ((hi.x - lo.x) * s).ceil() as usize + 2;
    let h = ((hi.y - lo.y) * s).ceil() as usize + 2;
    let image = render(map, &layout, &palette(&shape), [0, 0, w, h]);
    let texture = painter
        .ctx()
        .load_texture("vedette-terrain", image, TextureOptions::LINEAR);
    Some(Cached {
        shape,
        terrain: map.terrain.clone(),
        layout,
        size: [w, h],
        texture,
    })
}

/// Redraws the pixels of the hexes whose terrain code changed since the
/// texture was made.
fn update(cached: &mut Cached, map: &Map) {
    let mut region: Option<[f64; 4]> = None;
    // Past the farthest corner of a cell: a hex's are `size` from its
    // centre, a box's `size` times root 1.5.
    let reach = cached.layout.size * 1.3 + 1.0;
    for (r, (old, new)) in cached.terrain.iter().zip(&map.terrain).enumerate() {
        if old == new {
            continue;
        }
        let mut a = old.chars();
        let mut b = new.chars();
        for c in 0..map.columns as i32 {
            if a.next() != b.next() {
                let p = cached
                    .layout
                    .center(crate::hex::Hex::new(c + 1, r as i32 + 1));
                let [x0, y0, x1, y1] = region.unwrap_or([p.x, p.y, p.x, p.y]);
                region = Some([x0.min(p.x), y0.min(p.y), x1.max(p.x), y1.max(p.y)]);
            }
        }
    }
    cached.terrain.clone_from(&map.terrain);
    let Some([x0, y0, x1, y1]) = region else {
        return;
    };
    let [w, h] = cached.size;
    let clamp = |v: f64, max: usize| (v.max(0.0) as usize).min(max);
    let px = [
        clamp((x0 - reach).floor(), w),
        clamp((y0 - reach).floor(), h),
        clamp((x1 + reach).ceil(), w),
        clamp((y1 + reach).ceil(), h),
    ];
    if px[2] <= px[0] || px[3] <= px[1] {
        return;
    }
    let image = render(map, &cached.layout, &palette(&cached.shape), px);
    cached
        .texture
        .set_partial([px[0], px[1]], image, TextureOptions::LINEAR);
}

/// Paints the map's terrain as one textured rectangle for the screen
/// layout `screen`, building or patching the texture as needed. Returns
/// false (and paints nothing) for a map with no hexes.
pub fn paint(painter: &Painter, map: &Map, screen: &Layout) -> bool {
    let id = painter.layer_id().id.with("vedette-terrain-image");
    let slot: Slot = painter
        .ctx()
        .data_mut(|d| d.get_temp_mut_or_default::<Slot>(id).clone());
    // A poisoned lock only means an earlier frame panicked mid-update; the
    // cache is rebuilt below in that case.
    let mut guard = slot.lock().unwrap_or_else(|e| e.into_inner());
    let shape = shape_of(map);
    let fresh = match guard.as_mut() {
        Some(c) if c.shape == shape && c.terrain.len() == map.terrain.len() => {
            update(c, map);
            false
        }
        _ => true,
    };
    if fresh {
        *guard = build(painter, map, shape);
    }
    let Some(c) = guard.as_ref() else {
        return false;
    };
    // Image pixel (0, 0) on screen: hex 0101's centre is at `origin` in the
    // image and at `first` on screen; the scale is the ratio of hex sizes.
    let k = (screen.size / c.layout.size) as f32;
    let origin = c.layout.center(crate::hex::Hex::new(1, 1));
    let first = screen.center(crate::hex::Hex::new(1, 1));
    let min = pos2(
        first.x as f32 - origin.x as f32 * k,
        first.y as f32 - origin.y as f32 * k,
    );
    let rect = Rect::from_min_size(min, vec2(c.size[0] as f32 * k, c.size[1] as f32 * k));
    painter.image(
        c.texture.id(),
        rect,
        Rect::from_min_max(pos2(0.0, 0.0), pos2(1.0, 1.0)),
        Color32::WHITE,
    );
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::Hex;
    use crate::scenario::generate;

    /// One frame painting `map` fitted at 2 points a hex; returns the
    /// terrain texture updates it produced (the font atlas left out).
    fn frame(ctx: &egui::Context, map: &Map) -> (Layout, Vec<egui::epaint::ImageDelta>) {
        let mut layout = None;
        let mut out = ctx.run_ui(egui::RawInput::default(), |ui| {
            let l = Layout::with_first_hex_at(map.grid(), 2.0, Point::new(10.0, 10.0));
            assert!(paint(ui.painter(), map, &l));
            layout = Some(l);
        });
        let deltas = out
            .textures_delta
            .set
            .iter()
            .filter(|(id, _)| **id != egui::TextureId::default())
            .flat_map(|(_, d)| d.iter().cloned())
            .collect();
        out.textures_delta.clear();
        (layout.expect("frame ran"), deltas)
    }

    /// The layout of the texture built for the background layer.
    fn texture_layout(ctx: &egui::Context) -> Layout {
        let slot: Slot = ctx.data_mut(|d| {
            d.get_temp_mut_or_default::<Slot>(
                egui::LayerId::background().id.with("vedette-terrain-image"),
            )
            .clone()
        });
        let guard = slot.lock().expect("not poisoned");
        guard.as_ref().expect("built").layout
    }

    fn pixel(d: &egui::epaint::ImageDelta, x: usize, y: usize) -> Color32 {
        let egui::ImageData::Color(img) = &d.image;
        let [ox, oy] = d.pos.unwrap_or([0, 0]);
        img.pixels[(y - oy) * img.width() + (x - ox)]
    }

    #[test]
    fn built_once_then_patched_where_the_terrain_changed() {
        let (_, mut map) = generate::large_scenario(60, 50, 10, 3);
        let ctx = egui::Context::default();
        let (_, first) = frame(&ctx, &map);
        assert_eq!(first.len(), 1, "one texture, whole");
        assert_eq!(first[0].pos, None);
        let woods = map
            .terrain_kinds
            .iter()
            .find(|t| t.code == 'W')
            .expect("woods")
            .colour;
        let clear = map
            .terrain_kinds
            .iter()
            .find(|t| t.code == '.')
            .expect("clear")
            .colour;
        let h = Hex::new(30, 25);
        assert_eq!(map.set_code(h, '.'), Some('.'), "a clear hex to paint");
        // Nothing changed: nothing sent.
        let (_, same) = frame(&ctx, &map);
        assert!(same.is_empty());

        // Paint the hex woods: the patch is small and shows woods at the
        // hex's centre in the texture's own layout.
        map.set_code(h, 'W');
        let (_, patch) = frame(&ctx, &map);
        assert_eq!(patch.len(), 1, "one patch");
        let pos = patch[0].pos.expect("a partial update");
        let [w, hgt] = patch[0].image.size();
        assert!(w * hgt < 20 * 20, "patch {w}x{hgt} at {pos:?}");
        let c = texture_layout(&ctx).center(h);
        let (x, y) = (c.x as usize, c.y as usize);
        let want = |c: crate::scenario::Colour| Color32::from_rgb(c.0, c.1, c.2);
        assert_eq!(pixel(&patch[0], x, y), want(woods));
        assert_ne!(want(woods), want(clear));
    }

    #[test]
    fn off_map_hexes_are_transparent() {
        let (_, mut map) = generate::large_scenario(20, 20, 4, 3);
        map.set_code(Hex::new(10, 10), crate::scenario::OFF_MAP);
        let ctx = egui::Context::default();
        let (_, d) = frame(&ctx, &map);
        let layout = texture_layout(&ctx);
        let c = layout.center(Hex::new(10, 10));
        assert_eq!(
            pixel(&d[0], c.x as usize, c.y as usize),
            Color32::TRANSPARENT
        );
        let c = layout.center(Hex::new(11, 10));
        assert_ne!(
            pixel(&d[0], c.x as usize, c.y as usize),
            Color32::TRANSPARENT
        );
    }
}
