import { deflateSync } from 'node:zlib';

// Real tiny images built byte by byte, for the image probe and the upload route: a PNG Chromium or Discord would
// decode, and JPEG, GIF and WebP headers as their formats lay them out.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A true-colour PNG of `width`×`height` filled with one colour; `totalBytes` pads it with a private ancillary chunk
 * (decoders skip it) to exactly that many bytes.
 */
export function png(width: number, height: number, options: { totalBytes?: number; rgb?: [number, number, number] } = {}): Buffer {
  const [r, g, b] = options.rgb ?? [0x06, 0x8a, 0xdd];
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter, no interlace
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set([r, g, b], 1 + x * 3);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const parts = [signature, chunk('IHDR', ihdr), chunk('IDAT', pixels)];
  const end = chunk('IEND', Buffer.alloc(0));
  if (options.totalBytes !== undefined) {
    const used = parts.reduce((n, p) => n + p.length, 0) + end.length + 12;
    if (options.totalBytes < used) throw new Error(`a ${width}×${height} PNG needs at least ${used} bytes`);
    parts.push(chunk('prVt', Buffer.alloc(options.totalBytes - used)));
  }
  return Buffer.concat([...parts, end]);
}

/** A baseline JPEG's markers: SOI, a JFIF APP0, a comment, the SOF0 frame header with the size, EOI. */
export function jpeg(width: number, height: number): Buffer {
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const comment = [0xff, 0xfe, 0x00, 0x06, ...Buffer.from('hi!!')];
  const sof0 = [0xff, 0xc0, 0x00, 0x11, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  return Buffer.from([0xff, 0xd8, ...app0, ...comment, 0xff, 0xff, ...sof0, 0xff, 0xd9]);
}

/** A GIF89a of `frames` images (each one pixel of LZW data, a graphic control extension before it). */
export function gif(width: number, height: number, frames = 1): Buffer {
  const header = [...Buffer.from('GIF89a'), width & 0xff, width >> 8, height & 0xff, height >> 8, 0x80, 0, 0];
  const palette = [0, 0, 0, 0xff, 0xff, 0xff];
  const frame = [
    ...[0x21, 0xf9, 0x04, 0x00, 0x0a, 0x00, 0x00, 0x00], // graphic control: delay 10
    ...[0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0x00], // image descriptor: 1×1 at 0,0, no local table
    ...[0x02, 0x02, 0x44, 0x01, 0x00], // LZW minimum code size 2, one sub-block, terminator
  ];
  const comment = [0x21, 0xfe, 0x03, ...Buffer.from('abc'), 0x00];
  return Buffer.from([...header, ...palette, ...comment, ...Array.from({ length: frames }, () => frame).flat(), 0x3b]);
}

/** A WebP of each bitstream kind's header: lossy (VP8), lossless (VP8L), or extended (VP8X, animated or not). */
export function webp(width: number, height: number, kind: 'VP8' | 'VP8L' | 'VP8X' = 'VP8X', animated = false): Buffer {
  let payload: number[];
  if (kind === 'VP8') payload = [0x50, 0x01, 0x00, 0x9d, 0x01, 0x2a, width & 0xff, width >> 8, height & 0xff, height >> 8];
  else if (kind === 'VP8L') {
    const bits = (width - 1) | ((height - 1) << 14);
    payload = [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, (bits >>> 24) & 0xff];
  } else {
    const w = width - 1;
    const h = height - 1;
    payload = [animated ? 0x02 : 0x00, 0, 0, 0, w & 0xff, (w >> 8) & 0xff, w >> 16, h & 0xff, (h >> 8) & 0xff, h >> 16];
  }
  const fourcc = Buffer.from(kind.padEnd(4, ' '));
  const body = Buffer.concat([Buffer.from('WEBP'), fourcc, u32le(payload.length), Buffer.from(payload), Buffer.alloc(payload.length % 2)]);
  return Buffer.concat([Buffer.from('RIFF'), u32le(body.length), body]);
}

function u32le(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n, 0);
  return b;
}
