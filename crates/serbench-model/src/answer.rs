//! Compact JSON for the traverse answers, so `serbench check` prints one line
//! a script can compare, without the model depending on a JSON library.

use std::fmt::{self, Write};

/// Writes `{"key":value,...}` field by field.
pub(crate) struct JsonObject<'a, 'b> {
    f: &'a mut fmt::Formatter<'b>,
    first: bool,
}

impl<'a, 'b> JsonObject<'a, 'b> {
    pub(crate) fn new(f: &'a mut fmt::Formatter<'b>) -> Result<Self, fmt::Error> {
        f.write_char('{')?;
        Ok(Self { f, first: true })
    }

    fn key(&mut self, key: &str) -> fmt::Result {
        if !self.first {
            self.f.write_char(',')?;
        }
        self.first = false;
        write_string(self.f, key)?;
        self.f.write_char(':')
    }

    /// A number or any value whose `Display` is already JSON.
    pub(crate) fn raw(mut self, key: &str, value: impl fmt::Display) -> Result<Self, fmt::Error> {
        self.key(key)?;
        write!(self.f, "{value}")?;
        Ok(self)
    }

    pub(crate) fn string(mut self, key: &str, value: &str) -> Result<Self, fmt::Error> {
        self.key(key)?;
        write_string(self.f, value)?;
        Ok(self)
    }

    pub(crate) fn end(self) -> fmt::Result {
        self.f.write_char('}')
    }
}

fn write_string(f: &mut fmt::Formatter<'_>, value: &str) -> fmt::Result {
    f.write_char('"')?;
    for c in value.chars() {
        match c {
            '"' => f.write_str("\\\"")?,
            '\\' => f.write_str("\\\\")?,
            c if u32::from(c) < 0x20 || c == '\u{7f}' => write!(f, "\\u{:04x}", u32::from(c))?,
            c => f.write_char(c)?,
        }
    }
    f.write_char('"')
}

#[cfg(test)]
mod tests {
    use std::fmt;

    use super::JsonObject;

    struct Sample(&'static str);

    impl fmt::Display for Sample {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            JsonObject::new(f)?.raw("n", 1)?.string("s", self.0)?.end()
        }
    }

    #[test]
    fn escapes_strings() {
        assert_eq!(
            Sample("a\"b\\c\u{1}").to_string(),
            r#"{"n":1,"s":"a\"b\\c\u0001"}"#
        );
    }
}
