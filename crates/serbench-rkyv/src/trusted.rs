//! The unvalidated-access row's memory of trusted bytes: archives that
//! stay in memory, unchanged, for the rest of the process, and the
//! datasets each has been validated as. Only bytes found here are read
//! without validation; this is the crate's one `unsafe` block.

#![allow(
    unsafe_code,
    reason = "rkyv::access_unchecked, on bytes validated once and immutable since"
)]

use std::any::TypeId;
use std::collections::HashMap;
use std::sync::{LazyLock, PoisonError, RwLock};

use serbench_model::Error;

use crate::RkyvUnvalidated;
use crate::access;
use crate::wire::{Failure, Wire};

/// One trusted archive: its length, and the datasets it validated as.
struct Trusted {
    len: usize,
    validated: Vec<TypeId>,
}

/// Trusted archives by start address. Entries are never removed: the
/// bytes they describe live for the rest of the process.
static TRUSTED: LazyLock<RwLock<HashMap<usize, Trusted>>> = LazyLock::new(RwLock::default);

/// Remembers `bytes` as an archive the unvalidated traverse may read
/// without validation once it has validated it for a dataset.
///
/// A `&'static [u8]` is never freed nor changed (`[u8]` has no interior
/// mutability), so bytes at the same address and length later are these
/// same bytes: validated once, valid for good. Bytes at an address rkyv
/// cannot read in place are not remembered; their traverse validates a
/// copy every time.
pub(crate) fn trust(bytes: &'static [u8]) {
    if !access::is_aligned(bytes) {
        return;
    }
    let mut trusted = TRUSTED.write().unwrap_or_else(PoisonError::into_inner);
    trusted
        .entry(bytes.as_ptr().addr())
        .and_modify(|entry| {
            if entry.len != bytes.len() {
                *entry = Trusted {
                    len: bytes.len(),
                    validated: Vec::new(),
                };
            }
        })
        .or_insert(Trusted {
            len: bytes.len(),
            validated: Vec::new(),
        });
}

/// What the memory knows of `bytes` as a `T` archive.
enum Standing {
    /// Trusted and validated as `T`.
    Validated,
    /// Trusted, not yet validated as `T`.
    Trusted,
    /// Unknown bytes.
    Untrusted,
}

fn standing<T: 'static>(bytes: &[u8]) -> Standing {
    let trusted = TRUSTED.read().unwrap_or_else(PoisonError::into_inner);
    match trusted.get(&bytes.as_ptr().addr()) {
        Some(entry) if entry.len == bytes.len() => {
            if entry.validated.contains(&TypeId::of::<T>()) {
                Standing::Validated
            } else {
                Standing::Trusted
            }
        }
        _ => Standing::Untrusted,
    }
}

/// The traverse of [`RkyvUnvalidated`]: in place without validation on
/// trusted bytes validated before, else validated as [`crate::Rkyv`]'s.
pub(crate) fn traverse<T: Wire>(bytes: &[u8]) -> Result<T::Answer, Error> {
    match standing::<T>(bytes) {
        Standing::Validated => {
            // SAFETY: `bytes` has the address and length of a `&'static
            // [u8]` given to `trust`, which is immutable and never freed,
            // so they are those bytes; `validated` lists `T` only after
            // `rkyv::access` validated them as `T::Archive` (below).
            let archive = unsafe { rkyv::access_unchecked::<T::Archive>(bytes) };
            T::answer(archive).map_err(Failure::into_error::<RkyvUnvalidated, T>)
        }
        Standing::Trusted => {
            let answer = access::with_archive::<RkyvUnvalidated, T, _>(bytes, T::answer)?;
            let mut trusted = TRUSTED.write().unwrap_or_else(PoisonError::into_inner);
            if let Some(entry) = trusted.get_mut(&bytes.as_ptr().addr())
                && entry.len == bytes.len()
            {
                entry.validated.push(TypeId::of::<T>());
            }
            Ok(answer)
        }
        Standing::Untrusted => access::with_archive::<RkyvUnvalidated, T, _>(bytes, T::answer),
    }
}
