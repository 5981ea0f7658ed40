/**
 * Ranking a query, as Meilisearch does: documents qualify by the query words they contain
 * (matchingStrategy `last` drops words from the end, `all` needs every word, `frequency` drops the
 * most frequent first), then sort by the ranking rules in order (words, typo, proximity, attribute,
 * sort, exactness, custom); ties keep document order.
 */
import type { Rule } from "./rules";
import type { Term, TextIndex } from "./text-index";
import type { MatchingStrategy } from "./types";

/** One query's terms and what narrows or orders its documents. */
export interface RankedQuery {
  readonly terms: readonly Term[];
  readonly strategy: MatchingStrategy;
  /** One byte per document, 1 where the filter matches; undefined: no filter. */
  readonly filter: Uint8Array | undefined;
  /** One byte per searchable attribute, 1 where `attributesToSearchOn` allows it. */
  readonly allowed: Uint8Array | undefined;
  /** Sort criteria of the request (each has its rank array in `orderRanks`). */
  readonly sortCount: number;
  /** Rank arrays of the sort criteria and custom rules, in rule order. */
  readonly orderRanks: Int32Array[];
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** The matching documents in ranked order. */
export function rankQuery(textIndex: TextIndex, rules: readonly Rule[], query: RankedQuery): Int32Array {
  // `termMask` and `wordHead` are scratch space shared by every query: always leave them clean.
  const touched: number[] = [];
  const heads: number[] = [];
  try {
    return rankTouched(textIndex, rules, query, touched, heads);
  } finally {
    for (const word of heads) textIndex.wordHead[word] = -1;
    for (const d of touched) textIndex.termMask[d] = 0;
  }
}

function rankTouched(
  textIndex: TextIndex,
  rules: readonly Rule[],
  { terms, strategy, filter, allowed, sortCount, orderRanks }: RankedQuery,
  touched: number[],
  heads: number[],
): Int32Array {
  const T = terms.length;
  const full = (1 << T) - 1;
  const mask = textIndex.termMask;

  // 1. Which documents contain which terms (postings of every derived word).
  const matchTerm: number[] = [];
  const matchTypos: number[] = [];
  const matchExact: boolean[] = [];
  const matchNext: number[] = [];
  const frequency = new Array<number>(T).fill(0);
  terms.forEach((term, t) => {
    const bit = 1 << t;
    for (const derivation of term.derivations) {
      const word = derivation.word;
      if (textIndex.wordHead[word] === -1) heads.push(word);
      matchTerm.push(t);
      matchTypos.push(derivation.typos);
      matchExact.push(derivation.typos === 0 && !derivation.prefix);
      matchNext.push(textIndex.wordHead[word] as number);
      textIndex.wordHead[word] = matchTerm.length - 1;
      for (const d of textIndex.postings[word] as Int32Array) {
        const m = mask[d] as number;
        if (m === 0) touched.push(d);
        if ((m & bit) === 0) {
          mask[d] = m | bit;
          frequency[t] = (frequency[t] as number) + 1;
        }
      }
    }
  });

  // 2. The term sets a document may satisfy, best first (Meilisearch's term-removal order).
  const levels: number[] = [];
  if (strategy === "all") levels.push(full);
  else if (strategy === "last") for (let k = T; k >= 1; k--) levels.push((1 << k) - 1);
  else {
    const removal = [...terms.keys()].sort(
      (a, b) => (frequency[b] as number) - (frequency[a] as number) || b - a,
    );
    let set = full;
    levels.push(set);
    for (let i = 0; i < T - 1; i++) {
      set &= ~(1 << (removal[i] as number));
      levels.push(set);
    }
  }

  // 3. Keys per rule for every qualifying document.
  const keyKinds: Rule["kind"][] = [];
  for (const rule of rules) {
    if (rule.kind === "sort") for (let i = 0; i < sortCount; i++) keyKinds.push("sort");
    else keyKinds.push(rule.kind);
  }
  const K = keyKinds.length;
  const docs: number[] = [];
  const keys: number[] = [];
  const bestTypos = new Int32Array(T);
  const bestAttr = new Int32Array(T);
  const bestPos = new Int32Array(T);
  const lastSeen = new Float64Array(T);
  const pairMin = new Int32Array(Math.max(T - 1, 1));
  const levelsCheck = strategy === "last" ? undefined : levels;

  for (const d of touched) {
    const preMask = mask[d] as number;
    mask[d] = 0;
    // Cheap rejections before the filter and the token scan.
    if (strategy === "all" && preMask !== full) continue;
    if (strategy === "last" && (preMask & 1) === 0) continue;
    if (filter && filter[d] !== 1) continue;

    bestTypos.fill(99);
    bestAttr.fill(0x7fff);
    bestPos.fill(0x7fffffff);
    lastSeen.fill(-1);
    pairMin.fill(8);
    let found = 0;
    let exact = 0;
    const end = textIndex.docStart[d + 1] as number;
    for (let k = textIndex.docStart[d] as number; k < end; k++) {
      let e = textIndex.wordHead[textIndex.tokWord[k] as number] as number;
      if (e === -1) continue;
      const a = textIndex.tokAttr[k] as number;
      if (allowed && allowed[a] === 0) continue;
      const p = textIndex.tokPos[k] as number;
      const global = a * 0x100000 + p;
      for (; e !== -1; e = matchNext[e] as number) {
        const t = matchTerm[e] as number;
        found |= 1 << t;
        const typos = matchTypos[e] as number;
        if (typos < (bestTypos[t] as number)) bestTypos[t] = typos;
        if (matchExact[e]) exact |= 1 << t;
        if (a < (bestAttr[t] as number) || (a === bestAttr[t] && p < (bestPos[t] as number))) {
          bestAttr[t] = a;
          bestPos[t] = p;
        }
        // Proximity of consecutive query words: in order costs the gap, reversed one more.
        if (t > 0 && (lastSeen[t - 1] as number) >= 0) {
          const gap = global - (lastSeen[t - 1] as number);
          if (gap < (pairMin[t - 1] as number)) pairMin[t - 1] = gap;
        }
        if (t < T - 1 && (lastSeen[t + 1] as number) >= 0) {
          const gap = global - (lastSeen[t + 1] as number) + 1;
          if (gap < (pairMin[t] as number)) pairMin[t] = gap;
        }
        lastSeen[t] = global;
      }
    }
    let kept = 0;
    if (levelsCheck) {
      for (const level of levelsCheck) {
        if ((found & level) === level) {
          kept = level;
          break;
        }
      }
    } else {
      let k = 0;
      while (k < T && (found >> k) & 1) k++;
      kept = k === 0 ? 0 : (1 << k) - 1;
    }
    if (kept === 0) continue;

    let typoSum = 0;
    let attrSum = 0;
    let posSum = 0;
    let proximity = 0;
    for (let t = 0; t < T; t++) {
      if (((kept >> t) & 1) === 0) continue;
      typoSum += bestTypos[t] as number;
      attrSum += bestAttr[t] as number;
      posSum += bestPos[t] as number;
      if (t < T - 1 && (kept >> (t + 1)) & 1) proximity += Math.min(pairMin[t] as number, 8);
    }
    docs.push(d);
    // Sort and custom rules read their rank arrays in rule order, as `candidates` built them.
    let orderIndex = 0;
    for (const kind of keyKinds) {
      switch (kind) {
        case "words":
          keys.push(-popcount(kept));
          break;
        case "typo":
          keys.push(typoSum);
          break;
        case "proximity":
          keys.push(proximity);
          break;
        case "attributeRank":
          keys.push(attrSum);
          break;
        case "wordPosition":
          keys.push(posSum);
          break;
        case "exactness":
          keys.push(-popcount(exact & kept));
          break;
        case "sort":
          keys.push((orderRanks[orderIndex++] as Int32Array)[d] as number);
          break;
        case "custom":
          keys.push((orderRanks[orderIndex++] as Int32Array)[d] as number);
          break;
      }
    }
  }

  const index = Int32Array.from(docs.keys());
  index.sort((x, y) => {
    const bx = x * K;
    const by = y * K;
    for (let i = 0; i < K; i++) {
      const diff = (keys[bx + i] as number) - (keys[by + i] as number);
      if (diff !== 0) return diff;
    }
    return (docs[x] as number) - (docs[y] as number);
  });
  const ordered = new Int32Array(index.length);
  for (let i = 0; i < index.length; i++) ordered[i] = docs[index[i] as number] as number;
  return ordered;
}
