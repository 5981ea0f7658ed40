/**
 * Group commit: calls made in the same event-loop turn, or while a statement is running, go
 * together in one statement. At low load every call runs alone (after at most one turn); under load
 * one round trip (and one commit) serves many calls, which is what lets a single embedded
 * database keep up with 50 clients. A batch that fails is tried again member by member, so one
 * member's failure is never another's.
 */
export function batched<I, O>(run: (items: I[]) => Promise<O[]>, maxBatch = 100): (item: I) => Promise<O> {
  let queue: { item: I; resolve: (value: O) => void; reject: (reason: unknown) => void }[] = [];
  let running = false;

  const runAlone = async (entry: (typeof queue)[number]) => {
    try {
      const [result] = await run([entry.item]);
      entry.resolve(result as O);
    } catch (error) {
      entry.reject(error);
    }
  };

  const flush = async () => {
    running = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(maxBatch);
      try {
        const results = await run(batch.map((entry) => entry.item));
        batch.forEach((entry, i) => {
          entry.resolve(results[i] as O);
        });
      } catch (error) {
        if (batch.length === 1) batch[0]?.reject(error);
        // One member Postgres refuses (a value it cannot store) fails the whole statement; each
        // member goes again alone, so only that one fails and the others are stored.
        else await Promise.all(batch.map((entry) => runAlone(entry)));
      }
    }
    running = false;
  };

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      // Wait for the rest of this event-loop turn: requests read from other sockets in the same
      // turn join this statement instead of queueing behind it.
      if (!running) {
        running = true;
        setImmediate(() => void flush());
      }
    });
}
