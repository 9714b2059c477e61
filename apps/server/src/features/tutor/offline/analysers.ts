import { stemmer } from 'stemmer';

/**
 * Turns text in one language into the terms the offline tutor's index stores and matches: words, less the ones that
 * say nothing about the topic, each reduced to its stem so a child's inflected form meets the content's. One per
 * language behind this interface, so a Hindi analyser can sit beside the English one.
 */
export interface Analyser {
  /** The language it reads, as a BCP 47 tag ("en"). */
  language: string;
  terms(text: string): string[];
}

// Common English words that say nothing about the topic.
const ENGLISH_STOPWORDS = new Set(
  (
    'a about above after again all also am an and any are as at be because been before being below between both but by ' +
    'can could did do does doing down during each even explain few for from further get give had has have having he help ' +
    'her here hers him his how i if in into is it its itself just know let like me mean means more most my no nor not now ' +
    'of off on once only or other our out over own please same she should so some such tell than that the their them then ' +
    'there these they this those through to too under until up us very want was we were what when where which while who ' +
    'whom why will with would you your yours thing things something really okay ok hi hello thanks thank'
  ).split(' '),
);

/**
 * English: lower-case words and numbers, stop words dropped, then Martin Porter's stemmer (the `stemmer` package), so
 * "running", "runs" and "run" meet, as do "happiness" and "happy", "evaporating" and "evaporation", "cells" and
 * "cell". Porter leaves irregular forms ("ran", "leaves") and derived words ("cellular") apart.
 */
export const englishAnalyser: Analyser = {
  language: 'en',
  terms: (text) =>
    (text.toLowerCase().match(/[a-z0-9]+/g) ?? [])
      .filter((w) => w.length > 1 && !ENGLISH_STOPWORDS.has(w))
      .map((w) => stemmer(w)),
};
