/**
 * What a file's bytes say it is, never its name: PNG, JPEG, GIF or WebP by their magic numbers, with the pixel size
 * their headers give (and whether a GIF or WebP has more than one frame). Every read is bounds-checked and every loop
 * moves forward through the buffer, so garbage answers null ("not an image") and never throws or spins.
 */
import type { StoredImage } from '@guildhall/generated/types';

/** The media types the bytes can tell (the stored image's enum, scripts/generate/keywords/x-image.mjs' IMAGE_TYPES). */
export type ImageType = StoredImage['type'];

export interface ProbedImage {
  type: ImageType;
  width: number;
  height: number;
  animated: boolean;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const startsWith = (bytes: Uint8Array, at: number, expected: readonly number[]) =>
  at + expected.length <= bytes.length && expected.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const u32be = (b: Uint8Array, at: number) => ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;

/** The image the bytes hold, or null when they are not one of the four types (or their header is cut or absurd). */
export function probeImage(bytes: Uint8Array): ProbedImage | null {
  const found = probePng(bytes) ?? probeJpeg(bytes) ?? probeGif(bytes) ?? probeWebp(bytes);
  return found && found.width >= 1 && found.height >= 1 ? found : null;
}

function probePng(b: Uint8Array): ProbedImage | null {
  // The signature, then the IHDR chunk first: length 13, its type, width and height (big-endian).
  if (!startsWith(b, 0, PNG_SIGNATURE) || !startsWith(b, 12, ascii('IHDR')) || b.length < 24) return null;
  return { type: 'image/png', width: u32be(b, 16), height: u32be(b, 20), animated: false };
}

/** Start Of Frame markers (C0-CF but DHT C4, JPG C8 and DAC CC): they carry the frame's height and width. */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
/** Markers without a length: TEM and the restart markers RST0-7 (and SOI again). */
const standsAlone = (marker: number) => marker === 0x01 || marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7);

function probeJpeg(b: Uint8Array): ProbedImage | null {
  if (!startsWith(b, 0, [0xff, 0xd8])) return null;
  let at = 2;
  while (at < b.length) {
    if (b[at] !== 0xff) return null;
    // Any number of fill bytes (0xFF) may precede a marker.
    while (at < b.length && b[at] === 0xff) at += 1;
    if (at >= b.length) return null;
    const marker = b[at]!;
    at += 1;
    if (standsAlone(marker)) continue;
    // End of image or start of scan before any frame header: no dimensions to read.
    if (marker === 0xd9 || marker === 0xda || at + 2 > b.length) return null;
    const length = u16be(b, at);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      // length(2) precision(1) height(2) width(2)
      if (at + 7 > b.length) return null;
      return { type: 'image/jpeg', height: u16be(b, at + 3), width: u16be(b, at + 5), animated: false };
    }
    at += length;
  }
  return null;
}

function probeGif(b: Uint8Array): ProbedImage | null {
  if (!(startsWith(b, 0, ascii('GIF87a')) || startsWith(b, 0, ascii('GIF89a'))) || b.length < 13) return null;
  const width = u16le(b, 6);
  const height = u16le(b, 8);
  const colourTable = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  let at = 13 + colourTable(b[10]!);
  /** Skips a chain of data sub-blocks (each a length byte, then that many bytes; a 0 length ends it). */
  const skipSubBlocks = () => {
    while (at < b.length) {
      const size = b[at]!;
      at += 1 + size;
      if (size === 0) return;
    }
  };
  let frames = 0;
  while (at < b.length && frames < 2) {
    const block = b[at]!;
    if (block === 0x2c) {
      // Image descriptor: left, top, width, height (2 each), flags; its colour table; LZW code size; the data.
      frames += 1;
      if (at + 10 > b.length) break;
      at += 10 + colourTable(b[at + 9]!) + 1;
      skipSubBlocks();
    } else if (block === 0x21) {
      at += 2;
      skipSubBlocks();
    } else break; // the trailer (0x3B), or bytes that are not a block: nothing more to count
  }
  return { type: 'image/gif', width, height, animated: frames > 1 };
}

function probeWebp(b: Uint8Array): ProbedImage | null {
  if (!startsWith(b, 0, ascii('RIFF')) || !startsWith(b, 8, ascii('WEBP'))) return null;
  if (startsWith(b, 12, ascii('VP8 '))) {
    // A key frame: 3 bytes of frame tag, the start code 9D 01 2A, then 14-bit width and height.
    if (!startsWith(b, 23, [0x9d, 0x01, 0x2a]) || b.length < 30) return null;
    return { type: 'image/webp', width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff, animated: false };
  }
  if (startsWith(b, 12, ascii('VP8L'))) {
    if (b[20] !== 0x2f || b.length < 25) return null;
    const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24);
    return { type: 'image/webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1, animated: false };
  }
  if (startsWith(b, 12, ascii('VP8X'))) {
    if (b.length < 30) return null;
    return { type: 'image/webp', width: u24le(b, 24) + 1, height: u24le(b, 27) + 1, animated: (b[20]! & 0x02) !== 0 };
  }
  return null;
}

const TEXT_DECODER = new TextDecoder('utf-8', { fatal: true });
/** Tab, line feed, form feed and carriage return: the control characters text files hold. */
const ALLOWED_CONTROLS = new Set([0x09, 0x0a, 0x0c, 0x0d]);

/** Whether bytes that are no image read as text (valid UTF-8 without control characters but tab and line ends). */
export function looksLikeText(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = TEXT_DECODER.decode(bytes.subarray(0, 4096));
  } catch {
    // A multi-byte character cut at the 4096th byte is still text.
    return bytes.length > 4096 && looksLikeText(bytes.subarray(0, 4090));
  }
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && !ALLOWED_CONTROLS.has(code)) || code === 0x7f) return false;
  }
  return true;
}
