import { z } from '@/lib/schemas/zod';
import { taskCreateSchema } from '@/lib/schemas/task';

const { title, description, status, priority, assigneeId, accountId, dueDate } = taskCreateSchema.shape;

/** The task form's schema, loaded on demand (`useZodForm`) so that zod stays out of the page's first load. */
export const taskFormSchema = z.strictObject({
  title,
  description,
  status,
  priority,
  // The date input gives '' for none.
  dueDate: z.preprocess((value) => (value === '' ? null : value), dueDate),
  assigneeId,
  accountId,
});
