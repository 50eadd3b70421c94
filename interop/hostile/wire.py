"""Byte-level encodings the crafted inputs are written in.

Written from the formats' specifications (little-endian integers, protobuf's
LEB128 and zigzag, bincode 2's varint, the CBOR head of RFC 8949 and the
MessagePack heads), not taken from serbench: a bomb built with serbench's own
encoder would share its mistakes.
"""

import struct


# A text delimited by the syntax around it, with no length before it
# (`TEXT_LENGTH` of a format module).
INLINE = "inline"


def le16(n):
    return struct.pack("<H", n & 0xFFFF)


def le32(n):
    return struct.pack("<I", n & 0xFFFFFFFF)


def le64(n):
    return struct.pack("<Q", n & 0xFFFFFFFFFFFFFFFF)


def zigzag(n):
    return (n << 1) if n >= 0 else ((-n) << 1) - 1


def leb128(n):
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def bincode_varint(n):
    if n < 251:
        return bytes([n])
    if n <= 0xFFFF:
        return b"\xfb" + le16(n)
    if n <= 0xFFFFFFFF:
        return b"\xfc" + le32(n)
    return b"\xfd" + le64(n)


def cbor_head(major, n):
    if n < 24:
        return bytes([major << 5 | n])
    if n < 1 << 8:
        return bytes([major << 5 | 24, n])
    if n < 1 << 16:
        return bytes([major << 5 | 25]) + struct.pack(">H", n)
    if n < 1 << 32:
        return bytes([major << 5 | 26]) + struct.pack(">I", n)
    return bytes([major << 5 | 27]) + struct.pack(">Q", n)


def mp_int(n):
    if 0 <= n < 128:
        return bytes([n])
    if -32 <= n < 0:
        return struct.pack("b", n)
    if n >= 0:
        for code, fmt, top in ((0xCC, ">B", 8), (0xCD, ">H", 16), (0xCE, ">I", 32), (0xCF, ">Q", 64)):
            if n < 1 << top:
                return bytes([code]) + struct.pack(fmt, n)
    for code, fmt, top in ((0xD0, ">b", 7), (0xD1, ">h", 15), (0xD2, ">i", 31), (0xD3, ">q", 63)):
        if n >= -(1 << top):
            return bytes([code]) + struct.pack(fmt, n)
    raise ValueError(n)


def mp_str_head(n):
    if n < 32:
        return bytes([0xA0 | n])
    if n < 1 << 8:
        return bytes([0xD9, n])
    if n < 1 << 16:
        return b"\xda" + struct.pack(">H", n)
    return b"\xdb" + struct.pack(">I", n)


def mp_bin_head(n):
    if n < 1 << 8:
        return bytes([0xC4, n])
    if n < 1 << 16:
        return b"\xc5" + struct.pack(">H", n)
    return b"\xc6" + struct.pack(">I", n)


def mp_array_head(n):
    if n < 16:
        return bytes([0x90 | n])
    if n < 1 << 16:
        return b"\xdc" + struct.pack(">H", n)
    return b"\xdd" + struct.pack(">I", n)


def mp_map_head(n):
    if n < 16:
        return bytes([0x80 | n])
    if n < 1 << 16:
        return b"\xde" + struct.pack(">H", n)
    return b"\xdf" + struct.pack(">I", n)

