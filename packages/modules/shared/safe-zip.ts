import { inflateRawSync } from 'node:zlib';
import zipLimits from '@yunyao/python/zip-limits.json' with { type: 'json' };
import type { Bilingual } from '../bilingual.ts';
import { extOf, MB } from './file-names.ts';

/**
 * The one way the Node side reads an uploaded .zip; the steps read theirs with
 * `python/yunyao/safe_zip.py`, under the same limits (`python/yunyao/zip_limits.json`). Count,
 * names and unpacked sizes come from the central directory, so an archive over a limit is refused
 * without inflating a byte; a member is then inflated only up to the size it declared, so one whose
 * header lies stops there. Nothing is ever extracted to disk, and a member path that climbs out of
 * the archive refuses it (it has no honest use).
 */
export const ZIP_MAX_MEMBERS: number = zipLimits.maxMembers;
export const ZIP_MAX_UNCOMPRESSED_BYTES: number = zipLimits.maxUncompressedBytes;

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; the others are refused when read. */
  method: number;
  compressedSize: number;
  /** What the central directory says it unpacks to. */
  size: number;
  localHeaderOffset: number;
  /** The member's Unix file mode (type and permissions) where a Unix archiver wrote one, else null. */
  unixMode: number | null;
}

/** The Unix mode's file-type bits of a symbolic link (S_IFLNK). */
const SYMLINK_TYPE = 0o120000;

/** A member a Unix archiver stored as a symbolic link (its data is the link's target). */
export const isSymlink = (entry: ZipEntry): boolean => entry.unixMode !== null && (entry.unixMode & 0o170000) === SYMLINK_TYPE;

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** Zip64 archives mark their real figures with these; no archive within the limits needs Zip64, so none is read. */
const ZIP64_COUNT = 0xffff;
const ZIP64_FIELD = 0xffffffff;

/** The central directory's entries, or null when the bytes are not a zip this reader can walk (Zip64 included). */
export function zipDirectory(data: Uint8Array): ZipEntry[] | null {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  // The end record is the last 22 bytes plus a comment of at most 64 KiB.
  let end = -1;
  for (let i = data.byteLength - 22; i >= Math.max(0, data.byteLength - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === END_OF_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const count = view.getUint16(end + 10, true);
  const directorySize = view.getUint32(end + 12, true);
  const directoryOffset = view.getUint32(end + 16, true);
  if (count === ZIP64_COUNT || directoryOffset === ZIP64_FIELD) return null;
  if (directoryOffset + directorySize > end) return null;
  const decoder = new TextDecoder();
  const entries: ZipEntry[] = [];
  let at = directoryOffset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > end || view.getUint32(at, true) !== DIRECTORY_ENTRY) return null;
    const nameLength = view.getUint16(at + 28, true);
    const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const entry = {
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      name: decoder.decode(data.subarray(at + 46, at + 46 + nameLength)),
      localHeaderOffset: view.getUint32(at + 42, true),
      // "Version made by" names the archiver's system in its high byte; 3 is Unix, whose mode is the attributes' high half.
      unixMode: view.getUint8(at + 5) === 3 ? view.getUint32(at + 38, true) >>> 16 : null,
    };
    if (entry.compressedSize === ZIP64_FIELD || entry.size === ZIP64_FIELD || entry.localHeaderOffset === ZIP64_FIELD) return null;
    entries.push(entry);
    at += 46 + skip;
  }
  return entries;
}

/** A path that would land outside the folder it is unpacked into. */
export function unsafeMemberName(name: string): boolean {
  const path = name.replace(/\\/g, '/');
  return path.startsWith('/') || /^[A-Za-z]:/.test(path) || path.split('/').includes('..');
}

const megabytes = (bytes: number) => `${Math.round(bytes / MB)} MB`;

