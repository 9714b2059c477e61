import { describe, expect, it } from 'vitest';
import { formatSample } from './sample-format.ts';
import { analyseCatalogue } from './validate-catalogue.ts';
import { minimalCatalogueFiles } from './testing/catalogue-fixtures.ts';

describe('formatSample', () => {
  const { catalogue } = analyseCatalogue(minimalCatalogueFiles());

  it('prints authored items with the correct choice starred and the passage shown', () => {
    const text = formatSample(catalogue, 'english', 1, 7);
    expect(text).toMatch(/english:the-kite:0\d/);
    expect(text).toMatch(/Passage "The kite" \(story\)/);
    expect(text).toMatch(/\* A\. The first answer/);
  });

  it('prints generated mathematics items with their answers, the same for the same seed', () => {
    const text = formatSample(catalogue, 'mathematics', 3, 42);
    expect(text.match(/^math:/gm)).toHaveLength(3);
    expect(text).toMatch(/ {2}A: /);
    expect(formatSample(catalogue, 'mathematics', 3, 42)).toBe(text);
  });
});
