"""An outside tester's hostile-input run over `serbench check`,
`serbench measure` and `serbench-report`.

    cd interop && python3 -m hostile SERBENCH WORKDIR [--quick] [--report SERBENCH-REPORT] [--phases check,measure,report]
    python3 interop/hostile SERBENCH WORKDIR [--quick] ...

Standard library only; `cargo xtask hostile [--quick]` builds serbench and
serbench-report in release and runs this with WORKDIR = target/hostile.
Steps 1-4 are the `check` phase.

1. `SERBENCH list --json` names the datasets and the codecs, each with its
   id and wire format (its family here); every codec's wire format must
   have a module of crafted inputs in `formats/`, else the run fails before
   it starts.
   `SERBENCH dump` writes every dataset in every codec at small sizes, so a
   new codec or dataset is covered without editing this package.
2. Every dump is mutated (`mutations.py`): truncations, bit flips, byte
   sets, splices, trailing garbage; each dump is also read as every other
   dataset and in every other codec, and random bytes as every dataset.
   With --quick, the seeded mutations share a fixed budget and a dump is
   read in a seeded handful of other codecs, so the quick run's size does
   not grow with the registry.
   Expected: exit 0 or 1; on exit 1 exactly one line on stderr naming the
   codec and the dataset.
3. Crafted bombs (`formats/`, one module per wire format), written from the
   formats' specifications (RFC 8949, the MessagePack spec, the bincode 2
   and postcard wire specs, the protobuf encoding guide, the Cap'n Proto
   encoding spec, the FlatBuffers internals and the XML 1.0 recommendation)
   and from the crate docs' wire layouts, not taken from the project's own
   tests: huge declared lengths, deep nesting, entity tricks, invalid UTF-8,
   wrong types, unknown enum values, duplicate keys, bad framing and
   pointers, amplification. Expected: exit 1 with one line naming the
   codec and the dataset. A few inputs are valid stress ("survive": exit 0
   or 1), and a few value-level defects in fields a zero-copy `check` does
   not need for its answer ("decode": both `check` and `serbench convert`
   must refuse them, since a traverse fails exactly when a decode does).
   Every crafted family starts from a valid value built by the same code (a
   "control"), which must be accepted: otherwise the bombs built from it
   would prove nothing.
4. From its own dumps every codec also gets the classes of `classes.py`:
   text that splits a UTF-8 character, text lengths as over-wide varints,
   a text grown by 4 MiB (expected: refused, the error line short); and
   those of `streams.py`: `check`, `convert` and `dump` with standard
   output closed (expected: exit 0) or full (exit 1, one line), standard
   error full (the exit status unchanged), never a panic.

5. `serbench measure` (`measure.py`) on generated documents and schemas of
   every class of issue 39: keys in another order from one object to the
   next (every row a schema known at run time drives must verify them),
   a key per object, 40 000 keys, keys that clean alike, 19 000 keys and
   more, Thrift's reserved words, duplicate keys, invalid UTF-8 in
   MessagePack and CBOR text, integers past 64 bits, nesting at 127-129 in
   every input format (one verdict for all), a signalling NaN, documents
   near the 32 MiB cap (smaller with --quick), several files at once,
   hostile `--schema` and `--avsc` files, long and odd names, `--codec
   nope`; and the schemas written are checked for what protoc and the
   Thrift compiler refuse.
6. `serbench-report` (`results.py`) on a real results.json, mutated:
   figures of 1e308, 5e-324, negative, zero, 1e999; long names; a name with
   a newline and `/`; many records; a sparse file past any cap.
   Phases 5 and 6 run under the memory watchdog (`watchdog.py`): a bound of
   a multiple of the input plus a constant, and a time, each run's peak
   printed against its bound.

Every run of steps 1-4 stays within the limits in `runner.py`: no signal, exit 0 or 1,
at most 10 s and 300 MiB of peak resident memory, and for the classes
runner.py names, at most ERROR_LIMIT bytes on stderr. The run reports
each codec's longest error output. The harness
(`harness.py`) runs the inputs in parallel and keeps the inputs of any
violation under WORKDIR/failures/ with the command line; `report.py`
prints the summary. Exit status: 0 when nothing was violated, 1 otherwise
(or when a codec has no crafted inputs), 2 on usage errors.
"""
