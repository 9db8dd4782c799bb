// The decoded HEIC's pixels as the lossless PNG sharp reads, tagged with the container's colour profile. Runs in the
// HEIC decoding worker (heic-decoder-worker.ts), which writes the PNG to a file: the main thread never holds the
// hundreds of megabytes of a large photo's pixels in JavaScript buffers, which only a garbage collection would give back.
import { open } from 'node:fs/promises';
import zlib from 'node:zlib';
import sharp from 'sharp';
import type { HeifColour } from './photo-heif-container';

/** nclx colour primaries (ITU-T H.273) of Display P3, what iPhones write when they write nclx. */
const NCLX_PRIMARIES_P3 = 12;

/** Where the first chunk after IHDR goes: 8 bytes of signature, then IHDR's length, type, 13 bytes of data and CRC. */
const AFTER_HEADER = 8 + 8 + 13 + 4;

let displayP3Profile: Promise<Buffer> | undefined;

/** The ICC profile sharp ships as 'p3', read back from a one-pixel image (sharp takes profiles by name or path only). */
function displayP3(): Promise<Buffer> {
  displayP3Profile ??= sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
    .withIccProfile('p3').png().toBuffer()
    .then(async (png) => (await sharp(png).metadata()).icc as Buffer);
  return displayP3Profile;
}

/**
 * The profile to convert from. nclx other than P3 (BT.709, unspecified, or BT.2020/HDR, which a print master cannot
 * keep anyway) is taken as sRGB.
 */
export async function profileOf(colour: HeifColour | null): Promise<Buffer | undefined> {
  if (colour?.kind === 'icc') return colour.profile;
  if (colour?.kind === 'nclx' && colour.primaries === NCLX_PRIMARIES_P3) return displayP3();
  return undefined;
}

/** The iCCP chunk (length, type, data, CRC) that tags a PNG with a profile. */
function iccChunk(profile: Buffer): Buffer {
  const data = Buffer.concat([Buffer.from('icc\0\0', 'latin1'), zlib.deflateSync(profile)]);
  const typeAndData = Buffer.concat([Buffer.from('iCCP', 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** The PNG's parts with the profile's chunk right after IHDR (sharp tags only by converting): no copy of the pixels. */
function taggedParts(png: Buffer, profile?: Buffer): Buffer[] {
  return profile ? [png.subarray(0, AFTER_HEADER), iccChunk(profile), png.subarray(AFTER_HEADER)] : [png];
}

function untaggedPng(pixels: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(pixels, { raw: { width, height, channels: 4 } }).png({ compressionLevel: 0 }).toBuffer();
}

/** Decoded RGBA pixels as a PNG in memory, tagged with the profile they are in. */
export async function pixelsAsPng(pixels: Buffer, width: number, height: number, profile?: Buffer): Promise<Buffer> {
  return Buffer.concat(taggedParts(await untaggedPng(pixels, width, height), profile));
}

/** The same PNG written to a file, part by part. */
export async function writePixelsAsPng(file: string, pixels: Buffer, width: number, height: number, profile?: Buffer): Promise<void> {
  const parts = taggedParts(await untaggedPng(pixels, width, height), profile);
  const handle = await open(file, 'wx');
  try {
    await handle.writev(parts);
  } finally {
    await handle.close();
  }
}
