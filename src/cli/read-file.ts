import { open } from 'node:fs/promises';

/**
 * A text file of at most `maxBytes` bytes, or null for a larger one, read without ever holding
 * more than `maxBytes + 1` bytes: a file's size on disk is not trusted, since a device or a
 * named pipe reports none and a file can grow while it is read.
 */
export async function readBoundedText(file: string, maxBytes: number): Promise<string | null> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(maxBytes + 1);
    let size = 0;
    while (size < buffer.length) {
      const { bytesRead } = await handle.read(buffer, size, buffer.length - size, null);
      if (bytesRead === 0) break;
      size += bytesRead;
    }
    return size > maxBytes ? null : buffer.subarray(0, size).toString('utf8');
  } finally {
    await handle.close();
  }
}
