import { englishAnalyser, type Analyser } from './analysers.ts';

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
 * terms, of the term's rarity times how often the document uses it, damped for long documents. Documents and
 * questions are turned into terms by one language's analyser (English today).
 */
export class ContentIndex {
  private readonly postings = new Map<string, Map<number, number>>();
  private readonly lengths: number[] = [];
  private readonly averageLength: number;

  constructor(
    private readonly documents: ContentDocument[],
    private readonly analyser: Analyser = englishAnalyser,
  ) {
    documents.forEach((doc, i) => {
      const list = analyser.terms(`${doc.source} ${doc.text}`);
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
    const query = [...new Set(this.analyser.terms(question))];
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
        return { document, score: s.score, quote: this.bestSentences(document.text, query) };
      });
  }

  /** Up to two sentences sharing the most terms with the question, kept in their original order. */
  private bestSentences(text: string, query: string[]): string[] {
    const wanted = new Set(query);
    const ranked = sentences(text).map((sentence, index) => ({
      sentence,
      index,
      overlap: new Set(this.analyser.terms(sentence).filter((t) => wanted.has(t))).size,
    }));
    const top = ranked
      .filter((r) => r.overlap > 0)
      .sort((a, b) => b.overlap - a.overlap || a.index - b.index)
      .slice(0, 2)
      .sort((a, b) => a.index - b.index);
    return (top.length ? top : ranked.slice(0, 1)).map((r) => r.sentence);
  }
}
