import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipEntry {
  /** The path inside the archive, with forward slashes. */
  name: string;
  content: string | Buffer;
}

/** MS-DOS time and date, as zip headers keep them (two-second steps, local time). */
function dosTime(at: Date): { time: number; date: number } {
  const year = Math.max(at.getFullYear(), 1980);
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate()
  };
}

interface EntryFields {
  method: number;
  time: number;
  date: number;
  crc: number;
  compressed: number;
  size: number;
  nameLength: number;
}

/** The run of fields a local header and its central directory record share, from the flags to the name's length (22 bytes). */
function writeEntryFields(header: Buffer, at: number, fields: EntryFields): void {
  header.writeUInt16LE(0x0800, at); // names in UTF-8
  header.writeUInt16LE(fields.method, at + 2);
  header.writeUInt16LE(fields.time, at + 4);
  header.writeUInt16LE(fields.date, at + 6);
  header.writeUInt32LE(fields.crc, at + 8);
  header.writeUInt32LE(fields.compressed, at + 12);
  header.writeUInt32LE(fields.size, at + 16);
  header.writeUInt16LE(fields.nameLength, at + 20);
}

/**
 * A zip archive of the entries, each deflated (or stored where deflating does not help), written with
 * Node's zlib alone: Help > Export diagnostics needs no archive library for a handful of text files.
 */
export function zipArchive(entries: ZipEntry[], at: Date = new Date()): Buffer {
  const { time, date } = dosTime(at);
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = Buffer.isBuffer(entry.content) ? entry.content : Buffer.from(entry.content, 'utf8');
    const name = Buffer.from(entry.name, 'utf8');
    const deflated = deflateRawSync(data, { level: 9 });
    const [method, body] = deflated.length < data.length ? [8, deflated] : [0, data];
    const crc = crc32(data);

    const fields = { method, time, date, crc, compressed: body.length, size: data.length, nameLength: name.length };

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0
    writeEntryFields(local, 6, fields);
    local.writeUInt16LE(0, 28);
    parts.push(local, name, body);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made by Unix, version 2.0
    central.writeUInt16LE(20, 6);
    writeEntryFields(central, 8, fields);
    central.writeUInt32LE((0o100644 << 16) >>> 0, 38); // a regular file, rw-r--r--
    central.writeUInt32LE(offset, 42);
    directory.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const centralDirectory = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralDirectory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, centralDirectory, end]);
}
