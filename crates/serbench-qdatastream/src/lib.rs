//! Qt's QDataStream format for the serbench model, written in Rust: no Qt
//! at build or run time, no format library.
//!
//! QDataStream is how Qt programs write their own types to a file or a
//! socket: big-endian, positional, no field names, each Qt type in the
//! layout its `operator<<` defines. It is the fastest format of the Qt
//! serialization benchmark and the Qt telemetry post's choice for sensor
//! messages. This crate writes the task-manager byte for byte as Qt 6's own
//! `QDataStream` does at stream version `Qt_6_4` (Debian's Qt; `cargo xtask
//! interop` has a Qt program read our file and write its own, and checks
//! the two are identical), and reads what Qt writes.
//!
//! ```
//! use serbench_model::{SensorReading, TaskManager};
//!
//! let manager = TaskManager::generate(100);
//! let bytes = serbench_qdatastream::to_vec(&manager)?;
//! // The user as a QString: 18 bytes of UTF-16, big-endian.
//! assert!(bytes.starts_with(b"\0\0\0\x12\0D\0e\0m\0o\0 \0U\0s\0e\0r"));
//! assert_eq!(serbench_qdatastream::from_slice::<TaskManager>(&bytes)?, manager);
//!
//! // A sensor message takes 84 bytes, as in the Qt telemetry post.
//! let reading = &SensorReading::generate(1)[0];
//! assert_eq!(serbench_qdatastream::to_vec(reading)?.len(), 84);
//! # Ok::<(), serbench_qdatastream::Error>(())
//! ```
//!
//! # Qt's types
//!
//! Every integer and double is big-endian; a `bool` is one byte, 0 or 1.
//!
//! - **`QString`**: a `quint32` size in bytes, then the UTF-16 code units
//!   (two bytes each, big-endian); a size of `0xFFFFFFFF` is the null
//!   string, which Qt tells apart from the empty one (size 0).
//! - **`QList<T>`**: a `quint32` count, then each item.
//! - **`QUuid`**: 16 bytes, RFC 4122 order (Qt writes `toRfc4122()` on a
//!   big-endian stream).
//! - **`QDateTime`** (stream versions `Qt_5_2` and later): the local date
//!   as a `qint64` Julian day (1970-01-01 is 2 440 588), the local time as a
//!   `quint32` of milliseconds since midnight, the time spec as a `qint8`,
//!   and for `Qt::OffsetFromUTC` (2) the offset in seconds as a `qint32`.
//!   A timestamp at offset 0 is written as `Qt::UTC` (1) with no offset, as
//!   Qt does: a `QDateTime` built with offset 0 *is* UTC. "Local" is the
//!   timestamp's own offset.
//! - **`QColor`**: the spec as a `qint8` (`Rgb` is 1), then alpha, red,
//!   green, blue and a pad as `quint16`; Qt keeps 16 bits a channel, an
//!   8-bit value `v` being `v * 0x101`, and the pad is 0.
//! - **`QVersionNumber`**: its segments as a `QList<int>`.
//!
//! # Dataset layouts
//!
//! - **task-manager**, the Qt benchmark's `operator<<`s: `TaskManager` is
//!   user (`QString`), version (`QVersionNumber`), lists
//!   (`QList<TaskList>`); `TaskList` is header, tasks (`QList<Task>`);
//!   `Task` is header, description (`QString`), priority (`qint8`, 0 to 3),
//!   completed (`bool`); `TaskHeader` is id (`QUuid`), name (`QString`),
//!   created (`QDateTime`), color (`QColor`). `TaskManager::generate(10_000)`
//!   takes 1 127 206 bytes, the Qt benchmark's 1 127 KB. A task, byte by
//!   byte (n: UTF-16 units):
//!
//!   ```text
//!   16        id            QUuid, RFC 4122 order
//!   4 + 2n    name          QString
//!   8 4 1     created       Julian day, ms since midnight, spec 1 (UTC)
//!     [+4]                  or spec 2 and the offset in seconds
//!     [+4]                  spec | 0x40: nanoseconds below the ms (serbench's)
//!   1 2 2 2 2 2  color      spec 1 (Rgb), alpha, red, green, blue, pad 0
//!   4 + 2n    description   QString
//!   1         priority      qint8, 0 to 3
//!   1         completed     bool, 0 or 1
//!   ```
//! - **telemetry**, the Qt telemetry post's `SensorInformation`: the id
//!   (`QString`), then the eight readings as `double` (the post sets
//!   `DoublePrecision`, QDataStream's default), in the model's order. An
//!   8-character id makes 4 + 16 + 64 = 84 bytes a message.
//! - **graph**: nodes (`QList<Node>`), then edges (`QList<Edge>`); a
//!   `Node` is id (`quint16`), name (`QString`), out-edges and in-edges
//!   (`QList<quint32>`); an `Edge` is from, to (`quint32`) and weight
//!   (`quint16`).
//! - **records**: ids (`QList<qint64>`), then strings (`QStringList`, the
//!   same as `QList<QString>`): 25 608 bytes for the benchmark's record.
//! - **media**: the media, then the images (`QList<Image>`). The media is
//!   uri (`QString`), title (`QString`, null when absent), width, height
//!   (`qint32`), format (`QString`), duration, size (`qint64`), a `bool`
//!   saying whether a bitrate follows, the bitrate (`qint32`) if so,
//!   persons (`QStringList`), player (`qint8`: Java 0, Flash 1) and
//!   copyright (`QString`, null when absent). An image is uri, title (null
//!   when absent), width, height (`qint32`) and size (`qint8`: Small 0,
//!   Large 1). Qt has no optional type on the stream; a null `QString` is
//!   how Qt programs mark a missing string, and keeps `Some("")` apart
//!   from `None`.
//!
//! - **log**, **mesh**, **minecraft_savedata**, **mk48**
//!   (rust_serialization_benchmark's datasets), each a `QList` of its
//!   items, every field in the model's (RSB's) order at the Qt type a Qt
//!   program would use: `quint8` to `quint64` and `qint8` to `qint64` at
//!   the field's own width, `bool`, `QString` (a log's four strings, the
//!   minecraft ids and names), `QStringList` (recipes), `QList<T>` (items,
//!   contacts, `QList<bool>` reload flags, `QList<quint16>` turret angles),
//!   `QByteArray` (a terrain update's data), `double` for `f64` and
//!   `float` for `f32`: at `DoublePrecision`, QDataStream's default, a
//!   `float` is the 8-byte `double` of the same value, as Qt writes it (a
//!   stream's precision applies to `float` and `double` alike, and
//!   minecraft_savedata holds both). A mesh triangle is four `QVector3D`s,
//!   a rotation or position a `QVector2D` (their `operator<<`s write
//!   `float`s), a UUID four `quint32`s, an enum (`GameType`,
//!   `EntityType`) a `qint8` as the task-manager's priority. An optional
//!   string is a null `QString` when absent (as media's title); any other
//!   `Option` is a `bool` and, if `true`, the value (as media's bitrate).
//!   At RSB's counts: log 1 471 556 bytes, mesh 12 000 004,
//!   minecraft_savedata 635 258, mk48 1 763 229. RSB times no QDataStream.
//!
//! # Stream versions: `Qt_6_4` and `Qt_6_10`
//!
//! This crate writes stream version `Qt_6_4` (20, the same number as
//! `Qt_6_0` to `Qt_6_5`), the version of Debian's Qt, which the interop
//! test runs. The Qt benchmark sets `Qt_6_10` (23). Between the two, Qt
//! 6.7 (`Qt_6_7`, 22) changed how sizes are written: a string of
//! `0xFFFFFFFE` bytes or more, or a list of that many items, gets the
//! marker `0xFFFFFFFE` and a 64-bit size, which `Qt_6_4` cannot write at
//! all. This crate refuses such values ([`ErrorKind::Unsupported`]), so
//! everything it writes is also what Qt writes at `Qt_6_10`. We know of no
//! other change to `QString`, `QList`, `QUuid`, `QDateTime`, `QColor` or
//! `QVersionNumber` between the two versions; only `Qt_6_4` is checked
//! against a running Qt.
//!
//! # What the model needs beyond Qt's types
//!
//! Every value of the model round-trips exactly ([`Carries::EVERYTHING`]);
//! four kinds of value go past what Qt's types hold, and are carried as
//! follows:
//!
//! - **Nanoseconds below the millisecond.** `QDateTime` holds
//!   milliseconds. A timestamp with more precision sets bit `0x40` of the
//!   spec byte (`0x41`, `0x42`) and is followed, after the offset if any,
//!   by a `quint32` of the nanoseconds within the millisecond (1 to
//!   999 999). This is serbench's extension: Qt has no such spec and
//!   cannot read such a `QDateTime`, as it cannot hold its value. Any
//!   timestamp with whole milliseconds, every generated one included, is
//!   written exactly as Qt writes it.
//! - **Version segments above `i32::MAX`.** `QVersionNumber` holds `int`
//!   segments; the model's are `u32`. The 32 bits are written as they
//!   are, so such a segment round-trips here and reads in Qt as negative.
//! - **Signalling NaNs in a `float`.** Qt widens a `float` to a `double`
//!   by conversion, which quiets a signalling NaN. This crate moves the
//!   NaN's sign and payload into the `double` by hand, so every `f32` bit
//!   pattern round-trips; every other `float`, quiet NaNs included, is
//!   written as Qt writes it. A `double` that no `float` widens to is
//!   refused where a `float` belongs.
//! - **Offsets and years.** Any offset the model holds (±25:59:59, seconds
//!   included) fits the `qint32` offset, and any year (−9999 to 9999) the
//!   Julian day, in Qt's own layout. Qt 6.4 writes the layout tests'
//!   fixture (at −01:00) byte for byte; offsets beyond ±24 h or with
//!   seconds have not been tried against a running Qt.
//!
//! Decoding refuses what the model cannot hold: a `QDateTime` in local
//! time (spec 0) or a time zone (spec 3), which name no fixed offset; a
//! null `QTime` or a time past midnight; a `QColor` other than `Rgb`, or
//! with a 16-bit channel that is not an 8-bit value. A null `QString`
//! reads as the empty string where the model has no option; re-encoded, it
//! is written as empty. Likewise a `QDateTime` of spec `OffsetFromUTC`
//! with offset 0, which Qt never writes but reads (as UTC: a `QDateTime`
//! built so *is* UTC), reads as the same time at offset 0, the one value
//! the model has for both; re-encoded, it is written as UTC.
//!
//! # Speed
//!
//! A task-manager decode spends most of its time on what any decoder of
//! the model must do: allocating its 20 000 strings and turning calendar
//! dates into timestamps. The rest is kept small (callgrind, 10 000 tasks:
//! 13.1 M instructions a decode, 6.1 M an encode; bincode's serde decode
//! takes 13.6 M, its encode 5.1 M):
//!
//! - **Strings.** Text is nearly always ASCII, whose UTF-16 units are its
//!   bytes with a zero byte before each. Four units at a time make one
//!   64-bit word, narrowed (or, writing, widened) with two shifts and
//!   masks; the words are ORed together so that ASCII is checked once per
//!   string, not per unit, and anything else takes the standard library's
//!   UTF-16 path. The string is allocated once, at its final size.
//! - **Dates.** Turning a Julian day into a calendar date costs more than
//!   all the other fields of a task. The reader remembers the last date
//!   it built: a time on the same day at the same offset, as times that
//!   cluster mostly are, only sets the clock. The model's range check
//!   still runs on every time. Writing reads the local date and clock off
//!   the timestamp, which holds them.
//! - **Checks.** The reader is a slice cursor: each item's length is
//!   checked once (a fixed-size item with one comparison), error messages
//!   are built only in `#[cold]` functions, and a color is checked with a
//!   few word operations, its fault found again only when there is one.
//!
//! `examples/profile.rs` is the program these counts come from.
//!
//! # Limits
//!
//! Decoding is safe on untrusted bytes and never panics. Nothing nests
//! deeper than the datasets' types (five levels), and nothing recurses.
//! Every `QString` size is checked against the bytes that remain before
//! anything is read, and every `QList` count against the fewest bytes its
//! items could take, so a 16-byte input that declares 2³² items fails at
//! once. A list reserves room for at most two bytes of memory per byte of
//! input left and grows from there as items arrive. Invalid UTF-16
//! (an unpaired surrogate or an odd size), an unknown enum value, a `bool`
//! other than 0 or 1, and bytes after the value are errors; every error
//! names the item and its byte offset.

