/**
 * The embedded index on the wire: fields that follow from others are left out and rebuilt in the
 * browser (rank, make_model, sold, labels, price bands and ranges, slugs that are `{name}-{id}`), then the rest is stored
 * column by column. Keeps a 5,000-car tenant's index small enough to fetch on first interaction.
 */
import { bodyLabel } from "~/features/stock/specifications";
import { type ColumnarDocuments, decodeColumnar, encodeColumnar } from "./columnar";
import type { CarSearchDocument } from "./documents";
import { priceRangeOf } from "./price-ranges";
import { priceBand } from "./results";
import { toSlug } from "./slugs";
import { buildVocabulary, type Vocabulary } from "./understand/vocabulary";

export interface PackedIndex {
  /** Display names of car types on this site ("Pre-Owned"). */
  carTypeLabels: Record<string, string>;
  documents: ColumnarDocuments;
  /** What the search box understands of this stock (query understanding runs in the search worker). */
  vocabulary: Vocabulary;
}

const STATUS_RANK: Record<string, number> = { in_stock: 3, coming_soon: 2, sold: 1 };

/** Custom ranking, highest first: available before sold, then newest first. */
export function rankOf(status: string, createdAtSeconds: number): number {
  return (STATUS_RANK[status] ?? 0) * 10_000_000_000 + createdAtSeconds;
}

const slugFor = (doc: Pick<CarSearchDocument, "name" | "id">) => `${toSlug(doc.name)}-${doc.id}`;

export function packIndex(documents: readonly CarSearchDocument[]): PackedIndex {
  const carTypeLabels: Record<string, string> = {};
  const rows = documents.map((doc) => {
    carTypeLabels[doc.car_type] = doc.car_type_label;
    const {
      rank: _rank,
      make_model: _mm,
      sold: _sold,
      car_type_label: _ctl,
      body_label: _bl,
      price_band: _pb,
      price_range: _pr,
      ...rest
    } = doc;
    return { ...rest, slug: doc.slug === slugFor(doc) ? null : doc.slug };
  });
  return { carTypeLabels, documents: encodeColumnar(rows), vocabulary: buildVocabulary(documents) };
}

export function unpackIndex(packed: PackedIndex): CarSearchDocument[] {
  return decodeColumnar<CarSearchDocument>(packed.documents).map((doc) => ({
    ...doc,
    slug: doc.slug ?? slugFor(doc),
    rank: rankOf(doc.status, doc.created_at_timestamp),
    make_model: `${doc.make} > ${doc.model}`,
    sold: doc.status === "sold",
    car_type_label: packed.carTypeLabels[doc.car_type] ?? doc.car_type,
    body_label: doc.body ? bodyLabel(doc.body) : null,
    price_band: priceBand(doc.price),
    price_range: priceRangeOf(doc.price),
  }));
}
