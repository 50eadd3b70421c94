//! XML through quick-xml's serde support (`quick_xml::se`,
//! `quick_xml::de`): a struct is an element whose fields are child
//! elements named after them, a number or a unit variant their text
//! (`<width>640</width>`, `<size>Large</size>`). The reader finds fields
//! by name, so serde's `default` and `alias` on the model types are the
//! evolution mechanism, as for JSON.

use serbench_document::SerdeCodec;
use serbench_evolution::{Evolution, Practised, RECORD, Serde};
use serbench_model::{BaseCodec, Error, ErrorKind};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// quick-xml's serde path: the codec writes the task-manager's layout
/// with quick-xml's events, and a record as its serde users write it.
struct XmlSerde;

impl Evolution for crate::Xml {
    const PRACTICES: &'static [Practised] = Serde::<XmlSerde>::SELF_DESCRIBING;
}

impl SerdeCodec for XmlSerde {
    /// Written under one root element for every version: quick-xml's
    /// `to_string` would name the root after the Rust type, and a program
    /// keeps its type's name (`Image`) from one version to the next where
    /// the matrix needs one name per version. The reader does not look at
    /// the root's name either way.
    fn write<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        let text = quick_xml::se::to_string_with_root("image", value)
            .map_err(|error| refused(ErrorKind::Unsupported, error))?;
        out.extend_from_slice(text.as_bytes());
        Ok(())
    }

    /// quick-xml's serde reader tells no position: the error is its
    /// message.
    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, Error> {
        let text = std::str::from_utf8(bytes)
            .map_err(|error| refused(ErrorKind::Syntax, error).at_offset(error.valid_up_to()))?;
        quick_xml::de::from_str(text).map_err(|error| {
            use quick_xml::DeError as E;

            let kind = match &error {
                E::InvalidXml(_) => ErrorKind::Syntax,
                E::UnexpectedEof => ErrorKind::Truncated,
                E::TooDeeplyNested(_) => ErrorKind::Limit,
                _ => ErrorKind::Invalid,
            };
            refused(kind, error)
        })
    }
}

/// quick-xml's serde error about the record, with its message.
fn refused(kind: ErrorKind, error: impl std::error::Error + Send + Sync + 'static) -> Error {
    Error::named(kind, crate::Xml::NAME, RECORD, error.to_string()).with_source(error)
}
