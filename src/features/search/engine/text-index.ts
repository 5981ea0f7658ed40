/**
 * The text index: every searchable attribute of every document tokenised once into flat typed
 * arrays (word, attribute, position per token) with per-word postings, and the query words' typo
 * derivations over its vocabulary: words of 1-4 characters match exactly, 5-8 with one typo, 9+
 * with two (a typo on the first letter costs two).
 */
import { valuesAtPath } from "../filter";
import { lruGet, lruSet } from "./lru";
import { charLength, type ParsedQuery, tokenizeText } from "./text";
import type { SearchDocument, SearchEngine } from "./types";
import { boundedDistance } from "./typos";

export interface Derivation {
  readonly word: number;
  readonly typos: number;
  /** Matched as the beginning of a longer word. */
  readonly prefix: boolean;
}

export interface Term {
  readonly text: string;
  readonly isPrefix: boolean;
  readonly maxTypos: number;
  readonly derivations: readonly Derivation[];
}

export class TextIndex {
  readonly searchable: string[];
  // A vocabulary, postings (documents per word) and every token in document order.
  private readonly vocab: string[] = [];
  private readonly vocabIds = new Map<string, number>();
  private readonly sortedVocab: Int32Array;
  private readonly byFirstChar = new Map<string, number[]>();
  readonly postings: Int32Array[];
  readonly tokWord: Int32Array;
  readonly tokAttr: Uint16Array;
  readonly tokPos: Uint32Array;
  readonly docStart: Int32Array;

  // Per-query scratch space, sized once (ranking leaves it clean).
  readonly wordHead: Int32Array;
  readonly termMask: Uint16Array;

  private readonly derivations = new Map<string, Derivation[]>();

  constructor(docs: readonly SearchDocument[], searchable: string[]) {
    this.searchable = searchable;
    // Tokenise every searchable attribute once. Positions grow by one per word, with a gap of 8
    // between array elements so words of different values are never "next to" each other.
    const words: number[] = [];
    const attrs: number[] = [];
    const positions: number[] = [];
    const docStart = new Int32Array(docs.length + 1);
    const postings: number[][] = [];
    const lastDoc: number[] = [];
    docs.forEach((doc, d) => {
      docStart[d] = words.length;
      this.searchable.forEach((attribute, a) => {
        let position = 0;
        const found: unknown[] = [];
        valuesAtPath(doc, attribute, found);
        const addText = (text: string) => {
          for (const word of tokenizeText(text)) {
            let id = this.vocabIds.get(word);
            if (id === undefined) {
              id = this.vocab.length;
              this.vocab.push(word);
              this.vocabIds.set(word, id);
              postings.push([]);
              lastDoc.push(-1);
            }
            words.push(id);
            attrs.push(a);
            positions.push(position++);
            if (lastDoc[id] !== d) {
              (postings[id] as number[]).push(d);
              lastDoc[id] = d;
            }
          }
          position += 7;
        };
        const visit = (value: unknown) => {
          if (typeof value === "string") addText(value);
          else if (typeof value === "number" || typeof value === "boolean") addText(String(value));
          else if (Array.isArray(value)) for (const v of value) visit(v);
          else if (typeof value === "object" && value !== null)
            for (const v of Object.values(value)) visit(v);
        };
        for (const value of found) visit(value);
      });
    });
    docStart[docs.length] = words.length;
    this.tokWord = Int32Array.from(words);
    this.tokAttr = Uint16Array.from(attrs);
    this.tokPos = Uint32Array.from(positions);
    this.docStart = docStart;
    this.postings = postings.map((list) => Int32Array.from(list));
    this.sortedVocab = Int32Array.from(this.vocab.keys()).sort((x, y) => {
      const a = this.vocab[x] as string;
      const b = this.vocab[y] as string;
      return a < b ? -1 : a > b ? 1 : 0;
    });
    this.vocab.forEach((word, id) => {
      const first = String.fromCodePoint(word.codePointAt(0) as number);
      const list = this.byFirstChar.get(first);
      if (list) list.push(id);
      else this.byFirstChar.set(first, [id]);
    });
    this.wordHead = new Int32Array(this.vocab.length).fill(-1);
    this.termMask = new Uint16Array(docs.length);
  }

  /** Drops the cached typo derivations. */
  clearCaches(): void {
    this.derivations.clear();
  }

  derive(text: string, isPrefix: boolean, maxTypos: number): Derivation[] {
    const key = `${isPrefix ? "p" : "w"}${maxTypos}:${text}`;
    const cached = lruGet(this.derivations, key);
    if (cached) return cached;
    const found = new Map<number, Derivation>();
    const exact = this.vocabIds.get(text);
    if (exact !== undefined) found.set(exact, { word: exact, typos: 0, prefix: false });
    if (isPrefix) {
      // Binary search the sorted vocabulary for the first word >= text, then walk the prefix run.
      let lo = 0;
      let hi = this.sortedVocab.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((this.vocab[this.sortedVocab[mid] as number] as string) < text) lo = mid + 1;
        else hi = mid;
      }
      for (let i = lo; i < this.sortedVocab.length; i++) {
        const id = this.sortedVocab[i] as number;
        const word = this.vocab[id] as string;
        if (!word.startsWith(text)) break;
        if (!found.has(id)) found.set(id, { word: id, typos: 0, prefix: word !== text });
      }
    }
    if (maxTypos > 0) {
      const first = String.fromCodePoint(text.codePointAt(0) as number);
      for (const id of this.byFirstChar.get(first) ?? []) {
        if (found.has(id)) continue;
        const word = this.vocab[id] as string;
        const d = boundedDistance(text, word, maxTypos, isPrefix);
        if (d <= maxTypos)
          found.set(id, { word: id, typos: d, prefix: isPrefix && word.length > text.length });
      }
      if (maxTypos === 2) {
        // A typo on the first letter counts double: other first letters need distance 1.
        for (const [letter, ids] of this.byFirstChar) {
          if (letter === first) continue;
          for (const id of ids) {
            const word = this.vocab[id] as string;
            if (!isPrefix && Math.abs(word.length - text.length) > 1) continue;
            if (boundedDistance(text, word, 1, isPrefix) <= 1) {
              found.set(id, { word: id, typos: 2, prefix: isPrefix && word.length > text.length });
            }
          }
        }
      }
    }
    const list = [...found.values()];
    lruSet(this.derivations, key, list, 1024);
    return list;
  }

  /** The query words as terms: how many typos each may have, and the words they match. */
  terms(
    parsed: ParsedQuery,
    typoTolerance: SearchEngine["settings"]["typoTolerance"],
    exactOnly: ReadonlySet<string>,
  ): Term[] {
    const { oneTypo = 5, twoTypos = 9 } = typoTolerance.minWordSizeForTypos;
    return parsed.words.map((text, i) => {
      const isPrefix = parsed.lastIsPrefix && i === parsed.words.length - 1;
      const length = charLength(text);
      const maxTypos =
        !typoTolerance.enabled || exactOnly.has(text)
          ? 0
          : length >= twoTypos
            ? 2
            : length >= oneTypo
              ? 1
              : 0;
      return { text, isPrefix, maxTypos, derivations: this.derive(text, isPrefix, maxTypos) };
    });
  }
}