mod date_time;
mod declared;
#[cfg(feature = "document")]
pub mod document;
mod error;
#[cfg(feature = "evolution")]
mod evolution;
mod float;
mod graph;
mod log;
mod media;
mod mesh;
mod minecraft;
mod mk48;
mod qt;
mod read;
mod records;
mod task_manager;
mod telemetry;
mod write;

use serbench_model::{BaseCodec, Carries, Codec, Dataset};
pub use serbench_model::{Error, ErrorKind};

use crate::error::{Fault, Unsupported, decode_error, encode_error};
use crate::read::Reader;
use crate::write::Writer;

/// The QDataStream codec, stream version `Qt_6_4`, big-endian.
#[derive(Clone, Copy, Debug, Default)]
pub struct QDataStream;

impl BaseCodec for QDataStream {
    const NAME: &'static str = "qdatastream";
    const DECLARED: Option<serbench_model::declared::Declared> = Some(crate::declared::QDATASTREAM);
    const CARRIES: Carries = Carries::EVERYTHING;
    const BORROW: serbench_model::Borrowing =
        serbench_model::Borrowing::Unavailable("its strings are UTF-16: UTF-8 text must be made");
    type Error = Error;
}

serbench_model::functions!(QDataStream, "QDataStream value");

/// A dataset's QDataStream layout, in both directions.
trait Stream: Sized {
    fn write(&self, w: &mut Writer<'_>) -> Result<(), Unsupported>;
    fn read(r: &mut Reader<'_>) -> Result<Self, Fault>;
}

serbench_model::per_dataset!(QDataStream, QDataStreamGeneric);

impl<T: Dataset + Stream> Codec<T> for QDataStreamGeneric {
    fn encode(value: &T, out: &mut Vec<u8>) -> Result<(), Error> {
        value
            .write(&mut Writer::new(out))
            .map_err(|unsupported| encode_error(T::NAME, unsupported))
    }

    fn decode(bytes: &[u8]) -> Result<T, Error> {
        let mut reader = Reader::new(bytes);
        T::read(&mut reader)
            .and_then(|value| reader.finish().map(|()| value))
            .map_err(|fault| decode_error(T::NAME, &fault))
    }
}
