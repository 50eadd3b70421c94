//! The three layouts, byte for byte, on the values the outside tester
//! (`interop/hostile/formats/musli.py`) builds its bombs from: the
//! module's encoder and musli's must agree, or its crafted inputs prove
//! nothing.

use serbench_model::{Codec, Image, Media, MediaContent, Player, Record, Size};
use serbench_musli::{MusliDescriptive, MusliStorage, MusliWire};

fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;

    bytes.iter().fold(String::new(), |mut out, byte| {
        write!(out, "{byte:02x}").unwrap();
        out
    })
}

fn records() -> Record {
    Record {
        ids: vec![1, -2, 1 << 62, i64::MIN],
        strings: vec!["shgfkghsdf".to_owned(), "x".to_owned()],
    }
}

fn media() -> MediaContent {
    let image = |uri: &str, title: Option<&str>, width, height, size| Image {
        uri: uri.to_owned(),
        title: title.map(str::to_owned),
        width,
        height,
        size,
    };
    MediaContent {
        media: Media {
            uri: "http://javaone.com/keynote.mpg".to_owned(),
            title: Some("Javaone Keynote".to_owned()),
            width: 640,
            height: 480,
            format: "video/mpg4".to_owned(),
            duration: 18_000_000,
            size: 58_982_400,
            bitrate: Some(262_144),
            persons: vec!["Bill Gates".to_owned(), "Steve Jobs\u{c2a4}".to_owned()],
            player: Player::Java,
            copyright: None,
        },
        images: vec![
            image(
                "http://javaone.com/a.jpg",
                Some("A"),
                1024,
                768,
                Size::Large,
            ),
            image("http://javaone.com/b.jpg", None, 320, 240, Size::Small),
        ],
    }
}

#[test]
fn storage_as_the_outside_tester_writes_it() {
    assert_eq!(
        hex(&<MusliStorage as Codec<Record>>::to_vec(&records()).unwrap()),
        concat!(
            "020004020380808080808080808001ffffffffffffffffff0101020a73686766",
            "6b67687364660178",
        )
    );
    assert_eq!(
        hex(&<MusliStorage as Codec<MediaContent>>::to_vec(&media()).unwrap()),
        concat!(
            "02000b001e687474703a2f2f6a6176616f6e652e636f6d2f6b65796e6f74652e",
            "6d706701010f4a6176616f6e65204b65796e6f746502800a03c007040a766964",
            "656f2f6d7067340580a29511068080a038070180802008020a42696c6c204761",
            "7465730d5374657665204a6f6273ec8aa409000a000102050018687474703a2f",
            "2f6a6176616f6e652e636f6d2f612e6a70670101014102801003800c04010500",
            "18687474703a2f2f6a6176616f6e652e636f6d2f622e6a7067010002800503e0",
            "030400",
        )
    );
}

#[test]
fn wire_as_the_outside_tester_writes_it() {
    assert_eq!(
        hex(&<MusliWire as Codec<Record>>::to_vec(&records()).unwrap()),
        concat!(
            "84c084c2c3ff80808080808080808001ffffffffffffffffffff01c1824a7368",
            "67666b67687364664178",
        )
    );
    assert_eq!(
        hex(&<MusliWire as Codec<MediaContent>>::to_vec(&media()).unwrap()),
        concat!(
            "84c096c05e687474703a2f2f6a6176616f6e652e636f6d2f6b65796e6f74652e",
            "6d7067c1814f4a6176616f6e65204b65796e6f7465c2ff800ac3ffc007c44a76",
            "6964656f2f6d706734c5ff80a29511c6ff8080a038c781ff808020c8824a4269",
            "6c6c2047617465734d5374657665204a6f6273ec8aa4c9c0ca80c1828ac05868",
            "7474703a2f2f6a6176616f6e652e636f6d2f612e6a7067c1814141c2ff8010c3",
            "ff800cc4c18ac058687474703a2f2f6a6176616f6e652e636f6d2f622e6a7067",
            "c180c2ff8005c3ffe003c4c0",
        )
    );
}

#[test]
fn descriptive_as_the_outside_tester_writes_it() {
    assert_eq!(
        hex(&<MusliDescriptive as Codec<Record>>::to_vec(&records()).unwrap()),
        concat!(
            "8259006458025803588080808080808080800158ffffffffffffffffff015901",
            "62ca736867666b6768736466c178",
        )
    );
    assert_eq!(
        hex(&<MusliDescriptive as Codec<MediaContent>>::to_vec(&media()).unwrap()),
        concat!(
            "8259008b5900de687474703a2f2f6a6176616f6e652e636f6d2f6b65796e6f74",
            "652e6d70675901e1cf4a6176616f6e65204b65796e6f7465590254800a590354",
            "c0075904ca766964656f2f6d70673459055880a295115906588080a0385907e1",
            "54808020590862ca42696c6c204761746573cd5374657665204a6f6273ec8aa4",
            "59095900590ae0590162855900d8687474703a2f2f6a6176616f6e652e636f6d",
            "2f612e6a70675901e1c1415902548010590354800c59045901855900d8687474",
            "703a2f2f6a6176616f6e652e636f6d2f622e6a70675901e05902548005590354",
            "e00359045900",
        )
    );
}
