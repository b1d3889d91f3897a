/**
 * 'Export my data' (issue 25): a person's data as a ZIP, and an owner's members as CSV, without
 * zod: the messages, limits and helpers that exports.ts re-exports beside its schemas, for the web
 * app to import without building them (packages/shared/README.md).
 */

/** How long a ready export can be downloaded; then housekeeping deletes it. */
export const EXPORT_VALID_DAYS = 7;

export const EXPORT_STATUSES = ['preparing', 'ready', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

export const EXPORT_MESSAGES = {
  preparing: 'Your export is already being prepared. We will tell you when it is ready.',
  notFound: 'This export does not exist or has expired.',
} as const;

/** Where a ready export is downloaded (its owner's session only; the id is random). */
export const exportDownloadPath = (exportId: string) => `/api/exports/${exportId}/download`;

/** Where an owner downloads their community's members as CSV. */
export const membersCsvPath = (communityId: string) => `/api/communities/${communityId}/members.csv`;

/** The members CSV's columns, in order. */
export const MEMBERS_CSV_COLUMNS = ['name', 'username', 'joined', 'level', 'points', 'role', 'paid_status'] as const;
