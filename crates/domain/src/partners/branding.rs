//! A partner's branding (/partner/settings): top-bar colours, a logo and a favicon, shown in the
//! admin area of the partner and of its clients. The colours must stay readable (WCAG AA, the
//! same bar as the product's own styles); images are PNG only (an uploaded SVG could carry
//! script) and bounded in size.

use serde::{Deserialize, Serialize};

use crate::validation::FieldErrors;

pub const COLOUR_FORMAT: &str = "Colour must be a hex code such as #1a2b3c.";
pub const CONTRAST_TOO_LOW: &str =
    "The text colour must stand out from the background: a contrast of at least 4.5 to 1 is needed.";
/// WCAG 2 AA for normal text.
pub const MIN_CONTRAST: f64 = 4.5;
pub const LOGO_MAX_BYTES: usize = 200 * 1024;
pub const FAVICON_MAX_BYTES: usize = 50 * 1024;
const PNG_SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BrandingColours {
    /// form_top_bar_background
    pub background: String,
    /// form_top_bar_text
    pub text: String,
}

/// #rrggbb as three channels.
/// A colour's hex digits after '#'.
pub const HEX_DIGITS: usize = 6;

pub fn parse_hex_colour(value: &str) -> Option<[u8; 3]> {
    let hex = value.trim().strip_prefix('#')?;
    if hex.len() != HEX_DIGITS || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    let channel = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
    Some([channel(0)?, channel(2)?, channel(4)?])
}

fn relative_luminance([r, g, b]: [u8; 3]) -> f64 {
    let linear = |c: u8| {
        let c = f64::from(c) / 255.0;
        if c <= 0.039_28 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/// The WCAG contrast ratio of two colours, from 1 (same) to 21 (black on white).
pub fn contrast_ratio(a: [u8; 3], b: [u8; 3]) -> f64 {
    let (la, lb) = (relative_luminance(a), relative_luminance(b));
    let (light, dark) = if la > lb { (la, lb) } else { (lb, la) };
    (light + 0.05) / (dark + 0.05)
}

/// Field errors of the colours (form_top_bar_background, form_top_bar_text).
pub fn validate_branding_colours(colours: &BrandingColours) -> FieldErrors {
    let mut errors = FieldErrors::new();
    let background = parse_hex_colour(&colours.background);
    let text = parse_hex_colour(&colours.text);
    if background.is_none() {
        errors.add("form_top_bar_background", COLOUR_FORMAT);
    }
    if text.is_none() {
        errors.add("form_top_bar_text", COLOUR_FORMAT);
    }
    if let (Some(background), Some(text)) = (background, text) {
        if contrast_ratio(background, text) < MIN_CONTRAST {
            errors.add("form_top_bar_text", CONTRAST_TOO_LOW);
        }
    }
    errors
}

/// Which image of the branding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum BrandImage {
    Logo,
    Favicon,
}

impl BrandImage {
    pub fn field(self) -> &'static str {
        match self {
            BrandImage::Logo => "form_logo",
            BrandImage::Favicon => "form_favicon",
        }
    }

    pub fn max_bytes(self) -> usize {
        match self {
            BrandImage::Logo => LOGO_MAX_BYTES,
            BrandImage::Favicon => FAVICON_MAX_BYTES,
        }
    }

    fn noun(self) -> &'static str {
        match self {
            BrandImage::Logo => "logo",
            BrandImage::Favicon => "favicon",
        }
    }
}

/// What is wrong with an uploaded image, given its first bytes (at least 8 are enough) and its
/// full size; None when it may be stored.
pub fn image_problem(image: BrandImage, first_bytes: &[u8], size: usize) -> Option<String> {
    if size == 0 || !first_bytes.starts_with(&PNG_SIGNATURE) {
        Some(format!("The {} must be a PNG image.", image.noun()))
    } else if size > image.max_bytes() {
        Some(format!("The {} must not exceed {} KB.", image.noun(), image.max_bytes() / 1024))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn colours(background: &str, text: &str) -> BrandingColours {
        BrandingColours { background: background.into(), text: text.into() }
    }

    #[test]
    fn colours_are_six_digit_hex_codes() {
        assert_eq!(parse_hex_colour("#8E24aa"), Some([0x8e, 0x24, 0xaa]));
        for bad in ["8e24aa", "#8e24a", "#8e24aaa", "#8e24ag", "", "#", "#+1+2+3"] {
            assert_eq!(parse_hex_colour(bad), None, "{bad}");
        }
        let errors = validate_branding_colours(&colours("purple", "#fff"));
        assert_eq!(errors.get("form_top_bar_background"), Some(COLOUR_FORMAT));
        assert_eq!(errors.get("form_top_bar_text"), Some(COLOUR_FORMAT));
    }

    #[test]
    fn contrast_follows_wcag() {
        assert!((contrast_ratio([0, 0, 0], [255, 255, 255]) - 21.0).abs() < 1e-9);
        assert!((contrast_ratio([9, 9, 9], [9, 9, 9]) - 1.0).abs() < 1e-9);
        // #767676 on white is the classic lightest AA grey (4.54:1); #777777 fails (4.48:1).
        assert!(contrast_ratio([0x76; 3], [255; 3]) >= MIN_CONTRAST);
        assert!(contrast_ratio([0x77; 3], [255; 3]) < MIN_CONTRAST);
    }

    #[test]
    fn a_text_colour_that_does_not_stand_out_is_refused() {
        assert!(validate_branding_colours(&colours("#8e24aa", "#ffffff")).is_empty());
        assert!(validate_branding_colours(&colours("#ffffff", "#212121")).is_empty());
        let errors = validate_branding_colours(&colours("#f57c00", "#ffffff"));
        assert_eq!(errors.get("form_top_bar_text"), Some(CONTRAST_TOO_LOW));
        assert_eq!(errors.get("form_top_bar_background"), None);
    }

    #[test]
    fn images_must_be_png_within_their_size() {
        let png = [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n', 0, 0];
        assert_eq!(image_problem(BrandImage::Logo, &png, 1_000), None);
        assert_eq!(image_problem(BrandImage::Logo, &png, LOGO_MAX_BYTES), None);
        assert_eq!(
            image_problem(BrandImage::Logo, &png, LOGO_MAX_BYTES + 1).as_deref(),
            Some("The logo must not exceed 200 KB.")
        );
        assert_eq!(
            image_problem(BrandImage::Favicon, &png, FAVICON_MAX_BYTES + 1).as_deref(),
            Some("The favicon must not exceed 50 KB.")
        );
        assert_eq!(
            image_problem(BrandImage::Logo, b"<svg xmlns=", 11).as_deref(),
            Some("The logo must be a PNG image.")
        );
        assert_eq!(
            image_problem(BrandImage::Favicon, &png[..4], 4).as_deref(),
            Some("The favicon must be a PNG image.")
        );
        assert_eq!(image_problem(BrandImage::Logo, &[], 0).as_deref(), Some("The logo must be a PNG image."));
    }
}
