//! The task-manager in the Qt layout, as minicbor `Encode`/`Decode` impls:
//! the same items, keys and tags as [`crate::task_manager`] writes with
//! ciborium.
//!
//! Tags were checked before ([`crate::wellformed`]): each `id` and
//! `created` has exactly its one tag, which is read and skipped here.
//!
//! The decode impls are generic over the string type ([`Str`]), so the
//! owned value and the borrowed form are read by the same code.

use minicbor::data::Tag;
use minicbor::decode::Error as DecodeError;
use minicbor::encode::{Error as EncodeError, Write};
use minicbor::{Decode, Decoder, Encode, Encoder};
use serbench_model::forms;
use serbench_model::{Priority, Task, TaskHeader, TaskList, TaskManager, Version};

use super::{Ctx, Str, bytes, decoded, fields, need, string, text};

/// RFC 8949's standard date/time string, which `QCborValue(QDateTime)` writes.
const TAG_DATE_TIME: u64 = 0;
/// The IANA-registered binary UUID, which `QCborValue(QUuid)` writes.
const TAG_UUID: u64 = 37;

impl Encode<Ctx> for TaskManager {
    fn encode<W: Write>(
        &self,
        e: &mut Encoder<W>,
        ctx: &mut Ctx,
    ) -> Result<(), EncodeError<W::Error>> {
        e.map(3)?.str("user")?.str(&self.user)?;
        e.str("version")?.str(&self.version.to_string())?;
        e.str("lists")?.encode_with(&self.lists, ctx)?;
        Ok(())
    }
}

impl<'b, S: Str<'b>> Decode<'b, Ctx> for TaskManager<S> {
    fn decode(d: &mut Decoder<'b>, _: &mut Ctx) -> Result<Self, DecodeError> {
        let (mut user, mut version, mut lists) = (None, None, None);
        fields(d, &["user", "version", "lists"], |field, d| {
            match field {
                0 => user = Some(string(d)?),
                1 => {
                    let at = d.position();
                    let parsed = text(d)?.parse::<Version>().map_err(|error| {
                        DecodeError::message(format!("{error}, expected a version")).at(at)
                    })?;
                    version = Some(parsed);
                }
                _ => lists = Some(decoded(d)?),
            }
            Ok(())
        })?;
        Ok(TaskManager {
            user: need(user, "user", d)?,
            version: need(version, "version", d)?,
            lists: need(lists, "lists", d)?,
        })
    }
}

impl Encode<Ctx> for TaskList {
    fn encode<W: Write>(
        &self,
        e: &mut Encoder<W>,
        ctx: &mut Ctx,
    ) -> Result<(), EncodeError<W::Error>> {
        e.map(2)?.str("header")?.encode_with(&self.header, ctx)?;
        e.str("tasks")?.encode_with(&self.tasks, ctx)?;
        Ok(())
    }
}

impl<'b, S: Str<'b>> Decode<'b, Ctx> for TaskList<S> {
    fn decode(d: &mut Decoder<'b>, ctx: &mut Ctx) -> Result<Self, DecodeError> {
        let (mut header, mut tasks) = (None, None);
        fields(d, &["header", "tasks"], |field, d| {
            match field {
                0 => header = Some(TaskHeader::decode(d, ctx)?),
                _ => tasks = Some(decoded(d)?),
            }
            Ok(())
        })?;
        Ok(TaskList {
            header: need(header, "header", d)?,
            tasks: need(tasks, "tasks", d)?,
        })
    }
}

impl Encode<Ctx> for Task {
    fn encode<W: Write>(
        &self,
        e: &mut Encoder<W>,
        ctx: &mut Ctx,
    ) -> Result<(), EncodeError<W::Error>> {
        e.map(4)?.str("header")?.encode_with(&self.header, ctx)?;
        e.str("description")?.str(&self.description)?;
        e.str("priority")?.u8(self.priority as u8)?;
        e.str("completed")?.bool(self.completed)?;
        Ok(())
    }
}

impl<'b, S: Str<'b>> Decode<'b, Ctx> for Task<S> {
    fn decode(d: &mut Decoder<'b>, ctx: &mut Ctx) -> Result<Self, DecodeError> {
        let (mut header, mut description, mut priority, mut completed) = (None, None, None, None);
        fields(
            d,
            &["header", "description", "priority", "completed"],
            |field, d| {
                match field {
                    0 => header = Some(TaskHeader::decode(d, ctx)?),
                    1 => description = Some(string(d)?),
                    2 => {
                        let at = d.position();
                        let value = d.u8()?;
                        let known = Priority::from_u8(value).ok_or_else(|| {
                            DecodeError::message(format!("priority {value}, expected 0 to 3"))
                                .at(at)
                        })?;
                        priority = Some(known);
                    }
                    _ => completed = Some(d.bool()?),
                }
                Ok(())
            },
        )?;
        Ok(Task {
            header: need(header, "header", d)?,
            description: need(description, "description", d)?,
            priority: need(priority, "priority", d)?,
            completed: need(completed, "completed", d)?,
        })
    }
}

impl Encode<Ctx> for TaskHeader {
    fn encode<W: Write>(
        &self,
        e: &mut Encoder<W>,
        _: &mut Ctx,
    ) -> Result<(), EncodeError<W::Error>> {
        let created = forms::timestamp_text(&self.created).map_err(EncodeError::custom)?;
        e.map(4)?
            .str("id")?
            .tag(Tag::new(TAG_UUID))?
            .bytes(self.id.as_bytes())?;
        e.str("name")?.str(&self.name)?;
        e.str("color")?.str(&forms::color_text(self.color))?;
        e.str("created")?
            .tag(Tag::new(TAG_DATE_TIME))?
            .str(&created)?;
        Ok(())
    }
}

impl<'b, S: Str<'b>> Decode<'b, Ctx> for TaskHeader<S> {
    fn decode(d: &mut Decoder<'b>, _: &mut Ctx) -> Result<Self, DecodeError> {
        let (mut id, mut name, mut color, mut created) = (None, None, None, None);
        fields(d, &["id", "name", "color", "created"], |field, d| {
            let at = d.position();
            match field {
                0 => {
                    d.tag()?;
                    let bytes = bytes(d)?;
                    let uuid = serbench_model::Uuid::from_slice(&bytes).map_err(|_| {
                        DecodeError::message(format!("an id of {} bytes, expected 16", bytes.len()))
                            .at(at)
                    })?;
                    id = Some(uuid);
                }
                1 => name = Some(string(d)?),
                2 => {
                    let parsed = forms::parse_color(&text(d)?).map_err(|error| {
                        DecodeError::message(format!("{error}, expected a color")).at(at)
                    })?;
                    color = Some(parsed);
                }
                _ => {
                    d.tag()?;
                    let parsed = forms::parse_timestamp(&text(d)?).map_err(|error| {
                        DecodeError::message(format!("{error}, expected an RFC 3339 date and time"))
                            .at(at)
                    })?;
                    created = Some(parsed);
                }
            }
            Ok(())
        })?;
        Ok(TaskHeader {
            id: need(id, "id", d)?,
            name: need(name, "name", d)?,
            color: need(color, "color", d)?,
            created: need(created, "created", d)?,
        })
    }
}
