//! The start page's QR code of the LAN login address: a phone or tablet scans it instead of
//! typing a 70-character token address.

use qrcode::QrCode;
use qrcode::render::svg;

use super::Desk;

/// The login address and its QR code (an inline SVG).
pub(crate) struct LoginQr {
    /// The address, shown under the code.
    pub(crate) url: String,
    /// The code, as an `<svg>` element.
    pub(crate) svg: String,
}

/// The QR code of the desk's LAN login address, for a page that may write (it carries the
/// token, which a read-only visitor must not see); `None` when the desk is not on the LAN.
pub(crate) fn login_qr(desk: &Desk, can_write: bool) -> Option<LoginQr> {
    let url = desk.lan_login.as_ref().filter(|_| can_write)?;
    Some(LoginQr {
        url: url.clone(),
        svg: qr_svg(url)?,
    })
}

/// `text` as a QR code in SVG, without the XML declaration (to sit inside a page).
pub(crate) fn qr_svg(text: &str) -> Option<String> {
    let code = QrCode::new(text.as_bytes()).ok()?;
    let svg = code
        .render::<svg::Color<'_>>()
        .min_dimensions(180, 180)
        .dark_color(svg::Color("#000"))
        .light_color(svg::Color("#fff"))
        .build();
    let at = svg.find("<svg")?;
    Some(svg[at..].to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_login_address_becomes_an_inline_svg_code() {
        let url = "http://192.168.1.20:8080/login?token=0123456789abcdef0123456789abcdef";
        let svg = qr_svg(url).expect("a code");
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"), "{svg}");
        assert!(!svg.contains("<?xml"));
        // the same address gives the same code; another address another one
        assert_eq!(qr_svg(url), Some(svg.clone()));
        assert_ne!(qr_svg("http://192.168.1.21:8080/"), Some(svg));
    }
}
