/**
 * Typo distances: optimal-string-alignment (Damerau) distance, bounded so a word that cannot match
 * stops early, and its prefix form for the word being typed.
 */
let rowA = new Int32Array(64);
let rowB = new Int32Array(64);
let rowC = new Int32Array(64);

function ensureRows(size: number): void {
  if (rowA.length >= size) return;
  const length = Math.max(size, rowA.length * 2);
  rowA = new Int32Array(length);
  rowB = new Int32Array(length);
  rowC = new Int32Array(length);
}

/**
 * Fills `prev` with the last DP row of the optimal-string-alignment distance between `a` and each
 * prefix of `b` (transpositions cost 1); returns false as soon as every entry must exceed `max`.
 */
function lastRow(a: string, b: string, lb: number, max: number): Int32Array | undefined {
  const la = a.length;
  ensureRows(lb + 1);
  // Rows run over `a` (the query word) and columns over `b`, so the last row holds the distance
  // from the whole query word to every prefix of `b`.
  let twoBack = rowA;
  let prev = rowB;
  let cur = rowC;
  for (let j = 0; j <= lb; j++) prev[j] = j;
  for (let i = 1; i <= la; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= lb; j++) {
      const cb = b.charCodeAt(j - 1);
      let v = Math.min(
        (prev[j] as number) + 1,
        (cur[j - 1] as number) + 1,
        (prev[j - 1] as number) + (ca === cb ? 0 : 1),
      );
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) {
        v = Math.min(v, (twoBack[j - 2] as number) + 1);
      }
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return undefined;
    const spare = twoBack;
    twoBack = prev;
    prev = cur;
    cur = spare;
  }
  return prev;
}

/**
 * Optimal-string-alignment distance between `a` and `b`, or `max + 1` as soon as it must exceed
 * `max`. With `prefix`, the distance from `a` to the closest prefix of `b` (the last query word
 * matches the beginning of longer words, as Meilisearch's prefix automaton does).
 */
export function boundedDistance(a: string, b: string, max: number, prefix = false): number {
  // A prefix longer than the query word by more than `max` cannot be closer than a shorter one.
  const lb = prefix ? Math.min(b.length, a.length + max) : b.length;
  if (!prefix && Math.abs(a.length - lb) > max) return max + 1;
  const row = lastRow(a, b, lb, max);
  if (!row) return max + 1;
  if (!prefix) return Math.min(row[lb] as number, max + 1);
  let best = max + 1;
  for (let j = 0; j <= lb; j++) if ((row[j] as number) < best) best = row[j] as number;
  return best;
}

/** Length of the longest prefix of `b` at the smallest distance from `a` (what to highlight). */
export function matchedPrefixLength(a: string, b: string, max: number): number {
  const lb = Math.min(b.length, a.length + max);
  const row = lastRow(a, b, lb, max);
  if (!row) return 0;
  let best = max + 1;
  let length = 0;
  for (let j = 0; j <= lb; j++) {
    const v = row[j] as number;
    if (v < best || (v === best && v <= max)) {
      best = v;
      length = j;
    }
  }
  return best <= max ? length : 0;
}
