import { createHash } from 'node:crypto';
import type { StoredImage } from '@guildhall/generated/types';
import { RecordExistsError, type StoragePort } from '../storage/storage.port.js';
import type { ProbedImage } from './image-probe.js';

/** The records collection of uploaded images: no guild's (guildId null), id the SHA-256 hex of the bytes. */
export const IMAGES = 'images';

/** An image record's data: what the bytes told, and the bytes (base64). Same bytes, same record. */
export interface StoredImageData {
  type: ProbedImage['type'];
  width: number;
  height: number;
  bytes: number;
  animated: boolean;
  base64: string;
}

export const imageIdOf = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

export async function readImage(storage: StoragePort, id: string): Promise<StoredImageData | null> {
  return (await storage.records.get<StoredImageData>(IMAGES, id))?.data ?? null;
}

/** Stores the bytes under their hash (an image stored already, by anyone, is the same image: kept as it is). */
export async function storeImage(storage: StoragePort, bytes: Buffer, probed: ProbedImage): Promise<StoredImage> {
  const id = imageIdOf(bytes);
  const data: StoredImageData = { ...probed, bytes: bytes.length, base64: bytes.toString('base64') };
  if (!(await storage.records.get(IMAGES, id))) {
    try {
      await storage.records.insert(IMAGES, { id, guildId: null, data });
    } catch (err) {
      // Two uploads of the same bytes at once: the other stored them.
      if (!(err instanceof RecordExistsError)) throw err;
    }
  }
  return describe(id, data);
}

/** The image as the API names it (StoredImage): no bytes. */
export function describe(id: string, data: Omit<StoredImageData, 'base64'>): StoredImage {
  return { id, type: data.type, width: data.width, height: data.height, bytes: data.bytes, ...(data.animated ? { animated: true } : {}) };
}
