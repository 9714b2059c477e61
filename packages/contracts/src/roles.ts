import { z } from 'zod';

/** The spec's user-type literals, stored as the account's role (SPEC §9). */
export const ROLES = ['learners', 'instructors', 'parents'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;
