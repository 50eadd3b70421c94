//! XML through quick-xml's serde support (`quick_xml::se`,
//! `quick_xml::de`): a struct is an element whose fields are child
//! elements named after them, a number or a unit variant their text
//! (`<width>640</width>`, `<size>Large</size>`). The reader finds fields
//! by name, so serde's `default` and `alias` on the model types are the
//! evolution mechanism, as for JSON.

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::serde_formats::Serde;

/// quick-xml's serde path.
pub(crate) struct Xml;

impl Serde for Xml {
    /// Written under one root element for every version: quick-xml's
    /// `to_string` would name the root after the Rust type, and a program
    /// keeps its type's name (`Image`) from one version to the next where
    /// this crate needs one name per version. The reader does not look at
    /// the root's name either way.
    fn write<T: Serialize>(value: &T) -> Result<Vec<u8>, String> {
        quick_xml::se::to_string_with_root("image", value)
            .map(String::into_bytes)
            .map_err(|error| error.to_string())
    }

    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        let text = std::str::from_utf8(bytes).map_err(|error| error.to_string())?;
        quick_xml::de::from_str(text).map_err(|error| error.to_string())
    }
}
