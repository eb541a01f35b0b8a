import { otherMethods } from '@/lib/server/http/method-not-allowed';

export { columns as GET, setColumns as PUT } from '@/lib/server/http/endpoints/profile';

export const { POST, PATCH, DELETE, OPTIONS } = otherMethods('GET', 'PUT');
