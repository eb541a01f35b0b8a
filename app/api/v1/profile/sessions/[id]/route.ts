import { otherMethods } from '@/lib/server/http/method-not-allowed';

export { endSession as DELETE } from '@/lib/server/http/endpoints/profile';

export const { GET, POST, PATCH, PUT, OPTIONS } = otherMethods('DELETE');