/** Why this upload cannot be read as a zip within the limits, or null; read from its directory alone. */
export function zipProblem(fileName: string, data: Uint8Array): Bilingual | null {
  const entries = zipDirectory(data);
  if (!entries) {
    return {
      zh: `${fileName} 不是有效的 .zip 压缩包（或为不支持的 ZIP64 格式），请确认文件格式并重新上传！`,
      en: `${fileName} is not a valid .zip archive (or a Zip64 one, which is not supported).`,
    };
  }
  if (entries.length > ZIP_MAX_MEMBERS) {
    return {
      zh: `压缩包 ${fileName} 中文件过多（${entries.length} 个，最多 ${ZIP_MAX_MEMBERS} 个）！`,
      en: `${fileName} holds too many files (${entries.length}; at most ${ZIP_MAX_MEMBERS}).`,
    };
  }
  const unsafe = entries.find((e) => unsafeMemberName(e.name));
  if (unsafe) {
    return {
      zh: `压缩包 ${fileName} 中的文件路径“${unsafe.name}”指向压缩包之外，请重新打包后上传！`,
      en: `${fileName} holds a path that leads outside the archive ("${unsafe.name}"); please pack it again.`,
    };
  }
  const total = entries.reduce((sum, e) => sum + e.size, 0);
  if (total > ZIP_MAX_UNCOMPRESSED_BYTES) {
    return {
      zh: `压缩包 ${fileName} 解压后共 ${megabytes(total)}，超过上限 ${megabytes(ZIP_MAX_UNCOMPRESSED_BYTES)}！`,
      en: `${fileName} unpacks to ${megabytes(total)}, over the ${megabytes(ZIP_MAX_UNCOMPRESSED_BYTES)} limit.`,
    };
  }
  return null;
}

/** A member that cannot be read as its directory entry describes (damaged, lying about its size, an unknown method, encrypted). */
export class ZipMemberError extends Error {
  readonly refusal: Bilingual;

  constructor(fileName: string, member: string) {
    super(`${fileName}: ${member}`);
    this.refusal = {
      zh: `压缩包 ${fileName} 中的文件 ${member} 已损坏或无法解压，请重新打包后上传！`,
      en: `${member} in ${fileName} is damaged or cannot be unpacked; please pack it again.`,
    };
  }
}

/** One member's bytes, never more than its declared size. */
export function readMember(fileName: string, data: Uint8Array, entry: ZipEntry): Uint8Array {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const at = entry.localHeaderOffset;
  if (at + 30 > data.byteLength || view.getUint32(at, true) !== LOCAL_HEADER) throw new ZipMemberError(fileName, entry.name);
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const packed = data.subarray(start, start + entry.compressedSize);
  let out: Uint8Array;
  try {
    if (entry.method === 0) out = packed;
    else if (entry.method === 8) out = entry.size === 0 ? new Uint8Array() : inflateRawSync(packed, { maxOutputLength: entry.size });
    else throw new ZipMemberError(fileName, entry.name);
  } catch {
    // Node refuses to inflate past maxOutputLength: a member longer than it declared ends here.
    throw new ZipMemberError(fileName, entry.name);
  }
  if (out.byteLength !== entry.size) throw new ZipMemberError(fileName, entry.name);
  return out;
}

/**
 * The file members whose extension `wanted` accepts, one at a time, each capped at its declared
 * size; call only on an archive `zipProblem` passed, so the sizes add up to the limit at most.
 */
export function* zipMembers(fileName: string, data: Uint8Array, wanted: (ext: string) => boolean): Generator<{ name: string; data: Uint8Array }> {
  for (const entry of zipDirectory(data) ?? []) {
    const base = entry.name.split(/[\\/]/).pop() ?? '';
    // Folders, and the resource forks and hidden files an archiver adds (__MACOSX/._x.mol2).
    if (entry.name.endsWith('/') || base.startsWith('.') || entry.name.startsWith('__MACOSX/') || !wanted(extOf(base))) continue;
    yield { name: entry.name, data: readMember(fileName, data, entry) };
  }
}
