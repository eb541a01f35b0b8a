import type { SessionUser } from '@/lib/schemas/auth';
import type { AuthTokenFields } from '@/lib/auth/types';

declare module 'next-auth' {
  interface Session {
    user: SessionUser;
    loggedIn: true;
    strategy: 'local';
  }
  interface User extends AuthTokenFields {
    id: string;
  }
}

declare module 'next-auth/jwt' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface JWT extends Partial<AuthTokenFields> {}
}
