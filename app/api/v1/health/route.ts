import { otherMethods } from '@/lib/server/http/method-not-allowed';

export { health as GET } from '@/lib/server/http/endpoints/auth';

export const dynamic = 'force-dynamic';

export const { POST, PATCH, PUT, DELETE, OPTIONS } = otherMethods('GET');
