//! Records: the integers as one `xs:list` attribute, a `<string>` element
//! per string.

use serbench_model::{Error, Record};

use crate::read::Input;
use crate::write::{Output, Tag};
use serbench_model::Str;

pub(crate) fn encode(record: &Record, out: &mut Vec<u8>) -> Result<(), Error> {
    let mut out = Output::new::<Record>(out);
    out.declaration()?;
    let mut root = Tag::new("record");
    out.list(&mut root, "ids", &record.ids);
    if !out.open(&root, !record.strings.is_empty())? {
        return Ok(());
    }
    for (index, string) in record.strings.iter().enumerate() {
        out.text_element("string", string, || format!("strings[{index}]"))?;
    }
    out.end("record")
}

/// The record `input` holds, its strings of type `S`.
pub(crate) fn decode<'a, S: Str<'a>>(mut input: Input<'a>) -> Result<Record<S>, Error> {
    let root = input.root("record")?;
    let ids = root.attributes(["ids"])?.integers(0)?;
    let mut strings = Vec::new();
    while let Some(element) = input.child(&root)? {
        if element.name() != "string" {
            return Err(input.unexpected(&element, &root));
        }
        strings.push(input.text(&element)?);
    }
    input.finish()?;
    Ok(Record { ids, strings })
}
