import { otherMethods } from '@/lib/server/http/method-not-allowed';

export { get as GET, update as PATCH, remove as DELETE } from '@/lib/server/http/endpoints/tasks';

export const { POST, PUT, OPTIONS } = otherMethods('GET', 'PATCH', 'DELETE');
