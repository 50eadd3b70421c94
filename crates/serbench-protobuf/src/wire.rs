//! The link between each dataset and its generated message, and the error
//! of a message that decodes but is not a value of the dataset.

use std::fmt;

/// A dataset with a root message in `schemas/<dataset>.proto`.
///
/// Public only inside this private module, so users cannot implement it:
/// the datasets are the model's five.
pub trait Wire: Sized {
    /// The generated root message.
    type Message: prost::Message + Default;

    /// The message holding this value. Every value of the model has one.
    fn build(&self) -> Self::Message;

    /// The value a decoded message holds, checking what protobuf cannot
    /// (lengths, ranges, enum values, required fields).
    fn read(message: Self::Message) -> Result<Self, Invalid>;
}

/// A decoded message that is not a value of the dataset: what is wrong and
/// in which field.
#[derive(Debug)]
pub struct Invalid {
    /// The path to the field, innermost step first: it grows outwards as
    /// the error returns through the conversions, so a valid message never
    /// pays for it.
    path: Vec<Step>,
    problem: String,
}

#[derive(Debug)]
enum Step {
    Field(&'static str),
    Index(usize),
}

impl Invalid {
    /// A problem with the field the path will lead to, said so that it
    /// follows the field's path: `"is missing"`.
    pub fn new(problem: impl Into<String>) -> Self {
        Self {
            path: Vec::new(),
            problem: problem.into(),
        }
    }

    /// The problem is inside field `name`.
    #[must_use]
    pub fn field(mut self, name: &'static str) -> Self {
        self.path.push(Step::Field(name));
        self
    }

    /// The problem is inside item `index` of a repeated field.
    #[must_use]
    pub fn index(mut self, index: usize) -> Self {
        self.path.push(Step::Index(index));
        self
    }
}

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (position, step) in self.path.iter().rev().enumerate() {
            match step {
                Step::Field(name) if position == 0 => f.write_str(name)?,
                Step::Field(name) => write!(f, ".{name}")?,
                Step::Index(index) => write!(f, "[{index}]")?,
            }
        }
        if !self.path.is_empty() {
            f.write_str(" ")?;
        }
        f.write_str(&self.problem)
    }
}

/// The value of a message field, which protobuf leaves optional but the
/// dataset requires.
pub(crate) fn required<T>(value: Option<T>, name: &'static str) -> Result<T, Invalid> {
    value.ok_or_else(|| Invalid::new("is missing").field(name))
}

/// Converts the items of repeated field `name`, naming the item that fails.
pub(crate) fn each<P, M>(
    items: Vec<P>,
    name: &'static str,
    mut convert: impl FnMut(P) -> Result<M, Invalid>,
) -> Result<Vec<M>, Invalid> {
    // An explicit capacity: collecting into a `Result` would grow the vector
    // step by step.
    let mut converted = Vec::with_capacity(items.len());
    for (index, item) in items.into_iter().enumerate() {
        converted.push(convert(item).map_err(|error| error.index(index).field(name))?);
    }
    Ok(converted)
}

/// A `u16` stored in a `uint32` field.
pub(crate) fn narrow_u16(value: u32) -> Result<u16, Invalid> {
    u16::try_from(value).map_err(|_| Invalid::new(format!("is {value}, above 65535")))
}
