/**
 * Splits a byte stream into its lines as it arrives (JSONL), holding at most one partial line;
 * empty lines are skipped.
 */
export async function* readLines(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const text = pending + decoder.decode(value, { stream: true });
      let start = 0;
      let end = text.indexOf('\n');
      while (end !== -1) {
        if (end > start) yield text.slice(start, end);
        start = end + 1;
        end = text.indexOf('\n', start);
      }
      pending = text.slice(start);
    }
    pending += decoder.decode();
    if (pending.trim()) yield pending;
  } finally {
    // Stops the download when the consumer stops early.
    await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
