/**
 * A body read to its end unless it passes `maxBytes`: then reading stops, the stream is cancelled
 * and the answer is null. Request bodies, stock feeds and car photos each have a cap, and a sender
 * that declares no length (or a false one) must not make a function or a build hold more than it.
 */
export async function readStreamWithin(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
): Promise<Buffer | null> {
  if (!body) return Buffer.alloc(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks, total);
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
}
