/** A piece of course content the offline tutor may quote. */
export interface ContentDocument {
  id: string;
  /** Course title, e.g. "Science". */
  course: string;
  kind: 'skill' | 'explanation' | 'passage';
  /** Where it comes from, in words: a skill name, a passage title. */
  source: string;
  text: string;
  /** The quiz item it explains, so a live question's own explanation is never quoted. */
  itemId?: string;
}

export interface RetrievalHit {
  document: ContentDocument;
  score: number;
  /** The sentences that best match the question, in their order in the document. */
  quote: string[];
}

// Common English words that say nothing about the topic.
const STOPWORDS = new Set(
  (
    'a about above after again all also am an and any are as at be because been before being below between both but by ' +
    'can could did do does doing down during each even explain few for from further get give had has have having he help ' +
    'her here hers him his how i if in into is it its itself just know let like me mean means more most my no nor not now ' +
    'of off on once only or other our out over own please same she should so some such tell than that the their them then ' +
    'there these they this those through to too under until up us very want was we were what when where which while who ' +
    'whom why will with would you your yours thing things something really okay ok hi hello thanks thank'
  ).split(' '),
);

/** A light suffix stripper, so "cells", "cell" and "cellular" meet, and "evaporation" meets "evaporate". */
export function stem(word: string): string {
  let w = word;
  for (const [suffix, replacement] of [
    ['ational', 'ate'],
    ['ization', 'ize'],
    ['ation', 'ate'],
    ['ies', 'y'],
    ['ied', 'y'],
    ['sses', 'ss'],
    ['ing', ''],
    ['ness', ''],
    ['ment', ''],
    ['edly', ''],
    ['ed', ''],
    ['ly', ''],
    ['es', ''],
    ['s', ''],
  ] as const) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3 && !(suffix === 's' && w.endsWith('ss'))) {
      w = w.slice(0, w.length - suffix.length) + replacement;
      break;
    }
  }
  return w.replace(/e$/, '');
}

/** The searchable terms of a text. */
export function terms(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? [])
    .filter((w) => w.length > 1 && !STOPWORDS.has(w))
    .map(stem);
}

function sentences(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+(?=[A-Z"“‘'(])/)
    .map((s) => s.trim())
    .filter(Boolean);
}

const K1 = 1.2;
const B = 0.75;

/**
 * Full-text retrieval over the course content with Okapi BM25: each document's score is the sum, over the question's
 * terms, of the term's rarity times how often the document uses it, damped for long documents.
 */
export class ContentIndex {
  private readonly postings = new Map<string, Map<number, number>>();
  private readonly lengths: number[] = [];
  private readonly averageLength: number;

  constructor(private readonly documents: ContentDocument[]) {
    documents.forEach((doc, i) => {
      const list = terms(`${doc.source} ${doc.text}`);
      this.lengths.push(list.length);
      for (const term of list) {
        const posting = this.postings.get(term) ?? new Map<number, number>();
        posting.set(i, (posting.get(i) ?? 0) + 1);
        this.postings.set(term, posting);
      }
    });
    this.averageLength = this.lengths.reduce((a, b) => a + b, 0) / Math.max(1, this.lengths.length);
  }

  get size(): number {
    return this.documents.length;
  }

  private idf(term: string): number {
    const df = this.postings.get(term)?.size ?? 0;
    return Math.log(1 + (this.documents.length - df + 0.5) / (df + 0.5));
  }

  /**
   * The best documents for a question. A document counts only when it matches at least half of the question's
   * distinct terms (and two when the question has two or more), so a stray common word never passes as an answer;
   * `loose` drops that rule (for suggesting a course, not for answering).
   */
  search(
    question: string,
    options: { limit?: number; exclude?: (doc: ContentDocument) => boolean; loose?: boolean } = {},
  ): RetrievalHit[] {
    const query = [...new Set(terms(question))];
    if (query.length === 0) return [];
    const scores = new Map<number, { score: number; matched: number }>();
    for (const term of query) {
      const posting = this.postings.get(term);
      if (!posting) continue;
      const idf = this.idf(term);
      for (const [doc, tf] of posting) {
        const norm = tf + K1 * (1 - B + (B * this.lengths[doc]!) / this.averageLength);
        const entry = scores.get(doc) ?? { score: 0, matched: 0 };
        entry.score += (idf * tf * (K1 + 1)) / norm;
        entry.matched += 1;
        scores.set(doc, entry);
      }
    }
    const needed = options.loose ? 1 : Math.max(Math.min(2, query.length), Math.ceil(query.length / 2));
    return [...scores]
      .filter(([doc, s]) => s.matched >= needed && !options.exclude?.(this.documents[doc]!))
      .sort((a, b) => b[1].score - a[1].score)
      .slice(0, options.limit ?? 3)
      .map(([doc, s]) => {
        const document = this.documents[doc]!;
        return { document, score: s.score, quote: bestSentences(document.text, query) };
      });
  }
}

/** Up to two sentences sharing the most terms with the question, kept in their original order. */
function bestSentences(text: string, query: string[]): string[] {
  const wanted = new Set(query);
  const ranked = sentences(text).map((sentence, index) => ({
    sentence,
    index,
    overlap: new Set(terms(sentence).filter((t) => wanted.has(t))).size,
  }));
  const top = ranked
    .filter((r) => r.overlap > 0)
    .sort((a, b) => b.overlap - a.overlap || a.index - b.index)
    .slice(0, 2)
    .sort((a, b) => a.index - b.index);
  return (top.length ? top : ranked.slice(0, 1)).map((r) => r.sentence);
}
