//! A few lines of Avro binary encoding, to write the tests' data by hand
//! and so check the codec against the specification, not against itself.

/// A `long` or an `int`: zigzag, then a varint.
pub(crate) fn long(value: i64) -> Vec<u8> {
    let mut raw = ((value << 1) ^ (value >> 63)).cast_unsigned();
    let mut out = Vec::new();
    loop {
        let byte = (raw & 0x7f) as u8;
        raw >>= 7;
        if raw == 0 {
            out.push(byte);
            return out;
        }
        out.push(byte | 0x80);
    }
}

/// A length or a count.
pub(crate) fn count(n: usize) -> Vec<u8> {
    long(i64::try_from(n).unwrap())
}

/// A string or bytes: the length, then the bytes.
pub(crate) fn string(bytes: &[u8]) -> Vec<u8> {
    [count(bytes.len()), bytes.to_vec()].concat()
}

/// An array in one block: the count, the items, then 0.
pub(crate) fn array(items: &[Vec<u8>]) -> Vec<u8> {
    if items.is_empty() {
        return long(0);
    }
    [count(items.len()), items.concat(), long(0)].concat()
}

/// A one-item `TaskHeader`: id, name, color, created.
pub(crate) fn header(name: &str, millis: i64, nanos: i64, offset_seconds: i64) -> Vec<u8> {
    [
        (1..=16).collect::<Vec<u8>>(),
        string(name.as_bytes()),
        vec![0xff, 0xff, 0x00, 0x00],
        long(millis),
        long(nanos),
        long(offset_seconds),
    ]
    .concat()
}

/// A `Task` with the given header, description, priority index and
/// completed byte.
pub(crate) fn task(header: Vec<u8>, description: &[u8], priority: i64, completed: u8) -> Vec<u8> {
    [header, string(description), long(priority), vec![completed]].concat()
}

/// A task-manager: user `u`, the version's items, one list named `L`
/// holding `tasks`.
pub(crate) fn manager(version: &[Vec<u8>], tasks: &[Vec<u8>]) -> Vec<u8> {
    let list = [header("L", 0, 0, 0), array(tasks)].concat();
    [string(b"u"), array(version), array(&[list])].concat()
}

/// A task-manager with one ordinary task.
pub(crate) fn small_manager() -> Vec<u8> {
    manager(
        &[long(1)],
        &[task(header("t", 1_000, 5, 3_600), b"d", 2, 1)],
    )
}
