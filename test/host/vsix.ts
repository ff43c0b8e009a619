// Reads the file list of a .vsix (a zip) from its central directory, so the
// package check needs no unzip tool or extra dependency.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { REPO_ROOT } from './codeServer';

export interface VsixEntry {
  name: string;
  size: number;
  compressedSize: number;
  /** The entry's uncompressed bytes. */
  read(): Buffer;
}

export function vsixPath(): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
  return path.join(REPO_ROOT, `${manifest.name}-${manifest.version}.vsix`);
}

export function listVsix(file: string): VsixEntry[] {
  const zip = fs.readFileSync(file);
  // The end-of-central-directory record sits in the last 22 + 65535 (comment) bytes.
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error(`${file} is not a zip file`);
  const count = zip.readUInt16LE(eocd + 10);
  let offset = zip.readUInt32LE(eocd + 16);
  const entries: VsixEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(offset) !== 0x02014b50) throw new Error(`${file}: bad central directory entry ${i}`);
    const compressedSize = zip.readUInt32LE(offset + 20);
    const size = zip.readUInt32LE(offset + 24);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const method = zip.readUInt16LE(offset + 10);
    const localHeader = zip.readUInt32LE(offset + 42);
    const name = zip.toString('utf8', offset + 46, offset + 46 + nameLength);
    const read = (): Buffer => {
      const start = localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
      const data = zip.subarray(start, start + compressedSize);
      return method === 8 ? inflateRawSync(data) : Buffer.from(data);
    };
    entries.push({ name, size, compressedSize, read });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
