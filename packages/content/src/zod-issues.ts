import type { z } from 'zod';

/** Formats a zod issue as `path: message`, the way content:check prints it. */
export function describeIssue(issue: z.core.$ZodIssue): string {
  const where = issue.path.map(String).join('.');
  return where ? `${where}: ${issue.message}` : issue.message;
}
