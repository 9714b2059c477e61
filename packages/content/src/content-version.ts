import { createHash } from 'node:crypto';

/** Hex characters kept from the SHA-256 digest; 48 bits make an accidental clash between two edits negligible. */
const VERSION_LENGTH_CHARS = 12;

/** JSON with object keys sorted, so the same content always serialises to the same text. */
function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${stableStringify(field)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Returns a short hash of some content, so an edited item gets a new version while an untouched one keeps its own. */
export function contentVersion(content: unknown): string {
  return createHash('sha256').update(stableStringify(content)).digest('hex').slice(0, VERSION_LENGTH_CHARS);
}
