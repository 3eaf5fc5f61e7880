import { constants, crc32, deflateRawSync } from 'node:zlib';
import { MB } from './file-names.ts';

// Hand-made archives for the zip reader's tests: what no archiver writes on purpose.

/** `megabytes` MB of zeros as one raw deflate stream, built without holding them: one sync-flushed block repeated. */
export function zerosDeflate(megabytes: number): { data: Buffer; crc: number } {
  const block = deflateRawSync(Buffer.alloc(MB), { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  let crc = 0;
  for (let i = 0; i < megabytes; i++) crc = crc32(Buffer.alloc(MB), crc);
  return { data: Buffer.concat([...Array.from({ length: megabytes }, () => block), Buffer.from([3, 0])]), crc };
}

/** A zip of one deflated member whose headers declare `declaredSize` unpacked bytes, true or not. */
export function oneMemberZip(name: string, data: Buffer, crc: number, declaredSize: number): Buffer {
  const n = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declaredSize, 22);
  local.writeUInt16LE(n.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declaredSize, 24);
  central.writeUInt16LE(n.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + n.length, 12);
  end.writeUInt32LE(local.length + n.length + data.length, 16);
  return Buffer.concat([local, n, data, central, n, end]);
}
