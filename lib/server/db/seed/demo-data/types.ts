import type { accounts, approvals, changes, documents, tasks, users } from '../../schema';

/** Column types the demo data is written in. */
export type Role = (typeof users.$inferSelect)['role'];
export type UserStatus = (typeof users.$inferSelect)['status'];
export type Locale = (typeof users.$inferSelect)['locale'];
export type AccountStatus = (typeof accounts.$inferSelect)['status'];
export type DocumentCategory = (typeof documents.$inferSelect)['category'];
export type TaskStatus = (typeof tasks.$inferSelect)['status'];
export type TaskPriority = (typeof tasks.$inferSelect)['priority'];
export type ChangeInsert = typeof changes.$inferInsert;
export type ApprovalInsert = typeof approvals.$inferInsert;
