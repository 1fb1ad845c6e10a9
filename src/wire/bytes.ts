/** Bytes of a message body as Node's Buffer, without copying them. */

/** `bytes` as a Buffer over the same memory (Buffer.from(bytes) would copy them all). */
export function bufferView(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
}
